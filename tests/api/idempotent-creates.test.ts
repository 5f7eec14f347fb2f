// Follow-ups and prayer requests created with an idempotency key (the offline outbox sends them too, issue 28): one key,
// one row and the same answer, over REST (body or Idempotency-Key header) and tRPC, repeated, concurrent and inside one
// batch; a key reused with another request is refused with 422 and creates nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxKey, startUsers, type ApiClient, type TestServer } from './harness';
import { trpcBatch } from './trpc';

let server: TestServer;
let alice: ApiClient;
let aliceId: number;
let bob: ApiClient;
let contactId: number;

beforeAll(async () => {
  ({
    server,
    clients: [alice, bob],
    ids: [aliceId],
    contactId,
  } = await startUsers(['alice', 'bob'], { contact: 'Keyed Contact' }));
});
afterAll(() => server.close());

const kinds = [
  {
    name: 'a follow-up',
    path: '/api/followups',
    procedure: 'followUps.create',
    table: 'follow_ups',
    body: (description: string) => ({ contactId, date: '2031-05-01T09:00:00.000Z', description }),
    other: (description: string) => ({ contactId, date: '2031-06-01T09:00:00.000Z', description }),
    rows: (text: string) => server.count('follow_ups', 'created_by = ? and description = ?', [aliceId, text]),
  },
  {
    name: 'a prayer request',
    path: '/api/prayer-requests',
    procedure: 'prayerRequests.create',
    table: 'prayer_requests',
    body: (request: string) => ({ contactId, request, date: '2031-05-01T09:00:00.000Z' }),
    other: (request: string) => ({ contactId, request: `${request} (changed)`, date: '2031-05-01T09:00:00.000Z' }),
    rows: (text: string) => server.count('prayer_requests', 'created_by = ? and request like ?', [aliceId, `${text}%`]),
  },
] as const;

describe.each(kinds)('$name created with an idempotency key', ({ path, procedure, body, other, rows }) => {
  it('is created once when the same key is sent twice in the body, and both answers are the same', async () => {
    const key = outboxKey();
    const first = await alice.post(path, { ...body(`twice ${key}`), idempotencyKey: key });
    const second = await alice.post(path, { ...body(`twice ${key}`), idempotencyKey: key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await rows(`twice ${key}`)).toBe(1);
  });

  it('takes the key from the Idempotency-Key header too, the body winning over it', async () => {
    const key = outboxKey();
    const first = await alice.request('POST', path, body(`header ${key}`), { 'Idempotency-Key': key });
    const second = await alice.post(path, { ...body(`header ${key}`), idempotencyKey: key });
    expect(first.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(await rows(`header ${key}`)).toBe(1);
    const bodyKey = outboxKey();
    await alice.request('POST', path, { ...body(`both ${bodyKey}`), idempotencyKey: bodyKey }, { 'Idempotency-Key': outboxKey() });
    expect(await server.count('idempotency_keys', 'user_id = ? and key = ?', [aliceId, bodyKey])).toBe(1);
  });

  it('creates once from 10 concurrent requests with one key', async () => {
    const key = outboxKey();
    const answers = await Promise.all(Array.from({ length: 10 }, () => alice.post(path, { ...body(`racing ${key}`), idempotencyKey: key })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await rows(`racing ${key}`)).toBe(1);
  });

  it('creates once when one tRPC batch carries the same create three times, with dates still dates', async () => {
    const key = outboxKey();
    const input = { ...body(`batched ${key}`), idempotencyKey: key };
    const res = await trpcBatch(
      alice,
      [0, 1, 2].map(() => ({ path: procedure, input })),
    );
    expect(res.status).toBe(200);
    const results = (res.body as { result: { data: { json: { id: number; date: string }; meta?: { values: Record<string, string[]> } } } }[]).map(
      (r) => r.result.data,
    );
    expect(new Set(results.map((r) => r.json.id)).size).toBe(1);
    expect(results[2].meta?.values.date).toEqual(['Date']);
    expect(await rows(`batched ${key}`)).toBe(1);
  });

  it('refuses a key reused with another request with 422 and creates nothing; the first request still answers', async () => {
    const key = outboxKey();
    const first = await alice.post(path, { ...body(`reused ${key}`), idempotencyKey: key });
    expect(first.status).toBe(201);
    const changed = await alice.request('POST', path, other(`reused ${key}`), { 'Idempotency-Key': key });
    expect(changed.status).toBe(422);
    expect(changed.body).toEqual({ message: 'This idempotency key was already used for a different request', code: 'UNPROCESSABLE_CONTENT' });
    expect(await rows(`reused ${key}`)).toBe(1);
    const again = await alice.post(path, { ...body(`reused ${key}`), idempotencyKey: key });
    expect(again.body.id).toBe(first.body.id);
  });

  it('refuses two different requests racing with one key: one 201, one 422', async () => {
    const key = outboxKey();
    const [a, b] = await Promise.all([
      alice.post(path, { ...body(`raceA ${key}`), idempotencyKey: key }),
      alice.post(path, { ...other(`raceB ${key}`), idempotencyKey: key }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 422]);
    expect((await rows(`raceA ${key}`)) + (await rows(`raceB ${key}`))).toBe(1);
  });

  it('refuses a key already used for an activity', async () => {
    const key = outboxKey();
    expect((await alice.post('/api/activities', { contactId, idempotencyKey: key })).status).toBe(201);
    const res = await alice.post(path, { ...body(`after activity ${key}`), idempotencyKey: key });
    expect(res.status).toBe(422);
    expect(await rows(`after activity ${key}`)).toBe(0);
  });

  it('stores nothing for a create that failed (another user’s contact), so a corrected retry with the key creates', async () => {
    const key = outboxKey();
    const bobContact = (await bob.post('/api/contacts', { name: 'Not yours' })).body.id;
    const refused = await alice.post(path, { ...body(`retry ${key}`), contactId: bobContact, idempotencyKey: key });
    expect(refused.status).toBe(404);
    expect(await server.count('idempotency_keys', 'user_id = ? and key = ?', [aliceId, key])).toBe(0);
    expect((await alice.post(path, { ...body(`retry ${key}`), idempotencyKey: key })).status).toBe(201);
  });

  it('validates the key like an activity’s: 400 and nothing created', async () => {
    const res = await alice.request('POST', path, body('bad key'), { 'Idempotency-Key': 'short' });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'idempotencyKey', message: 'Idempotency key must be 8 to 100 letters, digits, - or _' }]);
    expect(await rows('bad key')).toBe(0);
  });
});
