// Keyset paging: continue after the row the cursor names, in the list's own order, only among rows the user may read.
import { and, Column, is, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { canRead, readableParts, type Authority, type OwnedTable } from '../access';
import { MAX_PAGE_ROWS } from '../schemas/common';

type SortKey = SQLiteColumn | SQL;

/**
 * Rows strictly after the cursor row in (key, id) order. The cursor row is looked up under the same read rule,
 * so a foreign id reveals nothing (the condition is then simply false).
 */
export function afterCursor(table: SQLiteTable & OwnedTable, key: SortKey, direction: 'asc' | 'desc', cursor: number, who: Authority): SQL {
  const compare = direction === 'asc' ? sql`>` : sql`<`;
  const cursorRow = sql`from ${table} where ${table.id} = ${cursor} and ${canRead(table, who)}`;
  const after = sql`(${key}, ${table.id}) ${compare} (select ${key}, ${table.id} ${cursorRow})`;
  if (is(key, Column)) return after;
  // SQLite seeks an index on a column by the row value, but on an expression (lower(name), coalesce(…)) only by a
  // plain comparison; without this bound a late page would walk every index entry before the cursor.
  const bound = direction === 'asc' ? sql`>=` : sql`<=`;
  return sql`${key} ${bound} (select ${key} ${cursorRow}) and ${after}`;
}

/**
 * A page's size: the caller's limit, else the largest page. A list is never read whole in one query: the REST shim
 * sends a whole list page by page (rest/handler.ts), and a tRPC call without a limit gets the first page.
 */
export function limitOf(input: { limit?: number } | undefined) {
  return input?.limit ?? MAX_PAGE_ROWS;
}

/**
 * The condition for one page of a readable list: `filters` (and the cursor) among the rows the user may read. With
 * a limit and teams, each part of `readableParts` picks its own first `limit` ids through its index in `order`, and
 * the outer query orders only those (at most parts × limit rows); a whole list, or a user without teams, keeps the
 * plain condition. `order` must be the outer query's ORDER BY, ending in the id.
 */
export function readablePage(table: SQLiteTable & OwnedTable, who: Authority, filters: (SQL | undefined)[], order: SQL[], limit: number): SQL {
  const parts = readableParts(table, who);
  if (limit < 0 || parts.length === 1) return and(canRead(table, who), ...filters)!;
  const firstOfEach = parts.map(
    (part) => sql`select id from (select ${table.id} as id from ${table} where ${and(part, ...filters)} order by ${sql.join(order, sql`, `)} limit ${limit})`,
  );
  return sql`${table.id} in (${sql.join(firstOfEach, sql` union all `)})`;
}
