// Totals from row_tallies and daily_tallies (kept by triggers): how many rows a user may read, without counting them.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { dailyTallies, rowTallies } from '../../db/schema';
import { canReadTallies } from '../access';

export interface Tally {
  rows: number;
  prayed: number;
}

/** The readable totals by entity and kind, e.g. `get('activity', 'conversation')`; a kind never seen counts 0. */
export async function readableTallies(db: Queryable, userId: number, entities: (typeof rowTallies.entity.enumValues)[number][]) {
  const found = await db
    .select({
      entity: rowTallies.entity,
      kind: rowTallies.kind,
      rows: sql<number>`sum(${rowTallies.rowCount})`,
      prayed: sql<number>`sum(${rowTallies.prayed})`,
    })
    .from(rowTallies)
    .where(sql`${canReadTallies(rowTallies, userId)} and ${rowTallies.entity} in (${sql.join(entities.map((e) => sql`${e}`), sql`, `)})`)
    .groupBy(rowTallies.entity, rowTallies.kind);
  return (entity: string, kind: string): Tally => {
    const row = found.find((r) => r.entity === entity && r.kind === kind);
    return { rows: Number(row?.rows ?? 0), prayed: Number(row?.prayed ?? 0) };
  };
}

/**
 * New readable rows in two windows of whole days: `recentFrom`..`until` and `previousFrom`..`recentFrom` − 1, for
 * the activity types the dashboard counts and for contacts and prayers. Two queries, each walking the day range of
 * every readable part in its index (the kinds must be fixed for that).
 */
export async function readableWindows(db: Queryable, userId: number, recentFrom: number, until: number, previousFrom: number) {
  const columns = {
    entity: dailyTallies.entity,
    kind: dailyTallies.kind,
    recent: sql<number>`sum(case when ${dailyTallies.day} >= ${recentFrom} then ${dailyTallies.rowCount} else 0 end)`,
    previous: sql<number>`sum(case when ${dailyTallies.day} < ${recentFrom} then ${dailyTallies.rowCount} else 0 end)`,
  };
  const within = (which: ReturnType<typeof sql>) =>
    db
      .select(columns)
      .from(dailyTallies)
      .where(sql`${canReadTallies(dailyTallies, userId)} and ${which} and ${dailyTallies.day} >= ${previousFrom} and ${dailyTallies.day} <= ${until}`)
      .groupBy(dailyTallies.entity, dailyTallies.kind);
  const found = (
    await Promise.all([
      within(sql`${dailyTallies.entity} = 'activity' and ${dailyTallies.kind} in ('conversation', 'gospel_presentation')`),
      within(sql`${dailyTallies.entity} in ('contact', 'prayer') and ${dailyTallies.kind} = ''`),
    ])
  ).flat();
  return (entity: string, kind: string) => {
    const row = found.find((r) => r.entity === entity && r.kind === kind);
    return { recent: Number(row?.recent ?? 0), previous: Number(row?.previous ?? 0) };
  };
}
