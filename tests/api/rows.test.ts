// rowsOf (server/queries/rows.ts): the same rows as drizzle's own mapping, on a real libSQL file, through public APIs only.
import { asc, eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, contacts, followUps, goals } from '../../db/schema';
import { decoded, packed, rowsOf } from '../../server/queries/rows';
import { activityColumns } from '../../server/domain/activities';
import { decidedInSql } from '../../server/access';
import { followUpListColumns, selectFollowUps } from '../../server/domain/followUps';
import { goalColumns } from '../../server/domain/goals';
import { signedInClient, startServer, type TestServer } from './harness';

let server: TestServer;
let userId: number;

beforeAll(async () => {
  server = await startServer();
  const { client, user } = await signedInClient(server, 'rows');
  userId = user.id;
  const contact = (await client.post('/api/contacts', { name: 'Rows Contact', email: 'r@example.com' })).body;
  await client.post('/api/contacts', { name: 'No Email' });
  const made = [
    await client.post('/api/followups', { contactId: contact.id, date: '2026-12-01T12:00:00.000Z', type: 'phone', description: 'Call', completed: true }),
    await client.post('/api/activities', { type: 'conversation', contactId: contact.id, date: '2026-11-20T12:00:00.000Z', notes: 'Rows' }),
    await client.post('/api/goals', {
      title: 'Ten talks',
      description: 'One a day',
      targetCount: 10,
      deadline: '2027-01-01T12:00:00.000Z',
      type: 'conversation',
    }),
  ];
  for (const res of made) if (res.status !== 201) throw new Error(`seeding failed: ${res.status} ${JSON.stringify(res.body)}`);
});
afterAll(() => server.close());

describe('rowsOf', () => {
  it('gives what drizzle gives for flat selects: dates, booleans, nulls, joined and decoded sql fields', async () => {
    const db = server.database.read;
    const contactFields = getTableColumns(contacts);
    const everyContact = () => db.select(contactFields).from(contacts).where(eq(contacts.createdBy, userId)).orderBy(asc(contacts.id));
    const joinedFields = {
      id: followUps.id,
      date: followUps.date,
      completed: followUps.completed,
      contactName: contacts.name,
      lower: decoded(sql`lower(${contacts.name})`, String),
      n: decoded(sql`1`, Number),
      aliased: decoded(sql`2`, Number).as('aliased'),
    };
    const joinedFollowUps = () =>
      db.select(joinedFields).from(followUps).innerJoin(contacts, eq(contacts.id, followUps.contactId)).where(eq(followUps.createdBy, userId));
    const goalFields = { id: goals.id, deadline: goals.deadline, completed: goals.completed, teamId: goals.teamId };
    const someGoalFields = () => db.select(goalFields).from(goals).where(eq(goals.createdBy, userId));

    const people = await rowsOf(contactFields, everyContact());
    expect(people).toEqual(await everyContact());
    expect(people.find((c) => c.name === 'No Email')?.email).toBeNull();
    expect(people[0].createdAt).toBeInstanceOf(Date);

    const [followUp] = await rowsOf(joinedFields, joinedFollowUps());
    expect([followUp]).toEqual(await joinedFollowUps());
    expect(followUp.date).toBeInstanceOf(Date);
    expect(followUp.completed).toBe(true);
    expect(followUp).toMatchObject({ n: 1, aliased: 2, lower: 'rows contact' });

    const goalRows = await rowsOf(goalFields, someGoalFields());
    expect(goalRows).toHaveLength(1);
    expect(goalRows).toEqual(await someGoalFields());
  });

  it("gives what drizzle gives for the routers' own selections, counted and joined fields included", async () => {
    const db = server.database.read;
    const same = async <Row>(fields: Parameters<typeof rowsOf>[0], query: () => PromiseLike<Row[]> & { values(): PromiseLike<unknown[][]> }) => {
      const rows = await rowsOf(fields, query());
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).toEqual(await query());
    };
    const who = decidedInSql(userId);
    await same(followUpListColumns(who), () => selectFollowUps(db, who).where(eq(followUps.createdBy, userId)));
    await same(activityColumns(who), () =>
      db.select(activityColumns(who)).from(activities).innerJoin(contacts, eq(contacts.id, activities.contactId)).where(eq(activities.createdBy, userId)),
    );
    await same(goalColumns, () => db.select(goalColumns).from(goals).where(eq(goals.createdBy, userId)));
  });

  it('refuses an sql field whose decoder it cannot know, and a selection that is not the query’s', async () => {
    const db = server.database.read;
    const undecoded = { id: contacts.id, n: sql`1`.mapWith(Number) };
    await expect(rowsOf(undecoded, db.select(undecoded).from(contacts))).rejects.toThrow(/'n' is an sql expression not made with decoded\(\)/);
    const wider = { id: contacts.id, name: contacts.name };
    await expect(rowsOf(wider, db.select({ id: contacts.id }).from(contacts).where(eq(contacts.createdBy, userId)))).rejects.toThrow(
      /1 columns for a selection of 2/,
    );
  });

  it("spreads a packed value into the fields it holds, and drizzle's own mapping refuses it", async () => {
    const db = server.database.read;
    const fields = {
      id: contacts.id,
      $both: packed(sql`case when ${contacts.email} is null then 0 else json_array(${contacts.email}, length(${contacts.email})) end`, (value, row) => {
        const [email, length] = typeof value === 'string' ? (JSON.parse(value) as [string, number]) : [null, 0];
        Object.assign(row, { email, length });
      }),
      name: contacts.name,
    };
    const query = () => db.select(fields).from(contacts).where(eq(contacts.createdBy, userId)).orderBy(asc(contacts.id));
    expect(await rowsOf(fields, query())).toEqual([
      { id: expect.any(Number), email: 'r@example.com', length: 13, name: 'Rows Contact' },
      { id: expect.any(Number), email: null, length: 0, name: 'No Email' },
    ]);
    await expect(query()).rejects.toThrow(/a selection with a packed field is read through rowsOf or decodeRows/);
  });

  it('answers a contact and a prayer request whole through their packed fields', async () => {
    const { client } = await signedInClient(server, 'rows-packed');
    const plain = (await client.post('/api/contacts', { name: 'Plain' })).body;
    const rich = (await client.post('/api/contacts', { name: 'Rich', tags: ['Zeta', 'alpha'], stayInTouchDays: 9 })).body;
    expect((await client.put(`/api/contacts/${rich.id}/milestones/baptized`, { date: '2026-10-01T12:00:00.000Z' })).status).toBe(200);
    expect((await client.put(`/api/contacts/${rich.id}/milestones/has_bible`, { date: '2026-09-01T12:00:00.000Z' })).status).toBe(200);
    expect((await client.post(`/api/contacts/${rich.id}/archive`, { reason: 'moved', note: 'Lyon' })).status).toBe(200);
    const read = (id: number) => client.get(`/api/contacts/${id}`).then((res) => res.body);
    expect(await read(plain.id)).toMatchObject({
      archivedAt: null,
      archiveReason: null,
      archiveNote: null,
      stayInTouchDays: null,
      assignedTo: null,
      assignmentStatus: null,
      updateNeeded: false,
      milestones: [],
      tags: [],
    });
    expect(await read(rich.id)).toMatchObject({
      archivedAt: expect.any(String),
      archiveReason: 'moved',
      archiveNote: 'Lyon',
      stayInTouchDays: 9,
      assignedTo: null,
      updateNeeded: false,
      milestones: [
        { kind: 'has_bible', date: '2026-09-01T12:00:00.000Z' },
        { kind: 'baptized', date: '2026-10-01T12:00:00.000Z' },
      ],
      tags: ['alpha', 'Zeta'],
    });
    const list = (await client.post('/api/prayer-lists', { name: 'Mornings', perDay: 3 })).body;
    const inList = (await client.post('/api/prayer-requests', { request: 'For rain', listId: list.id })).body;
    const alone = (await client.post('/api/prayer-requests', { request: 'For peace' })).body;
    expect(inList).toMatchObject({ listId: list.id, teamPrayedThisWeek: 0, teamPrayedNames: null });
    expect(alone).toMatchObject({ listId: null, teamPrayedThisWeek: 0, teamPrayedNames: null });
  });
});
