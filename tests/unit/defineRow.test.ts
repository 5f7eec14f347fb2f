// A row declared once (server/queries/defineRow.ts): its selection, its strict schema, and the compiler's check of each pair.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contacts } from '../../db/schema';
import { computed, defineRow } from '../../server/queries/defineRow';

const row = defineRow({
  id: [contacts.id, z.number().int()],
  label: computed(z.string()),
  email: [contacts.email, z.string().nullable()],
});
const label = sql<string>`upper(${contacts.name})`;

describe('defineRow', () => {
  it('selects the columns, and the computed fields in their declared place', () => {
    expect(row.columns).toEqual({ id: contacts.id, email: contacts.email });
    const selection = row.select({ label });
    expect(Object.keys(selection)).toEqual(['id', 'label', 'email']);
    expect(selection.label).toBe(label);
  });

  it('gives a strict schema in the declared order', () => {
    expect(Object.keys(row.schema.shape)).toEqual(['id', 'label', 'email']);
    expect(row.schema.safeParse({ id: 1, label: 'A', email: null }).success).toBe(true);
    expect(row.schema.safeParse({ id: 1, label: 'A', email: null, passwordHash: 'x' }).success).toBe(false);
  });

  it('does not compile a column beside a schema that refuses some of its values, nor a computed field of another type', () => {
    // @ts-expect-error contacts.email may be null: z.string() does not take it.
    defineRow({ email: [contacts.email, z.string()] });
    // @ts-expect-error contacts.id is a number.
    defineRow({ id: [contacts.id, z.string()] });
    // @ts-expect-error `label` is declared a string.
    row.select({ label: sql<number>`1` });
    // @ts-expect-error every computed field is given.
    row.select({});
  });
});
