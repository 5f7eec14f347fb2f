// Rows of a flat select, decoded once per column instead of through drizzle's per-value mapping, with public APIs
// only (decision 021): the caller names the selection it selected, a select's `.values()` gives the raw rows, a
// column's `mapFromDriverValue` decodes, and an sql`` field's decoder is the one given to `decoded()` here.
import { Column, is, SQL, type DriverValueDecoder } from 'drizzle-orm';

type Decode = (value: unknown) => unknown;
/** What a flat selection may hold: columns, and sql`` expressions made with `decoded()` (aliased or not). */
export type Field = Column | SQL | SQL.Aliased;

const sqlDecoders = new WeakMap<SQL, Decode>();

/**
 * `expr.mapWith(decode)`, with the decoder remembered so that `rowsOf` can use it: drizzle keeps the decoder on the
 * SQL object but offers no public way to read it back.
 */
export function decoded<T>(expr: SQL, decode: (value: unknown) => T): SQL<T> {
  const mapped = expr.mapWith(decode as DriverValueDecoder<T, unknown>['mapFromDriverValue']) as SQL<T>;
  sqlDecoders.set(mapped, decode);
  return mapped;
}

/** Writes the fields a packed value holds into the row being decoded. */
type Spread = (value: unknown, row: Record<string, unknown>) => void;
const spreaders = new WeakMap<SQL, Spread>();

/**
 * Several fields of a row read as one SQL value (a selection's key of its own, `$name`), which `spread` writes into the
 * row as its fields: the driver pays for each column of each row more than SQLite does for the value (two
 * `Object.defineProperty` per value, docs/performance.md), so columns nearly every row leaves empty cost less as one
 * value (0 when all are empty). Only decodeRows and rowsOf read it: drizzle's own mapping refuses it (it would answer
 * the packed value under its own key), so a selection holding one is read through them.
 */
export function packed(expr: SQL, spread: Spread): SQL<never> {
  const field = expr.mapWith(() => {
    throw new Error('packed: a selection with a packed field is read through rowsOf or decodeRows');
  }) as SQL<never>;
  spreaders.set(field, spread);
  return field;
}

interface Plan {
  keys: string[];
  decoders: Decode[];
  spreads: (Spread | undefined)[];
}

/** Plans by selection object: the selections of the entity routers are module constants, planned once. */
const plans = new WeakMap<object, Plan>();

function planOf(fields: Record<string, Field>): Plan {
  let plan = plans.get(fields);
  if (plan) return plan;
  const keys = Object.keys(fields);
  const spreads = keys.map((key) => {
    const field = fields[key];
    return is(field, SQL) ? spreaders.get(field) : undefined;
  });
  const decoders = keys.map((key, i): Decode => {
    const field = fields[key];
    if (spreads[i]) return (value) => value;
    if (is(field, Column)) return (value) => field.mapFromDriverValue(value);
    const decode = sqlDecoders.get(is(field, SQL.Aliased) ? field.sql : (field as SQL));
    if (!decode) throw new Error(`rowsOf: the field '${key}' is an sql expression not made with decoded()`);
    return decode;
  });
  plan = { keys, decoders, spreads };
  plans.set(fields, plan);
  return plan;
}

/**
 * drizzle maps every value of every row through entity checks and a path walk, measured at 8–19 % of a list request
 * (decision 021). A flat selection needs neither: its decoders are found once and each row is one loop. `fields` must
 * be the object the query selected (`db.select(fields)`): its keys are the order of `.values()`'s columns.
 */
export async function rowsOf<Row>(fields: Record<string, Field>, query: PromiseLike<Row[]> & { values(): PromiseLike<unknown[][]> }): Promise<Row[]> {
  return decodeRows<Row>(fields, await query.values());
}

/** `rowsOf` for raw rows already read (a prepared query's `.values()`), in the order of `fields`' keys. */
export function decodeRows<Row>(fields: Record<string, Field>, rows: unknown[][]): Row[] {
  const { keys, decoders, spreads } = planOf(fields);
  return rows.map((row) => {
    if (row.length !== keys.length) throw new Error(`rowsOf: ${row.length} columns for a selection of ${keys.length}`);
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = row[i];
      const spread = spreads[i];
      if (spread) spread(value, out);
      else out[keys[i]] = value === null ? null : decoders[i](value instanceof ArrayBuffer ? Buffer.from(value) : value);
    }
    return out as Row;
  });
}
