// Contacts over REST: create with validation and defaults, own-only lists, read, update, delete and its cascade.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signedInClient, startSignedIn, type TestServer } from './harness';
import { trpcQuery } from './trpc';

let server: TestServer;
let alice: ApiClient;
let bob: ApiClient;
let aliceId: number;

beforeAll(async () => {
  ({
    server,
    client: alice,
    user: { id: aliceId },
  } = await startSignedIn('alice'));
  bob = (await signedInClient(server, 'bob')).client;
});
afterAll(() => server.close());

describe('creating a contact', () => {
  it('answers 201 with every field and stores the row for the signed-in user', async () => {
    const res = await alice.post('/api/contacts', {
      name: '  Lydia of Thyatira ',
      email: 'lydia@example.com',
      phone: '+30 555 0101',
      spiritualStatus: 'seeking',
      notes: 'Sells purple cloth',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Lydia of Thyatira',
      email: 'lydia@example.com',
      phone: '+30 555 0101',
      spiritualStatus: 'seeking',
      notes: 'Sells purple cloth',
      createdAt: expect.any(String),
      teamId: null,
      assignedTo: null,
      assignmentStatus: null,
      updateNeeded: false,
      createdBy: aliceId,
      lastContactAt: null,
      nextFollowUpAt: null,
      milestones: [],
      tags: [],
      source: null,
      // Issue 50 §7: not archived.
      archivedAt: null,
      archiveReason: null,
      archiveNote: null,
      stayInTouchDays: null,
    });
    expect(Math.abs(Date.parse(res.body.createdAt) - Date.now())).toBeLessThan(60_000);
    const [row] = await server.rows('select name, email, spiritual_status, created_by, team_id from contacts where id = ?', [res.body.id]);
    expect(row).toMatchObject({ name: 'Lydia of Thyatira', email: 'lydia@example.com', spiritual_status: 'seeking', created_by: aliceId, team_id: null });
  });

  it("defaults spiritualStatus to 'unknown' and leaves the optional fields null", async () => {
    const res = await alice.post('/api/contacts', { name: 'Cornelius' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Cornelius', spiritualStatus: 'unknown', email: null, phone: null, notes: null });
  });

  it('accepts an empty email and stores it as null', async () => {
    const res = await alice.post('/api/contacts', { name: 'Crispus', email: '' });
    expect(res.status).toBe(201);
    expect(res.body.email).toBeNull();
    const [row] = await server.rows('select email from contacts where id = ?', [res.body.id]);
    expect(row.email).toBeNull();
  });

  it.each([
    ['an invalid email', { name: 'Apollos', email: 'not-an-email' }, 'email', 'Invalid email address'],
    ['a missing name', { email: 'nameless@example.com' }, 'name', 'Name is required'],
    ['a blank name', { name: '   ' }, 'name', 'Name is required'],
    ['a name over 200 characters', { name: 'x'.repeat(201) }, 'name', 'Name must be at most 200 characters'],
    ['an unknown spiritual status', { name: 'Sosthenes', spiritualStatus: 'lost' }, 'spiritualStatus', 'Invalid spiritual status'],
  ])('refuses %s with 400 and the message, writing nothing', async (_, body, path, message) => {
    const before = await server.count('contacts', 'created_by = ?', [aliceId]);
    const res = await alice.post('/api/contacts', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, code: 'BAD_REQUEST', issues: [{ path, message }] });
    expect(await server.count('contacts', 'created_by = ?', [aliceId])).toBe(before);
  });

  it('accepts a name of exactly 200 characters', async () => {
    const res = await alice.post('/api/contacts', { name: 'y'.repeat(200) });
    expect(res.status).toBe(201);
    expect(res.body.name).toHaveLength(200);
  });
});

describe('listing and reading contacts', () => {
  it("lists only the user's own contacts", async () => {
    const mine = (await bob.post('/api/contacts', { name: 'Bob Only Contact' })).body.id;
    const bobList = await bob.get('/api/contacts');
    expect(bobList.status).toBe(200);
    expect(bobList.body.map((c: { id: number }) => c.id)).toEqual([mine]);
    const aliceList = await alice.get('/api/contacts');
    expect(aliceList.status).toBe(200);
    const ids = aliceList.body.map((c: { id: number }) => c.id);
    expect(ids).not.toContain(mine);
    expect(ids.length).toBe(await server.count('contacts', 'created_by = ?', [aliceId]));
  });

  it('names every readable contact by id, name and team only, alphabetically, and none of anyone else', async () => {
    const carol = (await signedInClient(server, 'carol')).client;
    const zed = (await carol.post('/api/contacts', { name: 'zed', notes: 'not sent to a picker' })).body.id;
    const amos = (await carol.post('/api/contacts', { name: 'Amos', email: 'amos@example.com' })).body.id;
    await bob.post('/api/contacts', { name: 'Bob Private' });
    const res = await trpcQuery(carol, 'contacts.names');
    expect(res.status).toBe(200);
    expect(res.data).toEqual([
      { id: amos, name: 'Amos', teamId: null },
      { id: zed, name: 'zed', teamId: null },
    ]);
    expect((await trpcQuery(new ApiClient(server.baseUrl), 'contacts.names')).status).toBe(401);
  });

  it('answers one contact by id with the same fields as create', async () => {
    const created = (await alice.post('/api/contacts', { name: 'Priscilla', phone: '123' })).body;
    const res = await alice.get(`/api/contacts/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(created);
  });

  it("answers 404 for another user's contact and for a missing id", async () => {
    const lydia = (await alice.post('/api/contacts', { name: 'Secret' })).body.id;
    for (const path of [`/api/contacts/${lydia}`, '/api/contacts/999999']) {
      const res = await bob.get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Contact not found', code: 'NOT_FOUND' });
    }
  });
});

describe('updating a contact', () => {
  it('answers 200 with the updated object and changes only the given fields', async () => {
    const created = (await alice.post('/api/contacts', { name: 'Aquila', email: 'aquila@example.com', notes: 'Tentmaker' })).body;
    const res = await alice.put(`/api/contacts/${created.id}`, { spiritualStatus: 'growing', phone: '777' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created, spiritualStatus: 'growing', phone: '777' });
    const [row] = await server.rows('select name, email, phone, spiritual_status, notes from contacts where id = ?', [created.id]);
    expect(row).toMatchObject({ name: 'Aquila', email: 'aquila@example.com', phone: '777', spiritual_status: 'growing', notes: 'Tentmaker' });
  });

  it('clears the email when it is sent empty', async () => {
    const created = (await alice.post('/api/contacts', { name: 'Tabitha', email: 'dorcas@example.com' })).body;
    const res = await alice.put(`/api/contacts/${created.id}`, { email: '' });
    expect(res.status).toBe(200);
    expect(res.body.email).toBeNull();
  });

  it('refuses an invalid email on update with 400 and keeps the row', async () => {
    const created = (await alice.post('/api/contacts', { name: 'Silas', email: 'silas@example.com' })).body;
    const res = await alice.put(`/api/contacts/${created.id}`, { email: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid email address');
    const [row] = await server.rows('select email from contacts where id = ?', [created.id]);
    expect(row.email).toBe('silas@example.com');
  });

  it("answers 404 when updating another user's contact and leaves it unchanged", async () => {
    const created = (await alice.post('/api/contacts', { name: 'Onesimus' })).body;
    const res = await bob.put(`/api/contacts/${created.id}`, { name: 'Stolen' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Contact not found', code: 'NOT_FOUND' });
    const [row] = await server.rows('select name from contacts where id = ?', [created.id]);
    expect(row.name).toBe('Onesimus');
  });
});

describe('deleting a contact', () => {
  it('answers 200 {success:true} and removes the row', async () => {
    const created = (await alice.post('/api/contacts', { name: 'Demas' })).body;
    const res = await alice.delete(`/api/contacts/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: created.id });
    expect(await server.count('contacts', 'id = ?', [created.id])).toBe(0);
    expect((await alice.get(`/api/contacts/${created.id}`)).status).toBe(404);
    expect((await alice.delete(`/api/contacts/${created.id}`)).status).toBe(404);
  });

  it("answers 404 when deleting another user's contact and keeps it", async () => {
    const created = (await alice.post('/api/contacts', { name: 'Philemon' })).body;
    const res = await bob.delete(`/api/contacts/${created.id}`);
    expect(res.status).toBe(404);
    expect(await server.count('contacts', 'id = ?', [created.id])).toBe(1);
  });

  it('deletes its activities, follow-ups and prayer requests with it, and nothing else', async () => {
    const logged = await alice.post('/api/activities', {
      type: 'conversation',
      contactName: 'Cascade Contact',
      followUp: { date: '2031-03-01T10:00:00.000Z' },
      prayer: { request: 'Healing' },
    });
    expect(logged.status).toBe(201);
    const contactId = logged.body.contactId;
    expect(logged.body.newContact).toBe(true);
    expect((await alice.post('/api/prayer-requests', { contactId, request: 'Work' })).status).toBe(201);
    expect((await alice.post('/api/followups', { contactId, date: '2031-04-01', description: 'Visit' })).status).toBe(201);
    const other = await alice.post('/api/activities', { type: 'conversation', contactName: 'Bystander', followUp: { date: '2031-03-01' }, prayer: {} });
    expect(other.status).toBe(201);

    expect(await server.count('activities', 'contact_id = ?', [contactId])).toBe(1);
    expect(await server.count('follow_ups', 'contact_id = ?', [contactId])).toBe(2);
    expect(await server.count('prayer_requests', 'contact_id = ?', [contactId])).toBe(2);

    const res = await alice.delete(`/api/contacts/${contactId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: contactId });
    expect(await server.count('contacts', 'id = ?', [contactId])).toBe(0);
    expect(await server.count('activities', 'contact_id = ?', [contactId])).toBe(0);
    expect(await server.count('follow_ups', 'contact_id = ?', [contactId])).toBe(0);
    expect(await server.count('prayer_requests', 'contact_id = ?', [contactId])).toBe(0);
    expect(await server.count('activities', 'id = ?', [logged.body.id])).toBe(0);
    expect(await server.count('follow_ups', 'id = ?', [logged.body.followUp.id])).toBe(0);
    expect(await server.count('prayer_requests', 'id = ?', [logged.body.prayerRequest.id])).toBe(0);

    const bystander = other.body.contactId;
    expect(await server.count('contacts', 'id = ?', [bystander])).toBe(1);
    expect(await server.count('activities', 'contact_id = ?', [bystander])).toBe(1);
    expect(await server.count('follow_ups', 'contact_id = ?', [bystander])).toBe(1);
    expect(await server.count('prayer_requests', 'contact_id = ?', [bystander])).toBe(1);
  });
});

describe('GET /api/contacts/count', () => {
  it('counts what the same filter lists, only among contacts the caller may read', async () => {
    for (const name of ['Count Anna', 'Count Ben', 'Other Person'])
      expect((await bob.post('/api/contacts', { name, spiritualStatus: name === 'Count Ben' ? 'seeking' : 'unknown' })).status).toBe(201);
    for (const query of ['', '?q=count', '?q=count&status=seeking', '?status=unknown']) {
      const listed = (await bob.get(`/api/contacts${query}`)).body as unknown[];
      const counted = await bob.get(`/api/contacts/count${query}`);
      expect(counted.status, query).toBe(200);
      expect(counted.body, query).toEqual({ count: listed.length });
    }
    expect((await bob.get('/api/contacts/count?q=count')).body).toEqual({ count: 2 });
    // Alice's contacts are hers alone, and never counted for Bob (nor his for her).
    const aliceCount = (await alice.get('/api/contacts/count?q=count')).body.count;
    expect(aliceCount).toBe(((await alice.get('/api/contacts?q=count')).body as unknown[]).length);
    expect((await alice.get('/api/contacts?q=count')).body.map((c: { name: string }) => c.name)).not.toContain('Count Anna');
  });

  it('answers a bad filter with 400 and a signed-out caller with 401', async () => {
    const bad = await bob.get('/api/contacts/count?status=lost');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('BAD_REQUEST');
    expect((await new ApiClient(server.baseUrl).get('/api/contacts/count')).status).toBe(401);
  });
});
