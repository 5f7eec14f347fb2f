// One record reached by id through the access rules (server/access.ts), for every entity router alike.
import { and, eq, type SQL } from 'drizzle-orm';
import type { SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Queryable, Tx } from '../../db/client';
import { canDelete, canEdit, canPray, canRead, denyWrite, notFound, type Authority, type OwnedTable } from '../access';

type Table = SQLiteTable & OwnedTable;

/** A rule of server/access.ts deciding in SQL whether `who` may change a row. */
type Rule = (table: OwnedTable, who: Authority) => SQL;

/**
 * The records of one table as a procedure acts on them, one at a time by id (`notFoundMessage` is the 404's whole
 * message, marked: msg('Contact not found')):
 * - `read` gives the row (in the entity's own columns, from `select`, which may depend on who asks) when the user may see it, else 404;
 * - `update` and `remove` change it when the user may (own rows; team rows by role), else 403 for a row they only
 *   see (a team viewer) and 404 for anything else, so another person's record is never confirmed to exist.
 * A write's authority decides in SQL (server/access.ts), and these take its transaction, so the check and the change
 * are one transaction: a membership removed a moment before is seen.
 */
export function recordsOf<Row>(table: Table, notFoundMessage: string, select: (db: Queryable, where: SQL, who: Authority) => PromiseLike<Row[]>) {
  async function read(db: Queryable, rowId: number, who: Authority): Promise<Row> {
    const [row] = await select(db, and(eq(table.id, rowId), canRead(table, who))!, who);
    if (!row) throw notFound(notFoundMessage);
    return row;
  }

  /**
   * Sets the given fields (undefined ones left alone); with none, still checks that the user may edit. `may` is the
   * rule the change needs, when it is not an edit (praying for a request: canPray, whose refusal names 'pray').
   */
  async function update(tx: Tx, rowId: number, who: Authority, values: Record<string, unknown>, may: Rule = canEdit): Promise<void> {
    const changes = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    const where = and(eq(table.id, rowId), may(table, who));
    const rows = Object.keys(changes).length
      ? await tx.update(table).set(changes).where(where).returning({ id: table.id })
      : await tx.select({ id: table.id }).from(table).where(where);
    if (!rows.length) await denyWrite(tx, table, rowId, who, notFoundMessage, may === canPray ? 'pray' : undefined);
  }

  return {
    read,
    update,

    /** `update`, then the row as `read` gives it back, in the same transaction: what a change answers. */
    async updated(tx: Tx, rowId: number, who: Authority, values: Record<string, unknown>, may: Rule = canEdit): Promise<Row> {
      await update(tx, rowId, who, values, may);
      return read(tx, rowId, who);
    },

    async remove(tx: Tx, rowId: number, who: Authority) {
      const rows = await tx
        .delete(table)
        .where(and(eq(table.id, rowId), canDelete(table, who)))
        .returning({ id: table.id });
      if (!rows.length) await denyWrite(tx, table, rowId, who, notFoundMessage);
      return { success: true as const, id: rowId };
    },
  };
}
