// Rows of a flat select, decoded with drizzle's own column decoders, looked up once per query instead of per value.
import { Column, is, SQL } from 'drizzle-orm';

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** A drizzle select: awaitable for drizzle's mapping, or read as raw values. */
interface Select<Row> extends PromiseLike<Row[]> {
  readonly _: { readonly selectedFields: object };
  values(): Promise<unknown[][]>;
}

function decoderOf(field: unknown): Decoder | null {
  if (is(field, Column)) return field;
  // drizzle keeps an sql`` field's decoder (from .mapWith) on the SQL object, unlisted in its types.
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, SQL.Aliased)) return (field.sql as unknown as { decoder: Decoder }).decoder;
  return null;
}

/**
 * drizzle maps every value of every row through entity checks and a path walk (mapResultRow), about as much CPU as
 * the query itself for a 50-row page. A flat selection (every list here) needs neither: the same decoders are found
 * once and each row is one loop. A nested selection is left to drizzle.
 */
export async function rowsOf<Row>(query: Select<Row>): Promise<Row[]> {
  const fields = query._.selectedFields as Record<string, unknown>;
  const keys = Object.keys(fields);
  const decoders: Decoder[] = [];
  for (const key of keys) {
    const decoder = decoderOf(fields[key]);
    if (!decoder) return query;
    decoders.push(decoder);
  }
  const rows = await query.values();
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) {
      const value = row[i];
      out[keys[i]] = value === null ? null : decoders[i].mapFromDriverValue(value instanceof ArrayBuffer ? Buffer.from(value) : value);
    }
    return out as Row;
  });
}
