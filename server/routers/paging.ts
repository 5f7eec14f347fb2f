// Keyset paging: continue after the row the cursor names, in the list's own order, only among rows the user may read.
import { sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { canRead, type OwnedTable } from '../access';

type SortKey = SQLiteColumn | SQL;

/**
 * Rows strictly after the cursor row in (key, id) order. The cursor row is looked up under the same read rule,
 * so a foreign id reveals nothing (the condition is then simply false).
 */
export function afterCursor(table: SQLiteTable & OwnedTable, key: SortKey, direction: 'asc' | 'desc', cursor: number, userId: number): SQL {
  const compare = direction === 'asc' ? sql`>` : sql`<`;
  return sql`(${key}, ${table.id}) ${compare} (select ${key}, ${table.id} from ${table} where ${table.id} = ${cursor} and ${canRead(table, userId)})`;
}

/** SQLite reads LIMIT -1 as no limit, so one query shape serves whole lists and pages. */
export function limitOf(input: { limit?: number } | undefined) {
  return input?.limit ?? -1;
}
