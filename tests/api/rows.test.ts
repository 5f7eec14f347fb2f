// rowsOf (server/rows.ts): the same rows as drizzle's own mapping, on a real libSQL file.
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, followUps, goals } from '../../db/schema';
import { rowsOf } from '../../server/rows';
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
    await client.post('/api/goals', { title: 'Ten talks', description: 'One a day', targetCount: 10, deadline: '2027-01-01T12:00:00.000Z', type: 'conversation' }),
  ];
  for (const res of made) if (res.status !== 201) throw new Error(`seeding failed: ${res.status} ${JSON.stringify(res.body)}`);
});
afterAll(() => server.close());

describe('rowsOf', () => {
  it('gives what drizzle gives for flat selects: dates, booleans, nulls, joined and sql fields', async () => {
    const db = server.database.read;
    const everyContact = () => db.select().from(contacts).where(eq(contacts.createdBy, userId)).orderBy(asc(contacts.id));
    const joinedFollowUps = () =>
      db
        .select({ id: followUps.id, date: followUps.date, completed: followUps.completed, contactName: contacts.name, lower: sql<string>`lower(${contacts.name})`, n: sql`1`.mapWith(Number) })
        .from(followUps)
        .innerJoin(contacts, eq(contacts.id, followUps.contactId))
        .where(eq(followUps.createdBy, userId));
    const someGoalFields = () => db.select({ id: goals.id, deadline: goals.deadline, completed: goals.completed, teamId: goals.teamId }).from(goals).where(eq(goals.createdBy, userId));

    const people = await rowsOf(everyContact());
    expect(people).toEqual(await everyContact());
    expect(people.find((c) => c.name === 'No Email')?.email).toBeNull();
    expect(people[0].createdAt).toBeInstanceOf(Date);

    const [followUp] = await rowsOf(joinedFollowUps());
    expect([followUp]).toEqual(await joinedFollowUps());
    expect(followUp.date).toBeInstanceOf(Date);
    expect(followUp.completed).toBe(true);
    expect(followUp.n).toBe(1);

    const goalRows = await rowsOf(someGoalFields());
    expect(goalRows).toHaveLength(1);
    expect(goalRows).toEqual(await someGoalFields());
  });

  it('leaves a nested selection to drizzle', async () => {
    const query = () => server.database.read.select({ contact: { id: contacts.id, name: contacts.name } }).from(contacts).where(eq(contacts.createdBy, userId)).orderBy(asc(contacts.id));
    expect(await rowsOf(query())).toEqual(await query());
    expect((await rowsOf(query()))[0].contact.name).toBe('Rows Contact');
  });
});
