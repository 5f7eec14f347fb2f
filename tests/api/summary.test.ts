// dashboard.summary: the dashboard's one call returns the stats and the first three of each list, in the spec's orders.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, startSignedIn, type ApiClient, type TestServer } from './harness';

let server: TestServer;
let me: ApiClient;

beforeAll(async () => {
  ({ server, client: me } = await startSignedIn('summary'));
});
afterAll(() => server.close());

async function summary(client: ApiClient, upcomingFrom: string) {
  const input = encodeURIComponent(JSON.stringify({ json: { upcomingFrom } }));
  const res = await client.get(`/trpc/dashboard.summary?input=${input}`);
  expect(res.status).toBe(200);
  return res.body.result.data.json;
}

describe('dashboard summary', () => {
  it('holds stats, 3 active goals, the 3 latest activities, 3 upcoming follow-ups and 3 resources', async () => {
    const contact = (await me.post('/api/contacts', { name: 'Timothy' })).body.id;
    for (let day = 1; day <= 5; day++)
      await me.post('/api/activities', { type: 'conversation', contactId: contact, date: `2026-10-0${day}T12:00:00Z`, notes: `day ${day}` });
    for (let i = 0; i < 4; i++) await me.post('/api/goals', { title: `Goal ${i}`, description: 'd', type: 'other', targetCount: 5, deadline: '2027-01-01' });
    const done = await me.post('/api/goals', { title: 'Done', description: 'd', type: 'other', targetCount: 1, deadline: '2027-01-01' });
    await me.post(`/api/goals/${done.body.id}/complete`);
    for (const [date, description] of [
      ['2026-11-20T12:00:00Z', 'past'],
      ['2026-11-25T12:00:00Z', 'c'],
      ['2026-11-23T12:00:00Z', 'a'],
      ['2026-11-24T12:00:00Z', 'b'],
      ['2026-12-01T12:00:00Z', 'd'],
    ])
      await me.post('/api/followups', { contactId: contact, date, type: 'phone', description });

    const data = await summary(me, '2026-11-22T00:00:00.000Z');
    expect(data.stats.totalConversations).toBe(5);
    expect(data.goals).toHaveLength(3);
    expect(data.goals.every((g: { completed: boolean }) => !g.completed)).toBe(true);
    expect(data.activities.map((a: { notes: string }) => a.notes)).toEqual(['day 5', 'day 4', 'day 3']);
    expect(data.activities[0].contactName).toBe('Timothy');
    expect(data.followUps.map((f: { description: string }) => f.description)).toEqual(['a', 'b', 'c']);
    // The spec's list starts today; the one before it is counted above it (issue 28).
    expect(data.overdueFollowUps).toBe(1);
    expect(data.resources).toHaveLength(Math.min(3, (await me.get('/api/resources')).body.length));
  });

  it("counts the pending follow-ups dated before the start of the caller's day as overdue, completed ones not", async () => {
    const { client } = await signedInClient(server, 'overdue');
    const contact = (await client.post('/api/contacts', { name: 'Phoebe' })).body.id;
    for (const date of ['2026-03-01T12:00:00Z', '2026-03-09T23:59:00Z', '2026-03-10T00:00:00Z', '2026-03-12T12:00:00Z'])
      await client.post('/api/followups', { contactId: contact, date, type: 'phone', description: date });
    await client.post('/api/followups', { contactId: contact, date: '2026-03-02T12:00:00Z', type: 'phone', description: 'done', completed: true });
    const data = await summary(client, '2026-03-10T00:00:00.000Z');
    expect(data.overdueFollowUps).toBe(2);
    expect(data.followUps.map((f: { description: string }) => f.description)).toEqual(['2026-03-10T00:00:00Z', '2026-03-12T12:00:00Z']);
    expect((await summary(me, '2026-03-10T00:00:00.000Z')).overdueFollowUps).toBe(0);
  });

  it("shows nothing of another user's", async () => {
    const { client: other } = await signedInClient(server, 'outsider');
    const data = await summary(other, '2026-01-01T00:00:00.000Z');
    expect(data.goals).toEqual([]);
    expect(data.activities).toEqual([]);
    expect(data.followUps).toEqual([]);
    expect(data.stats.totalContacts).toBe(0);
    expect(data.overdueFollowUps).toBe(0);
  });

  it("refuses an unparseable 'from' date with 400", async () => {
    const input = encodeURIComponent(JSON.stringify({ json: { upcomingFrom: 'soon' } }));
    const res = await me.get(`/trpc/dashboard.summary?input=${input}`);
    expect(res.status).toBe(400);
    expect(res.body.error.json.message).toBe('Invalid date format');
  });
});
