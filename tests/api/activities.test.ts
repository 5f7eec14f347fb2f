// Activities over REST: the one transactional create (contact, follow-up, prayer, goal progress), lists, updates and a forced failure.
import { beforeAll, describe, expect, it } from 'vitest';
import { goalBody, newFollowUp, serverForFile, signedInClient, type ApiClient } from './harness';

const server = serverForFile();

async function goalCount(client: ApiClient, goalId: number) {
  const goal = (await client.get(`/api/goals/${goalId}`)).body;
  return { current: goal.currentCount as number, completed: Number(goal.completed) };
}

describe('creating an activity', () => {
  let client: ApiClient;
  let userId: number;
  beforeAll(async () => {
    const s = await signedInClient(server, 'creator');
    client = s.client;
    userId = s.user.id;
  });

  it('matches a typed name to an existing contact case-insensitively and trimmed, creating no contact', async () => {
    const maria = (await client.post('/api/contacts', { name: 'Maria' })).body;
    const before = await server.count('contacts', 'created_by = ?', [userId]);
    const res = await client.post('/api/activities', { type: 'conversation', contactName: '  maria ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ contactId: maria.id, contactName: 'Maria', newContact: false, followUp: null, prayerRequest: null });
    expect(await server.count('contacts', 'created_by = ?', [userId])).toBe(before);
    const [row] = await server.rows('select contact_id, created_by from activities where id = ?', [res.body.id]);
    expect(row).toMatchObject({ contact_id: maria.id, created_by: userId });
  });

  it('creates a contact with status unknown for an unknown name and says so', async () => {
    const res = await client.post('/api/activities', { type: 'conversation', contactName: '  Nicodemus  ' });
    expect(res.status).toBe(201);
    expect(res.body.newContact).toBe(true);
    expect(res.body.contactName).toBe('Nicodemus');
    const [contact] = await server.rows('select name, spiritual_status, created_by from contacts where id = ?', [res.body.contactId]);
    expect(contact).toMatchObject({ name: 'Nicodemus', spiritual_status: 'unknown', created_by: userId });
  });

  it('does not match a contact of another user, creating the user their own', async () => {
    const stranger = await signedInClient(server, 'stranger');
    const theirs = (await stranger.client.post('/api/contacts', { name: 'Zacchaeus' })).body;
    const res = await client.post('/api/activities', { type: 'conversation', contactName: 'zacchaeus' });
    expect(res.status).toBe(201);
    expect(res.body.newContact).toBe(true);
    expect(res.body.contactId).not.toBe(theirs.id);
  });

  it('answers the full activity: type, date, description in words, notes, contact', async () => {
    const res = await client.post('/api/activities', {
      type: 'gospel_presentation',
      contactName: 'Maria',
      date: '2030-05-06T07:08:09.000Z',
      notes: 'Shared John 3',
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      type: 'gospel_presentation',
      date: '2030-05-06T07:08:09.000Z',
      description: 'Gospel Presentation',
      notes: 'Shared John 3',
      contactId: expect.any(Number),
      contactName: 'Maria',
      teamId: null,
      createdBy: expect.any(Number),
      // Its people (issue 50 §4): the one named, and nobody else.
      contactIds: [res.body.contactId],
      others: [],
      newContact: false,
      followUp: null,
      prayerRequest: null,
      askSpiritualChange: false,
    });
  });

  it.each([
    ['conversation', 'Conversation'],
    ['gospel_presentation', 'Gospel Presentation'],
    ['follow_up', 'Follow-up'],
    ['other', 'Other'],
  ])('defaults the description of a %s to %s', async (type, words) => {
    const res = await client.post('/api/activities', { type, contactName: 'Maria' });
    expect(res.status).toBe(201);
    expect(res.body.description).toBe(words);
    const [row] = await server.rows('select description from activities where id = ?', [res.body.id]);
    expect(row.description).toBe(words);
  });

  it('keeps a given description', async () => {
    const res = await client.post('/api/activities', { type: 'conversation', contactName: 'Maria', description: 'At the well' });
    expect(res.body.description).toBe('At the well');
  });

  it('defaults the type to conversation and the date to now', async () => {
    const res = await client.post('/api/activities', { contactName: 'Maria' });
    expect(res.status).toBe(201);
    expect(res.body.type).toBe('conversation');
    expect(Math.abs(Date.parse(res.body.date) - Date.now())).toBeLessThan(60_000);
  });

  it('creates the follow-up and prayer blocks with their defaults and returns them', async () => {
    const res = await client.post('/api/activities', {
      type: 'conversation',
      contactName: 'Lazarus',
      followUp: { date: '2031-01-02T03:04:05.000Z' },
      prayer: {},
    });
    expect(res.status).toBe(201);
    const contactId = res.body.contactId;
    expect(res.body.followUp).toEqual(
      newFollowUp({ contactId, contactName: 'Lazarus', date: '2031-01-02T03:04:05.000Z', description: 'Follow-up for activity' }),
    );
    expect(res.body.prayerRequest).toEqual({
      id: expect.any(Number),
      contactId,
      contactName: 'Lazarus',
      request: 'Prayer related to activity',
      date: expect.any(String),
      answered: false,
      answerNotes: null,
      answerDate: null,
      prayedCount: 0,
      createdAt: expect.any(String),
      teamId: null,
      createdBy: expect.any(Number),
      // In no prayer list (issue 50 §5).
      listId: null,
    });
    const [followUp] = await server.rows('select contact_id, description, type, completed, created_by from follow_ups where id = ?', [res.body.followUp.id]);
    expect(followUp).toMatchObject({ contact_id: contactId, description: 'Follow-up for activity', type: 'phone', completed: 0, created_by: userId });
    const [prayer] = await server.rows('select contact_id, request, prayed_count, created_by from prayer_requests where id = ?', [res.body.prayerRequest.id]);
    expect(prayer).toMatchObject({ contact_id: contactId, request: 'Prayer related to activity', prayed_count: 0, created_by: userId });
  });

  it('keeps the given follow-up type and description and prayer text', async () => {
    const res = await client.post('/api/activities', {
      contactName: 'Lazarus',
      followUp: { date: '2031-02-01', type: 'study', description: 'Read Romans' },
      prayer: { request: 'For his sisters' },
    });
    expect(res.status).toBe(201);
    expect(res.body.followUp).toMatchObject({ type: 'study', description: 'Read Romans', date: '2031-02-01T00:00:00.000Z' });
    expect(res.body.prayerRequest).toMatchObject({ request: 'For his sisters' });
  });

  it("dates a prayer request asked for in the conversation with the activity's date, not the day it was logged", async () => {
    const res = await client.post('/api/activities', { contactName: 'Martha', date: '2026-03-14T12:00:00.000Z', prayer: { request: 'For her brother' } });
    expect(res.status).toBe(201);
    expect(res.body.prayerRequest).toMatchObject({ request: 'For her brother', date: '2026-03-14T12:00:00.000Z' });
    const [prayer] = await server.rows('select date from prayer_requests where id = ?', [res.body.prayerRequest.id]);
    expect(prayer.date).toBe(Date.parse('2026-03-14T12:00:00.000Z'));
  });

  it("refuses with 'Contact name is required' when neither contactId nor contactName is given", async () => {
    const before = await server.count('activities', 'created_by = ?', [userId]);
    for (const body of [{ type: 'conversation' }, { type: 'conversation', contactName: '   ' }]) {
      const res = await client.post('/api/activities', body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        message: 'Contact name is required',
        code: 'BAD_REQUEST',
        issues: [{ path: 'contactName', message: 'Contact name is required' }],
      });
    }
    expect(await server.count('activities', 'created_by = ?', [userId])).toBe(before);
  });

  it("refuses 'not a date' with 400 'Invalid date format'", async () => {
    const res = await client.post('/api/activities', { type: 'conversation', contactName: 'Maria', date: 'not a date' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Invalid date format', code: 'BAD_REQUEST', issues: [{ path: 'date', message: 'Invalid date format' }] });
  });

  it("refuses a bad follow-up date with 400 'Invalid date format' and writes nothing", async () => {
    const contacts = await server.count('contacts', 'created_by = ?', [userId]);
    const activities = await server.count('activities', 'created_by = ?', [userId]);
    const res = await client.post('/api/activities', { type: 'conversation', contactName: 'Brand New Person', followUp: { date: '2031-13-45' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Invalid date format', code: 'BAD_REQUEST', issues: [{ path: 'followUp.date', message: 'Invalid date format' }] });
    expect(await server.count('contacts', 'created_by = ?', [userId])).toBe(contacts);
    expect(await server.count('activities', 'created_by = ?', [userId])).toBe(activities);
  });

  it("answers 404 for another user's contactId", async () => {
    const stranger = await signedInClient(server, 'other');
    const theirs = (await stranger.client.post('/api/contacts', { name: 'Hidden' })).body;
    const res = await client.post('/api/activities', { type: 'conversation', contactId: theirs.id });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Contact not found', code: 'NOT_FOUND' });
    expect(await server.count('activities', 'contact_id = ?', [theirs.id])).toBe(0);
  });
});

describe('listing activities', () => {
  it('lists only own activities, newest date first, with contactName and ISO dates', async () => {
    const { client } = await signedInClient(server, 'lister');
    const other = await signedInClient(server, 'lister-other');
    await other.client.post('/api/activities', { contactName: 'Not Mine', date: '2030-01-01' });
    const dates = ['2029-03-01T12:00:00.000Z', '2030-06-15T08:30:00.000Z', '2028-11-20T00:00:00.000Z'];
    for (const [i, date] of dates.entries()) {
      expect((await client.post('/api/activities', { contactName: `Person ${i}`, date })).status).toBe(201);
    }
    const res = await client.get('/api/activities');
    expect(res.status).toBe(200);
    expect(res.body.map((a: { date: string }) => a.date)).toEqual(['2030-06-15T08:30:00.000Z', '2029-03-01T12:00:00.000Z', '2028-11-20T00:00:00.000Z']);
    expect(res.body.map((a: { contactName: string }) => a.contactName)).toEqual(['Person 1', 'Person 0', 'Person 2']);
    for (const item of res.body) {
      expect(Object.keys(item).sort()).toEqual([
        'contactId',
        'contactIds',
        'contactName',
        'createdBy',
        'date',
        'description',
        'id',
        'notes',
        'others',
        'teamId',
        'type',
      ]);
      expect(new Date(item.date).toISOString()).toBe(item.date);
    }
  });

  it("reads one activity by id, and answers 404 for another user's", async () => {
    const { client } = await signedInClient(server, 'reader');
    const other = await signedInClient(server, 'reader-other');
    const created = (await client.post('/api/activities', { contactName: 'Timothy', date: '2030-02-02T02:02:02.000Z' })).body;
    const res = await client.get(`/api/activities/${created.id}`);
    expect(res.status).toBe(200);
    const { newContact: _n, followUp: _f, prayerRequest: _p, askSpiritualChange: _a, ...activity } = created;
    expect(res.body).toEqual(activity);
    const foreign = await other.client.get(`/api/activities/${created.id}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).toEqual({ message: 'Activity not found', code: 'NOT_FOUND' });
  });
});

describe('updating and deleting activities', () => {
  let client: ApiClient;
  beforeAll(async () => {
    client = (await signedInClient(server, 'editor')).client;
  });

  it('says when a changed contact name became a new contact, and keeps the old contact as it was', async () => {
    const created = (await client.post('/api/activities', { type: 'conversation', contactName: 'Lukas Müller' })).body;
    const same = await client.put(`/api/activities/${created.id}`, { contactName: ' lukas müller ' });
    expect(same.body).toMatchObject({ contactId: created.contactId, newContact: false });
    const byId = await client.put(`/api/activities/${created.id}`, { contactId: created.contactId, notes: 'met again' });
    expect(byId.body).toMatchObject({ contactId: created.contactId, newContact: false });
    const moved = await client.put(`/api/activities/${created.id}`, { contactName: 'Lukas Mueller-Schmidt' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ contactName: 'Lukas Mueller-Schmidt', newContact: true });
    expect(moved.body.contactId).not.toBe(created.contactId);
    const [old] = await server.rows('select name from contacts where id = ?', [created.contactId]);
    expect(old.name).toBe('Lukas Müller');
  });

  it('changes type, notes and date and answers the updated activity', async () => {
    const created = (await client.post('/api/activities', { type: 'conversation', contactName: 'Titus', notes: 'first' })).body;
    const res = await client.put(`/api/activities/${created.id}`, { type: 'gospel_presentation', notes: 'second', date: '2030-07-07T07:07:07.000Z' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: created.id,
      type: 'gospel_presentation',
      date: '2030-07-07T07:07:07.000Z',
      description: 'Conversation',
      notes: 'second',
      contactId: created.contactId,
      contactName: 'Titus',
      teamId: null,
      createdBy: created.createdBy,
      contactIds: [created.contactId],
      others: [],
      newContact: false,
    });
    const [row] = await server.rows('select type, notes, date from activities where id = ?', [created.id]);
    expect(row).toMatchObject({ type: 'gospel_presentation', notes: 'second', date: Date.parse('2030-07-07T07:07:07.000Z') });
  });

  it('moves the activity to another existing contact named in contactName, creating no contact', async () => {
    const created = (await client.post('/api/activities', { contactName: 'Titus' })).body;
    const epaphras = (await client.post('/api/contacts', { name: 'Epaphras' })).body;
    const contactsBefore = Number((await server.rows('select count(*) as n from contacts')).at(0)!.n);
    const res = await client.put(`/api/activities/${created.id}`, { contactName: ' EPAPHRAS' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ contactId: epaphras.id, contactName: 'Epaphras' });
    const [row] = await server.rows('select contact_id from activities where id = ?', [created.id]);
    expect(row.contact_id).toBe(epaphras.id);
    expect(Number((await server.rows('select count(*) as n from contacts')).at(0)!.n)).toBe(contactsBefore);
  });

  it("refuses 'not a date' on update and keeps the row", async () => {
    const created = (await client.post('/api/activities', { contactName: 'Titus', date: '2030-01-01T00:00:00.000Z' })).body;
    const res = await client.put(`/api/activities/${created.id}`, { date: 'not a date' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid date format');
    const [row] = await server.rows('select date from activities where id = ?', [created.id]);
    expect(row.date).toBe(Date.parse('2030-01-01T00:00:00.000Z'));
  });

  it('deletes an activity with 200 {success:true} and keeps its contact', async () => {
    const created = (await client.post('/api/activities', { contactName: 'Tychicus' })).body;
    const res = await client.delete(`/api/activities/${created.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: created.id });
    expect(await server.count('activities', 'id = ?', [created.id])).toBe(0);
    expect(await server.count('contacts', 'id = ?', [created.contactId])).toBe(1);
    expect((await client.delete(`/api/activities/${created.id}`)).status).toBe(404);
  });
});

describe('a failure in the middle of the create', () => {
  it('leaves nothing behind: no contact, activity, follow-up, prayer, and no goal progress', async () => {
    const me = await signedInClient(server, 'unlucky');
    const userId = me.user.id;
    const conversation = (await me.client.post('/api/goals', goalBody('conversation', { deadline: '2031-12-31' }))).body.id;
    const newContact = (await me.client.post('/api/goals', goalBody('new_contact', { deadline: '2031-12-31' }))).body.id;
    const snapshot = async () => ({
      contacts: await server.count('contacts', 'created_by = ?', [userId]),
      activities: await server.count('activities', 'created_by = ?', [userId]),
      followUps: await server.count('follow_ups', 'created_by = ?', [userId]),
      prayers: await server.count('prayer_requests', 'created_by = ?', [userId]),
      conversation: await goalCount(me.client, conversation),
      newContact: await goalCount(me.client, newContact),
    });
    const before = await snapshot();
    const errorsBefore = server.logs.filter((l) => l.level === 'error').length;

    await server.database.writerClient.execute("CREATE TRIGGER fail_prayer BEFORE INSERT ON prayer_requests BEGIN SELECT RAISE(ABORT, 'forced failure'); END");
    try {
      const res = await me.client.post('/api/activities', {
        type: 'conversation',
        contactName: 'Doomed Contact',
        followUp: { date: '2031-01-01' },
        prayer: { request: 'Never stored' },
      });
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_SERVER_ERROR' });
      const text = JSON.stringify(res.body);
      expect(text).not.toMatch(/stack|forced failure|\.ts|node_modules|at /i);
    } finally {
      await server.database.writerClient.execute('DROP TRIGGER fail_prayer');
    }

    expect(await snapshot()).toEqual(before);
    expect(await server.count('contacts', 'name = ?', ['Doomed Contact'])).toBe(0);
    const errors = server.logs.filter((l) => l.level === 'error');
    expect(errors.length).toBe(errorsBefore + 1);
    const logged = errors.at(-1)!;
    expect(String(logged.message)).toMatch(/forced failure/);
    expect(String(logged.query)).toMatch(/prayer_requests/);
    expect(JSON.stringify(logged)).not.toContain('Never stored');

    const retry = await me.client.post('/api/activities', {
      type: 'conversation',
      contactName: 'Doomed Contact',
      followUp: { date: '2031-01-01' },
      prayer: {},
    });
    expect(retry.status).toBe(201);
    expect(retry.body.newContact).toBe(true);
    expect(await goalCount(me.client, conversation)).toEqual({ current: 1, completed: 0 });
    expect(await goalCount(me.client, newContact)).toEqual({ current: 1, completed: 0 });
  });
});
