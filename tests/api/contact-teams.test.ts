// Sharing a contact with a team and taking it back (issue 30): its records follow it, teammates' records stay with the
// team, every record on a team contact is written in its team, and an update refuses a team it cannot change.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinTeam, signedInClient, startSignedIn, type ApiClient, type TestServer } from './harness';

let server: TestServer;
let ann: ApiClient;
let ben: ApiClient;
let vic: ApiClient;
let eve: ApiClient;
let annId: number;
let benId: number;
/** Ann is its admin, Ben a member, Vic a viewer; Eve is in no team of theirs. */
let team: number;
let eveTeam: number;

/** A personal contact of `client` with one activity, follow-up and prayer of theirs on it. */
async function contactWithRecords(client: ApiClient, name: string) {
  const contact = (await client.post('/api/contacts', { name })).body;
  expect((await client.post('/api/activities', { type: 'conversation', contactId: contact.id })).status).toBe(201);
  expect(
    (await client.post('/api/followups', { contactId: contact.id, date: new Date(Date.now() + 86_400_000).toISOString(), description: 'Call' })).status,
  ).toBe(201);
  expect((await client.post('/api/prayer-requests', { contactId: contact.id, request: 'Healing' })).status).toBe(201);
  return contact.id as number;
}

/** The team of each record on the contact, by table. */
async function recordTeams(contactId: number) {
  const teams = async (table: string) =>
    (await server.rows(`select team_id, created_by from ${table} where contact_id = ? order by id`, [contactId])).map((r) => [r.team_id, r.created_by]);
  return { activities: await teams('activities'), followUps: await teams('follow_ups'), prayers: await teams('prayer_requests') };
}

beforeAll(async () => {
  ({
    server,
    client: ann,
    user: { id: annId },
  } = await startSignedIn('ann'));
  let vicId: number;
  ({
    client: ben,
    user: { id: benId },
  } = await signedInClient(server, 'ben'));
  ({
    client: vic,
    user: { id: vicId },
  } = await signedInClient(server, 'vic'));
  ({ client: eve } = await signedInClient(server, 'eve'));
  team = (await ann.post('/api/teams', { name: 'Riverside' })).body.id;
  eveTeam = (await eve.post('/api/teams', { name: 'Elsewhere' })).body.id;
  await joinTeam(ann, team, { client: ben, id: benId }, 'member');
  await joinTeam(ann, team, { client: vic, id: vicId }, 'viewer');
});

afterAll(() => server?.close());

describe('share', () => {
  it('moves a personal contact with its records into the team, where teammates read them', async () => {
    const id = await contactWithRecords(ben, 'Marta');
    expect((await ann.get(`/api/contacts/${id}`)).status).toBe(404);
    const shared = await ben.post(`/api/contacts/${id}/share`, { teamId: team });
    expect(shared.status).toBe(200);
    expect(shared.body).toMatchObject({ id, teamId: team, assignedTo: null });
    expect(await recordTeams(id)).toEqual({ activities: [[team, benId]], followUps: [[team, benId]], prayers: [[team, benId]] });
    const timeline = await ann.get(`/api/contacts/${id}/timeline`);
    expect(timeline.status).toBe(200);
    const kinds = timeline.body.items.filter((item: { kind: string }) => item.kind !== 'status');
    expect(kinds).toHaveLength(3);
    for (const item of kinds) expect(item.author).toEqual({ id: benId, firstName: 'Test', lastName: 'ben' });
    // Sharing again with the same team changes nothing; another team needs taking back first.
    expect((await ben.post(`/api/contacts/${id}/share`, { teamId: team })).body.teamId).toBe(team);
  });

  it('is refused to a viewer (403), for a team one is not in (404) and for a contact one cannot read (404)', async () => {
    const vics = (await vic.post('/api/contacts', { name: 'Vic own' })).body.id;
    const asViewer = await vic.post(`/api/contacts/${vics}/share`, { teamId: team });
    expect(asViewer.status).toBe(403);
    const strangerTeam = await ben.post(`/api/contacts/${(await ben.post('/api/contacts', { name: 'B' })).body.id}/share`, { teamId: eveTeam });
    expect(strangerTeam.status).toBe(404);
    expect(strangerTeam.body.message).toBe('Team not found');
    const someoneElses = await eve.post(`/api/contacts/${vics}/share`, { teamId: eveTeam });
    expect(someoneElses.status).toBe(404);
    expect(await server.count('contacts', 'id = ? and team_id is null', [vics])).toBe(1);
  });

  it('refuses moving a team contact to another team (409): it is taken back first', async () => {
    const annTeam2 = (await ann.post('/api/teams', { name: 'Second' })).body.id;
    const id = (await ann.post('/api/contacts', { name: 'Two teams', teamId: team })).body.id;
    const moved = await ann.post(`/api/contacts/${id}/share`, { teamId: annTeam2 });
    expect(moved.status).toBe(409);
    expect(await server.count('contacts', 'id = ? and team_id = ?', [id, team])).toBe(1);
  });
});

describe('records follow their contact', () => {
  it("writes a teammate's activity, follow-up and prayer on a team contact in its team, whatever teamId says", async () => {
    const id = (await ann.post('/api/contacts', { name: 'Team person', teamId: team })).body.id;
    const activity = await ben.post('/api/activities', { type: 'conversation', contactId: id, teamId: null });
    expect(activity.status).toBe(201);
    expect(activity.body.teamId).toBe(team);
    const byName = await ben.post('/api/activities', { type: 'other', contactName: 'team PERSON' });
    expect(byName.status).toBe(201);
    expect(byName.body).toMatchObject({ contactId: id, teamId: team, newContact: false });
    const followUp = await ben.post('/api/followups', { contactId: id, date: new Date().toISOString(), description: 'Visit' });
    expect(followUp.body.teamId).toBe(team);
    const prayer = await ben.post('/api/prayer-requests', { contactId: id, request: 'Work' });
    expect(prayer.body.teamId).toBe(team);
    // The admin's timeline shows the member's conversation, with its author.
    const items = (await ann.get(`/api/contacts/${id}/timeline`)).body.items;
    expect(items.find((item: { id: number; kind: string }) => item.kind === 'activity' && item.id === activity.body.id).author.id).toBe(benId);
  });

  it("refuses a viewer's record on a team contact (403), where it used to be written as personal", async () => {
    const id = (await ann.post('/api/contacts', { name: 'Viewed', teamId: team })).body.id;
    const before = await server.count('activities', 'contact_id = ?', [id]);
    expect((await vic.post('/api/activities', { type: 'conversation', contactId: id })).status).toBe(403);
    expect((await vic.post('/api/followups', { contactId: id, date: new Date().toISOString(), description: 'x' })).status).toBe(403);
    expect((await vic.post('/api/prayer-requests', { contactId: id, request: 'x' })).status).toBe(403);
    expect(await server.count('activities', 'contact_id = ?', [id])).toBe(before);
  });

  it("moves an activity to its new contact's team on edit, and only its author moves it out of a team", async () => {
    const teamContact = (await ann.post('/api/contacts', { name: 'Moved to', teamId: team })).body.id;
    const own = (await ben.post('/api/contacts', { name: 'Ben private' })).body.id;
    const activity = (await ben.post('/api/activities', { type: 'conversation', contactId: own })).body;
    expect(activity.teamId).toBeNull();
    const moved = await ben.put(`/api/activities/${activity.id}`, { contactId: teamContact });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ contactId: teamContact, teamId: team });
    // The admin may edit it, but not take it out of the team onto a contact of her own.
    const annOwn = (await ann.post('/api/contacts', { name: 'Ann private' })).body.id;
    const out = await ann.put(`/api/activities/${activity.id}`, { contactId: annOwn });
    expect(out.status).toBe(403);
    expect(await server.count('activities', 'id = ? and team_id = ? and contact_id = ?', [activity.id, team, teamContact])).toBe(1);
  });
});

describe('unshare', () => {
  it("takes a contact back with its creator's records; teammates' records stay with the team", async () => {
    const id = await contactWithRecords(ben, 'Taken back');
    await ben.post(`/api/contacts/${id}/share`, { teamId: team });
    const annActivity = (await ann.post('/api/activities', { type: 'conversation', contactId: id })).body;
    await ann.put(`/api/contacts/${id}/assignee`, { userId: benId });
    const back = await ben.post(`/api/contacts/${id}/unshare`);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ id, teamId: null, assignedTo: null });
    expect(await server.count('contacts', 'id = ? and team_id is null and assigned_to is null and assigned_at is null', [id])).toBe(1);
    const teams = await recordTeams(id);
    expect(teams.activities).toEqual([
      [null, benId],
      [team, annId],
    ]);
    expect(teams.followUps).toEqual([[null, benId]]);
    expect(teams.prayers).toEqual([[null, benId]]);
    // Ann's activity stays readable to her; the contact itself is no longer.
    expect((await ann.get(`/api/activities/${annActivity.id}`)).status).toBe(200);
    expect((await ann.get(`/api/contacts/${id}`)).status).toBe(404);
  });

  it('is for the creator or an admin: another member gets 403, a viewer 403, a stranger 404', async () => {
    const id = (await ann.post('/api/contacts', { name: 'Ann shared', teamId: team })).body.id;
    expect((await ben.post(`/api/contacts/${id}/unshare`)).status).toBe(403);
    expect((await vic.post(`/api/contacts/${id}/unshare`)).status).toBe(403);
    expect((await eve.post(`/api/contacts/${id}/unshare`)).status).toBe(404);
    const bens = (await ben.post('/api/contacts', { name: 'Ben shared', teamId: team })).body.id;
    const byAdmin = await ann.post(`/api/contacts/${bens}/unshare`);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.teamId).toBeNull();
    expect(await server.count('contacts', 'id = ? and team_id is null and created_by = ?', [bens, benId])).toBe(1);
    expect((await ben.get(`/api/contacts/${bens}`)).body.teamId).toBeNull();
  });
});

describe('update', () => {
  it('refuses a teamId (or any field it cannot change) with 400 naming the share path, and changes nothing', async () => {
    const id = (await ben.post('/api/contacts', { name: 'Stays' })).body.id;
    for (const body of [{ teamId: team }, { name: 'Renamed', assignedTo: benId }, { createdBy: annId }]) {
      const res = await ben.put(`/api/contacts/${id}`, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain('POST /api/contacts/{id}/share');
    }
    expect(await server.count('contacts', "id = ? and team_id is null and name = 'Stays'", [id])).toBe(1);
    expect((await ben.put(`/api/contacts/${id}`, { name: 'Renamed' })).status).toBe(200);
  });
});
