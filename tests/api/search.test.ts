// Finding things: contact list text and status filters with their count, activity list filters, and the quick search.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectOneIssue, namesOf, nothingFound, usersForFile } from './harness';
import { trpcQuery } from './trpc';

const {
  users: [alice, bob],
} = usersForFile(['alice', 'bob']);
const contactIds: Record<string, number> = {};
const activityIds: Record<string, number> = {};

beforeAll(async () => {
  const people = [
    { name: 'Anna Prophetess', email: 'anna@temple.example', phone: '+972 555 0101', spiritualStatus: 'mature', notes: 'Temple, every day' },
    { name: 'Andrew Fisher', email: 'andrew@galilee.example', phone: '555-0102', spiritualStatus: 'growing', notes: null },
    { name: 'Bartimaeus', email: null, phone: null, spiritualStatus: 'new_believer', notes: 'Was blind; 100% sure now' },
    { name: 'Cornelius', email: 'CORNELIUS@Caesarea.example', phone: null, spiritualStatus: 'seeking', notes: 'under_score' },
    { name: 'dorcas', email: null, phone: '(555) 0104', spiritualStatus: 'seeking', notes: 'makes coats' },
  ];
  for (const person of people) {
    const res = await alice.post('/api/contacts', person);
    expect(res.status).toBe(201);
    contactIds[person.name] = res.body.id;
  }
  const log = async (key: string, body: Record<string, unknown>) => {
    const res = await alice.post('/api/activities', body);
    expect(res.status).toBe(201);
    activityIds[key] = res.body.id;
  };
  await log('annaTalk', { type: 'conversation', contactId: contactIds['Anna Prophetess'], date: '2026-03-01T09:00:00Z', notes: 'Talked about the Messiah' });
  await log('annaGospel', {
    type: 'gospel_presentation',
    contactId: contactIds['Anna Prophetess'],
    date: '2026-03-05T09:00:00Z',
    description: 'Shared the bridge illustration',
  });
  await log('andrewTalk', { type: 'conversation', contactId: contactIds['Andrew Fisher'], date: '2026-03-10T09:00:00Z', notes: 'Fishing trip' });
  await log('dorcasOther', { type: 'other', contactId: contactIds.dorcas, date: '2026-04-01T09:00:00Z', notes: 'Helped sew coats' });
  expect((await alice.post('/api/prayer-requests', { contactId: contactIds.Cornelius, request: 'That his household would believe' })).status).toBe(201);
  expect((await alice.post('/api/prayer-requests', { contactId: contactIds.dorcas, request: 'Strength for her hands', answered: true })).status).toBe(201);

  const bobContact = (await bob.post('/api/contacts', { name: 'Anna Secret', notes: 'Messiah coats household' })).body.id;
  await bob.post('/api/activities', { type: 'conversation', contactId: bobContact, notes: 'Messiah talk, coats' });
  await bob.post('/api/prayer-requests', { contactId: bobContact, request: 'household coats Messiah' });
});

describe('the contact list filters', () => {
  it.each([
    ['anna', ['Anna Prophetess']],
    ['GALILEE', ['Andrew Fisher']],
    ['caesarea', ['Cornelius']],
    ['coats', ['dorcas']],
    ['an', ['Andrew Fisher', 'Anna Prophetess']],
    ['555 0102', ['Andrew Fisher']],
    ['5550104', ['dorcas']],
    ['nobody at all', []],
  ])('q=%s finds name, email, phone or notes, ignoring case', async (q, expected) => {
    const res = await alice.get(`/api/contacts?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    expect(namesOf(res.body)).toEqual(expected);
  });

  it('takes % and _ literally', async () => {
    expect(namesOf((await alice.get(`/api/contacts?q=${encodeURIComponent('100%')}`)).body)).toEqual(['Bartimaeus']);
    expect(namesOf((await alice.get(`/api/contacts?q=${encodeURIComponent('%')}`)).body)).toEqual(['Bartimaeus']);
    expect(namesOf((await alice.get(`/api/contacts?q=${encodeURIComponent('a_n')}`)).body)).toEqual([]);
    expect(namesOf((await alice.get(`/api/contacts?q=${encodeURIComponent('under_')}`)).body)).toEqual(['Cornelius']);
    expect(namesOf((await alice.get(`/api/contacts?q=${encodeURIComponent('\\')}`)).body)).toEqual([]);
  });

  it('filters by status, alone or with text', async () => {
    expect(namesOf((await alice.get('/api/contacts?status=seeking')).body)).toEqual(['Cornelius', 'dorcas']);
    expect(namesOf((await alice.get('/api/contacts?status=seeking&q=coats')).body)).toEqual(['dorcas']);
  });

  it('treats a blank q as no filter', async () => {
    expect((await alice.get('/api/contacts?q=%20%20')).body).toHaveLength(5);
  });

  it('keeps paging within the filtered rows', async () => {
    const first = await alice.get('/api/contacts?q=a&limit=2');
    expect(namesOf(first.body)).toEqual(['Andrew Fisher', 'Anna Prophetess']);
    const second = await alice.get(`/api/contacts?q=a&limit=2&cursor=${first.body.at(-1).id}`);
    expect(namesOf(second.body)).toEqual(['Bartimaeus', 'Cornelius']);
    const third = await alice.get(`/api/contacts?q=a&limit=2&cursor=${second.body.at(-1).id}`);
    expect(namesOf(third.body)).toEqual(['dorcas']);
  });

  it("never shows another user's contacts", async () => {
    expect(namesOf((await alice.get('/api/contacts?q=secret')).body)).toEqual([]);
    expect(namesOf((await bob.get('/api/contacts?q=anna')).body)).toEqual(['Anna Secret']);
  });

  it.each([
    ['a status that does not exist', 'status=lost', 'status', 'Invalid spiritual status'],
    ['text over 100 characters', `q=${'x'.repeat(101)}`, 'q', 'Search text must be at most 100 characters'],
  ])('refuses %s with 400', async (_, query, path, message) => {
    const res = await alice.get(`/api/contacts?${query}`);
    expectOneIssue(res, path, message);
  });
});

describe('contacts.count', () => {
  it('counts what the same filters list', async () => {
    expect((await trpcQuery(alice, 'contacts.count')).data).toEqual({ count: 5 });
    expect((await trpcQuery(alice, 'contacts.count', { q: 'an' })).data).toEqual({ count: 2 });
    expect((await trpcQuery(alice, 'contacts.count', { status: 'seeking' })).data).toEqual({ count: 2 });
    expect((await trpcQuery(alice, 'contacts.count', { q: 'coats', status: 'seeking' })).data).toEqual({ count: 1 });
    expect((await trpcQuery(bob, 'contacts.count', { q: 'anna' })).data).toEqual({ count: 1 });
  });

  it('refuses an unknown status with its message', async () => {
    const res = await trpcQuery(alice, 'contacts.count', { status: 'lost' });
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe('Invalid spiritual status');
  });
});

describe('the activity list filters', () => {
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

  it('filters by type', async () => {
    expect(ids((await alice.get('/api/activities?type=conversation')).body)).toEqual([activityIds.andrewTalk, activityIds.annaTalk]);
  });

  it('filters by contact', async () => {
    expect(ids((await alice.get(`/api/activities?contactId=${contactIds['Anna Prophetess']}`)).body)).toEqual([activityIds.annaGospel, activityIds.annaTalk]);
  });

  it('filters by dates, from inclusive and to exclusive', async () => {
    expect(ids((await alice.get('/api/activities?from=2026-03-05T09:00:00Z&to=2026-04-01T09:00:00Z')).body)).toEqual([
      activityIds.andrewTalk,
      activityIds.annaGospel,
    ]);
    expect(ids((await alice.get('/api/activities?from=2026-03-06')).body)).toEqual([activityIds.dorcasOther, activityIds.andrewTalk]);
    expect(ids((await alice.get('/api/activities?to=2026-03-02')).body)).toEqual([activityIds.annaTalk]);
  });

  it('combines filters and keeps paging', async () => {
    const first = await alice.get('/api/activities?from=2026-03-01&limit=2');
    expect(ids(first.body)).toEqual([activityIds.dorcasOther, activityIds.andrewTalk]);
    const second = await alice.get(`/api/activities?from=2026-03-01&limit=2&cursor=${first.body.at(-1).id}`);
    expect(ids(second.body)).toEqual([activityIds.annaGospel, activityIds.annaTalk]);
    expect(ids((await alice.get(`/api/activities?type=conversation&contactId=${contactIds['Andrew Fisher']}`)).body)).toEqual([activityIds.andrewTalk]);
  });

  it("finds nothing by another user's contact id", async () => {
    expect((await bob.get(`/api/activities?contactId=${contactIds['Anna Prophetess']}`)).body).toEqual([]);
  });

  it.each([
    ['an unknown type', 'type=sermon', 'type', 'Invalid activity type'],
    ['a malformed date', 'from=yesterday', 'from', 'Invalid date format'],
    ['an end before the start', 'from=2026-03-05&to=2026-03-01', 'to', 'The end date must be after the start date'],
    ['a bad contact id', 'contactId=abc', 'contactId', 'Invalid id'],
  ])('refuses %s with 400', async (_, query, path, message) => {
    const res = await alice.get(`/api/activities?${query}`);
    expectOneIssue(res, path, message);
  });
});

describe('the quick search', () => {
  it('finds contacts, activities and prayers the caller can read, with the fields the menu shows', async () => {
    const res = await alice.get('/api/search?q=messiah');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      contacts: [],
      activities: [
        {
          kind: 'activity',
          id: activityIds.annaTalk,
          type: 'conversation',
          date: '2026-03-01T09:00:00.000Z',
          notes: 'Talked about the Messiah',
          description: 'Conversation',
          contactName: 'Anna Prophetess',
        },
      ],
      prayers: [],
      followUps: [],
      goals: [],
      tags: [],
      milestones: [],
    });
  });

  it('searches contact name, email, phone and notes; activity description; prayer requests', async () => {
    const coats = (await alice.get('/api/search?q=COATS')).body;
    expect(coats.contacts).toEqual([{ kind: 'contact', id: contactIds.dorcas, name: 'dorcas', spiritualStatus: 'seeking', archived: false }]);
    expect(coats.activities.map((a: { id: number }) => a.id)).toEqual([activityIds.dorcasOther]);
    expect((await alice.get('/api/search?q=bridge')).body.activities.map((a: { id: number }) => a.id)).toEqual([activityIds.annaGospel]);
    expect((await alice.get('/api/search?q=household')).body.prayers).toEqual([
      { kind: 'prayerRequest', id: expect.any(Number), request: 'That his household would believe', contactName: 'Cornelius', answered: false },
    ]);
    expect((await alice.get('/api/search?q=hands')).body.prayers[0]).toMatchObject({ contactName: 'dorcas', answered: true });
    expect((await alice.get('/api/search?q=temple.example')).body.contacts.map((c: { name: string }) => c.name)).toEqual(['Anna Prophetess']);
  });

  it('lists contacts whose name starts with the text first', async () => {
    const res = await alice.get('/api/search?q=a');
    expect(res.body.contacts.map((c: { name: string }) => c.name)).toEqual(['Andrew Fisher', 'Anna Prophetess', 'Bartimaeus', 'Cornelius', 'dorcas']);
    const c = await alice.get('/api/search?q=c');
    expect(c.body.contacts.map((contact: { name: string }) => contact.name)).toEqual(['Cornelius', 'dorcas']);
  });

  it('answers at most limit of each kind, 5 unless asked', async () => {
    const many = await alice.get('/api/search?q=e');
    expect(many.body.contacts).toHaveLength(5);
    const few = await alice.get('/api/search?q=e&limit=2');
    expect(few.body.contacts).toHaveLength(2);
    expect(few.body.activities.length).toBeLessThanOrEqual(2);
  });

  it("shows another user nothing of alice's", async () => {
    const res = await bob.get('/api/search?q=messiah');
    expect(res.body.contacts.map((c: { name: string }) => c.name)).toEqual(['Anna Secret']);
    expect(res.body.activities.map((a: { contactName: string }) => a.contactName)).toEqual(['Anna Secret']);
    expect(res.body.prayers.map((p: { contactName: string }) => p.contactName)).toEqual(['Anna Secret']);
    expect((await bob.get('/api/search?q=prophetess')).body).toEqual(nothingFound);
  });

  it('takes wildcards literally', async () => {
    expect((await alice.get(`/api/search?q=${encodeURIComponent('%')}`)).body.contacts.map((c: { name: string }) => c.name)).toEqual(['Bartimaeus']);
    expect((await alice.get(`/api/search?q=_`)).body.contacts.map((c: { name: string }) => c.name)).toEqual(['Cornelius']);
  });

  it('works through tRPC', async () => {
    const res = await trpcQuery(alice, 'search.quick', { q: 'fishing' });
    expect(res.data.activities.map((a: { id: number }) => a.id)).toEqual([activityIds.andrewTalk]);
  });

  it.each([
    ['no text', '', 'q', 'Search text is required'],
    ['only spaces', 'q=%20%20', 'q', 'Search text is required'],
    ['text over 100 characters', `q=${'x'.repeat(101)}`, 'q', 'Search text must be at most 100 characters'],
    ['a limit over 20', 'q=a&limit=21', 'limit', 'Limit must be at most 20'],
    ['a limit that is not a number', 'q=a&limit=many', 'limit', 'Limit must be a number'],
  ])('refuses %s with 400', async (_, query, path, message) => {
    const res = await alice.get(`/api/search?${query}`);
    expectOneIssue(res, path, message);
  });
});
