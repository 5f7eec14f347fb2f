// The notifications inbox (issue 51 §3): each kind said in the reader's language, newest first, the unread count, marking
// read (one's own only), a removed member's old mentions vanishing, and each user's notifications bounded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinTeam, signedInClient, startServer, type ApiClient, type TestServer } from './harness';

let server: TestServer;
type Person = { client: ApiClient; id: number; username: string };
let ann: Person, ben: Person, cat: Person;
let team: number;

async function person(prefix: string): Promise<Person> {
  const { client, user } = await signedInClient(server, prefix);
  return { client, id: user.id, username: user.username };
}
const teamContact = async (name: string) => (await ann.client.post('/api/contacts', { name, teamId: team })).body.id as number;
/** A notification of a kind other sections write, put in as they would (notify() in their transaction). */
const insert = (row: { userId: number; kind: string; contactId?: number | null; actorId?: number | null; teamId?: number | null; detail?: unknown }) =>
  server.database.writerClient.execute({
    sql: 'insert into notifications (user_id, kind, team_id, contact_id, actor_id, detail, created_at) values (?, ?, ?, ?, ?, ?, ?)',
    args: [row.userId, row.kind, row.teamId ?? null, row.contactId ?? null, row.actorId ?? null, row.detail ? JSON.stringify(row.detail) : null, Date.now()],
  });

beforeAll(async () => {
  server = await startServer();
  [ann, ben, cat] = [await person('ann'), await person('ben'), await person('cat')];
  team = (await ann.client.post('/api/teams', { name: 'Riverside' })).body.id;
  await joinTeam(ann.client, team, ben, 'member');
  await joinTeam(ann.client, team, cat, 'member');
});
afterAll(() => server?.close());

describe('the inbox', () => {
  it('lists a mention with its actor, contact and words, counts it unread, and marks it read', async () => {
    const id = await teamContact('Maria');
    await ann.client.post(`/api/contacts/${id}/comments`, { body: `@${ben.username} could you call her?` });
    const inbox = await ben.client.get('/api/notifications');
    expect(inbox.status).toBe(200);
    expect(inbox.body.unread).toBe(1);
    expect(inbox.body.items[0]).toMatchObject({
      kind: 'mention',
      read: false,
      actorName: 'Test ann',
      contactId: id,
      contactName: 'Maria',
      teamId: team,
      teamName: 'Riverside',
      text: 'Test ann mentioned you in a comment on Maria',
      excerpt: `@${ben.username} could you call her?`,
    });
    // Someone else's ids change nothing of theirs.
    expect((await cat.client.post('/api/notifications/read', { ids: [inbox.body.items[0].id] })).body.unread).toBe(0);
    expect((await ben.client.get('/api/notifications')).body.unread).toBe(1);
    const marked = await ben.client.post('/api/notifications/read', { ids: [inbox.body.items[0].id] });
    expect(marked.status).toBe(200);
    expect(marked.body.unread).toBe(0);
    expect((await ben.client.get('/api/notifications')).body.items[0].read).toBe(true);
  });

  it('says every kind other sections write, in the reader’s language, and marks all read without ids', async () => {
    const id = await teamContact('Jonas');
    await insert({ userId: cat.id, kind: 'assigned', contactId: id, actorId: ann.id, teamId: team });
    await insert({ userId: cat.id, kind: 'accepted', contactId: id, actorId: ben.id, teamId: team });
    await insert({ userId: cat.id, kind: 'declined', contactId: id, actorId: ben.id, teamId: team, detail: { reason: 'Too far away' } });
    await insert({ userId: cat.id, kind: 'updateNeeded', contactId: id, teamId: team });
    await insert({ userId: cat.id, kind: 'returned', actorId: ben.id, teamId: team, detail: { names: ['Jonas', 'Maria'], count: 2 } });
    await insert({ userId: cat.id, kind: 'removed', teamId: team, detail: { teamName: 'Old name' } });
    const inbox = (await cat.client.get('/api/notifications')).body;
    expect(inbox.unread).toBe(6);
    expect(inbox.items.map((item: { text: string }) => item.text)).toEqual([
      'You were removed from Old name',
      '2 contacts came back to the admins when Test ben left',
      'Jonas needs an update',
      'Test ben declined Jonas: Too far away',
      'Test ben accepted Jonas',
      'Test ann assigned Jonas to you',
    ]);
    expect(inbox.items[1].detail).toEqual({ names: ['Jonas', 'Maria'], count: 2 });
    expect(inbox.items[3].detail).toEqual({ reason: 'Too far away' });
    await cat.client.put('/api/account/language', { language: 'es' });
    const spanish = (await cat.client.get('/api/notifications')).body.items.map((item: { text: string }) => item.text);
    expect(spanish[3]).toContain('Jonas');
    expect(spanish[3]).not.toBe('Test ben declined Jonas: Too far away');
    await cat.client.put('/api/account/language', { language: 'en' });
    expect((await cat.client.post('/api/notifications/read', {})).body.unread).toBe(0);
  });

  it('forgets a removed member’s old mentions: neither listed nor counted', async () => {
    const dan = await person('dan');
    await joinTeam(ann.client, team, dan, 'member');
    const id = await teamContact('Secret');
    await ann.client.post(`/api/contacts/${id}/comments`, { body: `@${dan.username} meet Secret` });
    const before = (await dan.client.get('/api/notifications')).body;
    expect(before.unread).toBe(1);
    expect(before.items.some((item: { contactName: string | null }) => item.contactName === 'Secret')).toBe(true);
    expect((await ann.client.delete(`/api/teams/${team}/members/${dan.id}`)).status).toBe(200);
    // What is left is the removal itself (server/domain/assignments.ts tells a removed member).
    const after = (await dan.client.get('/api/notifications')).body;
    expect(after.unread).toBe(1);
    expect(after.items.map((item: { kind: string }) => item.kind)).toEqual(['removed']);
    expect(JSON.stringify(after)).not.toContain('Secret');
  });

  it('keeps each user’s newest 500, and lists the newest 50', async () => {
    const eve = await person('eve');
    await server.database.writerClient.execute({
      sql: `with recursive n(i) as (select 1 union all select i + 1 from n where i < 520)
            insert into notifications (user_id, kind, team_id, created_at) select ?, 'removed', ?, ? + i from n`,
      args: [eve.id, team, Date.now() - 10_000],
    });
    const id = await teamContact('Pruned');
    await joinTeam(ann.client, team, eve, 'member');
    await ann.client.post(`/api/contacts/${id}/comments`, { body: `@${eve.username} hi` });
    expect(await server.count('notifications', 'user_id = ?', [eve.id])).toBe(500);
    const inbox = (await eve.client.get('/api/notifications')).body;
    expect(inbox.items).toHaveLength(50);
    expect(inbox.items[0].kind).toBe('mention');
    expect(inbox.unread).toBe(500);
  });

  it('refuses a bad body with a sentence', async () => {
    expect((await ann.client.post('/api/notifications/read', { ids: ['x'] })).status).toBe(400);
    expect((await ann.client.post('/api/notifications/read', { ids: Array.from({ length: 501 }, (_, i) => i + 1) })).status).toBe(400);
    expect((await ann.client.post('/api/notifications/read', { other: 1 })).status).toBe(400);
  });
});
