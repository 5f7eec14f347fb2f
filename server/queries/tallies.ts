// Totals from row_tallies and daily_tallies (kept by triggers): how many rows a user may read, without counting them.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { dailyTallies, rowTallies } from '../../db/schema';
import { canReadTallies, preparedUser as user } from '../access';
import { preparedPer } from './prepared';

export interface Tally {
  rows: number;
  prayed: number;
}

type Entity = (typeof rowTallies.entity.enumValues)[number];

/** One prepared query per set of entities a caller asks about (the dashboard's three, a tab bar's one). */
const talliesQueries = new Map<string, ReturnType<typeof talliesQueryFor>>();

function talliesQueryFor(entities: Entity[]) {
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
        sql`${canReadTallies(rowTallies, user)} and ${rowTallies.entity} in (${sql.join(
          entities.map((e) => sql`${e}`),
          sql`, `,
        )})`,
      )
      .groupBy(rowTallies.entity, rowTallies.kind)
      .prepare(),
  );
}

/** The readable totals by entity and kind, e.g. `get('activity', 'conversation')`; a kind never seen counts 0. */
export async function readableTallies(db: Queryable, userId: number, entities: Entity[]) {
  const key = entities.join(',');
  let query = talliesQueries.get(key);
  if (!query) talliesQueries.set(key, (query = talliesQueryFor(entities)));
  const found = await query(db).all({ userId });
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

function windowQuery(which: ReturnType<typeof sql>) {
  return preparedPer((db) =>
    db
      .select(windowColumns)
      .from(dailyTallies)
      .where(
        sql`${canReadTallies(dailyTallies, user)} and ${which} and ${dailyTallies.day} >= ${sql.placeholder('previousFrom')} and ${dailyTallies.day} <= ${sql.placeholder('until')}`,
      )
      .groupBy(dailyTallies.entity, dailyTallies.kind)
      .prepare(),
  );
}

// The kinds are fixed in the text, so each query walks the day range of every readable part in its index.
const activityWindows = windowQuery(sql`${dailyTallies.entity} = 'activity' and ${dailyTallies.kind} in ('conversation', 'gospel_presentation')`);
const contactAndPrayerWindows = windowQuery(sql`${dailyTallies.entity} in ('contact', 'prayer') and ${dailyTallies.kind} = ''`);

/**
 * New readable rows in two windows of whole days: `recentFrom`..`until` and `previousFrom`..`recentFrom` − 1, for
 * the activity types the dashboard counts and for contacts and prayers.
 */
export async function readableWindows(db: Queryable, userId: number, recentFrom: number, until: number, previousFrom: number) {
  const values = { userId, recentFrom, until, previousFrom };
  const found = (await Promise.all([activityWindows(db).all(values), contactAndPrayerWindows(db).all(values)])).flat();
  return (entity: string, kind: string) => {
    const row = found.find((r) => r.entity === entity && r.kind === kind);
    return { recent: Number(row?.recent ?? 0), previous: Number(row?.previous ?? 0) };
  };
}
