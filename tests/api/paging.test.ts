// Keyset paging of the lists: pages in the list's order, no row twice or lost, foreign cursors reveal nothing; whole lists sent a page at a time.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, startSignedIn, type ApiClient, type TestServer } from './harness';

let server: TestServer;
let me: ApiClient;
let other: ApiClient;
let contactId: number;

beforeAll(async () => {
  ({ server, client: me, contactId } = await startSignedIn('pager', { contact: 'Zacchaeus' }));
  ({ client: other } = await signedInClient(server, 'stranger'));
  for (let i = 0; i < 23; i++) {
    // Several activities share a date, so the id must break ties.
    const day = String(1 + Math.floor(i / 3)).padStart(2, '0');
    await me.post('/api/activities', { type: 'conversation', contactId, date: `2026-03-${day}T10:00:00Z`, notes: `n${i}` });
  }
  for (const name of ['anna', 'Bartimaeus', 'cornelius', 'Dorcas', 'eunice']) await me.post('/api/contacts', { name });
});
afterAll(() => server.close());

async function allPages(path: string, limit: number) {
  const seen: { id: number }[] = [];
  let cursor: number | undefined;
  for (let guard = 0; guard < 50; guard++) {
    const res = await me.get(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status).toBe(200);
    seen.push(...res.body);
    if (res.body.length < limit) return seen;
    cursor = res.body.at(-1).id;
  }
  throw new Error('paging did not end');
}

describe('list paging', () => {
  it('returns every row without limit, as the REST contract says', async () => {
    expect((await me.get('/api/activities')).body).toHaveLength(23);
  });

  it('pages activities newest first with no row twice or missing', async () => {
    const whole = (await me.get('/api/activities')).body.map((a: { id: number }) => a.id);
    const paged = (await allPages('/api/activities', 5)).map((a) => a.id);
    expect(paged).toEqual(whole);
  });

  it('pages contacts alphabetically ignoring case', async () => {
    const names = (await allPages('/api/contacts', 2)).map((c) => (c as unknown as { name: string }).name);
    expect(names).toEqual(['anna', 'Bartimaeus', 'cornelius', 'Dorcas', 'eunice', 'Zacchaeus']);
  });

  it('filters follow-ups by completion and prayer requests by answer', async () => {
    const a = await me.post('/api/followups', { contactId, date: '2027-01-02', type: 'phone', description: 'later' });
    await me.post('/api/followups', { contactId, date: '2027-01-01', type: 'phone', description: 'sooner' });
    await me.post(`/api/followups/${a.body.id}/complete`);
    const pending = (await me.get('/api/followups?completed=false')).body;
    expect(pending.map((f: { description: string }) => f.description)).toEqual(['sooner']);
    expect((await me.get('/api/followups?completed=true')).body).toHaveLength(1);

    const p = await me.post('/api/prayer-requests', { contactId, request: 'healing' });
    await me.post('/api/prayer-requests', { contactId, request: 'work' });
    await me.post(`/api/prayer-requests/${p.body.id}/answer`);
    expect((await me.get('/api/prayer-requests?answered=true')).body.map((r: { request: string }) => r.request)).toEqual(['healing']);
  });

  it("answers nothing after a cursor that names someone else's row", async () => {
    const theirs = await other.post('/api/contacts', { name: 'Aaron' });
    const res = await me.get(`/api/contacts?limit=10&cursor=${theirs.body.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('rejects a bad limit with 400', async () => {
    for (const limit of ['0', '1001', 'many']) expect((await me.get(`/api/activities?limit=${limit}`)).status).toBe(400);
  });
});

describe('whole lists past one page', () => {
  let reader: ApiClient;
  let readerId: number;

  beforeAll(async () => {
    const signedIn = await signedInClient(server, 'whole');
    reader = signedIn.client;
    readerId = signedIn.user.id;
    const contact = (await reader.post('/api/contacts', { name: 'Lydia' })).body.id;
    // 2,250 follow-ups (more than two pages of the largest size), many on the same day, half of them completed.
    const values = Array.from(
      { length: 2250 },
      (_, i) => `(${contact}, ${Date.UTC(2027, 0, 1 + Math.floor(i / 4))}, 'visit ${i}', 'phone', ${i % 2}, ${readerId})`,
    );
    await server.database.write((tx) =>
      tx.run(sql.raw(`insert into follow_ups (contact_id, date, description, type, completed, created_by) values ${values.join(', ')}`)),
    );
  });

  it('sends every row once, in order, as one JSON array, when no limit is given', async () => {
    const res = await reader.get('/api/followups');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body).toHaveLength(2250);
    const keys = res.body.map((f: { date: string; id: number }) => [f.date, f.id]);
    expect(keys).toEqual([...keys].sort((a, b) => (a[0] === b[0] ? a[1] - b[1] : a[0] < b[0] ? -1 : 1)));
    expect(new Set(res.body.map((f: { id: number }) => f.id)).size).toBe(2250);
  });

  it('keeps the filter on every page', async () => {
    const pending = (await reader.get('/api/followups?completed=false')).body;
    expect(pending).toHaveLength(1125);
    expect(pending.every((f: { completed: boolean }) => !f.completed)).toBe(true);
  });

  it('answers an empty list as []', async () => {
    const { client } = await signedInClient(server, 'empty');
    const res = await client.get('/api/followups');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('still answers 400 for a bad filter before sending anything', async () => {
    const res = await reader.get('/api/followups?completed=perhaps');
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('BAD_REQUEST');
  });

  it('keeps serving after a client hangs up part way through a long list', async () => {
    const controller = new AbortController();
    const response = await fetch(`${server.baseUrl}/api/followups`, { headers: { Cookie: reader.cookie }, signal: controller.signal });
    await response.body!.getReader().read();
    controller.abort();
    expect((await reader.get('/api/followups?limit=5')).body).toHaveLength(5);
  });
});
