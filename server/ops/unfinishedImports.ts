// The journal of an import that writes in slices (server/routers/exportImport.ts): what an import cut short wrote is
// deleted, by the import itself when a write fails, or when the server next starts after a crash.
import { and, between, eq, lt } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client';
import { contacts, goals, prayerLists, prayerRequests, unfinishedImportRows, unfinishedImports } from '../../db/schema';

type Kind = (typeof unfinishedImportRows.kind.enumValues)[number];

/** Opens the journal of an import for `userId`; its id names it in every slice. */
export async function beginImport(tx: Queryable, userId: number) {
  const [row] = await tx.insert(unfinishedImports).values({ userId }).returning({ id: unfinishedImports.id });
  return row.id;
}

/**
 * Notes the ids one transaction made, in that transaction: new rows of a table whose ids only grow (AUTOINCREMENT) are
 * above every row that existed, and no other write runs inside the transaction, so the range holds its rows alone.
 */
export async function noteRows(tx: Queryable, importId: number, kind: Kind, ids: number[]) {
  if (!ids.length) return;
  await tx.insert(unfinishedImportRows).values({ importId, kind, firstId: Math.min(...ids), lastId: Math.max(...ids) });
}

/** The import wrote everything: its journal goes, in the transaction of its last write. */
export async function endImport(tx: Queryable, importId: number) {
  await tx.delete(unfinishedImports).where(eq(unfinishedImports.id, importId));
}

/** Deletes what an unfinished import wrote (a contact takes its activities, follow-ups, prayer requests and history along), then its journal. */
async function undo(tx: Queryable, importId: number, userId: number) {
  const ranges = await tx.select().from(unfinishedImportRows).where(eq(unfinishedImportRows.importId, importId));
  for (const { kind, firstId, lastId } of ranges) {
    const table = { contacts, goals, prayerRequests, prayerLists }[kind];
    await tx.delete(table).where(and(between(table.id, firstId, lastId), eq(table.createdBy, userId)));
  }
  await endImport(tx, importId);
}

/** Undoes an import whose write failed, in one transaction. */
export function undoImport(database: Database, importId: number, userId: number) {
  return database.write((tx) => undo(tx, importId, userId));
}

/** How long an import may be in the journal before housekeeping takes it for one whose undo failed: far past any import's run. */
export const UNFINISHED_IMPORT_HOURS = 1;

/**
 * Undoes the imports still in the journal that began before `before`, and answers how many there were: at start,
 * before anything is served, every one (each was cut short by the stop); in housekeeping, those an hour old, left by an
 * import whose own undo failed (a full disk), since an import gets 120 s for its file and is done within seconds after.
 */
export async function removeUnfinishedImports(database: Database, before = new Date(8.64e15)) {
  const left = await database.read
    .select({ id: unfinishedImports.id, userId: unfinishedImports.userId })
    .from(unfinishedImports)
    .where(lt(unfinishedImports.createdAt, before));
  for (const { id, userId } of left) await undoImport(database, id, userId);
  return left.length;
}
