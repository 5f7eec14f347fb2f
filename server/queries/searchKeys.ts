// The folded keys names and texts are searched and matched by (issue 28, docs/decisions/008): computed here from the
// texts on every write, since SQL cannot fold as shared/fold.ts does, and filled at start for rows an older release wrote.
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { activities, contacts, followUps, goals, prayerRequests } from '../../db/schema';
import { foldText } from '../../shared/fold';
import { nextTurn } from './turns';

/** Between the parts of a key: a folded text has no line break, so no search term spans two fields. */
const SEPARATOR = '\n';

const joined = (parts: (string | null | undefined)[]) => parts.map((part) => foldText(part ?? '')).join(SEPARATOR);

/** A phone number's digits as people type them in different ways: spaces, dashes, dots and brackets removed. */
export const phoneDigits = (folded: string) => folded.replace(/[\s\-.()]/g, '');

interface ContactTexts {
  name: string;
  email?: string | null;
  phone?: string | null;
  notes?: string | null;
  source?: string | null;
}

/** A contact's keys: its name's, and the one a search looks in (name, email, phone as typed and as digits, notes, how we met). */
export function contactKeys({ name, email, phone, notes, source }: ContactTexts) {
  const foldedPhone = foldText(phone ?? '');
  return {
    nameKey: foldText(name),
    // How we met only when said, so the keys of contacts without one are as an older release wrote them.
    searchKey: [joined([name, email]), foldedPhone, phoneDigits(foldedPhone), foldText(notes ?? ''), ...(source ? [foldText(source)] : [])].join(SEPARATOR),
  };
}

/** An activity's search key: its notes and description. */
export const activityKeys = ({ notes, description }: { notes?: string | null; description?: string | null }) => ({ searchKey: joined([notes, description]) });

/** A prayer request's search key: the request. */
export const prayerKeys = ({ request }: { request: string }) => ({ searchKey: foldText(request) });

/** A follow-up's search key: its description (issue 50 §8). */
export const followUpKeys = ({ description }: { description: string }) => ({ searchKey: foldText(description) });

/** A goal's search key: its title and description (issue 50 §8). */
export const goalKeys = ({ title, description }: { title: string; description?: string | null }) => ({ searchKey: joined([title, description]) });

/** The fields an update sets (undefined ones are left as they are) over the row as it was. */
export function afterUpdate<Row extends object>(before: Row, changes: Partial<Row>): Row {
  return { ...before, ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) };
}

/** Rows keyed per write transaction: a few milliseconds of the writer and of the event loop each. */
const BATCH = 500;

interface Backfill {
  table: typeof contacts | typeof activities | typeof prayerRequests | typeof followUps | typeof goals;
  name: string;
  /** The unkeyed rows' ids and texts, oldest first. */
  texts: string;
  keys(row: Record<string, unknown>): Record<string, string>;
}

const backfills: Backfill[] = [
  { table: contacts, name: 'contacts', texts: 'name, email, phone, notes', keys: (row) => contactKeys(row as unknown as ContactTexts) },
  { table: activities, name: 'activities', texts: 'notes, description', keys: (row) => activityKeys(row) },
  { table: prayerRequests, name: 'prayer_requests', texts: 'request', keys: (row) => prayerKeys(row as { request: string }) },
  // Migration 0030 (issue 50 §8) adds these two empty.
  { table: followUps, name: 'follow_ups', texts: 'description', keys: (row) => followUpKeys(row as { description: string }) },
  { table: goals, name: 'goals', texts: 'title, description', keys: (row) => goalKeys(row as { title: string; description: string | null }) },
];

const columnOf: Record<string, string> = { nameKey: 'name_key', searchKey: 'search_key' };

/**
 * Keys the rows written before the keys existed (migration 0013 adds them empty), BATCH rows per write transaction with
 * a turn of the event loop between batches, so a heavy account's upgrade never holds the server: it serves while
 * this runs, and a search finds an old row once its batch is done. Each batch reads and writes in one transaction, so an
 * edit in between is never overwritten with a key of the text before it. Returns how many rows it keyed.
 */
export async function backfillSearchKeys(database: Database, options: { signal?: AbortSignal } = {}): Promise<number> {
  let keyed = 0;
  for (const backfill of backfills) {
    for (;;) {
      if (options.signal?.aborted) return keyed;
      const done = await database.write(async (tx) => {
        // Through the partial index of unkeyed rows: one seek, however many rows are keyed already.
        const rows = await tx.all<Record<string, unknown>>(
          sql.raw(
            `select id, ${backfill.texts} from ${backfill.name} indexed by ${backfill.name}_unkeyed_idx where search_key is null order by id limit ${BATCH}`,
          ),
        );
        if (!rows.length) return 0;
        const values = rows.map((row) => [Number(row.id), ...Object.values(backfill.keys(row))]);
        const columns = Object.keys(backfill.keys(rows[0])).map((key, i) => `${columnOf[key]} = k.value ->> ${i + 1}`);
        await tx.run(
          sql`update ${backfill.table} set ${sql.raw(columns.join(', '))} from json_each(${JSON.stringify(values)}) as k where ${backfill.table}.id = k.value ->> 0`,
        );
        return rows.length;
      });
      keyed += done;
      if (done < BATCH) break;
      await nextTurn();
    }
  }
  return keyed;
}
