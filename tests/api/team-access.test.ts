// Issue 30, "Nobody destroys or keeps what is not theirs": each attack seen on the build before it, as it was sent.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { activities, followUps, prayerRequests } from '../../db/schema';
import { joinTeam, serverForFile, signedInClient, type ApiClient } from './harness';

const server = serverForFile();

type Person = Awaited<ReturnType<typeof signedInClient>>;

async function teamOf(admin: Person, ...people: [Person, string][]) {
  const team = await admin.client.post('/api/teams', { name: 'Door to door' });
  expect(team.status).toBe(201);
  for (const [person, role] of people) await joinTeam(admin.client, team.body.id, { client: person.client, id: person.user.id }, role);
  return team.body.id as number;
}

async function created(client: ApiClient, path: string, body: unknown) {
  const res = await client.post(path, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number };
}

describe('deleting a team contact others wrote about', () => {
  it("is refused to its member author (403), says whose records would go, and is the admin's to do", async () => {
    const admin = await signedInClient(server, 'lead');
    const author = await signedInClient(server, 'author');
    const mate = await signedInClient(server, 'mate');
    const teamId = await teamOf(admin, [author, 'member'], [mate, 'member']);
    const contact = await created(author.client, '/api/contacts', { name: 'Shared Sam', teamId });
    await created(mate.client, '/api/activities', { type: 'conversation', contactId: contact.id, teamId });
    await created(mate.client, '/api/prayer-requests', { contactId: contact.id, request: 'For his mother', teamId });

    const impact = await author.client.get(`/api/contacts/${contact.id}/deletion`);
    expect(impact.status).toBe(200);
    expect(impact.body).toEqual({ allowed: false, records: [{ author: { id: mate.user.id, firstName: 'Test', lastName: 'mate' }, count: 2 }] });

    const refused = await author.client.delete(`/api/contacts/${contact.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('Only a team admin can delete a contact that teammates have written about');
    expect(await server.count('activities', 'contact_id = ?', [contact.id])).toBe(1);

    expect((await admin.client.get(`/api/contacts/${contact.id}/deletion`)).body.allowed).toBe(true);
    expect((await admin.client.delete(`/api/contacts/${contact.id}`)).status).toBe(200);
  });

  it('stays the author’s own to delete while nobody else wrote on it; a viewer may not, a stranger learns nothing', async () => {
    const admin = await signedInClient(server, 'lead');
    const author = await signedInClient(server, 'author');
    const viewer = await signedInClient(server, 'viewer');
    const stranger = await signedInClient(server, 'stranger');
    const teamId = await teamOf(admin, [author, 'member'], [viewer, 'viewer']);
    const contact = await created(author.client, '/api/contacts', { name: 'Quiet Quinn', teamId });
    await created(author.client, '/api/activities', { type: 'conversation', contactId: contact.id, teamId });

    expect((await viewer.client.get(`/api/contacts/${contact.id}/deletion`)).body).toEqual({
      allowed: false,
      records: [{ author: expect.any(Object), count: 1 }],
    });
    expect((await viewer.client.delete(`/api/contacts/${contact.id}`)).status).toBe(403);
    expect((await stranger.client.get(`/api/contacts/${contact.id}/deletion`)).status).toBe(404);
    expect((await author.client.get(`/api/contacts/${contact.id}/deletion`)).body).toEqual({ allowed: true, records: [] });
    expect((await author.client.delete(`/api/contacts/${contact.id}`)).status).toBe(200);
  });
});

describe('after removal from a team', () => {
  it('a former member reads and changes none of their old team rows, and no join tells a team contact’s later name', async () => {
    const admin = await signedInClient(server, 'lead');
    const former = await signedInClient(server, 'former');
    const teamId = await teamOf(admin, [former, 'member']);
    const contact = await created(admin.client, '/api/contacts', { name: 'Early Name', teamId });
    // Their own records about the team's contact, kept private as releases before issue 30 wrote them (a record now
    // always takes its contact's team), and a contact they added inside the team.
    const mine = await created(former.client, '/api/activities', { type: 'conversation', contactId: contact.id, notes: 'kept' });
    const theirs = await created(former.client, '/api/contacts', { name: 'Team Tess', teamId });
    const prayer = await created(former.client, '/api/prayer-requests', { contactId: contact.id, request: 'healing' });
    const followUp = await created(former.client, '/api/followups', { contactId: contact.id, date: '2031-01-01', description: 'call back' });
    await server.database.write(async (tx) => {
      await tx.update(activities).set({ teamId: null }).where(eq(activities.id, mine.id));
      await tx.update(prayerRequests).set({ teamId: null }).where(eq(prayerRequests.id, prayer.id));
      await tx.update(followUps).set({ teamId: null }).where(eq(followUps.id, followUp.id));
    });

    expect((await admin.client.delete(`/api/teams/${teamId}/members/${former.user.id}`)).status).toBe(200);
    expect((await admin.client.put(`/api/contacts/${contact.id}`, { name: 'Later Name' })).status).toBe(200);

    expect((await former.client.get(`/api/contacts/${theirs.id}`)).status).toBe(404);
    expect((await former.client.put(`/api/contacts/${theirs.id}`, { name: 'Taken' })).status).toBe(404);
    expect((await former.client.delete(`/api/contacts/${theirs.id}`)).status).toBe(404);
    expect((await admin.client.get(`/api/contacts/${theirs.id}`)).body.name).toBe('Team Tess');

    const text = JSON.stringify([
      (await former.client.get('/api/activities')).body,
      (await former.client.get(`/api/activities/${mine.id}`)).body,
      (await former.client.get('/api/prayer-requests')).body,
      (await former.client.get('/api/followups')).body,
      (await former.client.get('/api/search?q=kept')).body,
      (await former.client.get('/api/search?q=healing')).body,
      (await former.client.get('/api/account/export')).body,
      (await former.client.get('/api/contacts')).body,
    ]);
    expect(text).not.toContain('Later Name');
    expect(text).not.toContain('Team Tess');
    expect((await former.client.get(`/api/activities/${mine.id}`)).body.contactName).toBeNull();
    expect((await former.client.get('/api/search?q=healing')).body.prayers).toEqual([expect.objectContaining({ contactName: null })]);
  });
});

describe('deleting an account', () => {
  it("leaves the leaver's team rows with the team, authored by the former member, and nobody signs in as that", async () => {
    const admin = await signedInClient(server, 'lead');
    const leaver = await signedInClient(server, 'leaver');
    const teamId = await teamOf(admin, [leaver, 'member']);
    const contact = await created(leaver.client, '/api/contacts', { name: 'Kept Kim', teamId });
    const own = await created(leaver.client, '/api/contacts', { name: 'Private Pat' });
    const note = await created(admin.client, '/api/activities', { type: 'conversation', contactId: contact.id, teamId });

    expect((await leaver.client.request('DELETE', '/api/account', { password: 'correct horse battery' })).status).toBe(200);

    expect((await admin.client.get(`/api/contacts/${contact.id}`)).body.name).toBe('Kept Kim');
    expect((await admin.client.get(`/api/activities/${note.id}`)).status).toBe(200);
    expect(await server.count('contacts', 'id = ?', [own.id])).toBe(0);
    const [row] = await server.rows('select u.username_key as k, u.password_hash as h from contacts c join users u on u.id = c.created_by where c.id = ?', [
      contact.id,
    ]);
    expect(row).toEqual({ k: '(former member)', h: '!' });
    // The admin, who may change any team row, still does.
    expect((await admin.client.put(`/api/contacts/${contact.id}`, { notes: 'ours' })).status).toBe(200);
    const signIn = await new (admin.client.constructor as typeof ApiClient)(server.baseUrl).post('/api/auth/login', {
      username: '(former member)',
      password: '!',
    });
    expect(signIn.status).toBe(401);
  });

  it("keeps a teammate's records on a contact the team gave back to the leaver, with a contact nobody reads (issue 47)", async () => {
    const admin = await signedInClient(server, 'owner');
    const mate = await signedInClient(server, 'mate');
    const teamId = await teamOf(admin, [mate, 'member']);
    const contact = await created(admin.client, '/api/contacts', { name: 'Given Back', teamId });
    const note = await created(mate.client, '/api/activities', { type: 'conversation', contactId: contact.id });
    // The team ends: the contact is the admin's personal one again, the mate's activity the mate's.
    expect((await admin.client.delete(`/api/teams/${teamId}`)).status).toBe(200);
    expect((await admin.client.request('DELETE', '/api/account', { password: 'correct horse battery' })).status).toBe(200);
    const kept = await mate.client.get(`/api/activities/${note.id}`);
    expect(kept.status).toBe(200);
    expect(kept.body.contactName).toBeNull();
    const [row] = await server.rows('select u.username_key as k, c.team_id as t from contacts c join users u on u.id = c.created_by where c.id = ?', [
      contact.id,
    ]);
    expect(row).toEqual({ k: '(former member)', t: null });
  });

  it('takes with the last member’s account the rows of people removed from their team, never back to them (issue 47)', async () => {
    const admin = await signedInClient(server, 'last');
    const removed = await signedInClient(server, 'putout');
    const teamId = await teamOf(admin, [removed, 'member']);
    const contact = await created(removed.client, '/api/contacts', { name: 'Team Tess', teamId });
    expect((await admin.client.delete(`/api/teams/${teamId}/members/${removed.user.id}`)).status).toBe(200);
    expect((await admin.client.request('DELETE', '/api/account', { password: 'correct horse battery' })).status).toBe(200);
    expect((await removed.client.get(`/api/contacts/${contact.id}`)).status).toBe(404);
    expect(await server.count('contacts', 'id = ?', [contact.id])).toBe(0);
  });
});
