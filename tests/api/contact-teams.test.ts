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
  it("takes a contact back with its creator's records, while nobody else in the team wrote on it", async () => {
    const id = await contactWithRecords(ben, 'Taken back');
    await ben.post(`/api/contacts/${id}/share`, { teamId: team });
    await ann.put(`/api/contacts/${id}/assignee`, { userId: benId });
    const back = await ben.post(`/api/contacts/${id}/unshare`);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ id, teamId: null, assignedTo: null });
    expect(await server.count('contacts', 'id = ? and team_id is null and assigned_to is null and assigned_at is null', [id])).toBe(1);
    expect(await recordTeams(id)).toEqual({ activities: [[null, benId]], followUps: [[null, benId]], prayers: [[null, benId]] });
    expect((await ann.get(`/api/contacts/${id}`)).status).toBe(404);
  });

  it('is refused while others in the team have records on it, saying how many; deleting the account then keeps them (issue 47)', async () => {
    const mara = await signedInClient(server, 'mara');
    await joinTeam(ann, team, { client: mara.client, id: mara.user.id }, 'member');
    const id = (await mara.client.post('/api/contacts', { name: 'Shared Sam', teamId: team })).body.id as number;
    const activity = (await ann.post('/api/activities', { type: 'conversation', contactId: id })).body.id as number;
    const prayer = (await ann.post('/api/prayer-requests', { contactId: id, request: 'New work' })).body.id as number;
    expect((await mara.client.delete(`/api/contacts/${id}`)).status).toBe(403);

    for (const who of [mara.client, ann]) {
      const refused = await who.post(`/api/contacts/${id}/unshare`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('Others in the team wrote 2 records about this contact, so it stays with the team.');
    }
    expect(await server.count('contacts', 'id = ? and team_id = ?', [id, team])).toBe(1);
    expect((await mara.client.request('DELETE', '/api/account', { password: 'correct horse battery' })).status).toBe(200);
    expect((await ann.get(`/api/activities/${activity}`)).status).toBe(200);
    expect((await ann.get(`/api/prayer-requests/${prayer}`)).status).toBe(200);
    expect((await ann.get(`/api/contacts/${id}`)).body.name).toBe('Shared Sam');
  });

  it('is refused after a merge brought teammates’ records onto the contact kept, and the account’s deletion keeps them (issue 47)', async () => {
    const mo = await signedInClient(server, 'mo');
    await joinTeam(ann, team, { client: mo.client, id: mo.user.id }, 'member');
    const duplicate = (await mo.client.post('/api/contacts', { name: 'Dup Dana', teamId: team })).body.id as number;
    const kept = (await mo.client.post('/api/contacts', { name: 'Dana', teamId: team })).body.id as number;
    const activity = (await ann.post('/api/activities', { type: 'conversation', contactId: duplicate })).body.id as number;
    expect((await mo.client.post(`/api/contacts/${kept}/merge`, { duplicateId: duplicate })).status).toBe(200);
    expect(await server.rows('select contact_id, team_id from activities where id = ?', [activity])).toEqual([{ contact_id: kept, team_id: team }]);
    expect((await mo.client.post(`/api/contacts/${kept}/unshare`)).status).toBe(409);
    expect((await mo.client.delete(`/api/contacts/${kept}`)).status).toBe(403);
    expect((await mo.client.request('DELETE', '/api/account', { password: 'correct horse battery' })).status).toBe(200);
    expect((await ann.get(`/api/activities/${activity}`)).body.contactName).toBe('Dana');
  });

  it('never leaves a team record on a personal contact when a teammate writes while the creator takes it back', async () => {
    for (let round = 0; round < 4; round++) {
      const id = (await ben.post('/api/contacts', { name: `Raced ${round}`, teamId: team })).body.id as number;
      const [written, back] = await Promise.all([
        ann.post('/api/activities', { type: 'conversation', contactId: id }),
        ben.post(`/api/contacts/${id}/unshare`),
      ]);
      // Whichever comes first decides: the record is written in the team and the contact stays (409), or the contact
      // went back first and Ann can no longer write about it (404).
      expect([written.status, back.status]).toContainEqual(written.status === 201 ? 409 : 200);
      expect(await server.count('activities a join contacts c on c.id = a.contact_id', 'c.id = ? and a.team_id is not null and c.team_id is null', [id])).toBe(
        0,
      );
    }
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
