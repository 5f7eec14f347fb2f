// Paged lists: one declaration (definePagedList) gives a list's page, read by keyset after the row the cursor names, in
// the list's own order, only among rows the user may read, its query built once per shape.
import { and, asc, Column, desc, is, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Queryable } from '../../db/client';
import { canRead, inScope, readableParts, shapeOf, type Authority, type OwnedTable, type ShapedAuthority, type TeamScope, type Who } from '../access';
import { decodeRows, type Field } from './rows';
import { MAX_PAGE_ROWS } from '../../shared/schemas/common';

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

/** Who reads a page: a query's authority, or its shape in a page query built once per shape (server/access.ts). */
export type PageWho = Authority | ShapedAuthority;

/**
 * The condition for one page of a readable list: `filters` (and the cursor) among the rows the user may read. With
 * a limit and teams, each part of `readableParts` picks its own first `limit` ids through its index in `order`, and
 * the outer query orders only those (at most parts × limit rows); a user without teams keeps the plain condition.
 * `order` must be the outer query's ORDER BY, ending in the id. A `scope` ("Mine / team X") is one part already: its
 * rows are read through its own index in that order, among those the user may read.
 */
export function readablePage(
  table: SQLiteTable & OwnedTable,
  who: PageWho,
  filters: (SQL | undefined)[],
  order: SQL[],
  limit: number | Placeholder,
  scope?: TeamScope,
): SQL {
  if (scope !== undefined) return and(canRead(table, who), inScope(table, who, scope), ...filters)!;
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
function preparedPage<I extends { limit?: number }>() {
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
        const placeheld = Object.fromEntries(
          Object.entries(given).map(([name, value]) => [name, value !== undefined && isValue.has(name) ? sql.placeholder(name) : value]),
        );
        const { fields, query } = build(db, shaped(), placeheld as Shaped<I, K>);
        plan = { fields, query: query.prepare() };
        if (plans.size < MAX_SHAPES) plans.set(key, plan);
      }
      return decodeRows(plan.fields, await plan.query.values(values)) as Awaited<Q>;
    };
  };
}

/**
 * What a paged list's input may hold besides its filters: the page's size, the id of the row it continues after, and
 * the "Mine / team X" filter (`team`: 'mine' or a team's id).
 */
type PageInput = { limit?: number; cursor?: number; team?: 'mine' | number };

/**
 * The team filter as a page query is built: 'mine' is built into the query, a team's id is a value (`teamScope`),
 * a placeholder like the other value keys, because ids are the caller's to choose and a shape per id would let any
 * caller grow the cache of shapes (MAX_SHAPES).
 */
type ScopeKeys = { team?: 'mine' | 'team'; teamScope?: number };
type ScopedInput<I extends PageInput> = Omit<I, keyof PageInput> & ScopeKeys & { limit?: number; cursor?: number };

/** A list's input as its page query is built: its value keys, the cursor and the team's id as placeholders (see preparedPage). */
export type PageQueryInput<I extends PageInput, K extends keyof I> = Shaped<ScopedInput<I>, Exclude<K, keyof PageInput> | 'cursor' | 'teamScope'>;

function scopedInput<I extends PageInput>(input: I | undefined): ScopedInput<I> | undefined {
  if (input?.team === undefined) return input as ScopedInput<I> | undefined;
  const { team, ...rest } = input;
  return (team === 'mine' ? { ...rest, team } : { ...rest, team: 'team', teamScope: team }) as ScopedInput<I>;
}

/** The scope a page query reads, from its built input: 'mine', the team placeholder, or every readable row. */
function scopeOfInput(input: ScopeKeys | Shaped<ScopeKeys, 'teamScope'>): TeamScope | undefined {
  if (input.team === 'mine') return 'mine';
  return input.team === 'team' ? (input.teamScope as number | Placeholder) : undefined;
}

/** A select from the list's tables, before its condition, order and limit: awaited, the page's rows. */
type Selecting = PromiseLike<unknown[]> & { prepare(): PreparedRows };

/** The builder calls the helper makes on a list's select; drizzle's own types for them differ per join. */
type Paginable = { where(where: SQL): { orderBy(...order: SQL[]): { limit(limit: number | Placeholder): unknown } } };

/**
 * A paged list, declared once (docs/how-to/add-a-list.md):
 * - `table`: the table whose rows are listed and whose ownership columns decide who reads them (server/access.ts);
 * - `fields`: the flat selection answered, or a function of the reader for one whose columns read other rows the
 *   reader may see (a contact's last contact);
 * - `select`: `db.select(fields).from(table)` with its joins; it must select exactly `fields`, whose keys name its columns;
 * - `values`: the input keys whose values only reach SQL (`eq(column, input.x)`): they become placeholders and the
 *   query is built once for all their values; every other key (a sort, a section) is built into the query, one
 *   query per value. `cursor` and `limit` are always values;
 * - `filters`: conditions on the rows (undefined: no condition) for this input;
 * - `order`: the sort key (a column, or an expression that is never null) and its direction; ties go by id.
 *
 * What it gives: `page(db, authority, input)`, the rows of one page after `input.cursor`, at most `input.limit` (the
 * largest page without one), through per-part index walks (readablePage) and a query prepared once per shape and
 * decoded without drizzle's per-value mapping (decodeRows); and `build(db, who, input)`, that query as built with its
 * selection (`query(…)`: the query alone), for the tests that read its plan or compare it with the prepared one.
 * A list procedure is a protectedProcedure query calling `page` with `ctx.authority` (server/trpc.ts), which counts
 * its rows against the request's answer budget and gives a batch's next call a turn of its own.
 */
export function definePagedList<I extends PageInput>() {
  return <K extends keyof I & string, F extends Record<string, Field>, S extends Selecting>(list: {
    table: SQLiteTable & OwnedTable;
    fields: F | ((who: PageWho) => F);
    select: (db: Queryable, fields: F) => S;
    values: readonly K[];
    filters: (input: PageQueryInput<I, K>, who: PageWho) => (SQL | undefined)[];
    order: (input: PageQueryInput<I, K>, who: PageWho) => { key: SortKey; direction: 'asc' | 'desc' };
  }) => {
    const { table } = list;
    const build = (db: Queryable, who: PageWho, input: PageQueryInput<I, K>) => {
      const fields = typeof list.fields === 'function' ? list.fields(who) : list.fields;
      const { key, direction } = list.order(input, who);
      const by = direction === 'asc' ? asc : desc;
      const order = [by(key), by(table.id)];
      const { cursor } = input as { cursor?: number | Placeholder };
      const filters = [...list.filters(input, who), cursor === undefined ? undefined : afterCursor(table, key, direction, cursor, who)];
      const selecting = list.select(db, fields) as unknown as Paginable;
      // The query keeps the select's type: its condition, order and limit change which rows it reads, not their shape.
      const query = selecting
        .where(readablePage(table, who, filters, order, input.limit, scopeOfInput(input)))
        .orderBy(...order)
        .limit(input.limit) as unknown as S;
      return { fields, query };
    };
    const valueKeys = [...list.values, 'cursor', 'teamScope'] as (Exclude<K, keyof PageInput> | 'cursor' | 'teamScope')[];
    const scopedPage = preparedPage<ScopedInput<I>>()(valueKeys, build);
    const page = (db: Queryable, who: Authority, input: I | undefined) => scopedPage(db, who, scopedInput(input));
    // As the tests build it: the input as the list takes it, with plain values or placeholders.
    const built = (db: Queryable, who: PageWho, input: Shaped<I, K | 'cursor'>) => build(db, who, scopedInput(input as I) as PageQueryInput<I, K>);
    return { page, build: built, query: (db: Queryable, who: PageWho, input: Shaped<I, K | 'cursor'>) => built(db, who, input).query };
  };
}
