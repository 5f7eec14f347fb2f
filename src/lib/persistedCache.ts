// The query cache kept in IndexedDB (decision 027), so what the user last saw stays readable after a restart offline:
// restored before the first render, written a second after it changes (one small write per changed read, never the
// whole cache), dropped on logout, on a 401 and when another user signs in. Loaded on demand: /login's first visit
// carries none of it. What is kept, and whether anything is, is decided in persistence.ts.
import { dehydrateQuery, hydrate, type Query, type QueryClient, type QueryState } from '@tanstack/react-query';
import { isKept, keepsDataOnDevice, keptData, KEPT_FOR_MS, procedureOf, sortKept, type KeptEntry } from './persistence';
import { sessionUserOrUnknown, signedInUser, storedUserId } from './session';
import { objectStore } from './idb';

type Entry = KeptEntry<ReturnType<typeof dehydrateQuery>>;

/** Where the entries live: IndexedDB in the app, a Map in the unit tests. */
export interface KeptStore {
  all(): Promise<Entry[]>;
  write(put: Entry[], remove: string[]): Promise<void>;
  clear(): Promise<void>;
}

const DB_NAME = 'sower-cache';
const STORE = 'queries';
/** One transaction, resolved once it has committed; transactions on the store run in the order they were opened. */
const transaction = objectStore(DB_NAME, STORE, 'hash');

const indexedDbStore: KeptStore = {
  all: async () => ((await transaction('readonly', (store) => store.getAll())) ?? []) as Entry[],
  write: async (put, remove) => {
    await transaction('readwrite', (store) => {
      for (const hash of remove) store.delete(hash);
      // Structured clone keeps the answers' Dates as Dates, without a serializer. The clone is the part of a write
      // that holds the main thread: measured, for docs/performance.md.
      const started = performance.now();
      for (const entry of put) store.put(entry);
      if (put.length > 0) performance.measure('sower:cache-write', { start: started, detail: { entries: put.length } });
    });
  },
  clear: async () => void (await transaction('readwrite', (store) => store.clear())),
};

/**
 * This build of the app, from its entry script's hashed name: a release may change the shape of an answer, and a kept
 * answer is only ever read by the code that wrote it.
 */
export function buildId(): string {
  const entry = typeof document === 'undefined' ? null : document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return entry ? new URL(entry.src).pathname : 'dev';
}

/** Whose data the cache holds: set by the restore and by each signed-in user; another user means drop it all. */
let owner: number | undefined;

/**
 * Puts the remembered user's kept reads back into the cache and deletes every other entry (another user's, too old,
 * of another build). Resolves with how many came back. Restored reads stay in memory as long as they may be kept, so
 * a screen opened minutes later offline still has them.
 */
export async function restoreKeptQueries(
  queryClient: QueryClient,
  store: KeptStore = indexedDbStore,
  who = { owner: storedUserId(), build: buildId(), now: Date.now() },
): Promise<number> {
  const started = performance.now();
  const entries = await store.all();
  const { restore, drop } = sortKept(entries, who);
  if (drop.length > 0) void store.write([], drop).catch((error) => console.warn('Old kept data could not be deleted', error));
  if (restore.length === 0) return 0;
  owner = who.owner;
  hydrate(queryClient, { queries: restore.map((entry) => entry.query) }, { defaultOptions: { queries: { gcTime: KEPT_FOR_MS } } });
  // Read by the offline browser test and by anyone profiling a start (docs/performance.md).
  performance.measure('sower:cache-restore', { start: started, detail: { entries: restore.length } });
  return restore.length;
}

/** Waits this long after a change, gathering the changes of a screen's reads into one write. */
export const WRITE_DELAY_MS = 1000;

/** The store's writes and deletions, one after the other: a deletion is never overtaken by a write queued before it. */
let queue: Promise<void> = Promise.resolve();
function enqueue(step: () => Promise<void> | undefined, failure: string) {
  queue = queue.then(step).catch((error) => console.warn(failure, error));
  return queue;
}

/** Set by 'Forget this device': from then until the page is loaded afresh, nothing is written to the store. */
let stopped = false;

const keeping = new Map<QueryClient, { flush(): Promise<void>; forget(): void }>();

/** The read as stored: its state without the moment's fetch details (an error, a failure reason), its list trimmed, stale. */
function entryOf(query: Query, userId: number, build: string): Entry {
  const dehydrated = dehydrateQuery(query);
  const state: QueryState = {
    ...dehydrated.state,
    data: keptData(query.state.data),
    error: null,
    fetchFailureReason: null,
    fetchFailureCount: 0,
    fetchMeta: null,
    fetchStatus: 'idle',
    // Back after a restart, it is asked for again as soon as a screen shows it online; offline it waits, shown.
    isInvalidated: true,
  };
  return { hash: query.queryHash, owner: userId, build, query: { ...dehydrated, state } };
}

/**
 * Writes each kept read a second after it got new data (WRITE_DELAY_MS: a screen's reads land together; the write is
 * one IndexedDB transaction of the changed reads only), and at once when the page is hidden or closed. Signed out,
 * nothing is written and what was kept is deleted; another user signing in drops the cache and what was kept.
 * Started once per client.
 */
export function keepQueries(queryClient: QueryClient, store: KeptStore = indexedDbStore, build = buildId()) {
  const started = keeping.get(queryClient);
  if (started) return started;
  const changed = new Map<string, Query>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  const forget = () => {
    clearTimeout(timer);
    timer = undefined;
    changed.clear();
  };
  const flush = () => {
    const queries = [...changed.values()];
    forget();
    const user = signedInUser(queryClient);
    if (stopped || !user || user.id !== owner || !keepsDataOnDevice() || queries.length === 0) return queue;
    const entries = queries.filter((query) => isKept(query.queryKey, query.state)).map((query) => entryOf(query, user.id, build));
    // Still theirs when its turn comes: a logout queued meanwhile wins.
    return enqueue(() => (owner === user.id && !stopped ? store.write(entries, []) : undefined), 'The cache could not be kept on this device');
  };

  /** Who is signed in now, as the cache says; undefined while the session check has not answered. */
  const currentSession = () => {
    const session = sessionUserOrUnknown(queryClient);
    if (session === undefined) return undefined;
    if (session?.id !== owner) {
      const previous = owner;
      owner = session?.id;
      forget();
      if (previous !== undefined) {
        // Signed out, or someone else signed in: nothing of the previous user's stays, in memory or on the device.
        // Deferred: the cache is still notifying about the change that told us.
        if (session) setTimeout(() => queryClient.removeQueries({ predicate: (query) => procedureOf(query.queryKey) !== 'auth.me' }), 0);
        void enqueue(() => store.clear(), 'The kept cache could not be deleted');
      }
    }
    return session;
  };
  const landed = (query: Query) => {
    if (!isKept(query.queryKey, query.state)) return;
    changed.set(query.queryHash, query);
    timer ??= setTimeout(() => void flush(), WRITE_DELAY_MS);
  };

  queryClient.getQueryCache().subscribe((event) => {
    // Nothing is decided while the session check has not answered.
    const session = currentSession();
    if (!session || event.type !== 'updated' || event.action.type !== 'success') return;
    landed(event.query);
  });
  // A screen the server rendered put its reads in the cache before this started (src/main.tsx): kept as if they had
  // just landed.
  if (currentSession()) for (const query of queryClient.getQueryCache().getAll()) if (query.state.status === 'success') landed(query);
  if (typeof window !== 'undefined') {
    // A tab closed, a phone switching apps: what changed in the last second is written now.
    window.addEventListener('pagehide', () => void flush());
    document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && void flush());
  }
  const handle = { flush, forget };
  keeping.set(queryClient, handle);
  return handle;
}

/** Logout, a 401, the switch turned off: nothing of the user's reads stays on this device. */
export function dropKeptQueries(store: KeptStore = indexedDbStore): Promise<void> {
  owner = undefined;
  for (const handle of keeping.values()) handle.forget();
  return enqueue(() => store.clear(), 'The kept cache could not be deleted');
}

/**
 * 'Forget this device', before its wipe: no write is queued from now on, even while the query cache still holds the
 * session (a read landing, the page being left), and what was kept is deleted. Resolves once every write queued before
 * it has ended, so the wipe that follows is the last word.
 */
export function stopKeeping(store: KeptStore = indexedDbStore): Promise<void> {
  stopped = true;
  return dropKeptQueries(store);
}
