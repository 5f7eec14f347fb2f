// Totals from the tallies (kept by triggers): how many rows a user may read, or a team holds, without counting them.
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { dailyTallies, rowTallies, teamDailyTallies, teamMembers, teamRowTallies } from '../../db/schema';
import { preparedUser, type Authority } from '../access';
import { preparedPer } from './prepared';

export interface Tally {
  rows: number;
  prayed: number;
}

type Entity = (typeof rowTallies.entity.enumValues)[number];

/**
 * Whose tallies are summed: those a user may read (`{ userId }`: the dashboard), or one team's (`{ teamId }`: the team
 * page, server/routers/teamInsight.ts).
 */
export type TallyScope = { userId: number } | { teamId: number };

/** The dashboard's space (issue 48): what a user may read, their personal rows alone (`mine`), or one team's. */
export type SpaceScope = TallyScope | { userId: number; mine: true };

/**
 * A tab bar's counts under its list's "Mine / team X" filter (issue 30): the user's personal rows (`mine`), or the
 * rows of one team they are in (`memberOf`: none when they are not).
 */
type FilteredScope = TallyScope | { userId: number; mine: true } | { userId: number; memberOf: number };
type ScopeKind = 'user' | 'team' | 'mine' | 'member';

function kindOf(scope: FilteredScope): ScopeKind {
  if ('teamId' in scope) return 'team';
  if ('mine' in scope) return 'mine';
  return 'memberOf' in scope ? 'member' : 'user';
}

const tables = {
  row: { own: rowTallies, team: teamRowTallies },
  daily: { own: dailyTallies, team: teamDailyTallies },
};

/**
 * The tally rows a scope sums, as one source of `columns` (named alike in both tables): personal rows from the
 * per-author tallies (seeking the author's key), team rows from the per-team ones, one row per team and kind whatever
 * the number of members (db/migrations/0017). `where` narrows each part on those shared columns.
 */
function tallySource(
  table: keyof typeof tables,
  kind: ScopeKind,
  columns: string[],
  where: SQL,
  // Placeholders in a prepared query; values in one built for a request (the chart's weeks).
  { user = preparedUser, teamId = sql.placeholder('teamId') }: { user?: Placeholder | number; teamId?: Placeholder | number } = {},
): SQL {
  const { own, team } = tables[table];
  const picked = sql.raw(columns.join(', '));
  // The unary + keeps SQLite on the author's key, not team 0's every personal tally.
  const ownPart = sql`select ${picked} from ${own} where +${own.teamId} = 0 and ${own.createdBy} = ${user} and ${where}`;
  const myTeams = sql`(select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${user})`;
  const teamPart = (which: SQL) => sql`select ${picked} from ${team} where ${which} and ${where}`;
  switch (kind) {
    case 'team':
      return teamPart(sql`${team.teamId} = ${teamId}`);
    case 'mine':
      return ownPart;
    case 'member':
      return teamPart(sql`${team.teamId} = ${sql.placeholder('memberOf')} and ${team.teamId} in ${myTeams}`);
    default:
      return sql`${ownPart} union all ${teamPart(sql`${team.teamId} in ${myTeams}`)}`;
  }
}

/** One prepared query per scope and set of entities a caller asks about (the dashboard's three, a tab bar's one). */
const talliesQueries = new Map<string, ReturnType<typeof talliesQueryFor>>();

function talliesQueryFor(kind: ScopeKind, entities: Entity[]) {
  const which = sql`entity in (${sql.join(
    entities.map((e) => sql`${e}`),
    sql`, `,
  )})`;
  const source = tallySource('row', kind, ['entity', 'kind', 'row_count', 'prayed'], which);
  return preparedPer((db) =>
    db
      .select({ entity: sql<string>`entity`, kind: sql<string>`kind`, rows: sql<number>`sum(row_count)`, prayed: sql<number>`sum(prayed)` })
      .from(sql`(${source})`)
      .groupBy(sql`entity`, sql`kind`)
      .prepare(),
  );
}

/**
 * The readable totals by entity and kind, e.g. `get('activity', 'conversation')`; a kind never seen counts 0. With a
 * list's team filter, only the user's personal rows ('mine') or one of their teams' rows.
 */
export function readableTallies(db: Queryable, userId: number, entities: Entity[], team?: 'mine' | number) {
  const scope: FilteredScope = team === undefined ? { userId } : team === 'mine' ? { userId, mine: true } : { userId, memberOf: team };
  return scopedTallies(db, scope, entities);
}

/** `readableTallies` over a scope: a user's readable rows, or one team's. */
export async function scopedTallies(db: Queryable, scope: FilteredScope, entities: Entity[]) {
  const kind = kindOf(scope);
  const key = `${kind}:${entities.join(',')}`;
  let query = talliesQueries.get(key);
  if (!query) talliesQueries.set(key, (query = talliesQueryFor(kind, entities)));
  const found = await query(db).all(scope);
  return (entity: string, kind: string): Tally => {
    const row = found.find((r) => r.entity === entity && r.kind === kind);
    return { rows: Number(row?.rows ?? 0), prayed: Number(row?.prayed ?? 0) };
  };
}

const recentFrom = sql.placeholder('recentFrom');

function windowQuery(kind: ScopeKind, which: SQL) {
  const range = sql`${which} and day >= ${sql.placeholder('previousFrom')} and day <= ${sql.placeholder('until')}`;
  const source = tallySource('daily', kind, ['entity', 'kind', 'day', 'row_count'], range);
  return preparedPer((db) =>
    db
      .select({
        entity: sql<string>`entity`,
        kind: sql<string>`kind`,
        recent: sql<number>`sum(case when day >= ${recentFrom} then row_count else 0 end)`,
        previous: sql<number>`sum(case when day < ${recentFrom} then row_count else 0 end)`,
      })
      .from(sql`(${source})`)
      .groupBy(sql`entity`, sql`kind`)
      .prepare(),
  );
}

// The kinds are fixed in the text, so each part walks the day range in its key.
const activityKinds = sql`entity = 'activity' and kind in ('conversation', 'gospel_presentation')`;
const contactAndPrayerKinds = sql`entity in ('contact', 'prayer') and kind = ''`;
const windowQueries = {
  user: [windowQuery('user', activityKinds), windowQuery('user', contactAndPrayerKinds)],
  mine: [windowQuery('mine', activityKinds), windowQuery('mine', contactAndPrayerKinds)],
  team: [windowQuery('team', activityKinds), windowQuery('team', contactAndPrayerKinds)],
};

/**
 * New readable rows in two windows of whole days: `recentFrom`..`until` and `previousFrom`..`recentFrom` − 1, for
 * the activity types the dashboard counts and for contacts and prayers.
 */
export function readableWindows(db: Queryable, userId: number, recentFrom: number, until: number, previousFrom: number) {
  return scopedWindows(db, { userId }, recentFrom, until, previousFrom);
}

/** `readableWindows` over a scope: a user's readable rows, or one team's. */
export async function scopedWindows(db: Queryable, scope: SpaceScope, recentFrom: number, until: number, previousFrom: number) {
  const values = { ...scope, recentFrom, until, previousFrom };
  const kind = 'teamId' in scope ? 'team' : 'mine' in scope ? 'mine' : 'user';
  const found = (await Promise.all(windowQueries[kind].map((query) => query(db).all(values)))).flat();
  return (entity: string, kind: string) => {
    const row = found.find((r) => r.entity === entity && r.kind === kind);
    return { recent: Number(row?.recent ?? 0), previous: Number(row?.previous ?? 0) };
  };
}

/**
 * The daily tallies of a request's scope (a reader's, or one team's) with `where` on their shared columns: the chart's
 * whole days (server/routers/insights.ts), built with the values of the request.
 */
export function dailyTallySource(scope: Authority | { teamId: number } | { userId: number; mine: true }, where: SQL): SQL {
  const columns = ['kind', 'day', 'row_count'];
  if ('teamId' in scope) return tallySource('daily', 'team', columns, where, { teamId: scope.teamId });
  return tallySource('daily', 'mine' in scope ? 'mine' : 'user', columns, where, { user: scope.userId });
}
