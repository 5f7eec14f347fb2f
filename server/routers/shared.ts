// Small pieces several entity routers use: ownership-checked update/delete, contact lookup.
import { and, eq } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Queryable, Tx } from '../../db/client';
import { contacts } from '../../db/schema';
import { canDelete, canEdit, canRead, denyWrite, notFound, type OwnedTable } from '../access';

type Table = SQLiteTable & OwnedTable;

/** Updates one row the user may edit; answers 403/404 (see access.denyWrite) when none matched. */
export async function updateOwned(tx: Tx, table: Table, rowId: number, userId: number, values: Record<string, unknown>, what: string) {
  const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
  const where = and(eq(table.id, rowId), canEdit(table, userId));
  const rows = Object.keys(changes).length
    ? await tx.update(table).set(changes).where(where).returning({ id: table.id })
    : await tx.select({ id: table.id }).from(table).where(where);
  if (!rows.length) await denyWrite(tx, table, rowId, userId, what);
}

/** Deletes one row the user may delete; 403 for a row they only read, 404 otherwise. */
export async function removeOwned(tx: Tx, table: Table, rowId: number, userId: number, what: string) {
  const rows = await tx
    .delete(table)
    .where(and(eq(table.id, rowId), canDelete(table, userId)))
    .returning({ id: table.id });
  if (!rows.length) await denyWrite(tx, table, rowId, userId, what);
  return { success: true as const, id: rowId };
}

/** The contact a new record points at must be one the user can see. */
export async function requireReadableContact(db: Queryable, contactId: number, userId: number) {
  const [contact] = await db
    .select({ id: contacts.id, name: contacts.name })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), canRead(contacts, userId)));
  if (!contact) throw notFound('Contact');
  return contact;
}
