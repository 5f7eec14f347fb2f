// Assigning a team contact (issue 30): who may assign whom, 'Assigned to me', the badge of new assignments, needs
// attention for the assignee only, and removal from the team ending a member's assignments.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactList } from '../../server/routers/contacts';
import { joinTeam, queryPlan, unindexedScans, signedInClient, startUsers, type ApiClient, type TestServer } from './harness';

let server: TestServer;
let ann: ApiClient;
let ben: ApiClient;
let cat: ApiClient;
let vic: ApiClient;
let eve: ApiClient;
let annId: number;
let benId: number;
let catId: number;
let vicId: number;
let eveId: number;
/** Ann is its admin, Ben and Cat members, Vic a viewer; Eve is in no team of theirs. */
let team: number;
/** People who join the team later in a test of their own. */
let later: Record<'dan' | 'fay', Awaited<ReturnType<typeof signedInClient>>>;

const teamContact = async (name: string) => (await ann.post('/api/contacts', { name, teamId: team })).body.id as number;

beforeAll(async () => {
  ({
    server,
    clients: [ann, ben, cat, vic, eve],
    ids: [annId, benId, catId, vicId, eveId],
  } = await startUsers(['ann', 'ben', 'cat', 'vic', 'eve']));
  team = (await ann.post('/api/teams', { name: 'Riverside' })).body.id;
  await joinTeam(ann, team, { client: ben, id: benId }, 'member');
  await joinTeam(ann, team, { client: cat, id: catId }, 'member');
  await joinTeam(ann, team, { client: vic, id: vicId }, 'viewer');
  later = { dan: await signedInClient(server, 'dan'), fay: await signedInClient(server, 'fay') };
});

afterAll(() => server?.close());

describe('assign', () => {
  it('lets an admin assign a member, and shows who on the contact for the whole team', async () => {
    const id = await teamContact('Assigned one');
    const res = await ann.put(`/api/contacts/${id}/assignee`, { userId: benId });
    expect(res.status).toBe(200);
    expect(res.body.assignedTo).toEqual({ id: benId, firstName: 'Test', lastName: 'ben' });
    expect((await vic.get(`/api/contacts/${id}`)).body.assignedTo.id).toBe(benId);
    const listed = (await cat.get('/api/contacts?limit=100')).body.find((c: { id: number }) => c.id === id);
    expect(listed.assignedTo.id).toBe(benId);
  });

  it("lets a member assign only themselves, never take a teammate's, and hand their own back", async () => {
    const id = await teamContact('Self');
    expect((await ben.put(`/api/contacts/${id}/assignee`, { userId: catId })).status).toBe(403);
    expect((await ben.put(`/api/contacts/${id}/assignee`, { userId: benId })).body.assignedTo.id).toBe(benId);
    expect((await cat.put(`/api/contacts/${id}/assignee`, { userId: catId })).status).toBe(409);
    expect((await cat.put(`/api/contacts/${id}/assignee`, { userId: null })).status).toBe(403);
    const back = await ben.put(`/api/contacts/${id}/assignee`, { userId: null });
    expect(back.status).toBe(200);
    expect(back.body.assignedTo).toBeNull();
    expect(await server.count('contacts', 'id = ? and assigned_to is null and assigned_at is null', [id])).toBe(1);
  });

  it('refuses a viewer (403), a stranger (404), a non-member or viewer assignee (400) and a personal contact (400)', async () => {
    const id = await teamContact('Refused');
    expect((await vic.put(`/api/contacts/${id}/assignee`, { userId: vicId })).status).toBe(403);
    expect((await eve.put(`/api/contacts/${id}/assignee`, { userId: eveId })).status).toBe(404);
    const outsider = await ann.put(`/api/contacts/${id}/assignee`, { userId: eveId });
    expect(outsider.status).toBe(400);
    expect(outsider.body.issues[0].path).toBe('userId');
    expect((await ann.put(`/api/contacts/${id}/assignee`, { userId: vicId })).status).toBe(400);
    const personal = (await ann.post('/api/contacts', { name: 'Mine alone' })).body.id;
    const res = await ann.put(`/api/contacts/${personal}/assignee`, { userId: annId });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/personal contact cannot be assigned/);
    expect(await server.count('contacts', 'id in (?, ?) and assigned_to is not null', [id, personal])).toBe(0);
    expect((await ann.put(`/api/contacts/${id}/assignee`, { userId: 'x' })).status).toBe(400);
  });

  it('gives exactly one of two members racing for the same contact, in one batch or concurrently', async () => {
    const id = await teamContact('Raced');
    const answers = await Promise.all([ben.put(`/api/contacts/${id}/assignee`, { userId: benId }), cat.put(`/api/contacts/${id}/assignee`, { userId: catId })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await server.count('contacts', 'id = ? and assigned_to is not null', [id])).toBe(1);
  });
});

describe('assigned to me', () => {
  it('lists only the contacts assigned to the caller, in name order, paged, and counts them', async () => {
    const names = ['Zed', 'Amy', 'Mia'];
    for (const name of names) await ann.put(`/api/contacts/${await teamContact(`Mine ${name}`)}/assignee`, { userId: catId });
    await teamContact('Mine not assigned');
    const first = await cat.get('/api/contacts?assignedTo=me&limit=2');
    expect(first.body.map((c: { name: string }) => c.name)).toEqual(['Mine Amy', 'Mine Mia']);
    const rest = await cat.get(`/api/contacts?assignedTo=me&limit=2&cursor=${first.body[1].id}`);
    expect(rest.body.map((c: { name: string }) => c.name)).toEqual(['Mine Zed']);
    expect((await cat.get('/api/contacts/count?assignedTo=me')).body.count).toBe(3);
    expect((await cat.get('/api/contacts?assignedTo=ben')).status).toBe(400);
  });
});

describe('the badge of new assignments', () => {
  it('counts assignments since the assignee last looked', async () => {
    const { client: dan, user } = later.dan;
    await joinTeam(ann, team, { client: dan, id: user.id }, 'member');
    expect((await dan.get('/api/assignments')).body).toMatchObject({ unseen: 0 });
    const ids = [await teamContact('Badge 1'), await teamContact('Badge 2')];
    for (const id of ids) await ann.put(`/api/contacts/${id}/assignee`, { userId: user.id });
    expect((await dan.get('/api/assignments')).body).toMatchObject({ unseen: 2 });
    expect((await dan.post('/api/assignments/seen')).body).toEqual({ success: true });
    expect((await dan.get('/api/assignments')).body).toMatchObject({ unseen: 0 });
    await ann.put(`/api/contacts/${await teamContact('Badge 3')}/assignee`, { userId: user.id });
    expect((await dan.get('/api/assignments')).body).toMatchObject({ unseen: 1 });
    // Nobody else's badge moves.
    expect((await eve.get('/api/assignments')).body).toMatchObject({ unseen: 0 });
  });
});

describe('needs attention', () => {
  it('counts an assigned team contact for its assignee and not for its creator', async () => {
    const id = await teamContact('Long unseen');
    // Last seen 200 days ago: past every status's threshold.
    expect(
      (await ann.post('/api/activities', { type: 'conversation', contactId: id, date: new Date(Date.now() - 200 * 86_400_000).toISOString() })).status,
    ).toBe(201);
    const ids = async (client: ApiClient) => (await client.get('/api/attention?limit=1000')).body.map((item: { id: number }) => item.id);
    expect(await ids(ann)).toContain(id);
    expect(await ids(ben)).not.toContain(id);
    await ann.put(`/api/contacts/${id}/assignee`, { userId: benId });
    expect(await ids(ben)).toContain(id);
    expect(await ids(ann)).not.toContain(id);
    expect(await ids(cat)).not.toContain(id);
  });
});

describe('removal from the team', () => {
  it("ends the member's assignments, and a viewer's role ends them too", async () => {
    const { client: fay, user } = later.fay;
    await joinTeam(ann, team, { client: fay, id: user.id }, 'member');
    const [one, two] = [await teamContact('Fay 1'), await teamContact('Fay 2')];
    await ann.put(`/api/contacts/${one}/assignee`, { userId: user.id });
    await ann.put(`/api/contacts/${two}/assignee`, { userId: benId });
    expect((await ann.delete(`/api/teams/${team}/members/${user.id}`)).status).toBe(200);
    expect(await server.count('contacts', 'assigned_to = ?', [user.id])).toBe(0);
    expect((await fay.get('/api/contacts?assignedTo=me')).body).toEqual([]);
    expect((await fay.get('/api/assignments')).body).toMatchObject({ unseen: 0 });
    expect((await ann.put(`/api/teams/${team}/members/${benId}`, { role: 'viewer' })).status).toBe(200);
    expect(await server.count('contacts', 'id = ? and assigned_to is null', [two])).toBe(1);
    await ann.put(`/api/teams/${team}/members/${benId}`, { role: 'member' });
  });
});

// Last in the file: an EXPLAIN through the shared reader connection (harness.ts queryPlan) was seen to leave the
// server's later reads on an older snapshot (a registration's session not found, a new assignment not counted).
describe('the plan of assigned to me', () => {
  it('walks the assignee index in name order for the team part of the page', async () => {
    const who = { userId: catId, teams: [{ teamId: team, role: 'member' as const }] };
    const query = contactList.query(server.database.read, who, { assignedTo: 'me', limit: 50 });
    const plan = await queryPlan(server, query);
    // The team's part seeks the assignee's entries in name order (an assigned contact is always a team's); only the
    // page's merge sorts.
    expect(plan).toContain('SEARCH contacts USING INDEX contacts_assignee_sort_idx (assigned_to=?)');
    expect(unindexedScans(plan, 'contacts')).toEqual([]);
  });
});
