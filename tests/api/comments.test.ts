// Comments on a team contact and their mentions (issue 51 §3), as an attacker sends them: only team contacts, a reader
// reads, a writer writes, the author edits for 15 minutes (counted on the server), the author or an admin deletes; a
// mention tells only teammates who can read the contact, never the author, and an edit tells only the newly mentioned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinTeam, signedInClient, startServer, type ApiClient, type TestServer } from './harness';
import { trpcBatch } from './trpc';

let server: TestServer;
type Person = { client: ApiClient; id: number; username: string };
/** Ann is the team's admin, Ben and Cat members, Vic a viewer; Eve is in another team of her own. */
let ann: Person, ben: Person, cat: Person, vic: Person, eve: Person;
let team: number;

async function person(prefix: string): Promise<Person> {
  const { client, user } = await signedInClient(server, prefix);
  return { client, id: user.id, username: user.username };
}
const teamContact = async (name: string) => (await ann.client.post('/api/contacts', { name, teamId: team })).body.id as number;
const mentionsOf = (userId: number) => server.count('notifications', "user_id = ? and kind = 'mention'", [userId]);
/** Moves a comment's writing back in time, as if `minutes` had passed since. */
const age = (commentId: number, minutes: number) =>
  server.database.writerClient.execute({ sql: 'update comments set created_at = created_at - ? where id = ?', args: [minutes * 60_000, commentId] });

beforeAll(async () => {
  server = await startServer();
  [ann, ben, cat, vic, eve] = [await person('ann'), await person('ben'), await person('cat'), await person('vic'), await person('eve')];
  team = (await ann.client.post('/api/teams', { name: 'Riverside' })).body.id;
  await joinTeam(ann.client, team, ben, 'member');
  await joinTeam(ann.client, team, cat, 'member');
  await joinTeam(ann.client, team, vic, 'viewer');
  await eve.client.post('/api/teams', { name: 'Eve team' });
});
afterAll(() => server?.close());

describe('writing and reading', () => {
  it('lets a member comment on a team contact and every reader read it, newest first, with its author', async () => {
    const id = await teamContact('Talked about');
    const first = await ben.client.post(`/api/contacts/${id}/comments`, { body: '  First word  ' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ contactId: id, body: 'First word', teamId: team, createdBy: ben.id, canEdit: true, canDelete: true });
    expect(first.body.author).toEqual({ id: ben.id, firstName: 'Test', lastName: 'ben' });
    await cat.client.post(`/api/contacts/${id}/comments`, { body: 'Second word' });
    const list = await vic.client.get(`/api/contacts/${id}/comments`);
    expect(list.status).toBe(200);
    expect(list.body.map((c: { body: string }) => c.body)).toEqual(['Second word', 'First word']);
    expect(list.body.every((c: { canEdit: boolean; canDelete: boolean }) => !c.canEdit && !c.canDelete)).toBe(true);
    // Not the contact's notes.
    expect((await ann.client.get(`/api/contacts/${id}`)).body.notes).toBeNull();
  });

  it('lists the newest 200, newest first', async () => {
    const id = await teamContact('Much talked about');
    await server.database.writerClient.execute({
      sql: `with recursive n(i) as (select 1 union all select i + 1 from n where i < 205)
            insert into comments (contact_id, body, created_at, team_id, created_by) select ?, 'Word ' || i, ? + i, ?, ? from n`,
      args: [id, Date.now() - 10_000, team, ben.id],
    });
    const list = (await vic.client.get(`/api/contacts/${id}/comments`)).body;
    expect(list).toHaveLength(200);
    expect(list[0].body).toBe('Word 205');
    expect(list[199].body).toBe('Word 6');
  });

  it('refuses a viewer with the role sentence, an empty or too long body, and a personal contact with a sentence', async () => {
    const id = await teamContact('Viewer tries');
    const viewer = await vic.client.post(`/api/contacts/${id}/comments`, { body: 'Hello' });
    expect(viewer.status).toBe(403);
    expect(viewer.body.message).toBe("Viewers of \u2068Riverside\u2069 can read the team's records but cannot add or change them.");
    expect((await ben.client.post(`/api/contacts/${id}/comments`, { body: '   ' })).status).toBe(400);
    expect((await ben.client.post(`/api/contacts/${id}/comments`, { body: 'x'.repeat(2001) })).status).toBe(400);
    expect((await ben.client.post(`/api/contacts/${id}/comments`, { body: 'x'.repeat(2000) })).status).toBe(201);
    const personal = (await ben.client.post('/api/contacts', { name: 'Mine alone' })).body.id;
    const refused = await ben.client.post(`/api/contacts/${personal}/comments`, { body: 'Hello' });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/team contacts/);
    expect((await ben.client.get(`/api/contacts/${personal}/comments`)).status).toBe(400);
    expect(await server.count('comments', 'contact_id in (?, ?)', [id, personal])).toBe(1);
  });

  it('answers 404 to someone outside the team, on every route, and changes nothing', async () => {
    const id = await teamContact('Not Eve’s');
    const comment = (await ben.client.post(`/api/contacts/${id}/comments`, { body: 'Ours' })).body.id;
    expect((await eve.client.get(`/api/contacts/${id}/comments`)).status).toBe(404);
    expect((await eve.client.post(`/api/contacts/${id}/comments`, { body: 'Hi' })).status).toBe(404);
    expect((await eve.client.put(`/api/contacts/${id}/comments/${comment}`, { body: 'Mine' })).status).toBe(404);
    expect((await eve.client.delete(`/api/contacts/${id}/comments/${comment}`)).status).toBe(404);
    // A comment of another contact named under a contact one reads: not found either.
    const other = await teamContact('Other');
    expect((await ann.client.delete(`/api/contacts/${other}/comments/${comment}`)).status).toBe(404);
    expect((await server.rows('select body from comments where id = ?', [comment]))[0].body).toBe('Ours');
  });
});

describe('changing and deleting', () => {
  it('lets the author change a comment for 15 minutes, then refuses with a sentence; nobody else ever', async () => {
    const id = await teamContact('Edited');
    const comment = (await ben.client.post(`/api/contacts/${id}/comments`, { body: 'Draft' })).body.id;
    const changed = await ben.client.put(`/api/contacts/${id}/comments/${comment}`, { body: 'Final' });
    expect(changed.status).toBe(200);
    expect(changed.body.body).toBe('Final');
    expect(changed.body.editedAt).not.toBeNull();
    const admin = await ann.client.put(`/api/contacts/${id}/comments/${comment}`, { body: 'Admin’s words' });
    expect(admin.status).toBe(403);
    expect(admin.body.message).toBe('Only its author can change a comment');
    await age(comment, 16);
    const late = await ben.client.put(`/api/contacts/${id}/comments/${comment}`, { body: 'Too late' });
    expect(late.status).toBe(403);
    expect(late.body.message).toMatch(/first 15 minutes/);
    expect((await ben.client.get(`/api/contacts/${id}/comments`)).body[0]).toMatchObject({ body: 'Final', canEdit: false, canDelete: true });
  });

  it('lets the author or an admin delete, not another member or a viewer', async () => {
    const id = await teamContact('Deleted');
    const one = (await ben.client.post(`/api/contacts/${id}/comments`, { body: 'One' })).body.id;
    const two = (await ben.client.post(`/api/contacts/${id}/comments`, { body: 'Two' })).body.id;
    const member = await cat.client.delete(`/api/contacts/${id}/comments/${one}`);
    expect(member.status).toBe(403);
    expect(member.body.message).toBe('Only its author or a team admin can delete a comment');
    expect((await vic.client.delete(`/api/contacts/${id}/comments/${one}`)).status).toBe(403);
    expect((await ben.client.delete(`/api/contacts/${id}/comments/${one}`)).status).toBe(200);
    expect((await ann.client.delete(`/api/contacts/${id}/comments/${two}`)).status).toBe(200);
    expect(await server.count('comments', 'contact_id = ?', [id])).toBe(0);
  });

  it('go with their contact, and stay with the team when it is taken back (deleted in the unshare)', async () => {
    const shared = (await ben.client.post('/api/contacts', { name: 'Shared then back', teamId: team })).body.id;
    await ann.client.post(`/api/contacts/${shared}/comments`, { body: `@${ben.username} see` });
    expect(await mentionsOf(ben.id)).toBeGreaterThan(0);
    const back = await ben.client.post(`/api/contacts/${shared}/unshare`);
    expect(back.status).toBe(200);
    expect(await server.count('comments', 'contact_id = ?', [shared])).toBe(0);
    expect(await server.count('notifications', 'comment_id is not null and contact_id = ?', [shared])).toBe(0);
    const gone = await teamContact('Gone');
    await ben.client.post(`/api/contacts/${gone}/comments`, { body: 'Bye' });
    expect((await ann.client.delete(`/api/contacts/${gone}`)).status).toBe(200);
    expect(await server.count('comments', 'contact_id = ?', [gone])).toBe(0);
  });
});

describe('mentions', () => {
  it('tell each teammate named by username or unique first name, once, never the author or a stranger', async () => {
    await server.database.writerClient.execute({ sql: "update users set first_name = 'Catalina' where id = ?", args: [cat.id] });
    const id = await teamContact('Mentioned');
    const before = {
      ben: await mentionsOf(ben.id),
      cat: await mentionsOf(cat.id),
      vic: await mentionsOf(vic.id),
      eve: await mentionsOf(eve.id),
      ann: await mentionsOf(ann.id),
    };
    const res = await ann.client.post(`/api/contacts/${id}/comments`, {
      body: `@${ben.username.toUpperCase()}, @catalina and @${vic.username}. Also @${eve.username} and @${ann.username} and @nobody; mail x@${ben.username}`,
    });
    expect(res.status).toBe(201);
    expect(await mentionsOf(ben.id)).toBe(before.ben + 1);
    expect(await mentionsOf(cat.id)).toBe(before.cat + 1);
    // A viewer reads the contact, so is told.
    expect(await mentionsOf(vic.id)).toBe(before.vic + 1);
    expect(await mentionsOf(eve.id)).toBe(before.eve);
    expect(await mentionsOf(ann.id)).toBe(before.ann);
    const [row] = await server.rows("select * from notifications where user_id = ? and kind = 'mention' order by id desc limit 1", [ben.id]);
    expect(row).toMatchObject({ team_id: team, contact_id: id, comment_id: res.body.id, actor_id: ann.id, read_at: null });
  });

  it('tell nobody by a first name two members share', async () => {
    await server.database.writerClient.execute({ sql: "update users set first_name = 'Sam' where id in (?, ?)", args: [ben.id, vic.id] });
    const id = await teamContact('Two Sams');
    const before = await server.count('notifications', "kind = 'mention'");
    await ann.client.post(`/api/contacts/${id}/comments`, { body: 'Thanks @Sam' });
    expect(await server.count('notifications', "kind = 'mention'")).toBe(before);
    await server.database.writerClient.execute({ sql: "update users set first_name = 'Test' where id in (?, ?)", args: [ben.id, vic.id] });
  });

  it('on an edit, tell only the newly mentioned', async () => {
    const id = await teamContact('Edited mentions');
    const comment = (await ann.client.post(`/api/contacts/${id}/comments`, { body: `Hi @${ben.username}` })).body.id;
    const benBefore = await mentionsOf(ben.id);
    const catBefore = await mentionsOf(cat.id);
    await ann.client.put(`/api/contacts/${id}/comments/${comment}`, { body: `Hi @${ben.username} and @${cat.username}` });
    await ann.client.put(`/api/contacts/${id}/comments/${comment}`, { body: `Hi @${cat.username}` });
    await ann.client.put(`/api/contacts/${id}/comments/${comment}`, { body: `Hi @${ben.username} @${cat.username}` });
    expect(await mentionsOf(ben.id)).toBe(benBefore);
    expect(await mentionsOf(cat.id)).toBe(catBefore + 1);
  });

  it('hold in one tRPC batch: a viewer’s comments are all refused, a member’s each written once', async () => {
    const id = await teamContact('Batched');
    const calls = Array.from({ length: 5 }, (_, i) => ({ path: 'comments.create', input: { id, body: `@${ben.username} ${i}` } }));
    const viewer = await trpcBatch(vic.client, calls);
    expect(viewer.body.every((answer: { error?: { json: { data: { code: string } } } }) => answer.error?.json.data.code === 'FORBIDDEN')).toBe(true);
    expect(await server.count('comments', 'contact_id = ?', [id])).toBe(0);
    const before = await mentionsOf(ben.id);
    const member = await trpcBatch(cat.client, calls);
    expect(member.body.every((answer: { result?: unknown }) => answer.result)).toBe(true);
    expect(await server.count('comments', 'contact_id = ?', [id])).toBe(5);
    expect(await mentionsOf(ben.id)).toBe(before + 5);
    const eveBatch = await trpcBatch(eve.client, calls.slice(0, 2));
    expect(eveBatch.body.every((answer: { error?: { json: { data: { code: string } } } }) => answer.error?.json.data.code === 'NOT_FOUND')).toBe(true);
  });
});

describe('the offline outbox’s replays (an Idempotency-Key on each write)', () => {
  it('write, change and delete once when sent again with the same key, and tell a mention once', async () => {
    const id = await teamContact('Sent twice');
    const key = { 'Idempotency-Key': 'comment-key-0001' };
    const first = await ben.client.request('POST', `/api/contacts/${id}/comments`, { body: 'Hello @' + cat.username }, key);
    const again = await ben.client.request('POST', `/api/contacts/${id}/comments`, { body: 'Hello @' + cat.username }, key);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.body).toEqual(first.body);
    expect(await server.count('comments', 'contact_id = ?', [id])).toBe(1);
    expect(await server.count('notifications', 'comment_id = ?', [first.body.id])).toBe(1);
    // The same key with another request is refused, as for every outbox write.
    const other = await ben.client.request('POST', `/api/contacts/${id}/comments`, { body: 'Another word' }, key);
    expect(other.status).toBe(422);

    const path = `/api/contacts/${id}/comments/${first.body.id}`;
    const editKey = { 'Idempotency-Key': 'comment-key-0002' };
    const edited = await ben.client.request('PUT', path, { body: 'Changed once' }, editKey);
    expect((await ben.client.request('PUT', path, { body: 'Changed once' }, editKey)).body).toEqual(edited.body);
    expect(edited.body.body).toBe('Changed once');

    const deleteKey = { 'Idempotency-Key': 'comment-key-0003' };
    const removed = await ben.client.request('DELETE', path, undefined, deleteKey);
    // Gone after the first: the replay answers the first answer, not a 404 the outbox would take for a refusal.
    const replayed = await ben.client.request('DELETE', path, undefined, deleteKey);
    expect([removed.status, replayed.status, replayed.body]).toEqual([200, 200, { success: true }]);
    expect((await ben.client.request('DELETE', path)).status).toBe(404);
  });

  it('still refuse a viewer by role, key or no key', async () => {
    const id = await teamContact('Viewer offline');
    const res = await vic.client.request('POST', `/api/contacts/${id}/comments`, { body: 'From the road' }, { 'Idempotency-Key': 'viewer-key-0001' });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/Riverside/);
    expect(await server.count('comments', 'contact_id = ?', [id])).toBe(0);
  });
});
