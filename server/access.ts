// The one place that says which rows a user may see and change: own rows, and team rows by role.
import { TRPCError } from '@trpc/server';
import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Queryable } from '../db/client';
import { teamMembers, type TeamRole } from '../db/schema';
import { preparedPer } from './prepared';

/**
 * The signed-in user, or a placeholder for them in a prepared query (server/prepared.ts): a placeholder always gets
 * the subquery form of the team clause, so the query's text is the same for everyone.
 */
export type UserRef = number | Placeholder<'userId'>;

/** The user in a prepared query; run it with `{ userId }`. */
export const preparedUser = sql.placeholder('userId');

/** A table that carries the ownership columns. */
export interface OwnedTable {
  id: SQLiteColumn;
  teamId: SQLiteColumn;
  createdBy: SQLiteColumn;
}

const rolesThatEdit: TeamRole[] = ['admin', 'member'];

/** The signed-in user's team memberships, read once per request by the protected procedure. */
const requestMemberships = new AsyncLocalStorage<{ userId: number; memberships: { teamId: number; role: TeamRole }[] }>();

/** Read for every request to a protected procedure, so prepared. */
const membershipsQuery = preparedPer((db) =>
  db.select({ teamId: teamMembers.teamId, role: teamMembers.role }).from(teamMembers).where(eq(teamMembers.userId, preparedUser)).prepare(),
);

export async function loadMemberships(db: Queryable, userId: number) {
  return membershipsQuery(db).all({ userId });
}

/** Runs `fn` with the user's memberships known, so the row conditions below can name team ids directly. */
export function withMemberships<T>(userId: number, memberships: { teamId: number; role: TeamRole }[], fn: () => T): T {
  return requestMemberships.run({ userId, memberships }, fn);
}

/**
 * Teams up to which a user's team ids are written into a query, each with its own part of a page; past it a subquery
 * names them, so no query grows with the number of memberships (SQLite caps a compound SELECT at 500 parts).
 */
export const INLINE_TEAMS = 16;

/**
 * "team_id in (the user's teams)". With the memberships of this request known, a user without teams gets no
 * team clause at all, so `created_by = ?` alone walks the (created_by, date) index instead of sorting every row, and
 * a few teams are named by id; without them (prepared queries, tests, scripts), or past INLINE_TEAMS, a subquery says
 * the same thing.
 */
function inTeamsWhere(table: Pick<OwnedTable, 'teamId'>, userId: UserRef, roles?: TeamRole[]): SQL | null {
  const known = requestMemberships.getStore();
  if (typeof userId === 'number' && known?.userId === userId) {
    const ids = known.memberships.filter((m) => !roles || roles.includes(m.role)).map((m) => m.teamId);
    if (!ids.length) return null;
    if (ids.length <= INLINE_TEAMS) return sql`${table.teamId} in (${sql.join(ids.map((teamId) => sql`${teamId}`), sql`, `)})`;
  }
  const roleFilter = roles ? sql` and role in (${sql.join(roles.map((r) => sql`${r}`), sql`, `)})` : sql``;
  return sql`${table.teamId} in (select team_id from team_members where user_id = ${userId}${roleFilter})`;
}

function ownOrTeam(table: Pick<OwnedTable, 'teamId' | 'createdBy'>, userId: UserRef, roles?: TeamRole[]): SQL {
  const team = inTeamsWhere(table, userId, roles);
  return team ? sql`(${table.createdBy} = ${userId} or ${team})` : sql`${table.createdBy} = ${userId}`;
}

/** Rows the user created, or rows of a team they belong to (any role). */
export function canRead(table: OwnedTable, userId: UserRef): SQL {
  return ownOrTeam(table, userId);
}

/**
 * `canRead` as parts that each walk one index in a list's order: the user's own rows, then each team's rows. SQLite
 * cannot walk `created_by = ? or team_id in (…)` in order, so a page of that condition sorts every readable row; the
 * first rows of each part, merged (routers/paging.ts), read about a page a part. The parts overlap (own rows in a
 * team) and need not be disjoint: the merge takes ids, so a row found twice is still one row, and the first n of a
 * union are always among the first n of the parts. A user without teams has one part, the plain condition; one in
 * more than INLINE_TEAMS teams has two, own rows and all team rows, so the parts never grow with memberships.
 */
export function readableParts(table: OwnedTable, userId: number): SQL[] {
  const own = eq(table.createdBy, userId);
  const known = requestMemberships.getStore();
  if (known?.userId === userId) {
    if (!known.memberships.length) return [own];
    if (known.memberships.length <= INLINE_TEAMS) return [own, ...known.memberships.map((m) => eq(table.teamId, m.teamId))];
  }
  return [own, inTeamsWhere(table, userId)!];
}

/** Tallies (db/schema.ts rowTallies) the user may count: their own rows' and their teams'. */
export function canReadTallies(table: Pick<OwnedTable, 'teamId' | 'createdBy'>, userId: UserRef): SQL {
  return ownOrTeam(table, userId);
}

/** Rows the user created, or rows of a team where they are admin or member. */
export function canEdit(table: OwnedTable, userId: number): SQL {
  return ownOrTeam(table, userId, rolesThatEdit);
}

/** Rows the user created, or rows of a team they administer. */
export function canDelete(table: OwnedTable, userId: number): SQL {
  return ownOrTeam(table, userId, ['admin']);
}

/** Global library rows (no author) are readable by everyone signed in. */
export function canReadResource(table: OwnedTable, userId: UserRef): SQL {
  return sql`(${table.createdBy} is null or ${canRead(table, userId)})`;
}

export function readableRow(table: OwnedTable, rowId: number, userId: number): SQL {
  return and(eq(table.id, rowId), canRead(table, userId))!;
}

export const notFound = (what: string) => new TRPCError({ code: 'NOT_FOUND', message: `${what} not found` });
export const forbidden = () => new TRPCError({ code: 'FORBIDDEN', message: 'You do not have permission to change this' });

/**
 * Called when an update or delete matched no row: a row the user may read but not change is 403,
 * anything else (missing or someone else's) is 404, so existence does not leak.
 */
export async function denyWrite(db: Queryable, table: OwnedTable, rowId: number, userId: number, what: string): Promise<never> {
  const visible = await db
    .select({ id: table.id })
    .from(table as never)
    .where(readableRow(table, rowId, userId))
    .limit(1);
  throw visible.length ? forbidden() : notFound(what);
}

export async function teamRole(db: Queryable, teamId: number, userId: number): Promise<TeamRole | null> {
  const [row] = await db
    .select({ role: teamMembers.role })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row?.role ?? null;
}

/** Creating a row in a team needs admin or member; a viewer is refused, a stranger sees no such team. */
export async function assertCanCreateIn(db: Queryable, teamId: number | null, userId: number) {
  if (teamId === null) return;
  const role = await teamRole(db, teamId, userId);
  if (!role) throw notFound('Team');
  if (!rolesThatEdit.includes(role)) throw forbidden();
}

/** Team management (rename, delete, members) is for admins. */
export async function assertTeamAdmin(db: Queryable, teamId: number, userId: number) {
  const role = await teamRole(db, teamId, userId);
  if (!role) throw notFound('Team');
  if (role !== 'admin') throw forbidden();
}

/** Only the rows the user created: for effects that act on the user's own records (goal progress). */
export function ownedBy(table: OwnedTable, userId: number): SQL {
  return eq(table.createdBy, userId);
}
