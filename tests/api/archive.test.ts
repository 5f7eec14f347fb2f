// Archiving a person with a reason (issue 50 §7): they leave the contact list and its count and needs attention, stay
// in what was counted and on their own page, are listed with ?archived=true, and come back whole with restore.
import { describe, expect, it } from 'vitest';
import { expectOneIssue, joinTeam, signedInClient, usersForFile, type ApiClient } from './harness';

const { server, users } = usersForFile(['ada', 'mel', 'vin']);

const days = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
const names = async (client: ApiClient, query = '') => ((await client.get(`/api/contacts${query}`)).body as { name: string }[]).map((c) => c.name).sort();
const attention = async (client: ApiClient) => ((await client.get('/api/attention')).body as { name: string }[]).map((c) => c.name).sort();

describe('archiving a contact', () => {
  it('hides them from the lists, the count and needs attention, keeps what was counted, and restore brings all back', async () => {
    const { client: me } = await signedInClient(server, 'archiver');
    const moved = (await me.post('/api/contacts', { name: 'Moved Away', spiritualStatus: 'seeking' })).body.id;
    await me.post('/api/contacts', { name: 'Still Here', spiritualStatus: 'seeking' });
    for (const contactName of ['Moved Away', 'Still Here']) await me.post('/api/activities', { contactName, date: days(40), type: 'conversation' });
    const statsBefore = (await me.get('/api/dashboard/stats')).body;
    expect(await attention(me)).toEqual(['Moved Away', 'Still Here']);

    const archived = await me.post(`/api/contacts/${moved}/archive`, { reason: 'moved', note: 'To Lisbon' });
    expect(archived.status).toBe(200);
    expect(archived.body).toMatchObject({ id: moved, archiveReason: 'moved', archiveNote: 'To Lisbon', archivedAt: expect.any(String) });
    expect(await names(me)).toEqual(['Still Here']);
    expect((await me.get('/api/contacts/count')).body.count).toBe(1);
    expect(await names(me, '?q=moved')).toEqual([]);
    expect(await names(me, '?archived=true')).toEqual(['Moved Away']);
    expect(await names(me, '?archived=true&q=lisbon')).toEqual([]);
    expect(await attention(me)).toEqual(['Still Here']);
    // Their page, their activities and what the dashboard counted stay.
    expect((await me.get(`/api/contacts/${moved}`)).body.archiveReason).toBe('moved');
    expect((await me.get(`/api/activities?contactId=${moved}`)).body).toHaveLength(1);
    // A follow-up planned with them stays in the follow-ups: a plan is kept until it is done or deleted.
    const visit = (await me.post('/api/followups', { contactId: moved, date: days(-10), type: 'meeting', description: 'Farewell visit' })).body.id;
    expect(((await me.get('/api/followups')).body as { id: number }[]).map((f) => f.id)).toContain(visit);
    // (A planned visit keeps a person out of needs attention whatever else: gone, the attention below is the archive's.)
    expect((await me.delete(`/api/followups/${visit}`)).status).toBe(200);
    expect((await me.get('/api/dashboard/stats')).body).toEqual(statsBefore);

    // A name typed for an activity still finds them: no second person is made.
    const logged = await me.post('/api/activities', { contactName: 'moved away', type: 'other', date: days(45) });
    expect(logged.body).toMatchObject({ contactId: moved, newContact: false });
    expect(await names(me)).toEqual(['Still Here']);

    const restored = await me.post(`/api/contacts/${moved}/restore`);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ archivedAt: null, archiveReason: null, archiveNote: null });
    expect(await names(me)).toEqual(['Moved Away', 'Still Here']);
    expect(await names(me, '?archived=true')).toEqual([]);
    expect(await attention(me)).toEqual(['Moved Away', 'Still Here']);
  });

  it('refuses an unknown reason and a note too long with 400, another user’s contact with 404, changing nothing', async () => {
    const { client: me } = await signedInClient(server, 'careful');
    const { client: other } = await signedInClient(server, 'outsider');
    const id = (await me.post('/api/contacts', { name: 'Keep Me' })).body.id;
    expectOneIssue(await me.post(`/api/contacts/${id}/archive`, { reason: 'bored' }), 'reason', 'Choose why the contact is archived');
    expect((await me.post(`/api/contacts/${id}/archive`, { reason: 'other', note: 'x'.repeat(5000) })).status).toBe(400);
    expect((await other.post(`/api/contacts/${id}/archive`, { reason: 'moved' })).status).toBe(404);
    expect((await other.post(`/api/contacts/${id}/restore`)).status).toBe(404);
    expect((await other.get('/api/contacts?archived=true')).body).toEqual([]);
    expect((await me.get(`/api/contacts/${id}`)).body.archivedAt).toBeNull();
    expect((await me.get('/api/contacts?archived=maybe')).status).toBe(400);
  });

  it('on a team contact: those who may change it archive and restore it, a viewer may not, and teammates’ lists follow', async () => {
    const [ada, mel, vin] = users;
    const { body: team } = await ada.post('/api/teams', { name: 'Campus' });
    await joinTeam(ada, team.id, { client: mel, id: mel.id }, 'member');
    await joinTeam(ada, team.id, { client: vin, id: vin.id }, 'viewer');
    const id = (await mel.post('/api/contacts', { name: 'Team Person', teamId: team.id })).body.id;
    const admins = (await ada.post('/api/contacts', { name: 'Admin’s Person', teamId: team.id })).body.id;
    // As any change: a member changes the team contacts they added, an admin any, a viewer none.
    expect((await mel.post(`/api/contacts/${admins}/archive`, { reason: 'moved' })).status).toBe(403);
    expect((await vin.post(`/api/contacts/${id}/archive`, { reason: 'unreachable' })).status).toBe(403);
    expect((await mel.post(`/api/contacts/${id}/archive`, { reason: 'unreachable' })).status).toBe(200);
    for (const reader of [ada, mel, vin]) {
      expect(await names(reader, `?team=${team.id}`)).toEqual(['Admin’s Person']);
      expect(await names(reader, `?team=${team.id}&archived=true`)).toEqual(['Team Person']);
    }
    expect((await vin.post(`/api/contacts/${id}/restore`)).status).toBe(403);
    expect((await ada.post(`/api/contacts/${id}/restore`)).status).toBe(200);
    expect(await names(vin, `?team=${team.id}`)).toEqual(['Admin’s Person', 'Team Person']);
  });

  it('is carried by the account’s export and its import; a file from before archiving imports every contact active', async () => {
    const { client: me } = await signedInClient(server, 'mover');
    const id = (await me.post('/api/contacts', { name: 'Gone Quiet' })).body.id;
    await me.post('/api/contacts', { name: 'Still Around' });
    await me.post(`/api/contacts/${id}/archive`, { reason: 'unreachable', note: 'Number changed' });
    const exported = (await me.get('/api/account/export')).body;
    const file = (data: unknown) => ({ file: Buffer.from(JSON.stringify(data)).toString('base64') });
    const { client: fresh } = await signedInClient(server, 'movedin');
    expect((await fresh.post('/api/account/import/export', file(exported))).status).toBe(200);
    expect(await names(fresh)).toEqual(['Still Around']);
    const [gone] = (await fresh.get('/api/contacts?archived=true')).body;
    expect(gone).toMatchObject({ name: 'Gone Quiet', archiveReason: 'unreachable', archiveNote: 'Number changed' });

    const older = {
      ...exported,
      contacts: exported.contacts.map(({ archivedAt: _a, archiveReason: _r, archiveNote: _n, ...contact }: Record<string, unknown>) => contact),
    };
    const { client: another } = await signedInClient(server, 'olderfile');
    expect((await another.post('/api/account/import/export', file(older))).status).toBe(200);
    expect(await names(another)).toEqual(['Gone Quiet', 'Still Around']);
  });
});
