// Prayer requests over REST: create, the atomic prayed counter, answering (by action and by edit), and delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOneIssue, signedInClient, startSignedIn, type ApiClient, type TestServer } from './harness';

let server: TestServer;
let client: ApiClient;
let userId: number;
let contactId: number;

beforeAll(async () => {
  ({
    server,
    client,
    user: { id: userId },
    contactId,
  } = await startSignedIn('intercessor', { contact: 'Epaphroditus' }));
});
afterAll(() => server.close());

async function row(id: number) {
  const [found] = (
    await server.database.readerClient.execute({
      sql: 'select request, answered, answer_date, answer_notes, prayed_count, created_by from prayer_requests where id = ?',
      args: [id],
    })
  ).rows;
  return found;
}
async function ownCount() {
  return Number(
    (await server.database.readerClient.execute({ sql: 'select count(*) as n from prayer_requests where created_by = ?', args: [userId] })).rows[0].n,
  );
}
const create = async (body: Record<string, unknown> = {}) => {
  const res = await client.post('/api/prayer-requests', { contactId, request: 'Recovery from illness', ...body });
  expect(res.status).toBe(201);
  return res.body;
};
const near = (iso: string | null, ms = 60_000) => iso !== null && Math.abs(Date.parse(iso) - Date.now()) < ms;

describe('creating a prayer request', () => {
  it('answers 201 with the request, its contact name and the defaults', async () => {
    const res = await client.post('/api/prayer-requests', { contactId, request: '  Peace at home ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      contactId,
      contactName: 'Epaphroditus',
      request: 'Peace at home',
      date: expect.any(String),
      answered: false,
      answerNotes: null,
      answerDate: null,
      prayedCount: 0,
      createdAt: expect.any(String),
      teamId: null,
      createdBy: userId,
      listId: null,
      teamPrayedThisWeek: 0,
      teamPrayedNames: null,
    });
    expect(near(res.body.date)).toBe(true);
    expect(await row(res.body.id)).toMatchObject({ request: 'Peace at home', answered: 0, prayed_count: 0, created_by: userId });
  });

  it('keeps a given date', async () => {
    const body = await create({ date: '2030-03-04T05:06:07.000Z' });
    expect(body.date).toBe('2030-03-04T05:06:07.000Z');
  });

  it.each([
    ['a missing request', {}, 'request', 'Prayer request is required'],
    ['a blank request', { request: '   ' }, 'request', 'Prayer request is required'],
    ['a bad date', { request: 'Rain', date: 'someday' }, 'date', 'Invalid date format'],
  ])('refuses %s with 400 and the message, writing nothing', async (_, body, path, message) => {
    const before = await ownCount();
    const res = await client.post('/api/prayer-requests', { contactId, ...body });
    expectOneIssue(res, path, message);
    expect(await ownCount()).toBe(before);
  });

  it("answers 404 for another user's contact", async () => {
    const other = await signedInClient(server, 'stranger');
    const theirs = (await other.client.post('/api/contacts', { name: 'Elsewhere' })).body.id;
    const before = await ownCount();
    const res = await client.post('/api/prayer-requests', { contactId: theirs, request: 'Sneaky' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Contact not found', code: 'NOT_FOUND' });
    expect(await ownCount()).toBe(before);
  });

  it('created answered without an answer date gets one of now', async () => {
    const body = await create({ answered: true, answerNotes: 'Healed' });
    expect(body.answered).toBe(true);
    expect(near(body.answerDate)).toBe(true);
    expect(body.answerNotes).toBe('Healed');
  });
});

describe('praying', () => {
  it('POST /:id/pray adds exactly one and answers the updated request', async () => {
    const created = await create();
    const first = await client.post(`/api/prayer-requests/${created.id}/pray`);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ...created, prayedCount: 1 });
    const second = await client.post(`/api/prayer-requests/${created.id}/pray`);
    expect(second.body.prayedCount).toBe(2);
    expect((await row(created.id)).prayed_count).toBe(2);
  });

  it('counts 20 concurrent prayers as exactly 20', async () => {
    const created = await create({ request: 'Many hands' });
    await client.post(`/api/prayer-requests/${created.id}/pray`);
    const results = await Promise.all(Array.from({ length: 20 }, () => client.post(`/api/prayer-requests/${created.id}/pray`)));
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(results.map((r) => r.body.prayedCount).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 2));
    expect((await row(created.id)).prayed_count).toBe(21);
  });

  it("answers 404 praying for another user's request and does not count it", async () => {
    const created = await create();
    const other = await signedInClient(server, 'onlooker');
    const res = await other.client.post(`/api/prayer-requests/${created.id}/pray`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Prayer request not found', code: 'NOT_FOUND' });
    expect((await row(created.id)).prayed_count).toBe(0);
  });
});

describe('answering', () => {
  it('POST /:id/answer sets answered true and answerDate to now', async () => {
    const created = await create();
    const res = await client.post(`/api/prayer-requests/${created.id}/answer`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created, answered: true, answerDate: expect.any(String) });
    expect(near(res.body.answerDate, 10_000)).toBe(true);
    const stored = await row(created.id);
    expect(stored.answered).toBe(1);
    expect(Math.abs(Number(stored.answer_date) - Date.now())).toBeLessThan(10_000);
  });

  it('PUT answered:true without answerDate sets one of now', async () => {
    const created = await create();
    const res = await client.put(`/api/prayer-requests/${created.id}`, { answered: true, answerNotes: 'A new job' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ answered: true, answerNotes: 'A new job' });
    expect(near(res.body.answerDate, 10_000)).toBe(true);
  });

  it('PUT answered:true with an answerDate keeps that date', async () => {
    const created = await create();
    const res = await client.put(`/api/prayer-requests/${created.id}`, { answered: true, answerDate: '2030-08-09T10:11:12.000Z' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ answered: true, answerDate: '2030-08-09T10:11:12.000Z' });
    expect(Number((await row(created.id)).answer_date)).toBe(Date.parse('2030-08-09T10:11:12.000Z'));
  });

  it('PUT answered:false clears the answerDate', async () => {
    const created = await create();
    await client.post(`/api/prayer-requests/${created.id}/answer`);
    const res = await client.put(`/api/prayer-requests/${created.id}`, { answered: false });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ answered: false, answerDate: null });
    const stored = await row(created.id);
    expect(stored.answered).toBe(0);
    expect(stored.answer_date).toBeNull();
  });

  it('PUT changes the request text and leaves the rest', async () => {
    const created = await create();
    const res = await client.put(`/api/prayer-requests/${created.id}`, { request: 'Strength' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created, request: 'Strength' });
  });

  it("refuses a blank request on PUT with 'Prayer request is required' and keeps the row", async () => {
    const created = await create({ request: 'Unchanged' });
    const res = await client.put(`/api/prayer-requests/${created.id}`, { request: '' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Prayer request is required');
    expect((await row(created.id)).request).toBe('Unchanged');
  });
});

describe('deleting', () => {
  it('answers 200 {success:true} and removes the row', async () => {
    const created = await create();
    const res = await client.delete(`/api/prayer-requests/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: created.id });
    expect(await row(created.id)).toBeUndefined();
    expect((await client.get(`/api/prayer-requests/${created.id}`)).status).toBe(404);
    expect((await client.post(`/api/prayer-requests/${created.id}/pray`)).status).toBe(404);
  });

  it("answers 404 deleting another user's request and keeps it", async () => {
    const created = await create();
    const other = await signedInClient(server, 'remover');
    expect((await other.client.delete(`/api/prayer-requests/${created.id}`)).status).toBe(404);
    expect(await row(created.id)).toBeDefined();
  });
});

describe('listing', () => {
  it("lists only the user's requests with contactName, newest date first", async () => {
    const s = await signedInClient(server, 'journal');
    const other = await signedInClient(server, 'journal-other');
    const otherContact = (await other.client.post('/api/contacts', { name: 'Theirs' })).body.id;
    await other.client.post('/api/prayer-requests', { contactId: otherContact, request: 'Not mine' });
    const c = (await s.client.post('/api/contacts', { name: 'Rhoda' })).body.id;
    await s.client.post('/api/prayer-requests', { contactId: c, request: 'Older', date: '2029-01-01' });
    await s.client.post('/api/prayer-requests', { contactId: c, request: 'Newer', date: '2030-01-01' });
    const res = await s.client.get('/api/prayer-requests');
    expect(res.status).toBe(200);
    expect(res.body.map((p: { request: string; contactName: string }) => [p.request, p.contactName])).toEqual([
      ['Newer', 'Rhoda'],
      ['Older', 'Rhoda'],
    ]);
  });
});
