// The offline outbox: activities, follow-ups and prayer requests added, faith milestones set or cleared, bulk actions,
// assignment answers, and team comments written, changed or deleted, without a connection, kept in IndexedDB (per
// user) until they are sent, each with its idempotency key (decisions 010, 027).
import type { RouterInputs } from './trpc';
import { objectStore } from './idb';

export type ActivityDraft = RouterInputs['activities']['create'];
type FollowUpDraft = RouterInputs['followUps']['create'];
type PrayerDraft = RouterInputs['prayerRequests']['create'];
/** A milestone set on a day (cleared when `clear`): a write that says the end state, so sending it twice does no harm. */
export type MilestoneDraft = RouterInputs['contacts']['setMilestone'] & { clear?: boolean };
/** The assignee's answer to an assignment (issue 51 §2): accepted, or declined with its reason. */
export type AssignmentAnswerDraft = { contactId: number; answer: 'accept' | 'decline'; reason?: string };

/** A team contact's comment written, changed or deleted offline (issue 51 §3), sent with the entry's key (decision 039). */
type CommentDraft = Omit<RouterInputs['comments']['create'], 'idempotencyKey'>;
type CommentEditDraft = Omit<RouterInputs['comments']['update'], 'idempotencyKey'>;
type CommentDeleteDraft = Omit<RouterInputs['comments']['remove'], 'idempotencyKey'>;

/**
 * What waits: its kind (absent on entries stored before there were kinds: an activity), the create's input, and the
 * contact's name as the person typed or picked it, for the row that shows it waiting: an activity's input may hold only
 * the contact's id (an activity stored before this field has only its input).
 */
export type OutboxDraft =
  | { kind?: 'activity'; input: ActivityDraft; contactName?: string }
  | { kind: 'followUp'; input: FollowUpDraft; contactName: string }
  | { kind: 'prayer'; input: PrayerDraft; contactName: string }
  | { kind: 'milestone'; input: MilestoneDraft; contactName: string }
  // Issue 51 §4: one bulk action on many contacts, one entry for the whole action (`contactName` says how many).
  | { kind: 'bulk'; input: RouterInputs['contacts']['bulk']; contactName: string }
  | { kind: 'assignmentAnswer'; input: AssignmentAnswerDraft; contactName: string }
  | { kind: 'comment'; input: CommentDraft; contactName: string }
  | { kind: 'commentEdit'; input: CommentEditDraft; contactName: string }
  | { kind: 'commentDelete'; input: CommentDeleteDraft; contactName: string }
  // 'I prayed' pressed offline (issue 51 §5): each press its own key, counted once when sent.
  | { kind: 'pray'; input: { id: number }; contactName: string };

/** The kinds that are a comment's write: their refusal on return is said in the server's sentence (src/components/OutboxSync.tsx). */
export const commentKinds: readonly OutboxKind[] = ['comment', 'commentEdit', 'commentDelete'];

export type OutboxKind = NonNullable<OutboxDraft['kind']>;
export const kindOf = (draft: OutboxDraft): OutboxKind => draft.kind ?? 'activity';

export type OutboxEntry = OutboxDraft & {
  /** Also the idempotency key the server sees, so a send that is repeated (a lost answer, two tabs) creates once. */
  key: string;
  userId: number;
  queuedAt: Date;
};

const DB_NAME = 'sower-outbox';
const STORE = 'activities';

/** One request in its own transaction, resolved only once the transaction has committed. */
const run = objectStore(DB_NAME, STORE, 'key');

const changes = new EventTarget();
const changed = () => changes.dispatchEvent(new Event('change'));

export function onOutboxChange(listener: () => void): () => void {
  changes.addEventListener('change', listener);
  return () => changes.removeEventListener('change', listener);
}

/**
 * 32 hex digits from the platform's random source. crypto.randomUUID would do, but only in a secure context, and
 * the app may be served over plain HTTP on a local network.
 */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function keepForLater(userId: number, key: string, draft: OutboxDraft): Promise<void> {
  await run('readwrite', (store) => store.put({ ...draft, key, userId, queuedAt: new Date() } satisfies OutboxEntry));
  changed();
}

/** The user's waiting entries, oldest first, so they are sent in the order they were added. */
export async function waitingFor(userId: number): Promise<OutboxEntry[]> {
  const all = ((await run('readonly', (store) => store.getAll())) ?? []) as OutboxEntry[];
  return all.filter((entry) => entry.userId === userId).sort((a, b) => a.queuedAt.getTime() - b.queuedAt.getTime());
}

export async function removeFromOutbox(key: string): Promise<void> {
  await run('readwrite', (store) => store.delete(key));
  changed();
}

/** On logout: nothing one user typed stays behind for the next person on this browser. */
export async function clearOutbox(): Promise<void> {
  await run('readwrite', (store) => store.clear());
  changed();
}

let flushing: Promise<FlushResult> | null = null;

export interface FlushResult {
  sent: number;
  /** What was sent, by kind (the toast names it). */
  sentKinds: OutboxKind[];
  /** Refused by the server for good (a 4xx other than 401/423/429): kept would mean retried forever. */
  refused: number;
  refusedKinds: OutboxKind[];
  /**
   * Stopped at a failure that passes by itself (no answer, a 5xx, a 429) with entries still waiting: worth another
   * flush soon, since a connection that comes back does not always say so (a weak signal reports 'online' throughout).
   */
  retryLater: boolean;
}

/** What a flush needs of the outbox; IndexedDB in the app, a plain array in the unit tests. */
export interface OutboxStore {
  waitingFor(userId: number): Promise<OutboxEntry[]>;
  remove(key: string): Promise<void>;
}

const indexedDbStore: OutboxStore = { waitingFor, remove: removeFromOutbox };

/**
 * Sends the user's waiting entries one by one with their keys, removing each once the server has it. Stops at
 * the first failure that may pass (no connection, 5xx, 401 until signed in again, 423 until unlocked, 429) and leaves the
 * rest waiting.
 * One flush at a time: an 'online' event during a start-up flush joins it instead of sending everything twice.
 */
export function flushOutbox(
  userId: number,
  send: (entry: OutboxEntry) => Promise<unknown>,
  statusOf: (error: unknown) => number | undefined,
  store: OutboxStore = indexedDbStore,
) {
  flushing ??= (async () => {
    const result: FlushResult = { sent: 0, sentKinds: [], refused: 0, refusedKinds: [], retryLater: false };
    try {
      for (const entry of await store.waitingFor(userId)) {
        try {
          await send(entry);
          result.sent++;
          result.sentKinds.push(kindOf(entry));
        } catch (error) {
          const status = statusOf(error);
          // Signed out, or the app lock closed (423): kept until the person is back in.
          if (status === 401 || status === 423) break;
          if (status === undefined || status >= 500 || status === 429) {
            result.retryLater = true;
            break;
          }
          console.warn('The server refused an entry of the outbox', error);
          result.refused++;
          result.refusedKinds.push(kindOf(entry));
        }
        await store.remove(entry.key);
      }
    } finally {
      flushing = null;
    }
    return result;
  })();
  return flushing;
}
