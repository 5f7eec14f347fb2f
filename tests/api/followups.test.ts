// Follow-ups over REST: create with validation and defaults, lists with contact names, edits, completion and delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectOneIssue, newFollowUp, signedInClient, startSignedIn, type ApiClient, type TestServer } from './harness';

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
  } = await startSignedIn('shepherd', { contact: 'Barnabas' }));
});
afterAll(() => server.close());

async function ownCount() {
  return Number((await server.rows('select count(*) as n from follow_ups where created_by = ?', [userId]))[0].n);
}

describe('creating a follow-up', () => {
  it('answers 201 with the follow-up, its contact name, and type phone by default', async () => {
    const res = await client.post('/api/followups', { contactId, date: '2031-05-01T09:00:00.000Z', description: 'Coffee chat' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual(newFollowUp({ contactId, contactName: 'Barnabas', date: '2031-05-01T09:00:00.000Z', description: 'Coffee chat' }));
    const [row] = await server.rows('select contact_id, date, description, type, completed, created_by from follow_ups where id = ?', [res.body.id]);
    expect(row).toEqual({
      contact_id: contactId,
      date: Date.parse('2031-05-01T09:00:00.000Z'),
      description: 'Coffee chat',
      type: 'phone',
      completed: 0,
      created_by: userId,
    });
  });

  it('accepts the 29th of February in a leap year as that very day', async () => {
    const res = await client.post('/api/followups', { contactId, date: '2032-02-29', description: 'Leap day visit' });
    expect(res.status).toBe(201);
    expect(res.body.date).toBe('2032-02-29T00:00:00.000Z');
  });

  it('keeps a given type and completed flag', async () => {
    const res = await client.post('/api/followups', { contactId, date: '2031-05-02', description: 'Bible study', type: 'study', completed: true });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'study', completed: true, date: '2031-05-02T00:00:00.000Z' });
  });

  it.each([
    ['a missing description', { date: '2031-05-01' }, 'description', 'Description is required'],
    ['a blank description', { date: '2031-05-01', description: '  ' }, 'description', 'Description is required'],
    ['a missing date', { description: 'Call' }, 'date', 'Date is required'],
    ['an empty date', { date: '', description: 'Call' }, 'date', 'Date is required'],
    ['an unparseable date', { date: 'next tuesday', description: 'Call' }, 'date', 'Invalid date format'],
    ['an impossible time', { date: '2031-02-03T25:00', description: 'Call' }, 'date', 'Invalid date format'],
    ['a day that does not exist', { date: '2031-02-30', description: 'Call' }, 'date', 'Invalid date format'],
    ['the 29th of February in a common year', { date: '2031-02-29T10:00:00Z', description: 'Call' }, 'date', 'Invalid date format'],
    ['an unknown type', { date: '2031-05-01', description: 'Call', type: 'carrier pigeon' }, 'type', 'Invalid follow-up type'],
  ])('refuses %s with 400 and the message, writing nothing', async (_, body, path, message) => {
    const before = await ownCount();
    const res = await client.post('/api/followups', { contactId, ...body });
    expectOneIssue(res, path, message);
    expect(await ownCount()).toBe(before);
  });

  it("answers 404 when contactId is another user's contact, writing nothing", async () => {
    const other = await signedInClient(server, 'outsider');
    const theirs = (await other.client.post('/api/contacts', { name: 'Elsewhere' })).body.id;
    const before = await ownCount();
    const res = await client.post('/api/followups', { contactId: theirs, date: '2031-05-01', description: 'Sneaky' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Contact not found', code: 'NOT_FOUND' });
    expect(await ownCount()).toBe(before);
    expect(Number((await server.rows('select count(*) as n from follow_ups where contact_id = ?', [theirs]))[0].n)).toBe(0);
  });
});

describe('listing follow-ups', () => {
  it("lists only the user's follow-ups, each with its contactName, soonest first", async () => {
    const s = await signedInClient(server, 'planner');
    const other = await signedInClient(server, 'planner-other');
    const otherContact = (await other.client.post('/api/contacts', { name: 'Not Mine' })).body.id;
    await other.client.post('/api/followups', { contactId: otherContact, date: '2031-01-01', description: 'Hidden' });
    const a = (await s.client.post('/api/contacts', { name: 'Andrew' })).body.id;
    const p = (await s.client.post('/api/contacts', { name: 'Peter' })).body.id;
    await s.client.post('/api/followups', { contactId: a, date: '2031-03-01', description: 'Later' });
    await s.client.post('/api/followups', { contactId: p, date: '2031-01-15', description: 'Sooner' });
    const res = await s.client.get('/api/followups');
    expect(res.status).toBe(200);
    expect(res.body.map((f: { description: string; contactName: string }) => [f.description, f.contactName])).toEqual([
      ['Sooner', 'Peter'],
      ['Later', 'Andrew'],
    ]);
  });

  it("reads one by id and answers 404 for another user's", async () => {
    const created = (await client.post('/api/followups', { contactId, date: '2031-06-01', description: 'Visit' })).body;
    const res = await client.get(`/api/followups/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created);
    const other = await signedInClient(server, 'peeker');
    const foreign = await other.client.get(`/api/followups/${created.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: 'Follow-up not found', code: 'NOT_FOUND' });
  });
});

describe('updating and completing follow-ups', () => {
  it('changes date, type and description and answers the updated follow-up', async () => {
    const created = (await client.post('/api/followups', { contactId, date: '2031-06-01', description: 'Visit' })).body;
    const res = await client.put(`/api/followups/${created.id}`, { date: '2031-07-04T10:00:00.000Z', type: 'meeting', description: 'Lunch' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created, date: '2031-07-04T10:00:00.000Z', type: 'meeting', description: 'Lunch' });
  });

  it('toggles completed on and back off through PUT', async () => {
    const created = (await client.post('/api/followups', { contactId, date: '2031-06-01', description: 'Toggle' })).body;
    const on = await client.put(`/api/followups/${created.id}`, { completed: true });
    expect(on.status).toBe(200);
    expect(on.body.completed).toBe(true);
    expect((await server.rows('select completed from follow_ups where id = ?', [created.id]))[0].completed).toBe(1);
    const off = await client.put(`/api/followups/${created.id}`, { completed: false });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ ...created, completed: false });
    expect((await server.rows('select completed from follow_ups where id = ?', [created.id]))[0].completed).toBe(0);
  });

  it("refuses a blank description on update with 'Description is required' and keeps the row", async () => {
    const created = (await client.post('/api/followups', { contactId, date: '2031-06-01', description: 'Keep me' })).body;
    const res = await client.put(`/api/followups/${created.id}`, { description: '' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Description is required');
    expect((await server.rows('select description from follow_ups where id = ?', [created.id]))[0].description).toBe('Keep me');
  });

  it('marks a follow-up completed with POST /:id/complete and answers it', async () => {
    const created = (await client.post('/api/followups', { contactId, date: '2031-06-01', description: 'Finish' })).body;
    const res = await client.post(`/api/followups/${created.id}/complete`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created, completed: true, completedAt: expect.any(String), next: null });
    expect(Date.parse(res.body.completedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await server.rows('select completed from follow_ups where id = ?', [created.id]))[0].completed).toBe(1);
    const again = await client.post(`/api/followups/${created.id}/complete`);
    expect(again.status).toBe(200);
    // Completing it again keeps when it was first completed.
    expect(again.body).toEqual(res.body);
  });

  it("answers 404 completing or updating another user's follow-up and leaves it pending", async () => {
    const created = (await client.post('/api/followups', { contactId, date: '2031-06-01', description: 'Mine' })).body;
    const other = await signedInClient(server, 'meddler');
    expect((await other.client.post(`/api/followups/${created.id}/complete`)).status).toBe(404);
    expect((await other.client.put(`/api/followups/${created.id}`, { completed: true })).status).toBe(404);
    expect((await server.rows('select completed from follow_ups where id = ?', [created.id]))[0].completed).toBe(0);
  });

  it('answers 404 completing a missing follow-up', async () => {
    const res = await client.post('/api/followups/987654/complete');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Follow-up not found', code: 'NOT_FOUND' });
  });
});

describe('deleting follow-ups', () => {
  it('answers 200 {success:true}, removes the row and keeps the contact', async () => {
    const created = (await client.post('/api/followups', { contactId, date: '2031-06-01', description: 'Gone' })).body;
    const res = await client.delete(`/api/followups/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: created.id });
    expect((await server.rows('select count(*) as n from follow_ups where id = ?', [created.id]))[0].n).toBe(0);
    expect((await server.rows('select count(*) as n from contacts where id = ?', [contactId]))[0].n).toBe(1);
    expect((await client.get(`/api/followups/${created.id}`)).status).toBe(404);
  });

  it("answers 404 deleting another user's follow-up and keeps it", async () => {
    const created = (await client.post('/api/followups', { contactId, date: '2031-06-01', description: 'Stay' })).body;
    const other = await signedInClient(server, 'deleter');
    expect((await other.client.delete(`/api/followups/${created.id}`)).status).toBe(404);
    expect((await server.rows('select count(*) as n from follow_ups where id = ?', [created.id]))[0].n).toBe(1);
  });
});
