// Totals from row_tallies and daily_tallies (kept by triggers): how many rows a user may read, or a team holds, without counting them.
import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { dailyTallies, rowTallies } from '../../db/schema';
import { canReadTallies, preparedUser as user } from '../access';
import { preparedPer } from './prepared';

export interface Tally {
  rows: number;
  prayed: number;
}

type Entity = (typeof rowTallies.entity.enumValues)[number];

/**
 * Whose tallies are summed: those a user may read (`{ userId }`: the dashboard), or one team's (`{ teamId }`: the team
 * page, server/routers/teamInsight.ts), which walk row_tallies_team_idx and daily_tallies_team_idx.
 */
export type TallyScope = { userId: number } | { teamId: number };

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

function scopeWhere(kind: ScopeKind, table: typeof rowTallies | typeof dailyTallies): SQL {
  switch (kind) {
    case 'team':
      return sql`${table.teamId} = ${sql.placeholder('teamId')}`;
    case 'mine':
      // As in canReadTallies: the unary + keeps SQLite on the author's index, not team 0's every personal tally.
      return sql`(+${table.teamId} = 0 and ${table.createdBy} = ${user})`;
    case 'member':
      return sql`${table.teamId} = ${sql.placeholder('memberOf')} and ${canReadTallies(table, user)}`;
    default:
      return canReadTallies(table, user);
  }
}

/** One prepared query per scope and set of entities a caller asks about (the dashboard's three, a tab bar's one). */
const talliesQueries = new Map<string, ReturnType<typeof talliesQueryFor>>();

function talliesQueryFor(kind: ScopeKind, entities: Entity[]) {
  return preparedPer((db) =>
    db
      .select({
        entity: rowTallies.entity,
        kind: rowTallies.kind,
        rows: sql<number>`sum(${rowTallies.rowCount})`,
        prayed: sql<number>`sum(${rowTallies.prayed})`,
      })
      .from(rowTallies)
      .where(
        sql`${scopeWhere(kind, rowTallies)} and ${rowTallies.entity} in (${sql.join(
          entities.map((e) => sql`${e}`),
          sql`, `,
        )})`,
      )
      .groupBy(rowTallies.entity, rowTallies.kind)
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
const windowColumns = {
  entity: dailyTallies.entity,
  kind: dailyTallies.kind,
  recent: sql<number>`sum(case when ${dailyTallies.day} >= ${recentFrom} then ${dailyTallies.rowCount} else 0 end)`,
  previous: sql<number>`sum(case when ${dailyTallies.day} < ${recentFrom} then ${dailyTallies.rowCount} else 0 end)`,
};

function windowQuery(kind: ScopeKind, which: SQL) {
  return preparedPer((db) =>
    db
      .select(windowColumns)
      .from(dailyTallies)
      .where(
        sql`${scopeWhere(kind, dailyTallies)} and ${which} and ${dailyTallies.day} >= ${sql.placeholder('previousFrom')} and ${dailyTallies.day} <= ${sql.placeholder('until')}`,
      )
      .groupBy(dailyTallies.entity, dailyTallies.kind)
      .prepare(),
  );
}

// The kinds are fixed in the text, so each query walks the day range of every readable part (or the team's) in its index.
const activityKinds = sql`${dailyTallies.entity} = 'activity' and ${dailyTallies.kind} in ('conversation', 'gospel_presentation')`;
const contactAndPrayerKinds = sql`${dailyTallies.entity} in ('contact', 'prayer') and ${dailyTallies.kind} = ''`;
const windowQueries = {
  user: [windowQuery('user', activityKinds), windowQuery('user', contactAndPrayerKinds)],
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
export async function scopedWindows(db: Queryable, scope: TallyScope, recentFrom: number, until: number, previousFrom: number) {
  const values = { ...scope, recentFrom, until, previousFrom };
  const found = (await Promise.all(windowQueries['teamId' in scope ? 'team' : 'user'].map((query) => query(db).all(values)))).flat();
  return (entity: string, kind: string) => {
    const row = found.find((r) => r.entity === entity && r.kind === kind);
    return { recent: Number(row?.recent ?? 0), previous: Number(row?.previous ?? 0) };
  };
}
