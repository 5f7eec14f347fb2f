// A row of an answer declared once: each field's column (or sql`` expression) beside its zod schema gives the drizzle
// selection, the strict zod object a procedure's .output() declares (server/schemas/answers.ts) and the row's type.
import type { Column, GetColumnData, SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Field } from './rows';

/**
 * A field whose expression the query supplies (`row.select({ … })`): one that depends on who asks (a contact's name
 * only where they may read it) or on the query's joins. Its schema is declared here, in its place among the columns.
 */
export interface Computed<Schema extends z.ZodType = z.ZodType> {
  readonly computed: Schema;
}

export const computed = <Schema extends z.ZodType>(schema: Schema): Computed<Schema> => ({ computed: schema });

type Declared = readonly [Field, z.ZodType] | Computed;
type Declaration = Record<string, Declared>;

/** What a column or an sql`` expression reads, as drizzle types it. */
type ValueOf<F> = F extends Column ? GetColumnData<F> : F extends SQL.Aliased<infer T> ? T : F extends SQL<infer T> ? T : never;

type SchemaOf<D> = D extends readonly [Field, infer S extends z.ZodType] ? S : D extends Computed<infer S> ? S : never;
type Shape<D extends Declaration> = { -readonly [K in keyof D]: SchemaOf<D[K]> };
type ColumnKey<D extends Declaration> = { [K in keyof D]: D[K] extends Computed ? never : K }[keyof D];
type ComputedKey<D extends Declaration> = Exclude<keyof D, ColumnKey<D>>;
type Columns<D extends Declaration> = { -readonly [K in ColumnKey<D>]: D[K] extends readonly [infer F, z.ZodType] ? F : never };
/** The computed fields' expressions: each must read what its schema answers. */
type ComputedFields<D extends Declaration> = { [K in ComputedKey<D>]: SQL<z.output<SchemaOf<D[K]>>> | SQL.Aliased<z.output<SchemaOf<D[K]>>> };

/**
 * The compiler's check of each pair: a column whose values its schema does not take (a nullable column beside a
 * schema that is not, a text beside a number) makes the pair expect what no schema is, and fails there, naming the
 * column's type.
 */
type Checked<D extends Declaration> = {
  [K in keyof D]: D[K] extends readonly [infer F extends Field, infer S extends z.ZodType]
    ? [ValueOf<F>] extends [z.output<S>]
      ? D[K]
      : readonly [F, { readonly 'a schema that takes every value of the column': ValueOf<F> }]
    : D[K];
};

export interface Row<D extends Declaration> {
  /** The declaration itself, to spread into a wider row. */
  readonly fields: D;
  /** The answer's schema: a strict object, its keys in the declaration's order. */
  readonly schema: z.ZodObject<Shape<D>, z.core.$strict>;
  /** The selection of the row's columns (for `.returning()`, and the whole row when nothing is computed); a constant. */
  readonly columns: Columns<D>;
  /** The whole row's selection, in the declaration's order, with the computed fields' expressions. */
  select<C extends ComputedFields<D>>(computedFields: C): { [K in keyof D]: K extends ComputedKey<D> ? C[K & keyof C] : Columns<D>[K & ColumnKey<D>] };
}

const isComputed = (declared: Declared): declared is Computed => 'computed' in declared;

export function defineRow<const D extends Declaration>(fields: D & Checked<D>): Row<D> {
  const entries = Object.entries(fields as D);
  const shape = Object.fromEntries(entries.map(([key, declared]) => [key, isComputed(declared) ? declared.computed : declared[1]]));
  const columns = Object.fromEntries(entries.flatMap(([key, declared]) => (isComputed(declared) ? [] : [[key, declared[0]]])));
  return {
    fields,
    schema: z.strictObject(shape) as unknown as Row<D>['schema'],
    columns: columns as Columns<D>,
    select: ((computedFields: Record<string, Field>) =>
      Object.fromEntries(entries.map(([key, declared]) => [key, isComputed(declared) ? computedFields[key] : declared[0]]))) as Row<D>['select'],
  };
}
