// Joining a team only by consent, as an attacker would try otherwise; and a user in a thousand teams still served.
import { describe, expect, it } from 'vitest';
import { ApiClient, joinTeam, nothingFound, serverForFile, signedInClient } from './harness';

const server = serverForFile();

const person = async (prefix: string) => {
  const { client, user } = await signedInClient(server, prefix);
  return { client, id: user.id, username: user.username };
};
const sql = async (text: string, args: (string | number)[] = []) =>
  (await server.database.readerClient.execute({ sql: text, args })).rows.map((r) => ({ ...r }));
const memberCount = async (teamId: number) => Number((await sql('select count(*) as n from team_members where team_id = ?', [teamId]))[0].n);
const newTeam = async (client: ApiClient, name = 'Outreach') => (await client.post('/api/teams', { name })).body.id as number;

describe('inviting reveals nothing about the person', () => {
  it('answers ids and usernames that exist exactly as ones that do not, and lists both alike to the admin', async () => {
    const admin = await person('admin');
    const victim = await person('victim');
    const teamId = await newTeam(admin.client);
    const maxId = Number((await sql('select max(id) as id from users'))[0].id);
    const answers = [
      await admin.client.post(`/api/teams/${teamId}/members`, { userId: victim.id, role: 'member' }),
      await admin.client.post(`/api/teams/${teamId}/members`, { userId: maxId + 1000, role: 'member' }),
      await admin.client.post(`/api/teams/${teamId}/members`, { username: victim.username, role: 'viewer' }),
      await admin.client.post(`/api/teams/${teamId}/members`, { username: 'nobody-here-at-all', role: 'viewer' }),
    ];
    const shape = (body: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(body).map(([key, value]) => [key, key === 'id' ? 'id' : key === 'invitee' ? String(value).split(':')[0] : typeof value]),
      );
    for (const res of answers) expect(res.status).toBe(201);
    expect(shape(answers[0].body)).toEqual(shape(answers[1].body));
    expect(shape(answers[2].body)).toEqual(shape(answers[3].body));
    expect(JSON.stringify(answers.map((a) => a.body))).not.toMatch(/firstName|lastName|userId|joinedAt/);
    const listed = await admin.client.get(`/api/teams/${teamId}/invitations`);
    expect(listed.body.map((i: { invitee: string }) => i.invitee).sort()).toEqual(
      [`id:${maxId + 1000}`, `id:${victim.id}`, 'name:nobody-here-at-all', `name:${victim.username.toLowerCase()}`].sort(),
    );
    expect(JSON.stringify(listed.body)).not.toMatch(/firstName|lastName|userId/);
    // The members list still holds the admin alone: nobody joined.
    expect((await admin.client.get(`/api/teams/${teamId}/members`)).body).toHaveLength(1);
  });

  it('shows a pending invitee none of the team: no rows, no members, no team', async () => {
    const admin = await person('owner');
    const invitee = await person('pending');
    const teamId = await newTeam(admin.client, 'Quiet team');
    await admin.client.post('/api/activities', {
      type: 'conversation',
      contactName: 'Team Secret',
      teamId,
      prayer: { request: 'private' },
      followUp: { date: '2031-01-01' },
    });
    expect((await admin.client.post(`/api/teams/${teamId}/members`, { userId: invitee.id, role: 'admin' })).status).toBe(201);
    for (const path of ['/api/contacts', '/api/activities', '/api/followups', '/api/prayer-requests', '/api/goals', '/api/teams'])
      expect((await invitee.client.get(path)).body, path).toEqual([]);
    expect((await invitee.client.get('/api/search?q=Secret')).body).toEqual(nothingFound);
    expect((await invitee.client.get(`/api/teams/${teamId}/members`)).status).toBe(404);
    expect((await invitee.client.get(`/api/teams/${teamId}/invitations`)).status).toBe(404);
    expect((await invitee.client.get('/api/dashboard/stats')).body).toMatchObject({ totalContacts: 0, totalConversations: 0 });
    // What the invitee does see: the invitation itself, with who sent it.
    const mine = await invitee.client.get('/api/invitations');
    expect(mine.body).toEqual([
      {
        id: expect.any(Number),
        team: { id: teamId, name: 'Quiet team', description: null },
        role: 'admin',
        invitedBy: { username: admin.username, firstName: 'Test', lastName: 'owner' },
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
      },
    ]);
  });
});

describe('only the invitee decides', () => {
  it("refuses a stranger accepting or declining someone else's invitation with 404, changing nothing", async () => {
    const admin = await person('inviter');
    const invitee = await person('invited');
    const stranger = await person('stranger');
    const teamId = await newTeam(admin.client);
    const invitation = (await admin.client.post(`/api/teams/${teamId}/members`, { userId: invitee.id })).body.id;
    for (const action of ['accept', 'decline']) {
      const res = await stranger.client.post(`/api/invitations/${invitation}/${action}`);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Invitation not found', code: 'NOT_FOUND' });
    }
    // The admin who sent it cannot accept it for them either.
    expect((await admin.client.post(`/api/invitations/${invitation}/accept`)).status).toBe(404);
    expect(await memberCount(teamId)).toBe(1);
    expect((await invitee.client.post(`/api/invitations/${invitation}/accept`)).status).toBe(200);
    expect(await memberCount(teamId)).toBe(2);
  });

  it('uses up every invitation of the team on accepting one, and declines', async () => {
    const admin = await person('twice');
    const invitee = await person('double');
    const teamId = await newTeam(admin.client);
    const byId = (await admin.client.post(`/api/teams/${teamId}/members`, { userId: invitee.id, role: 'viewer' })).body.id;
    await admin.client.post(`/api/teams/${teamId}/members`, { username: invitee.username, role: 'member' });
    expect((await invitee.client.get('/api/invitations')).body).toHaveLength(2);
    expect((await invitee.client.post(`/api/invitations/${byId}/accept`)).body).toMatchObject({ id: teamId, role: 'viewer' });
    expect((await invitee.client.get('/api/invitations')).body).toEqual([]);

    const other = await newTeam(admin.client, 'Declined');
    const declined = (await admin.client.post(`/api/teams/${other}/members`, { userId: invitee.id })).body.id;
    expect((await invitee.client.post(`/api/invitations/${declined}/decline`)).body).toEqual({ success: true });
    expect((await invitee.client.post(`/api/invitations/${declined}/accept`)).status).toBe(404);
    expect(await memberCount(other)).toBe(1);
  });

  it('lets an admin withdraw an invitation; a member may not', async () => {
    const admin = await person('withdrawer');
    const member = await person('plainmember');
    const invitee = await person('withdrawn');
    const teamId = await newTeam(admin.client);
    await joinTeam(admin.client, teamId, member, 'member');
    const invitation = (await admin.client.post(`/api/teams/${teamId}/members`, { userId: invitee.id })).body.id;
    expect((await member.client.delete(`/api/teams/${teamId}/invitations/${invitation}`)).status).toBe(403);
    expect((await member.client.get(`/api/teams/${teamId}/invitations`)).status).toBe(403);
    expect((await admin.client.delete(`/api/teams/${teamId}/invitations/${invitation}`)).body).toEqual({ success: true });
    expect((await admin.client.delete(`/api/teams/${teamId}/invitations/${invitation}`)).status).toBe(404);
    expect((await invitee.client.post(`/api/invitations/${invitation}/accept`)).status).toBe(404);
    expect((await invitee.client.get('/api/invitations')).body).toEqual([]);
  });

  it('lets an invitation expire after 14 days', async () => {
    const admin = await person('expirer');
    const invitee = await person('late');
    const teamId = await newTeam(admin.client);
    const res = await admin.client.post(`/api/teams/${teamId}/members`, { userId: invitee.id });
    const days = (Date.parse(res.body.expiresAt) - Date.parse(res.body.createdAt)) / 86_400_000;
    expect(days).toBe(14);
    await server.database.writerClient.execute({ sql: 'update team_invitations set expires_at = ? where id = ?', args: [Date.now() - 1000, res.body.id] });
    expect((await invitee.client.get('/api/invitations')).body).toEqual([]);
    expect((await invitee.client.post(`/api/invitations/${res.body.id}/accept`)).status).toBe(404);
    expect((await admin.client.get(`/api/teams/${teamId}/invitations`)).body).toEqual([]);
    expect(await memberCount(teamId)).toBe(1);
  });

  it('never attaches a viewer’s activity to a team contact by its typed name', async () => {
    const admin = await person('mom');
    const viewer = await person('viewer');
    const teamId = await newTeam(admin.client);
    const momContact = (await admin.client.post('/api/contacts', { name: 'Mom', teamId })).body.id;
    await joinTeam(admin.client, teamId, viewer, 'viewer');
    const logged = await viewer.client.post('/api/activities', {
      type: 'conversation',
      contactName: 'mom',
      followUp: { date: '2031-01-01' },
      prayer: { request: 'health' },
    });
    expect(logged.status).toBe(201);
    expect(logged.body.contactId).not.toBe(momContact);
    expect((await admin.client.delete(`/api/contacts/${momContact}`)).status).toBe(200);
    expect((await viewer.client.get(`/api/activities/${logged.body.id}`)).status).toBe(200);
    expect((await viewer.client.get('/api/prayer-requests')).body).toHaveLength(1);
  });
});

describe('an invitation grants nothing once its sender is no longer an admin', () => {
  it('refuses the co-admin attack: removed, their invitation of a second account of theirs as admin joins nobody', async () => {
    const owner = await person('owner');
    const coAdmin = await person('coadmin');
    const sock = await person('sockpuppet');
    const teamId = await newTeam(owner.client);
    await joinTeam(owner.client, teamId, coAdmin, 'admin');
    const invitation = (await coAdmin.client.post(`/api/teams/${teamId}/members`, { userId: sock.id, role: 'admin' })).body.id;
    expect((await owner.client.delete(`/api/teams/${teamId}/members/${coAdmin.id}`)).status).toBe(200);

    expect((await sock.client.get('/api/invitations')).body).toEqual([]);
    expect((await sock.client.post(`/api/invitations/${invitation}/accept`)).status).toBe(404);
    expect(await sql('select user_id, role from team_members where team_id = ? order by user_id', [teamId])).toEqual([{ user_id: owner.id, role: 'admin' }]);
    expect((await sock.client.put(`/api/teams/${teamId}/members/${owner.id}`, { role: 'viewer' })).status).toBe(404);
  });

  it('withdraws what an admin sent when they are made a member, and what they sent before leaving', async () => {
    const owner = await person('keeper');
    const demoted = await person('demoted');
    const leaver = await person('leaver');
    const [first, second, third] = [await person('inv1'), await person('inv2'), await person('inv3')];
    const teamId = await newTeam(owner.client);
    await joinTeam(owner.client, teamId, demoted, 'admin');
    await joinTeam(owner.client, teamId, leaver, 'admin');
    const fromDemoted = (await demoted.client.post(`/api/teams/${teamId}/members`, { userId: first.id, role: 'member' })).body.id;
    const fromLeaver = (await leaver.client.post(`/api/teams/${teamId}/members`, { userId: second.id, role: 'viewer' })).body.id;
    const fromOwner = (await owner.client.post(`/api/teams/${teamId}/members`, { userId: third.id, role: 'viewer' })).body.id;
    expect((await owner.client.put(`/api/teams/${teamId}/members/${demoted.id}`, { role: 'member' })).status).toBe(200);
    expect((await leaver.client.post(`/api/teams/${teamId}/leave`)).body).toEqual({ success: true });

    expect((await first.client.post(`/api/invitations/${fromDemoted}/accept`)).status).toBe(404);
    expect((await second.client.post(`/api/invitations/${fromLeaver}/accept`)).status).toBe(404);
    expect((await owner.client.get(`/api/teams/${teamId}/invitations`)).body.map((i: { id: number }) => i.id)).toEqual([fromOwner]);
    expect((await third.client.post(`/api/invitations/${fromOwner}/accept`)).status).toBe(200);
  });

  it('grants nothing once its sender deleted their account', async () => {
    const owner = await person('stayer');
    const coAdmin = await person('goner');
    const invitee = await person('orphan');
    const teamId = await newTeam(owner.client);
    await joinTeam(owner.client, teamId, coAdmin, 'admin');
    const invitation = (await coAdmin.client.post(`/api/teams/${teamId}/members`, { userId: invitee.id, role: 'admin' })).body.id;
    expect((await coAdmin.client.request('DELETE', '/api/account', { password: 'correct horse battery' })).status).toBe(200);
    expect((await invitee.client.post(`/api/invitations/${invitation}/accept`)).status).toBe(404);
    expect(await memberCount(teamId)).toBe(1);
  });

  it('checks the sender at acceptance too: an invitation whose sender lost the role another way grants nothing', async () => {
    const owner = await person('checker');
    const coAdmin = await person('sender');
    const invitee = await person('late');
    const teamId = await newTeam(owner.client);
    await joinTeam(owner.client, teamId, coAdmin, 'admin');
    const invitation = (await coAdmin.client.post(`/api/teams/${teamId}/members`, { userId: invitee.id, role: 'admin' })).body.id;
    // Demoted by a write that does not go through the procedures (a script, an older server): the invitation stays.
    await server.database.writerClient.execute({
      sql: "update team_members set role = 'viewer' where team_id = ? and user_id = ?",
      args: [teamId, coAdmin.id],
    });
    expect((await invitee.client.post(`/api/invitations/${invitation}/accept`)).status).toBe(404);
    expect(await memberCount(teamId)).toBe(2);
  });
});

describe('bounds', () => {
  it('holds at most 50 open invitations per team, counting names that belong to nobody', async () => {
    const admin = await person('popular');
    const teamId = await newTeam(admin.client);
    for (let i = 0; i < 50; i++) expect((await admin.client.post(`/api/teams/${teamId}/members`, { username: `ghost-${i}` })).status).toBe(201);
    const full = await admin.client.post(`/api/teams/${teamId}/members`, { username: 'ghost-50' });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('A team can have at most 50 open invitations; withdraw some first');
    // Renewing one already sent is not a new one.
    expect((await admin.client.post(`/api/teams/${teamId}/members`, { username: 'ghost-7', role: 'viewer' })).status).toBe(201);
  });

  it('keeps a person in at most 100 teams, even when 20 invitations are accepted at once', async () => {
    const joiner = await person('joiner');
    const host = await person('host');
    for (let i = 0; i < 95; i++) expect((await joiner.client.post('/api/teams', { name: `Team ${i}` })).status).toBe(201);
    const invitations: number[] = [];
    for (let i = 0; i < 20; i++) {
      const teamId = await newTeam(host.client, `Host ${i}`);
      invitations.push((await host.client.post(`/api/teams/${teamId}/members`, { userId: joiner.id })).body.id);
    }
    const statuses = (await Promise.all(invitations.map((id) => joiner.client.post(`/api/invitations/${id}/accept`)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    expect(Number((await sql('select count(*) as n from team_members where user_id = ?', [joiner.id]))[0].n)).toBe(100);
    const create = await joiner.client.post('/api/teams', { name: 'One more' });
    expect(create.status).toBe(409);
    expect(create.body.message).toBe('You can be in at most 100 teams');
  }, 60_000);
});

describe('a user in a thousand teams', () => {
  it('still gets every list, page, count, search, dashboard and feed, with the right rows', async () => {
    const crowded = await person('crowded');
    const other = await person('others');
    // Past the API's cap on purpose (inserted directly): the queries must hold whatever the memberships.
    const first = Number((await sql('select coalesce(max(id), 0) + 1 as id from teams'))[0].id);
    await server.database.write(async (tx) => {
      for (let i = 0; i < 1000; i++) {
        await tx.run(`insert into teams (id, name, created_by) values (${first + i}, 'Crowd ${i}', ${other.id})`);
        await tx.run(`insert into team_members (team_id, user_id, role) values (${first + i}, ${crowded.id}, 'member'), (${first + i}, ${other.id}, 'admin')`);
      }
    });
    for (const i of [0, 499, 999]) {
      const res = await other.client.post('/api/activities', {
        type: 'conversation',
        contactName: `Crowd contact ${i}`,
        teamId: first + i,
        followUp: { date: '2031-01-01' },
        prayer: { request: `Crowd prayer ${i}` },
      });
      expect(res.status).toBe(201);
    }
    await other.client.post('/api/contacts', { name: 'Not shared' });
    const paths = [
      '/api/contacts',
      '/api/contacts?limit=2',
      '/api/contacts/count',
      '/api/activities?limit=50',
      '/api/activities',
      '/api/followups?limit=50',
      '/api/followups?section=upcoming&todayStart=2026-01-01T00:00:00Z&tomorrowStart=2026-01-02T00:00:00Z&limit=50',
      '/api/prayer-requests?section=active&limit=50',
      '/api/goals',
      '/api/resources',
      '/api/teams',
      '/api/dashboard/stats',
      '/api/search?q=Crowd',
    ];
    const answers: Record<string, { status: number; body: any }> = {};
    for (const path of paths) {
      answers[path] = await crowded.client.get(path);
      expect(answers[path].status, path).toBe(200);
    }
    expect(answers['/api/contacts'].body.map((c: { name: string }) => c.name).sort()).toEqual(['Crowd contact 0', 'Crowd contact 499', 'Crowd contact 999']);
    expect(answers['/api/contacts?limit=2'].body).toHaveLength(2);
    expect(answers['/api/contacts/count'].body).toEqual({ count: 3 });
    expect(answers['/api/activities?limit=50'].body).toHaveLength(3);
    expect(answers['/api/followups?limit=50'].body).toHaveLength(3);
    expect(answers['/api/prayer-requests?section=active&limit=50'].body).toHaveLength(3);
    expect(answers['/api/teams'].body).toHaveLength(1000);
    expect(answers['/api/dashboard/stats'].body).toMatchObject({ totalContacts: 3, totalConversations: 3 });
    expect(answers['/api/search?q=Crowd'].body.contacts).toHaveLength(3);
    const contactId = answers['/api/contacts'].body[0].id;
    expect((await crowded.client.get(`/api/contacts/${contactId}/timeline`)).status).toBe(200);
    // The dashboard's own batch, as the client sends it.
    const dashboard = await crowded.client.get(
      `/trpc/dashboard.summary,teams.list,insights.dueFollowUps?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: { upcomingFrom: new Date(Date.UTC(2026, 0, 1)).toISOString() }, meta: { values: { upcomingFrom: ['Date'] } } }, 1: { json: null, meta: { values: ['undefined'] } }, 2: { json: { before: new Date(Date.UTC(2026, 0, 2)).toISOString() }, meta: { values: { before: ['Date'] } } } }))}`,
    );
    expect(dashboard.status).toBe(200);
    expect(dashboard.body[0].result.data.json).toBeTruthy();
    const feed = await crowded.client.post('/api/calendar/enable');
    expect((await new ApiClient(server.baseUrl).get(feed.body.url)).status).toBe(200);
  }, 60_000);
});
