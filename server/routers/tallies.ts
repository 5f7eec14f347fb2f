// Totals from row_tallies (kept by triggers): how many rows of each kind a user may read, without counting them.
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { rowTallies } from '../../db/schema';
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
