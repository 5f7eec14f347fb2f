import { describe, expect, it, vi } from 'vitest';
import { flushOutbox, newIdempotencyKey, type OutboxEntry, type OutboxStore } from '../../src/lib/outbox';

/** An in-memory outbox holding entries of two users. */
function memoryStore(entries: OutboxEntry[]): OutboxStore & { entries: OutboxEntry[] } {
  return {
    entries,
    waitingFor: async (userId) => entries.filter((e) => e.userId === userId),
    async remove(key) {
      entries.splice(
        entries.findIndex((e) => e.key === key),
        1,
      );
    },
  };
}

const entry = (key: string, userId = 1): OutboxEntry => ({ key, userId, input: { contactName: key, type: 'conversation' }, queuedAt: new Date() });
class HttpFailure extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}
const statusOf = (error: unknown) => (error instanceof HttpFailure ? error.status : undefined);

describe('flushOutbox', () => {
  it("sends the user's entries in order with their keys and empties the outbox of them only", async () => {
    const store = memoryStore([entry('a'), entry('other', 2), entry('b')]);
    const sent: string[] = [];
    const result = await flushOutbox(1, async (e) => void sent.push(e.key), statusOf, store);
    expect(result).toEqual({ sent: 2, sentKinds: ['activity', 'activity'], refused: 0, refusedKinds: [], retryLater: false });
    expect(sent).toEqual(['a', 'b']);
    expect(store.entries.map((e) => e.key)).toEqual(['other']);
  });

  it('sends follow-ups and prayer requests in the order they were added, each reported by its kind', async () => {
    const followUp: OutboxEntry = {
      kind: 'followUp',
      key: 'f',
      userId: 1,
      contactName: 'Pilar',
      input: { contactId: 3, date: new Date(), description: 'Call' },
      queuedAt: new Date(),
    };
    const prayer: OutboxEntry = { kind: 'prayer', key: 'p', userId: 1, contactName: 'Pilar', input: { contactId: 3, request: 'Health' }, queuedAt: new Date() };
    const store = memoryStore([entry('a'), followUp, prayer]);
    const sent: string[] = [];
    const result = await flushOutbox(1, async (e) => void sent.push(`${e.kind ?? 'activity'}:${e.key}`), statusOf, store);
    expect(sent).toEqual(['activity:a', 'followUp:f', 'prayer:p']);
    expect(result.sentKinds).toEqual(['activity', 'followUp', 'prayer']);
    expect(store.entries).toEqual([]);
  });

  it.each([
    ['no connection', new TypeError('Failed to fetch'), true],
    ['a server error', new HttpFailure(503), true],
    ['an expired session', new HttpFailure(401), false],
    ['a locked session (issue 47)', new HttpFailure(423), false],
    ['a rate limit', new HttpFailure(429), true],
  ])('stops at %s and keeps that entry and the rest for the next flush', async (_, failure, retryLater) => {
    const store = memoryStore([entry('a'), entry('b'), entry('c')]);
    const send = vi.fn(async (e: OutboxEntry) => {
      if (e.key === 'b') throw failure;
    });
    // Retried by itself only where waiting helps; after a 401 the next flush comes with the next sign-in, after a 423
    // with the unlock.
    expect(await flushOutbox(1, send, statusOf, store)).toMatchObject({ sent: 1, refused: 0, retryLater });
    expect(send).toHaveBeenCalledTimes(2);
    expect(store.entries.map((e) => e.key)).toEqual(['b', 'c']);
  });

  it('drops an entry the server refuses for good (400) and goes on with the rest', async () => {
    const store = memoryStore([entry('bad'), entry('good')]);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const result = await flushOutbox(
      1,
      async (e) => {
        if (e.key === 'bad') throw new HttpFailure(400);
      },
      statusOf,
      store,
    );
    warn.mockRestore();
    expect(result).toMatchObject({ sent: 1, refused: 1, retryLater: false });
    expect(store.entries).toEqual([]);
  });

  it('runs one flush at a time: a second call while one runs joins it and sends nothing twice', async () => {
    const store = memoryStore([entry('a'), entry('b')]);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const send = vi.fn(async () => gate);
    const first = flushOutbox(1, send, statusOf, store);
    const second = flushOutbox(1, send, statusOf, store);
    expect(second).toBe(first);
    release();
    expect(await first).toMatchObject({ sent: 2, refused: 0, retryLater: false });
    expect(send).toHaveBeenCalledTimes(2);
    // Once finished, a new flush starts afresh (and finds nothing).
    expect(await flushOutbox(1, send, statusOf, store)).toEqual({ sent: 0, sentKinds: [], refused: 0, refusedKinds: [], retryLater: false });
  });
});

describe('newIdempotencyKey', () => {
  it('gives 32 hex digits the server accepts, different every time', () => {
    const keys = new Set(Array.from({ length: 100 }, newIdempotencyKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});
