// Idempotent activity creation for the offline outbox: one key, one activity, the same answer every time.
import { describe, expect, it } from 'vitest';
import { outboxKey, usersForFile, type ApiResponse } from './harness';

const {
  server,
  users: [alice, bob],
} = usersForFile(['alice', 'bob']);

const activityCount = (userId: number) => server.count('activities', 'created_by = ?', [userId]);
const contactCount = (userId: number, name: string) => server.count('contacts', 'created_by = ? and name = ?', [userId, name]);

/** A create sent twice with `key`: created (201), the same answer twice, one activity more than `before`, one stored key. */
async function expectCreatedOnce(first: ApiResponse, second: ApiResponse, before: number, key: string) {
  expect(first.status).toBe(201);
  expect(second.body).toEqual(first.body);
  expect(await activityCount(alice.id)).toBe(before + 1);
  expect(await server.count('idempotency_keys', 'user_id = ? and key = ?', [alice.id, key])).toBe(1);
}

describe('an activity created with an idempotency key', () => {
  it('is created once when the same key is sent twice, and both answers are the same', async () => {
    const key = outboxKey();
    const body = { type: 'conversation', contactName: 'Lydia', notes: 'At the river', idempotencyKey: key };
    const before = await activityCount(alice.id);
    const first = await alice.post('/api/activities', body);
    const second = await alice.post('/api/activities', body);
    expect(second.status).toBe(201);
    await expectCreatedOnce(first, second, before, key);
  });

  it('creates its follow-up, prayer request and new contact once too', async () => {
    const key = outboxKey();
    const body = {
      contactName: 'Cornelius',
      followUp: { date: '2031-03-01', description: 'Visit' },
      prayer: { request: 'For his household' },
      idempotencyKey: key,
    };
    const first = await alice.post('/api/activities', body);
    const second = await alice.post('/api/activities', body);
    expect(second.body).toEqual(first.body);
    expect(first.body.followUp.id).toEqual(expect.any(Number));
    expect(await contactCount(alice.id, 'Cornelius')).toBe(1);
    expect(await server.count('follow_ups', 'created_by = ? and description = ?', [alice.id, 'Visit'])).toBe(1);
    expect(await server.count('prayer_requests', 'created_by = ? and request = ?', [alice.id, 'For his household'])).toBe(1);
  });

  it('answers the replay over tRPC with the same result, its dates still dates', async () => {
    const key = outboxKey();
    const input = { json: { contactName: 'Priscilla', date: '2030-06-01T10:00:00.000Z', followUp: { date: '2030-06-08T12:00:00.000Z' }, idempotencyKey: key } };
    const first = await alice.post('/trpc/activities.create', input);
    const second = await alice.post('/trpc/activities.create', input);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const { json, meta } = second.body.result.data;
    expect(json.date).toBe('2030-06-01T10:00:00.000Z');
    expect(meta.values).toMatchObject({ date: ['Date'], 'followUp.date': ['Date'], 'followUp.createdAt': ['Date'] });
  });

  it('creates exactly one activity from 10 concurrent requests with one key', async () => {
    const key = outboxKey();
    const before = await activityCount(alice.id);
    const body = { type: 'gospel_presentation', contactName: 'Concurrent Carl', idempotencyKey: key };
    const answers = await Promise.all(Array.from({ length: 10 }, () => alice.post('/api/activities', body)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await activityCount(alice.id)).toBe(before + 1);
    expect(await contactCount(alice.id, 'Concurrent Carl')).toBe(1);
  });

  it('keeps keys per user: two users sending the same key each get their own activity', async () => {
    const key = outboxKey();
    const body = { contactName: 'Shared Key', idempotencyKey: key };
    const [aliceBefore, bobBefore] = [await activityCount(alice.id), await activityCount(bob.id)];
    const fromAlice = await alice.post('/api/activities', body);
    const fromBob = await bob.post('/api/activities', body);
    expect(fromAlice.status).toBe(201);
    expect(fromBob.status).toBe(201);
    expect(fromBob.body.id).not.toBe(fromAlice.body.id);
    expect(await activityCount(alice.id)).toBe(aliceBefore + 1);
    expect(await activityCount(bob.id)).toBe(bobBefore + 1);
  });

  it('stores nothing for a create that failed, so a corrected retry with the key creates', async () => {
    const key = outboxKey();
    const bobContact = (await bob.post('/api/contacts', { name: 'Not yours' })).body.id;
    const refused = await alice.post('/api/activities', { contactId: bobContact, idempotencyKey: key });
    expect(refused.status).toBe(404);
    expect(await server.count('idempotency_keys', 'user_id = ? and key = ?', [alice.id, key])).toBe(0);
    const retried = await alice.post('/api/activities', { contactName: 'Retry Ruth', idempotencyKey: key });
    expect(retried.status).toBe(201);
    expect(retried.body.contactName).toBe('Retry Ruth');
  });

  it('still creates a new activity for every request without a key', async () => {
    const before = await activityCount(alice.id);
    await alice.post('/api/activities', { contactName: 'No Key' });
    await alice.post('/api/activities', { contactName: 'No Key' });
    expect(await activityCount(alice.id)).toBe(before + 2);
  });

  it.each([
    ['too short', 'abc1234'],
    ['too long', 'k'.repeat(101)],
    ['with a space', 'outbox key 1'],
    ['with a slash', 'outbox/key/1'],
  ])('refuses a key %s with 400 and creates nothing', async (_, key) => {
    const before = await activityCount(alice.id);
    const res = await alice.post('/api/activities', { contactName: 'Bad Key', idempotencyKey: key });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Idempotency key must be 8 to 100 letters, digits, - or _',
      code: 'BAD_REQUEST',
      issues: [{ path: 'idempotencyKey', message: 'Idempotency key must be 8 to 100 letters, digits, - or _' }],
    });
    expect(await activityCount(alice.id)).toBe(before);
  });
});

describe('the Idempotency-Key header on POST /api/activities', () => {
  it('works like the body field', async () => {
    const key = outboxKey();
    const before = await activityCount(alice.id);
    const first = await alice.request('POST', '/api/activities', { contactName: 'Header Hannah' }, { 'Idempotency-Key': key });
    const second = await alice.request('POST', '/api/activities', { contactName: 'Header Hannah' }, { 'Idempotency-Key': key });
    await expectCreatedOnce(first, second, before, key);
  });

  it('is the same key as the body field: a replay may use either', async () => {
    const key = outboxKey();
    const first = await alice.post('/api/activities', { contactName: 'Either Way', idempotencyKey: key });
    const second = await alice.request('POST', '/api/activities', { contactName: 'Either Way' }, { 'Idempotency-Key': key });
    expect(second.body).toEqual(first.body);
  });

  it('gives way to a key in the body', async () => {
    const bodyKey = outboxKey();
    const headerKey = outboxKey();
    await alice.request('POST', '/api/activities', { contactName: 'Body Wins', idempotencyKey: bodyKey }, { 'Idempotency-Key': headerKey });
    expect(await server.count('idempotency_keys', 'user_id = ? and key = ?', [alice.id, bodyKey])).toBe(1);
    expect(await server.count('idempotency_keys', 'user_id = ? and key = ?', [alice.id, headerKey])).toBe(0);
  });

  it('is validated like the body field', async () => {
    const res = await alice.request('POST', '/api/activities', { contactName: 'Bad Header' }, { 'Idempotency-Key': 'short' });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'idempotencyKey', message: 'Idempotency key must be 8 to 100 letters, digits, - or _' }]);
  });
});
