// The query cache kept on the device (decision 027): which reads are kept, how lists are trimmed, whose entries come
// back after a restart, one write per burst of changes, and nothing left of a user after sign-out or another sign-in.
import { QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropKeptQueries, keepQueries, restoreKeptQueries, stopKeeping, WRITE_DELAY_MS, type KeptStore } from '../../src/lib/persistedCache';
import { isKept, KEPT_FOR_MS, KEPT_PAGES, keptData, MAX_KEPT_QUERIES, sortKept, type KeptEntry } from '../../src/lib/persistence';
import { trpc } from '../../src/lib/trpc';

const sessionKey = getQueryKey(trpc.auth.me, undefined, 'query');
const namesKey = getQueryKey(trpc.contacts.names, undefined, 'query');
const listKey = (input: object) => getQueryKey(trpc.activities.list, input as never, 'infinite');
const ok = { status: 'success' as const, data: [] };

describe('which reads are kept', () => {
  it('keeps the screens’ reads with data', () => {
    expect(isKept(namesKey, ok)).toBe(true);
    expect(isKept(listKey({ limit: 50 }), ok)).toBe(true);
    expect(isKept(getQueryKey(trpc.dashboard.summary, { upcomingFrom: new Date() }, 'query'), ok)).toBe(true);
  });

  it('never keeps the session, the calendar feed (its token), quick search, or a read without data', () => {
    expect(isKept(sessionKey, ok)).toBe(false);
    expect(isKept(getQueryKey(trpc.calendar.status, undefined, 'query'), ok)).toBe(false);
    expect(isKept(getQueryKey(trpc.search.quick, { q: 'ana' }, 'query'), ok)).toBe(false);
    expect(isKept(namesKey, { status: 'pending', data: undefined })).toBe(false);
    expect(isKept(namesKey, { status: 'error', data: [] })).toBe(false);
    expect(isKept(['not', 'trpc'], ok)).toBe(false);
  });

  it('does not keep a list searched by what was typed', () => {
    expect(isKept(getQueryKey(trpc.contacts.list, { q: 'ramon', limit: 60 }, 'infinite'), ok)).toBe(false);
    expect(isKept(getQueryKey(trpc.contacts.list, { q: '', limit: 60 }, 'infinite'), ok)).toBe(true);
  });

  it(`keeps a list's first ${KEPT_PAGES} pages only`, () => {
    const data = { pages: [[1], [2], [3], [4]], pageParams: [undefined, 1, 2, 3] };
    expect(keptData(data)).toEqual({ pages: [[1], [2]], pageParams: [undefined, 1] });
    expect(keptData({ pages: [[1]], pageParams: [undefined] })).toEqual({ pages: [[1]], pageParams: [undefined] });
    expect(keptData([1, 2, 3])).toEqual([1, 2, 3]);
  });
});

describe('which kept entries come back', () => {
  const now = Date.UTC(2030, 0, 10);
  const entry = (hash: string, owner: number, age = 0, build = 'b1'): KeptEntry => ({
    hash,
    owner,
    build,
    query: { queryHash: hash, state: { dataUpdatedAt: now - age } },
  });

  it('only the remembered user’s, of this build, within the age limit; the rest is deleted', () => {
    const entries = [entry('mine', 1), entry('theirs', 2), entry('old', 1, KEPT_FOR_MS + 1), entry('other build', 1, 0, 'b0'), entry('a week', 1, KEPT_FOR_MS)];
    const { restore, drop } = sortKept(entries, { owner: 1, build: 'b1', now });
    expect(restore.map((e) => e.hash)).toEqual(['mine', 'a week']);
    expect(drop.sort()).toEqual(['old', 'other build', 'theirs']);
  });

  it('nothing when nobody is remembered (after logout or a 401), and all is deleted', () => {
    const { restore, drop } = sortKept([entry('a', 1), entry('b', 2)], { owner: undefined, build: 'b1', now });
    expect(restore).toEqual([]);
    expect(drop.sort()).toEqual(['a', 'b']);
  });

  it(`the newest ${MAX_KEPT_QUERIES} at most`, () => {
    const entries = Array.from({ length: MAX_KEPT_QUERIES + 5 }, (_, i) => entry(`q${i}`, 1, i * 1000));
    const { restore, drop } = sortKept(entries, { owner: 1, build: 'b1', now });
    expect(restore).toHaveLength(MAX_KEPT_QUERIES);
    expect(drop).toEqual(['q300', 'q301', 'q302', 'q303', 'q304']);
  });
});

/** The store as a Map, counting writes. */
function memoryStore() {
  const entries = new Map<string, Parameters<KeptStore['write']>[0][number]>();
  const store: KeptStore & { entries: typeof entries; writes: number } = {
    entries,
    writes: 0,
    all: async () => [...entries.values()].map((entry) => structuredClone(entry)),
    async write(put, remove) {
      store.writes++;
      for (const hash of remove) entries.delete(hash);
      for (const entry of put) entries.set(entry.hash, structuredClone(entry));
    },
    async clear() {
      entries.clear();
    },
  };
  return store;
}

const alice = { id: 1, username: 'alice' };
const bob = { id: 2, username: 'bob' };
const contact = { id: 7, name: 'Pilar', createdAt: new Date('2030-01-02T03:04:05Z') };

describe('keeping the cache', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
  afterEach(async () => {
    vi.useRealTimers();
    await dropKeptQueries(memoryStore());
  });

  async function signedIn(user: { id: number; username: string } | null, store = memoryStore()) {
    const client = new QueryClient();
    client.setQueryData(sessionKey, user);
    keepQueries(client, store, 'b1');
    client.setQueryData(sessionKey, user);
    return { client, store };
  }

  it('writes the changes of a second at once, then restores them for the same user with their Dates', async () => {
    const { client, store } = await signedIn(alice);
    for (let i = 0; i < 50; i++) client.setQueryData(namesKey, [{ ...contact, id: i }]);
    client.setQueryData(listKey({ limit: 50 }), { pages: [[contact], [contact], [contact]], pageParams: [undefined, 1, 2] });
    client.setQueryData(getQueryKey(trpc.calendar.status, undefined, 'query'), { enabled: true, url: '/api/calendar/secret-token.ics' });
    expect(store.writes).toBe(0);
    await vi.advanceTimersByTimeAsync(WRITE_DELAY_MS);
    expect(store.writes).toBe(1);
    expect(store.entries.size).toBe(2);
    expect(JSON.stringify([...store.entries.values()])).not.toContain('secret-token');

    const restarted = new QueryClient();
    expect(await restoreKeptQueries(restarted, store, { owner: alice.id, build: 'b1', now: Date.now() })).toBe(2);
    const names = restarted.getQueryData<(typeof contact)[]>(namesKey);
    expect(names?.[0].id).toBe(49);
    expect(names?.[0].createdAt).toBeInstanceOf(Date);
    // Asked for again as soon as a screen shows it online, however recent it was.
    expect(restarted.getQueryCache().find({ queryKey: namesKey })?.state.isInvalidated).toBe(true);
    expect(restarted.getQueryData<{ pages: unknown[] }>(listKey({ limit: 50 }))?.pages).toHaveLength(KEPT_PAGES);
  });

  it('restores nothing of one user for another, and deletes it', async () => {
    const { client, store } = await signedIn(alice);
    client.setQueryData(namesKey, [contact]);
    await vi.advanceTimersByTimeAsync(WRITE_DELAY_MS);
    const restarted = new QueryClient();
    expect(await restoreKeptQueries(restarted, store, { owner: bob.id, build: 'b1', now: Date.now() })).toBe(0);
    expect(restarted.getQueryData(namesKey)).toBeUndefined();
    await vi.runAllTimersAsync();
    expect(store.entries.size).toBe(0);
  });

  it('deletes what was kept, and writes nothing pending, once the user is signed out', async () => {
    const { client, store } = await signedIn(alice);
    client.setQueryData(namesKey, [contact]);
    await vi.advanceTimersByTimeAsync(WRITE_DELAY_MS);
    expect(store.entries.size).toBe(1);
    client.setQueryData(namesKey, [contact, { ...contact, id: 8 }]);
    client.setQueryData(sessionKey, null);
    await vi.advanceTimersByTimeAsync(WRITE_DELAY_MS * 2);
    expect(store.entries.size).toBe(0);
  });

  it('drops the cache and what was kept when another user signs in', async () => {
    const { client, store } = await signedIn(alice);
    client.setQueryData(namesKey, [contact]);
    await vi.advanceTimersByTimeAsync(WRITE_DELAY_MS);
    client.setQueryData(sessionKey, bob);
    await vi.advanceTimersByTimeAsync(WRITE_DELAY_MS);
    expect(client.getQueryData(namesKey)).toBeUndefined();
    expect(store.entries.size).toBe(0);
    client.setQueryData(namesKey, [{ id: 9, name: 'Bob’s contact' }]);
    await vi.advanceTimersByTimeAsync(WRITE_DELAY_MS);
    expect([...store.entries.values()].map((e) => e.owner)).toEqual([bob.id]);
  });

  it('a logout waits for a write already queued, and nothing is left after it', async () => {
    const { client, store } = await signedIn(alice);
    client.setQueryData(namesKey, [contact]);
    const pending = keepQueries(client).flush();
    await dropKeptQueries(store);
    await pending;
    expect(store.entries.size).toBe(0);
  });

  // Last in the file: once stopped, nothing is kept again until the page is loaded afresh.
  it('"Forget this device" stops every write, even while the cache still says someone is signed in', async () => {
    const { client, store } = await signedIn(alice);
    client.setQueryData(namesKey, [contact]);
    const pending = keepQueries(client).flush();
    await stopKeeping(store);
    await pending;
    expect(store.entries.size).toBe(0);
    // The page is left (pagehide flushes) and a read lands after the wipe, with the session still in memory.
    client.setQueryData(namesKey, [contact, { ...contact, id: 8 }]);
    await keepQueries(client).flush();
    await vi.advanceTimersByTimeAsync(WRITE_DELAY_MS * 2);
    expect(store.entries.size).toBe(0);
  });
});
