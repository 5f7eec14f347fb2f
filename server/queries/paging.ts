// Keyset paging: continue after the row the cursor names, in the list's own order, only among rows the user may read.
import { and, Column, is, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Queryable } from '../../db/client';
import { canRead, readableParts, shapeOf, type Authority, type OwnedTable, type ShapedAuthority, type Who } from '../access';
import { decodeRows, type Field } from './rows';
import { MAX_PAGE_ROWS } from '../schemas/common';

type SortKey = SQLiteColumn | SQL;

/**
 * Rows strictly after the cursor row in (key, id) order. The cursor row is looked up under the same read rule,
 * so a foreign id reveals nothing (the condition is then simply false).
 */
export function afterCursor(table: SQLiteTable & OwnedTable, key: SortKey, direction: 'asc' | 'desc', cursor: number | Placeholder, who: Who): SQL {
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

/** Who reads a page: a query's authority, or its shape in a page query built once per shape. */
export type PageWho = Authority | ShapedAuthority;

/**
 * The condition for one page of a readable list: `filters` (and the cursor) among the rows the user may read. With
 * a limit and teams, each part of `readableParts` picks its own first `limit` ids through its index in `order`, and
 * the outer query orders only those (at most parts × limit rows); a user without teams keeps the plain condition.
 * `order` must be the outer query's ORDER BY, ending in the id.
 */
export function readablePage(table: SQLiteTable & OwnedTable, who: PageWho, filters: (SQL | undefined)[], order: SQL[], limit: number | Placeholder): SQL {
  const parts = readableParts(table, who);
  if (parts.length === 1) return and(canRead(table, who), ...filters)!;
  const firstOfEach = parts.map(
    (part) => sql`select id from (select ${table.id} as id from ${table} where ${and(part, ...filters)} order by ${sql.join(order, sql`, `)} limit ${limit})`,
  );
  return sql`${table.id} in (${sql.join(firstOfEach, sql` union all `)})`;
}

/** A list's input as its page query is built: each of the value keys `K` a plain value or a placeholder for one. */
export type Shaped<I, K extends keyof I> = Omit<I, K> & { [P in K]?: Exclude<I[P], undefined> | Placeholder } & { limit: number | Placeholder };

type PreparedRows = { values(values: Record<string, unknown>): PromiseLike<unknown[][]> };
type PageQuery = PromiseLike<unknown[]> & { prepare(): PreparedRows };

interface PagePlan {
  fields: Record<string, Field>;
  query: PreparedRows;
}

/** Shapes kept per list and database handle; more would mean a key that grows with values, a bug: then built each time. */
const MAX_SHAPES = 2000;

/**
 * A list's page query built once per shape and run with the request's values (`preparedPage<Input>()(valueKeys,
 * build)`). drizzle's building of a page (its merged parts, the cursor, the filters) costs a good part of what SQLite
 * needs to run it; the floor writes its SQL once. A shape is the number of the user's inline teams, which value keys
 * are given, and the values of every other key (orders, sections). Each value key (and `limit`, always given) reaches
 * `build` as a placeholder of its own name, so `build` may only hand it to SQL (libSQL binds a Date as its ms and a
 * boolean as 1 or 0, as the columns store them); a key the input gains later is part of the shape by its value until
 * it is named a value key, so it can cost shapes but never give a wrong query.
 */
export function preparedPage<I extends { limit?: number }>() {
  return <K extends keyof I & string, Q extends PageQuery>(
    valueKeys: readonly K[],
    build: (db: Queryable, who: PageWho, input: Shaped<I, K>) => { fields: Record<string, Field>; query: Q },
  ) => {
    const isValue = new Set<string>([...valueKeys, 'limit']);
    const built = new WeakMap<Queryable, Map<string, PagePlan>>();
    return async (db: Queryable, who: Authority, input: I | undefined): Promise<Awaited<Q>> => {
      const { shape, shaped, values } = shapeOf(who);
      const given = { ...input, limit: limitOf(input) } as Record<string, unknown>;
      let key = shape;
      for (const [name, value] of Object.entries(given)) {
        if (value === undefined) continue;
        // A key named like the authority's placeholders would set whose rows are read: never allowed.
        if (name in values) throw new Error(`preparedPage: the input key '${name}' is an authority placeholder`);
        if (isValue.has(name)) {
          values[name] = value;
          key += `|${name}`;
        } else key += `|${name}=${JSON.stringify(value)}`;
      }
      let plans = built.get(db);
      if (!plans) built.set(db, (plans = new Map()));
      let plan = plans.get(key);
      if (!plan) {
        // A new shape: each value key becomes a placeholder of its name, everything else is built in.
        const placeheld = Object.fromEntries(Object.entries(given).map(([name, value]) => [name, value !== undefined && isValue.has(name) ? sql.placeholder(name) : value]));
        const { fields, query } = build(db, shaped(), placeheld as Shaped<I, K>);
        plan = { fields, query: query.prepare() };
        if (plans.size < MAX_SHAPES) plans.set(key, plan);
      }
      return decodeRows(plan.fields, await plan.query.values(values)) as Awaited<Q>;
    };
  };
}
