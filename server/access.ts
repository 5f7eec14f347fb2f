// The one place that says which rows a user may see and change: own rows, and team rows by role.
import { TRPCError } from '@trpc/server';
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Queryable, Tx } from '../db/client';
import { contacts, teamMembers, teams, type TeamRole } from '../db/schema';
import { isolated, msg } from '../shared/i18n';
import { refusalOf, roleCan, rolesThatCan, type TeamAction } from '../shared/roles';
import { HttpError } from './errors';
import { preparedPer } from './queries/prepared';
import { decoded } from './queries/rows';

/** One of the user's team memberships. */
export interface Membership {
  teamId: number;
  role: TeamRole;
}

/**
 * Who is asking, handed on in the procedure's context (server/trpc.ts) and to every access function below. A query's
 * authority carries the user's memberships as read for that request, so its conditions can name team ids (or none);
 * a write's carries none (`teams: null`), so every condition it writes reads team_members in SQL, inside the write's
 * own transaction: a membership removed a moment before the write is seen by it.
 */
export interface Authority {
  readonly userId: number;
  readonly teams: readonly Membership[] | null;
}

/** An authority decided in SQL: for writes, and for callers outside a request (the calendar feed, scripts). */
export const decidedInSql = (userId: number): Authority => ({ userId, teams: null });

/** The user in a prepared query (server/queries/prepared.ts), run with `{ userId }`: its conditions are always decided in SQL. */
export const preparedUser = sql.placeholder('userId');

/**
 * A query's authority as a page query built once per shape sees it (server/queries/paging.ts): the user, and each of up to
 * INLINE_TEAMS teams, as placeholders (`@user`, `@team0`, …; no input key starts with `@`); past that, `teamIds` is null and a subquery names them.
 * Its conditions are those of the authority it stands for, so both read the same rows.
 */
export interface ShapedAuthority {
  readonly userId: Placeholder;
  readonly teamIds: readonly Placeholder[] | null;
}

/** An authority, or the prepared query's placeholder for one. */
export type Who = Authority | ShapedAuthority | Placeholder<'userId'>;

const isAuthority = (who: Who): who is Authority => 'teams' in who;
const isShaped = (who: Who): who is ShapedAuthority => 'teamIds' in who;
export const userOf = (who: Who): number | Placeholder => (isAuthority(who) || isShaped(who) ? who.userId : who);

/**
 * The team ids (with one of `roles`, when given) the conditions may name directly: a query's memberships as read for
 * this request, or a shaped authority's placeholders (any role only: its roles are not part of its shape).
 */
function knownTeamIds(who: Who, roles?: TeamRole[]): readonly (number | Placeholder)[] | null {
  if (isAuthority(who)) return who.teams && who.teams.filter((m) => !roles || roles.includes(m.role)).map((m) => m.teamId);
  return isShaped(who) && !roles ? who.teamIds : null;
}

/**
 * The shape of a query's authority (its number of inline teams) and the values of its placeholders; `shaped()` builds
 * the placeholders themselves, needed only when a page's query is built for a new shape.
 */
export function shapeOf(who: Authority): { shape: string; shaped: () => ShapedAuthority; values: Record<string, unknown> } {
  const values: Record<string, unknown> = { '@user': who.userId };
  const userId = () => sql.placeholder('@user');
  if (!who.teams || who.teams.length > INLINE_TEAMS) return { shape: 'all', shaped: () => ({ userId: userId(), teamIds: null }), values };
  who.teams.forEach((m, index) => (values[`@team${index}`] = m.teamId));
  const count = who.teams.length;
  return {
    shape: String(count),
    shaped: () => ({ userId: userId(), teamIds: Array.from({ length: count }, (_, index) => sql.placeholder(`@team${index}`)) }),
    values,
  };
}

/** A table that carries the ownership columns. */
export interface OwnedTable {
  id: SQLiteColumn;
  teamId: SQLiteColumn;
  createdBy: SQLiteColumn;
}

/** Read for every query request to a protected procedure, so prepared. */
const membershipsQuery = preparedPer((db) =>
  db.select({ teamId: teamMembers.teamId, role: teamMembers.role }).from(teamMembers).where(eq(teamMembers.userId, preparedUser)).prepare(),
);

/** A query's authority: the user's memberships read once (server/trpc.ts shares it among a batch's queries). */
export async function readAuthority(db: Queryable, userId: number): Promise<Authority> {
  return { userId, teams: await membershipsQuery(db).all({ userId }) };
}

/**
 * Teams up to which a user's team ids are written into a query, each with its own part of a page; past it a subquery
 * names them, so no query grows with the number of memberships (SQLite caps a compound SELECT at 500 parts).
 */
const INLINE_TEAMS = 16;

/**
 * "team_id in (the user's teams)". With the memberships known (a query's authority), a user without teams gets no
 * team clause at all, so `created_by = ?` alone walks the (created_by, date) index instead of sorting every row, and
 * a few teams are named by id; otherwise (a write, a prepared query, past INLINE_TEAMS) a subquery says the same
 * thing, read when the statement runs.
 */
function inTeamsWhere(table: Pick<OwnedTable, 'teamId'>, who: Who, roles?: TeamRole[]): SQL | null {
  const ids = knownTeamIds(who, roles);
  if (ids) {
    if (!ids.length) return null;
    if (ids.length <= INLINE_TEAMS)
      return sql`${table.teamId} in (${sql.join(
        ids.map((teamId) => sql`${teamId}`),
        sql`, `,
      )})`;
  }
  const roleFilter = roles
    ? sql` and role in (${sql.join(
        roles.map((r) => sql`${r}`),
        sql`, `,
      )})`
    : sql``;
  return sql`${table.teamId} in (select team_id from team_members where user_id = ${userOf(who)}${roleFilter})`;
}

/** The user's personal rows: created by them and in no team. A team row belongs to its team, whoever created it. */
function personal(table: Pick<OwnedTable, 'teamId' | 'createdBy'>, who: Who): SQL {
  return sql`(${table.createdBy} = ${userOf(who)} and ${personalOnly(table)})`;
}

/**
 * "In no team", written so that SQLite never seeks the team index for it (the unary +): every user's personal rows share
 * team_id null there. The search and name indexes end in team_id (db/schema.ts), so a search checks it from index entries.
 */
function personalOnly(table: Pick<OwnedTable, 'teamId'>): SQL {
  return sql`+${table.teamId} is null`;
}

/** Personal rows, or rows of a team where the user has one of `roles` (any role when not given). */
function personalOrTeam(table: Pick<OwnedTable, 'teamId' | 'createdBy'>, who: Who, roles?: TeamRole[]): SQL {
  const team = inTeamsWhere(table, who, roles);
  return team ? sql`(${personal(table, who)} or ${team})` : personal(table, who);
}

/**
 * Rows the user may change (shared/roles.ts mayChange): personal ones, any row of a team whose role may change any
 * (`changeAny`), and the team rows they created where their role may change their own (`changeOwn`).
 */
function changeable(table: OwnedTable, who: Who): SQL {
  const any = inTeamsWhere(table, who, rolesThatCan('changeAny'));
  const own = inTeamsWhere(table, who, rolesThatCan('changeOwn'));
  const parts = [personal(table, who), any, own && sql`(${table.createdBy} = ${userOf(who)} and ${own})`].filter((part): part is SQL => !!part);
  return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` or `)})`;
}

/**
 * The user's personal rows, or rows of a team they belong to (any role). A row the user created in a team they have
 * left is the team's, not theirs: they read none of it (issue 30).
 */
export function canRead(table: OwnedTable, who: Who): SQL {
  return personalOrTeam(table, who);
}

/**
 * `canRead` as parts that each walk one index in a list's order: the user's own rows, then each team's rows. SQLite
 * cannot walk `created_by = ? or team_id in (…)` in order, so a page of that condition sorts every readable row; the
 * first rows of each part, merged (server/queries/paging.ts), read about a page a part; the first n of a union are
 * always among the first n of the parts. The parts do not overlap (the own part is personal rows, which are in no
 * team), so a count may add them up: the chart's cut days do (insights.cutDaysQuery; tests/api/insights.test.ts
 * counts a member's own personal and team rows once each). A user without teams has one part, the plain condition;
 * one in more than INLINE_TEAMS teams has two, own rows and all team rows, so the parts never grow with memberships.
 */
export function readableParts(table: Pick<OwnedTable, 'teamId' | 'createdBy'>, who: Authority | ShapedAuthority): SQL[] {
  // The own part walks the creator's index and skips their team rows (team_id is in the index: no row is read for it).
  const own = and(eq(table.createdBy, who.userId), personalOnly(table))!;
  const ids = knownTeamIds(who);
  if (ids) {
    if (!ids.length) return [own];
    if (ids.length <= INLINE_TEAMS) return [own, ...ids.map((teamId) => eq(table.teamId, teamId))];
  }
  return [own, inTeamsWhere(table, who)!];
}

/** A list's "Mine / team X" filter (issue 30): the caller's personal rows, or one team's rows. */
export type TeamScope = 'mine' | number | Placeholder;

/**
 * The rows of one scope among those `canRead` allows: 'mine' the user's personal rows, a team id that team's rows
 * (given with canRead, none unless the user is in it). Each walks one index in a list's order: the creator's or the team's.
 */
export function inScope(table: OwnedTable, who: Who, scope: TeamScope): SQL {
  return scope === 'mine' ? personal(table, who) : eq(table.teamId, scope);
}

/**
 * A contact's name joined onto another row (an activity, a follow-up, a prayer request): null unless the reader may
 * read the contact itself. A teammate's record left with a team when its contact was taken back, or one's own record on
 * a team contact after leaving the team, never tells the contact's later name (issue 30).
 */
export function readableContactName(who: Who): SQL<string | null> {
  return decoded(sql`case when ${canRead(contacts, who)} then ${contacts.name} end`, (value) => value as string | null);
}

/** Rows the user may edit (changeable). */
export function canEdit(table: OwnedTable, who: Who): SQL {
  return changeable(table, who);
}

/**
 * Rows the user may pray for (one more prayer on the count): personal ones, and any row of a team whose role may
 * (`pray`): a team prays for each other's requests, which changes nothing the author wrote.
 */
export function canPray(table: OwnedTable, who: Who): SQL {
  return personalOrTeam(table, who, rolesThatCan('pray'));
}

/**
 * Contacts the user may write records about (records follow their contact, issue 30): their personal ones, and any of
 * a team where their role may create, whoever added it.
 */
export function canWriteAbout(table: OwnedTable, who: Who): SQL {
  return personalOrTeam(table, who, rolesThatCan('create'));
}

/** Rows the user may delete: those they may edit (a team contact others wrote on asks more: contacts.remove). */
export function canDelete(table: OwnedTable, who: Who): SQL {
  return changeable(table, who);
}

/** Global library rows (no author) are readable by everyone signed in. */
export function canReadResource(table: OwnedTable, who: Who): SQL {
  return sql`(${table.createdBy} is null or ${canRead(table, who)})`;
}

export const TEAM_NOT_FOUND = msg('Team not found');

/** 404 with the whole message, marked where it is written (msg('Contact not found')), so it can be translated. */
export const notFound = (message: string) => new TRPCError({ code: 'NOT_FOUND', message });
const forbidden = () => new TRPCError({ code: 'FORBIDDEN', message: msg('You do not have permission to change this') });

/**
 * 403 for a role that may not do `action` in a team, saying what the role cannot do in that team's name
 * (shared/roles.ts refusalOf), in the reader's language (the HttpError cause carries the template and the name).
 */
async function refusedForRole(db: Queryable, teamId: number, role: TeamRole, action: TeamAction): Promise<TRPCError> {
  const template = refusalOf(role, action);
  const [team] = await db.select({ name: teams.name }).from(teams).where(eq(teams.id, teamId));
  if (!template || !team) return forbidden();
  const refusal = new HttpError(403, 'FORBIDDEN', template, { team: isolated(team.name) });
  return new TRPCError({ code: 'FORBIDDEN', message: refusal.message, cause: refusal });
}

/**
 * Called when an update or delete matched no row: a row the user may read but not change is 403,
 * anything else (missing or someone else's) is 404, so existence does not leak.
 */
export async function denyWrite(
  db: Queryable,
  table: OwnedTable,
  rowId: number,
  who: Authority,
  notFoundMessage: string,
  action?: Extract<TeamAction, 'pray'>,
): Promise<never> {
  const [visible] = await db
    .select({ teamId: table.teamId, createdBy: table.createdBy })
    .from(table as never)
    .where(and(eq(table.id, rowId), canRead(table, who)))
    .limit(1);
  if (!visible) throw notFound(notFoundMessage);
  const { teamId, createdBy } = visible as { teamId: number | null; createdBy: number };
  const role = teamId === null ? null : await teamRole(db, teamId, who);
  // A change of one's own team row needs changeOwn, of anyone else's changeAny: the refusal names the one missing.
  throw role ? await refusedForRole(db, teamId!, role, action ?? (createdBy === who.userId ? 'changeOwn' : 'changeAny')) : forbidden();
}

/**
 * The user's role in a team. A query's authority knows it already; a write's reads it through `db`, which for a write
 * is its own transaction (assertCanCreateIn and assertTeamAdmin take nothing else).
 */
export async function teamRole(db: Queryable, teamId: number, who: Authority): Promise<TeamRole | null> {
  if (who.teams) return who.teams.find((m) => m.teamId === teamId)?.role ?? null;
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, who.userId)));
  return row?.role ?? null;
}

/** Creating a row in a team needs admin or member; a viewer is refused, a stranger sees no such team. Inside the write. */
export async function assertCanCreateIn(tx: Tx, teamId: number | null, who: Authority) {
  if (teamId === null) return;
  const role = await teamRole(tx, teamId, who);
  if (!role) throw notFound(TEAM_NOT_FOUND);
  if (!roleCan(role, 'create')) throw await refusedForRole(tx, teamId, role, 'create');
}

/**
 * The space a list or the dashboard is read in (issue 48): 'mine', or a team the caller is in. A team they are not in
 * and a team that does not exist are the same 404, so asking tells nothing about other teams.
 */
export async function assertSpace(db: Queryable, who: Authority, team: 'mine' | number | undefined) {
  if (typeof team === 'number' && !(await teamRole(db, team, who))) throw notFound(TEAM_NOT_FOUND);
}

/** Team management (rename, delete, members) is for admins: inside the write's transaction, or from a query's authority. */
export async function assertTeamAdmin(db: Queryable, teamId: number, who: Authority) {
  const role = await teamRole(db, teamId, who);
  if (!role) throw notFound(TEAM_NOT_FOUND);
  if (!roleCan(role, 'manage')) throw await refusedForRole(db, teamId, role, 'manage');
}

/** The rows the user created that they may still read (their export): never a row of a team they have left. */
export function ownedBy(table: OwnedTable, who: Authority): SQL {
  return and(eq(table.createdBy, who.userId), canRead(table, who))!;
}
