// definePagedList (server/queries/paging.ts): a list declared once pages the rows its reader may read, in its order, and
// builds its query once per shape, whatever the values of its value keys.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { goals } from '../../db/schema';
import { readAuthority } from '../../server/access';
import { definePagedList } from '../../server/queries/paging';
import { joinTeam, signedInClient, startServer, type ApiClient, type TestServer } from './harness';

let server: TestServer;
let ann: ApiClient;
let annId: number;
let benId: number;
let calTitles: string[];

const goalOf = (title: string, type: string, teamId: number | null) => ({
  title,
  description: title,
  type,
  targetCount: 3,
  deadline: '2030-01-01T00:00:00.000Z',
  teamId,
});

beforeAll(async () => {
  server = await startServer();
  ({
    client: ann,
    user: { id: annId },
  } = await signedInClient(server, 'ann'));
  const signedInBen = await signedInClient(server, 'ben');
  const ben = signedInBen.client;
  benId = signedInBen.user.id;
  const { client: cal } = await signedInClient(server, 'cal');
  const team = (await ben.post('/api/teams', { name: 'Riverside' })).body.id;
  await joinTeam(ben, team, { client: ann, id: annId }, 'viewer');
  // Titles that tie on purpose (ties go by id) and interleave Ann's own goals with her team's.
  for (const [i, title] of ['b', 'a', 'c', 'b', 'a', 'd', 'b'].entries()) {
    expect((await ann.post('/api/goals', goalOf(title, i % 2 ? 'conversation' : 'new_contact', null))).status).toBe(201);
    expect((await ben.post('/api/goals', goalOf(title, 'conversation', i % 2 ? team : null))).status).toBe(201);
  }
  calTitles = ['a', 'b'];
  for (const title of calTitles) expect((await cal.post('/api/goals', goalOf(title, 'conversation', null))).status).toBe(201);
});

afterAll(() => server.close());

/** A list of goals by title, declared as a new list would be, counting how often its query is built. */
function goalsByTitle() {
  const built = { count: 0 };
  const list = definePagedList<{ type?: 'conversation' | 'new_contact'; descending?: boolean; cursor?: number; limit?: number }>()({
    table: goals,
    fields: { id: goals.id, title: goals.title, teamId: goals.teamId, createdBy: goals.createdBy },
    select: (db, fields) => db.select(fields).from(goals),
    values: ['type'],
    filters: (input) => {
      built.count++;
      return [input.type === undefined ? undefined : eq(goals.type, input.type)];
    },
    order: (input) => ({ key: goals.title, direction: input.descending ? 'desc' : 'asc' }),
  });
  return { list, built };
}

describe('a list declared with definePagedList', () => {
  it('pages every row its reader may read once, in its order with ties by id, and none of anyone else', async () => {
    const { list } = goalsByTitle();
    const db = server.database.read;
    const who = await readAuthority(db, annId);
    const expected = (await db.select({ id: goals.id, title: goals.title, createdBy: goals.createdBy, teamId: goals.teamId }).from(goals))
      .filter((goal) => goal.createdBy === annId || (goal.createdBy === benId && goal.teamId !== null))
      .sort((a, b) => a.title.localeCompare(b.title) || a.id - b.id);
    expect(expected.length).toBe(10);
    for (const limit of [1, 3, 4]) {
      const seen: number[] = [];
      let cursor: number | undefined;
      for (;;) {
        const page = await list.page(db, who, { limit, cursor });
        seen.push(...page.map((goal) => goal.id));
        if (page.length < limit) break;
        cursor = page[page.length - 1].id;
      }
      expect(seen, `limit ${limit}`).toEqual(expected.map((goal) => goal.id));
    }
    // Newest title first in the other direction, ties by id descending.
    expect((await list.page(db, who, { descending: true, limit: 3 })).map((goal) => goal.id)).toEqual(
      expected
        .map((goal) => goal.id)
        .reverse()
        .slice(0, 3),
    );
  });

  it('builds its query once for every value of a value key, and once per value of any other key', async () => {
    const { list, built } = goalsByTitle();
    const db = server.database.read;
    const who = await readAuthority(db, annId);
    const conversations = await list.page(db, who, { type: 'conversation', limit: 50 });
    const newContacts = await list.page(db, who, { type: 'new_contact', limit: 50 });
    expect(built.count).toBe(1);
    expect(conversations.length).toBe(3 + 3);
    expect(newContacts.length).toBe(4);
    // Another limit and a cursor are values too; the cursor's presence is a new shape (its condition is then written).
    await list.page(db, who, { type: 'conversation', limit: 2 });
    expect(built.count).toBe(1);
    await list.page(db, who, { type: 'conversation', cursor: conversations[0].id, limit: 2 });
    await list.page(db, who, { type: 'new_contact', cursor: newContacts[0].id, limit: 2 });
    expect(built.count).toBe(2);
    // A key that is not a value is built into the query: each of its values is a shape of its own.
    await list.page(db, who, { type: 'conversation', descending: true, limit: 2 });
    await list.page(db, who, { type: 'conversation', descending: false, limit: 2 });
    expect(built.count).toBe(4);
  });
});
