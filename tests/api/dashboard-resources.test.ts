// Dashboard stats (totals and 30-day trends, per user) over REST and tRPC, and the resource library.
import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile, signedInClient, type ApiClient } from './harness';

const server = serverForFile();

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString();
const label = 'in the last 30 days';

async function setCreatedAt(table: string, id: number, days: number) {
  await server.database.writerClient.execute({ sql: `update ${table} set created_at = ? where id = ?`, args: [Date.now() - days * DAY, id] });
}

describe('dashboard stats', () => {
  let client: ApiClient;

  beforeAll(async () => {
    client = (await signedInClient(server, 'counter')).client;
    const log = async (type: string, days: number) => {
      const res = await client.post('/api/activities', { type, contactName: 'Seed Contact', date: daysAgo(days) });
      expect(res.status).toBe(201);
    };
    // Conversations: 3 in the last 30 days, 2 in the 30 before, 1 older: +3, up.
    for (const days of [1, 10, 10, 40, 45, 100]) await log('conversation', days);
    // Gospel presentations: 1 recent, 2 previous: +1, down.
    for (const days of [10, 40, 40]) await log('gospel_presentation', days);
    // Activities of other types count nowhere.
    await log('follow_up', 10);
    await log('other', 10);

    // Contacts: 'Seed Contact' (now) + 3 more; move two to the previous window: recent 2, previous 2 -> +2, level.
    const contactIds = [(await client.get('/api/contacts')).body[0].id as number];
    for (const name of ['Second', 'Third', 'Fourth']) contactIds.push((await client.post('/api/contacts', { name })).body.id);
    await setCreatedAt('contacts', contactIds[2], 40);
    await setCreatedAt('contacts', contactIds[3], 50);

    // Prayer requests: 1 recent, 0 previous, 1 older than 60 days: +1 (never a percentage from zero); prayed 3 + 2 times.
    const recent = (await client.post('/api/prayer-requests', { contactId: contactIds[0], request: 'Recent' })).body.id;
    const old = (await client.post('/api/prayer-requests', { contactId: contactIds[1], request: 'Old' })).body.id;
    await setCreatedAt('prayer_requests', old, 90);
    for (let i = 0; i < 3; i++) await client.post(`/api/prayer-requests/${recent}/pray`);
    for (let i = 0; i < 2; i++) await client.post(`/api/prayer-requests/${old}/pray`);

    // Another user's rows must not count.
    const other = (await signedInClient(server, 'noise')).client;
    const act = await other.post('/api/activities', { type: 'conversation', contactName: 'Noise', date: daysAgo(10), prayer: { request: 'Noise' } });
    await other.post('/api/activities', { type: 'gospel_presentation', contactId: act.body.contactId, date: daysAgo(40) });
    for (let i = 0; i < 5; i++) await other.post(`/api/prayer-requests/${act.body.prayerRequest.id}/pray`);
  });

  it("counts the user's totals, and for each trend the count of the last 30 days beside the 30 before", async () => {
    const res = await client.get('/api/dashboard/stats');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      totalConversations: 6,
      totalGospelPresentations: 3,
      totalContacts: 4,
      totalPrayerRequests: 2,
      totalPrayers: 5,
      trends: {
        conversations: { value: 3, previous: 2, label, isPositive: true },
        gospelPresentations: { value: 1, previous: 2, label, isPositive: false },
        contacts: { value: 2, previous: 2, label, isPositive: true },
        prayerRequests: { value: 1, previous: 0, label, isPositive: true },
      },
    });
  });

  it('answers zeros and flat trends for a new user', async () => {
    const fresh = (await signedInClient(server, 'fresh')).client;
    const res = await fresh.get('/api/dashboard/stats');
    expect(res.status).toBe(200);
    const flat = { value: 0, previous: 0, label, isPositive: true };
    expect(res.body).toEqual({
      totalConversations: 0,
      totalGospelPresentations: 0,
      totalContacts: 0,
      totalPrayerRequests: 0,
      totalPrayers: 0,
      trends: { conversations: flat, gospelPresentations: flat, contacts: flat, prayerRequests: flat },
    });
  });

  it('answers the same numbers over tRPC (superjson) as over REST', async () => {
    const rest = await client.get('/api/dashboard/stats');
    const trpc = await client.get('/trpc/dashboard.stats');
    expect(trpc.status).toBe(200);
    expect(trpc.body.result.data.json).toEqual(rest.body);
    expect(trpc.body.result.data.json.totalConversations).toBe(6);
  });

  it('answers 401 without a session, over REST and tRPC', async () => {
    const anonymous = await fetch(`${server.baseUrl}/api/dashboard/stats`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Please sign in to continue', code: 'UNAUTHORIZED' });
    const trpc = await fetch(`${server.baseUrl}/trpc/dashboard.stats`);
    expect(trpc.status).toBe(401);
  });
});

describe('resources', () => {
  let client: ApiClient;
  beforeAll(async () => {
    client = (await signedInClient(server, 'reader')).client;
  });

  it('lists at least the seeded library as cards without content', async () => {
    const res = await client.get('/api/resources');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.length).toBeGreaterThanOrEqual(1);
    const seeded = Number((await server.database.readerClient.execute('select count(*) as n from resources where created_by is null')).rows[0].n);
    expect(res.body.length).toBe(seeded);
    for (const card of res.body) {
      expect(Object.keys(card).sort()).toEqual(['category', 'description', 'id', 'title']);
      expect(card).toEqual({ id: expect.any(Number), title: expect.any(String), description: expect.any(String), category: expect.any(String) });
      expect(card.title.length).toBeGreaterThan(0);
    }
  });

  it('answers one resource with its content', async () => {
    const [first] = (await client.get('/api/resources')).body;
    const res = await client.get(`/api/resources/${first.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...first, content: expect.any(String), createdAt: expect.any(String) });
    const [stored] = (await server.database.readerClient.execute({ sql: 'select content from resources where id = ?', args: [first.id] })).rows;
    expect(res.body.content).toBe(stored.content);
    expect(res.body.content.length).toBeGreaterThan(0);
  });

  it("answers 404 {message:'Resource not found'} for an unknown id", async () => {
    const res = await client.get('/api/resources/999999');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Resource not found', code: 'NOT_FOUND' });
  });

  it.each(['abc', '1.5', '-3'])('answers 404, never 500, for the id %s (an id is digits)', async (id) => {
    const res = await client.get(`/api/resources/${id}`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No such API path', code: 'NOT_FOUND' });
  });

  it.each(['0', '99999999999999999999'])('answers 400, never 500, for the id %s', async (id) => {
    const res = await client.get(`/api/resources/${id}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Invalid id', code: 'BAD_REQUEST', issues: expect.any(Array) });
    expect(res.body.issues.length).toBeGreaterThan(0);
    for (const issue of res.body.issues) expect(issue).toEqual({ path: 'id', message: 'Invalid id' });
  });

  it("does not show another user's private resource", async () => {
    const owner = await signedInClient(server, 'author');
    const inserted = await server.database.writerClient.execute({
      sql: "insert into resources (title, description, content, category, created_by) values ('Private', 'Mine', 'Secret notes', 'Notes', ?) returning id",
      args: [owner.user.id],
    });
    const id = Number(inserted.rows[0].id);
    expect((await owner.client.get(`/api/resources/${id}`)).status).toBe(200);
    expect((await owner.client.get('/api/resources')).body.map((r: { id: number }) => r.id)).toContain(id);
    expect((await client.get(`/api/resources/${id}`)).status).toBe(404);
    expect((await client.get('/api/resources')).body.map((r: { id: number }) => r.id)).not.toContain(id);
  });
});
