// Invite links (issue 30, decision 029) as their holders, admins and attackers use them: the life cycle (created,
// shown, accepted, revoked, expired, used up, raced), who may manage them, the limit on guessing codes, and email.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, joinTeam, requestFrom, serverForFile, signedInClient, startServer, type TestServer } from './harness';
import { confirmAddress, startSmtp, until } from './mail';
import { trpcBatch } from './trpc';
import { translate } from '../../server/i18n';

const server = serverForFile();

const person = async (prefix: string, on = server) => {
  const { client, user } = await signedInClient(on, prefix);
  return { client, id: user.id, username: user.username, email: user.email };
};
type Person = Awaited<ReturnType<typeof person>>;
const newTeam = async (client: ApiClient, name = 'Campus group') => (await client.post('/api/teams', { name })).body.id as number;
const membersOf = async (teamId: number, on = server) =>
  on.rows('select user_id, role from team_members where team_id = ? order by user_id', [teamId]) as Promise<{ user_id: number; role: string }[]>;
const newLink = async (admin: ApiClient, teamId: number, body: Record<string, unknown> = { role: 'member' }) => {
  const res = await admin.post(`/api/teams/${teamId}/invite-links`, body);
  expect(res.status).toBe(201);
  return res.body as { id: number; code: string; url: string; role: string; expiresAt: string; maxUses: number | null; uses: number; createdAt: string };
};

const REVOKED = 'This invite link was revoked. Ask the team for a new one.';
const EXPIRED = 'This invite link has expired. Ask the team for a new one.';
const USED_UP = 'This invite link has been used as many times as it allows. Ask the team for a new one.';
const INVITED = 'You’re invited to a team on Sower';

describe('an invite link', () => {
  let admin: Person;
  let teamId: number;
  beforeAll(async () => {
    admin = await person('leader');
    teamId = await newTeam(admin.client);
  });

  it('is made by an admin with an unguessable code and the whole link, member by default for 7 days with no use limit', async () => {
    const link = await newLink(admin.client, teamId);
    expect(Object.keys(link).sort()).toEqual(['code', 'createdAt', 'expiresAt', 'id', 'maxUses', 'role', 'url', 'uses']);
    expect(link.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // The request's own origin, as the browser addressed the server (no PUBLIC_URL here).
    expect(link.url).toBe(`${server.baseUrl}/invite/${link.code}`);
    expect(link).toMatchObject({ role: 'member', maxUses: null, uses: 0 });
    expect((Date.parse(link.expiresAt) - Date.parse(link.createdAt)) / 86_400_000).toBe(7);
    // Stored as it is (decision 029), so the admin can show it again.
    expect(await server.rows('select code from team_invite_links where id = ?', [link.id])).toEqual([{ code: link.code }]);
    const codes = new Set(await Promise.all(Array.from({ length: 20 }, async () => (await newLink(admin.client, teamId, { role: 'viewer' })).code)));
    expect(codes.size).toBe(20);
  });

  it('takes 1 to 30 days and 1 to 1000 uses, never the role admin; a bad input is 400 and writes nothing', async () => {
    const made = await newLink(admin.client, teamId, { role: 'viewer', expiresInDays: 30, maxUses: 1000 });
    expect(made).toMatchObject({ role: 'viewer', maxUses: 1000 });
    expect((Date.parse(made.expiresAt) - Date.parse(made.createdAt)) / 86_400_000).toBe(30);
    const before = await server.rows('select count(*) as n from team_invite_links');
    for (const body of [
      { role: 'admin' },
      { role: 'owner' },
      {},
      { role: 'member', expiresInDays: 0 },
      { role: 'member', expiresInDays: 31 },
      { role: 'member', expiresInDays: 1.5 },
      { role: 'member', maxUses: 0 },
      { role: 'member', maxUses: 1001 },
      { role: 'member', maxUses: 'lots' },
    ]) {
      const res = await admin.client.post(`/api/teams/${teamId}/invite-links`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await server.rows('select count(*) as n from team_invite_links')).toEqual(before);
  });

  it('shows its holder the team name, the inviter’s first name and the role, and nothing else', async () => {
    const link = await newLink(admin.client, teamId, { role: 'viewer' });
    const holder = await person('holder');
    const res = await holder.client.get(`/api/invite-links/${link.code}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ teamName: 'Campus group', inviterFirstName: 'Test', role: 'viewer' });
    expect(await membersOf(teamId)).toEqual([{ user_id: admin.id, role: 'admin' }]);
    // A guest signs in or registers first.
    expect((await new ApiClient(server.baseUrl).get(`/api/invite-links/${link.code}`)).status).toBe(401);
  });

  it('tells a guest, before they sign in, the team name, the inviter’s first name and the role (issue 51 §7); a dead link says so', async () => {
    const link = await newLink(admin.client, teamId, { role: 'member' });
    const guest = new ApiClient(server.baseUrl);
    const res = await guest.get(`/api/invite-links/${link.code}/preview`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ teamName: 'Campus group', inviterFirstName: 'Test', role: 'member' });
    expect((await guest.get(`/api/invite-links/${'B'.repeat(22)}/preview`)).status).toBe(404);
    expect((await admin.client.delete(`/api/teams/${teamId}/invite-links/${link.id}`)).status).toBe(200);
    expect((await guest.get(`/api/invite-links/${link.code}/preview`)).body).toEqual({ message: REVOKED, code: 'GONE' });
    // Looking joins nobody.
    expect(await membersOf(teamId)).toEqual([{ user_id: admin.id, role: 'admin' }]);
  });

  it('counts a guest’s wrong codes against their address: 30, then 429', async () => {
    const address = '127.0.51.1';
    const answers = [];
    for (let i = 0; i < 31; i++)
      answers.push((await requestFrom(address, server.baseUrl, 'GET', `/api/invite-links/${'C'.repeat(21)}${i % 10}/preview`)).status);
    expect(answers.slice(0, 30).every((status) => status === 404)).toBe(true);
    expect(answers[30]).toBe(429);
  });

  it("joins with the link's role and counts the use; a member already in keeps their role, 200, and uses nothing", async () => {
    const link = await newLink(admin.client, teamId, { role: 'viewer', maxUses: 5 });
    const joiner = await person('joiner');
    const res = await joiner.client.post(`/api/invite-links/${link.code}/accept`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: teamId, name: 'Campus group', role: 'viewer' });
    expect(Object.keys(res.body).sort()).toEqual(['createdAt', 'description', 'id', 'name', 'role', 'updateNeededDays']);
    expect((await joiner.client.get('/api/teams')).body).toEqual([res.body]);

    const member = await newLink(admin.client, teamId, { role: 'member' });
    const again = await joiner.client.post(`/api/invite-links/${member.code}/accept`);
    expect(again.status).toBe(200);
    expect(again.body.role).toBe('viewer');
    expect((await admin.client.post(`/api/invite-links/${member.code}/accept`)).body.role).toBe('admin');
    expect(await server.rows('select uses from team_invite_links where id in (?, ?) order by id', [link.id, member.id])).toEqual([{ uses: 1 }, { uses: 0 }]);
  });

  it('answers a wrong or malformed code 404, a revoked, expired or used-up one 410 saying which; none joins anyone', async () => {
    const outsider = await person('outsider');
    for (const code of ['A'.repeat(22), 'short', 'A'.repeat(200), '..%2F..', 'ÄÖÜ'.repeat(8)]) {
      expect((await outsider.client.get(`/api/invite-links/${encodeURIComponent(code)}`)).status, code).toBe(404);
      expect((await outsider.client.post(`/api/invite-links/${encodeURIComponent(code)}/accept`)).status, code).toBe(404);
    }
    expect((await outsider.client.get(`/api/invite-links/${'A'.repeat(201)}`)).status).toBe(400);

    const revoked = await newLink(admin.client, teamId);
    expect((await admin.client.delete(`/api/teams/${teamId}/invite-links/${revoked.id}`)).body).toEqual({ success: true });
    const expired = await newLink(admin.client, teamId);
    await server.database.writerClient.execute({ sql: 'update team_invite_links set expires_at = ? where id = ?', args: [Date.now() - 1, expired.id] });
    const usedUp = await newLink(admin.client, teamId, { role: 'member', maxUses: 1 });
    expect((await (await person('first')).client.post(`/api/invite-links/${usedUp.code}/accept`)).status).toBe(200);

    const before = await membersOf(teamId);
    for (const [link, message] of [
      [revoked, REVOKED],
      [expired, EXPIRED],
      [usedUp, USED_UP],
    ] as const) {
      for (const res of [await outsider.client.get(`/api/invite-links/${link.code}`), await outsider.client.post(`/api/invite-links/${link.code}/accept`)]) {
        expect(res.status, message).toBe(410);
        expect(res.body).toEqual({ message, code: 'GONE' });
      }
    }
    expect(await membersOf(teamId)).toEqual(before);
    const listed = (await admin.client.get(`/api/teams/${teamId}/invite-links`)).body.map((l: { id: number }) => l.id);
    for (const dead of [revoked, expired, usedUp]) expect(listed).not.toContain(dead.id);
  });

  it('lets exactly one of two people take its last use at the same moment, and two of six its last two', async () => {
    const last = await newLink(admin.client, teamId, { role: 'member', maxUses: 1 });
    const [a, b] = [await person('racer'), await person('racer')];
    const raced = await Promise.all([a.client.post(`/api/invite-links/${last.code}/accept`), b.client.post(`/api/invite-links/${last.code}/accept`)]);
    expect(raced.map((r) => r.status).sort()).toEqual([200, 410]);
    const joined = (await membersOf(teamId)).filter((m) => m.user_id === a.id || m.user_id === b.id);
    expect(joined).toHaveLength(1);

    const two = await newLink(admin.client, teamId, { role: 'viewer', maxUses: 2 });
    const crowd = await Promise.all(Array.from({ length: 6 }, () => person('crowd')));
    const statuses = (await Promise.all(crowd.map((p) => p.client.post(`/api/invite-links/${two.code}/accept`)))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 410)).toHaveLength(4);
    expect(await server.rows('select uses from team_invite_links where id = ?', [two.id])).toEqual([{ uses: 2 }]);
    const crowdIds = new Set(crowd.map((p) => p.id));
    expect((await membersOf(teamId)).filter((m) => crowdIds.has(m.user_id))).toHaveLength(2);
  });

  it('keeps at most 100 links per team: dead ones make room, oldest first; past 100 live ones, 409', async () => {
    const keeper = await person('keeper');
    const team = await newTeam(keeper.client);
    const fill = (expiresAt: number, revokedAt: number | null) =>
      server.database.writerClient.execute({
        sql: `with recursive n(i) as (select 1 union all select i + 1 from n where i < 100)
              insert into team_invite_links (team_id, code, role, created_by, created_at, expires_at, revoked_at)
              select ?, ? || i, 'member', ?, ? + i, ?, ? from n`,
        args: [team, `fill${expiresAt}-`, keeper.id, Date.now() - 100_000, expiresAt, revokedAt],
      });
    await fill(Date.now() + 86_400_000, Date.now());
    const oldest = await server.rows('select min(id) as id from team_invite_links where team_id = ?', [team]);
    await newLink(keeper.client, team);
    expect(await server.rows('select count(*) as n from team_invite_links where team_id = ?', [team])).toEqual([{ n: 100 }]);
    expect(await server.rows('select id from team_invite_links where id = ?', [oldest[0].id])).toEqual([]);

    await server.database.writerClient.execute({ sql: 'delete from team_invite_links where team_id = ?', args: [team] });
    await fill(Date.now() + 86_400_000, null);
    const full = await keeper.client.post(`/api/teams/${team}/invite-links`, { role: 'member' });
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('A team can have at most 100 invite links; revoke some first');
    expect(await server.rows('select count(*) as n from team_invite_links where team_id = ?', [team])).toEqual([{ n: 100 }]);
  });

  it('keeps a person in at most 100 teams', async () => {
    const busy = await person('busy');
    await server.database.writerClient.execute({
      sql: "with recursive n(i) as (select 1 union all select i + 1 from n where i < 100) insert into teams (name, created_by) select 'Filler', ? from n",
      args: [busy.id],
    });
    const teamIds = await server.rows('select id from teams where created_by = ?', [busy.id]);
    await server.database.writerClient.execute({
      sql: `insert into team_members (team_id, user_id, role) select id, ?, 'admin' from teams where created_by = ?`,
      args: [busy.id, busy.id],
    });
    expect(teamIds).toHaveLength(100);
    const link = await newLink(admin.client, teamId);
    const res = await busy.client.post(`/api/invite-links/${link.code}/accept`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('You can be in at most 100 teams');
    expect(await server.rows('select uses from team_invite_links where id = ?', [link.id])).toEqual([{ uses: 0 }]);
  });
});

describe('who manages links', () => {
  it('lists live links to admins only; a member or viewer gets 403, a stranger 404, on every link path', async () => {
    const admin = await person('manager');
    const [member, viewer, stranger] = [await person('member'), await person('viewer'), await person('stranger')];
    const teamId = await newTeam(admin.client);
    await joinTeam(admin.client, teamId, member, 'member');
    await joinTeam(admin.client, teamId, viewer, 'viewer');
    const link = await newLink(admin.client, teamId);
    const listed = await admin.client.get(`/api/teams/${teamId}/invite-links`);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([link]);
    for (const [who, status] of [
      [member, 403],
      [viewer, 403],
      [stranger, 404],
    ] as const) {
      expect((await who.client.get(`/api/teams/${teamId}/invite-links`)).status).toBe(status);
      expect((await who.client.post(`/api/teams/${teamId}/invite-links`, { role: 'member' })).status).toBe(status);
      expect((await who.client.delete(`/api/teams/${teamId}/invite-links/${link.id}`)).status).toBe(status);
      expect((await who.client.post(`/api/teams/${teamId}/invite-links/${link.id}/email`, { email: 'x@example.com' })).status).toBe(status);
    }
    expect(await server.rows('select count(*) as n, max(revoked_at) as revoked from team_invite_links where team_id = ?', [teamId])).toEqual([
      { n: 1, revoked: null },
    ]);
    // Another team's link by id is 404 to this team's admin.
    const elsewhere = await newTeam(stranger.client, 'Elsewhere');
    const theirs = await newLink(stranger.client, elsewhere);
    expect((await admin.client.delete(`/api/teams/${teamId}/invite-links/${theirs.id}`)).status).toBe(404);
    expect((await admin.client.delete(`/api/teams/${teamId}/invite-links/99999`)).status).toBe(404);
  });

  it('answers links with PUBLIC_URL when it is set', async () => {
    const published = await startServer({ PUBLIC_URL: 'https://sower.example' });
    try {
      const admin = await person('published', published);
      const link = await newLink(admin.client, await newTeam(admin.client));
      expect(link.url).toBe(`https://sower.example/invite/${link.code}`);
    } finally {
      await published.close();
    }
  });

  it('revokes the links of an admin who is made a member, and counts any other as revoked at acceptance', async () => {
    const owner = await person('owner');
    const coAdmin = await person('coadmin');
    const teamId = await newTeam(owner.client);
    await joinTeam(owner.client, teamId, coAdmin, 'admin');
    const theirs = await newLink(coAdmin.client, teamId);
    const owners = await newLink(owner.client, teamId);
    expect((await owner.client.put(`/api/teams/${teamId}/members/${coAdmin.id}`, { role: 'member' })).status).toBe(200);
    const taker = await person('taker');
    const refused = await taker.client.post(`/api/invite-links/${theirs.code}/accept`);
    expect(refused.status).toBe(410);
    expect(refused.body.message).toBe(REVOKED);
    expect((await owner.client.get(`/api/teams/${teamId}/invite-links`)).body.map((l: { id: number }) => l.id)).toEqual([owners.id]);

    // Demoted by a write outside the procedures: the link is not revoked, but grants nothing either.
    await server.database.writerClient.execute({ sql: "update team_members set role = 'viewer' where team_id = ? and user_id = ?", args: [teamId, owner.id] });
    await server.database.writerClient.execute({ sql: "update team_members set role = 'admin' where team_id = ? and user_id = ?", args: [teamId, coAdmin.id] });
    expect((await taker.client.post(`/api/invite-links/${owners.code}/accept`)).status).toBe(410);
    expect((await membersOf(teamId)).map((m) => m.user_id)).not.toContain(taker.id);
  });
});

const REMOVED = 'You cannot join this team with a link. Ask one of its admins to invite you.';

describe('a member an admin removed (issue 47)', () => {
  let admin: Person;
  let teamId: number;
  beforeAll(async () => {
    admin = await person('remover');
    teamId = await newTeam(admin.client, 'Door team');
  });
  const accept = (who: Person, code: string) => who.client.post(`/api/invite-links/${code}/accept`);
  const removed = async (who: Person) => {
    expect((await admin.client.delete(`/api/teams/${teamId}/members/${who.id}`)).status).toBe(200);
  };

  it('joins by none of the team’s links, old or new, and the look-up says only that; others still join by them', async () => {
    const old = await newLink(admin.client, teamId);
    const x = await person('removed');
    expect((await accept(x, old.code)).status).toBe(200);
    // An invitation X had not used yet, sent before the removal, goes with it too.
    const pending = await admin.client.post(`/api/teams/${teamId}/members`, { userId: x.id, role: 'viewer' });
    await removed(x);

    const fresh = await newLink(admin.client, teamId, { role: 'viewer' });
    for (const code of [old.code, fresh.code]) {
      const refused = await accept(x, code);
      expect(refused.status, code).toBe(403);
      expect(refused.body).toMatchObject({ code: 'FORBIDDEN', message: REMOVED });
      const look = await x.client.get(`/api/invite-links/${code}`);
      expect(look.status).toBe(403);
      expect(look.body.message).toBe(REMOVED);
      // Only the sentence: no team name, inviter or role.
      expect(JSON.stringify(look.body)).not.toContain('Door team');
    }
    expect((await x.client.post(`/api/invitations/${pending.body.id}/accept`)).status).toBe(404);
    expect((await membersOf(teamId)).map((m) => m.user_id)).not.toContain(x.id);
    expect(await server.rows('select uses from team_invite_links where id in (?, ?) order by id', [old.id, fresh.id])).toEqual([{ uses: 1 }, { uses: 0 }]);
    expect((await x.client.get('/api/teams')).body).toEqual([]);
    expect(await server.rows('select removed_by from team_removals where team_id = ? and user_id = ?', [teamId, x.id])).toEqual([{ removed_by: admin.id }]);

    const other = await person('welcome');
    expect((await other.client.get(`/api/invite-links/${old.code}`)).body.teamName).toBe('Door team');
    expect((await accept(other, old.code)).status).toBe(200);
  });

  it('is refused in one tRPC batch of both links, concurrently, and when the accept races the removal', async () => {
    const old = await newLink(admin.client, teamId);
    const fresh = await newLink(admin.client, teamId);
    const x = await person('batcher');
    expect((await accept(x, old.code)).status).toBe(200);
    const [removal, raced] = await Promise.all([admin.client.delete(`/api/teams/${teamId}/members/${x.id}`), accept(x, old.code)]);
    expect(removal.status).toBe(200);
    // Before the removal it was a member's 200; after it, the refusal. Either way X ends outside.
    expect([200, 403]).toContain(raced.status);
    expect((await membersOf(teamId)).map((m) => m.user_id)).not.toContain(x.id);

    const batch = await trpcBatch(x.client, [
      { path: 'inviteLinks.accept', input: { code: old.code } },
      { path: 'inviteLinks.accept', input: { code: fresh.code } },
    ]);
    expect(batch.body.map((r: any) => r.error?.json?.message)).toEqual([REMOVED, REMOVED]);
    const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => accept(x, i % 2 ? old.code : fresh.code)));
    expect(burst.map((r) => r.status)).toEqual(Array(6).fill(403));
    expect((await membersOf(teamId)).map((m) => m.user_id)).not.toContain(x.id);
  });

  it('records nothing for someone who leaves on their own: they may come back by a link', async () => {
    const link = await newLink(admin.client, teamId);
    const y = await person('leaver');
    expect((await accept(y, link.code)).status).toBe(200);
    expect((await y.client.post(`/api/teams/${teamId}/leave`)).status).toBe(200);
    expect(await server.count('team_removals', 'user_id = ?', [y.id])).toBe(0);
    expect((await accept(y, link.code)).status).toBe(200);
  });

  it('is listed to the team’s admins, who let them back in; or an admin invites them and they accept', async () => {
    const link = await newLink(admin.client, teamId);
    const [x, z] = [await person('returner'), await person('invitee')];
    for (const who of [x, z]) {
      expect((await accept(who, link.code)).status).toBe(200);
      await removed(who);
    }
    const list = await admin.client.get(`/api/teams/${teamId}/removals`);
    expect(list.status).toBe(200);
    const mine = list.body.filter((r: { userId: number }) => r.userId === x.id || r.userId === z.id);
    expect(mine).toHaveLength(2);
    expect(Object.keys(mine[0]).sort()).toEqual(['firstName', 'lastName', 'removedAt', 'userId', 'username']);

    // Nobody but an admin sees or lifts it: a member or viewer 403, a stranger 404, and X themselves 404.
    const member = await person('plain');
    await joinTeam(admin.client, teamId, member, 'member');
    for (const [who, status] of [
      [member, 403],
      [x, 404],
    ] as const) {
      expect((await who.client.get(`/api/teams/${teamId}/removals`)).status).toBe(status);
      expect((await who.client.delete(`/api/teams/${teamId}/removals/${x.id}`)).status).toBe(status);
    }
    expect((await accept(x, link.code)).status).toBe(403);

    expect((await admin.client.delete(`/api/teams/${teamId}/removals/${x.id}`)).status).toBe(200);
    expect((await admin.client.delete(`/api/teams/${teamId}/removals/${x.id}`)).status).toBe(404);
    expect((await accept(x, link.code)).status).toBe(200);

    // The invitation path: an admin's invitation by username is their way back, with the role the admin chose.
    const invited = await admin.client.post(`/api/teams/${teamId}/members`, { username: z.username, role: 'viewer' });
    expect(invited.status).toBe(201);
    expect((await z.client.post(`/api/invitations/${invited.body.id}/accept`)).body.role).toBe('viewer');
    expect(await server.count('team_removals', 'team_id = ? and user_id in (?, ?)', [teamId, x.id, z.id])).toBe(0);
  });
});

describe('guessing codes', () => {
  const wrong = (i: number) => `guess${String(i).padStart(17, '0')}`;

  it('tries at most 30 wrong codes per account: concurrent requests and tRPC batches, each counted before it is looked up', async () => {
    const guesser = await person('guesser');
    const sent = await Promise.all([
      ...Array.from({ length: 15 }, (_, i) =>
        requestFrom('127.0.40.1', server.baseUrl, 'GET', `/api/invite-links/${wrong(i)}`, undefined, { Cookie: guesser.client.cookie }),
      ),
      ...Array.from({ length: 10 }, (_, i) =>
        requestFrom('127.0.40.1', server.baseUrl, 'POST', `/api/invite-links/${wrong(100 + i)}/accept`, undefined, { Cookie: guesser.client.cookie }),
      ),
    ]);
    expect(sent.every((r) => r.status === 404)).toBe(true);
    // The rest in tRPC batches of accepts: of 20, only 5 are tried.
    const batches = await Promise.all(
      [0, 1].map((b) =>
        trpcBatch(
          guesser.client,
          Array.from({ length: 10 }, (_, i) => ({ path: 'inviteLinks.accept', input: { code: wrong(200 + b * 10 + i) } })),
        ),
      ),
    );
    const statuses = batches.flatMap((res) =>
      (res.body as { error?: { json: { data: { httpStatus: number } } } }[]).map((call) => call.error?.json.data.httpStatus),
    );
    expect(statuses.filter((s) => s === 404)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    // A real code from this address waits too, and once the window ends is served.
    const admin = await person('real');
    const link = await newLink(admin.client, await newTeam(admin.client));
    const blocked = await requestFrom('127.0.40.1', server.baseUrl, 'GET', `/api/invite-links/${link.code}`, undefined, { Cookie: guesser.client.cookie });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('tries at most 30 wrong codes from one address, whatever the accounts', async () => {
    const accounts = await Promise.all(Array.from({ length: 4 }, () => person('shared')));
    const sent = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        requestFrom('127.0.44.1', server.baseUrl, 'GET', `/api/invite-links/${wrong(500 + i)}`, undefined, { Cookie: accounts[i % 4].client.cookie }),
      ),
    );
    expect(sent.filter((r) => r.status === 404)).toHaveLength(30);
    expect(sent.filter((r) => r.status === 429)).toHaveLength(10);
    const other = await person('neighbour');
    expect((await requestFrom('127.0.44.2', server.baseUrl, 'GET', `/api/invite-links/${wrong(1)}`, undefined, { Cookie: other.client.cookie })).status).toBe(
      404,
    );
  });

  it('limits one account guessing from many addresses, and gives a found code its attempt back', async () => {
    const roamer = await person('roamer');
    const from = (address: string, path: string, cookie = roamer.client.cookie) =>
      requestFrom(address, server.baseUrl, 'GET', path, undefined, { Cookie: cookie });
    const spread = await Promise.all(Array.from({ length: 40 }, (_, i) => from(`127.0.41.${i + 1}`, `/api/invite-links/${wrong(i)}`)));
    expect(spread.filter((r) => r.status === 404)).toHaveLength(30);
    expect(spread.filter((r) => r.status === 429)).toHaveLength(10);

    // Found codes, live or dead, do not use the limits up.
    const admin = await person('finder');
    const teamId = await newTeam(admin.client);
    const link = await newLink(admin.client, teamId);
    const finder = await person('finder');
    for (let i = 0; i < 35; i++) expect((await from('127.0.42.1', `/api/invite-links/${link.code}`, finder.client.cookie)).status).toBe(200);
  });

  it('never refuses a valid code for other people’s wrong ones: 35 accounts at 35 addresses, 30 wrong codes each, then a fresh one joins', async () => {
    const admin = await person('burstadmin');
    const link = await newLink(admin.client, await newTeam(admin.client));
    const guessers = await Promise.all(Array.from({ length: 35 }, () => person('burst')));
    // Each sends its 30 from its own address: 10 looked up at once, 20 accepted in two tRPC batches of 10.
    const sent = await Promise.all(
      guessers.map(async (guesser, g) => {
        const address = `127.0.45.${g + 1}`;
        const cookie = { Cookie: guesser.client.cookie };
        const looked = Promise.all(
          Array.from({ length: 10 }, (_, i) => requestFrom(address, server.baseUrl, 'GET', `/api/invite-links/${wrong(1000 + g * 30 + i)}`, undefined, cookie)),
        );
        const batched = [0, 1].map((b) => {
          const codes = Array.from({ length: 10 }, (_, i) => wrong(1000 + g * 30 + 10 + b * 10 + i));
          return requestFrom(
            address,
            server.baseUrl,
            'POST',
            `/trpc/${codes.map(() => 'inviteLinks.accept').join(',')}?batch=1`,
            Object.fromEntries(codes.map((code, i) => [i, { json: { code } }])),
            cookie,
          );
        });
        const calls = (await Promise.all(batched)).flatMap((res) =>
          (res.body as { error?: { json: { data: { httpStatus: number } } } }[]).map((call) => call.error?.json.data.httpStatus),
        );
        return [...(await looked).map((r) => r.status), ...calls];
      }),
    );
    const fresh = await person('fresh');
    const shownTo = await requestFrom('127.0.46.1', server.baseUrl, 'GET', `/api/invite-links/${link.code}`, undefined, { Cookie: fresh.client.cookie });
    expect(shownTo.status).toBe(200);
    const joined = await requestFrom('127.0.46.1', server.baseUrl, 'POST', `/api/invite-links/${link.code}/accept`, undefined, { Cookie: fresh.client.cookie });
    expect(joined.status).toBe(200);
    expect((await membersOf(joined.body.id)).map((m) => m.user_id)).toContain(fresh.id);
    // Every wrong code was tried and answered 404: none of the 35 accounts or addresses was near its own limit.
    expect(sent.flat()).toHaveLength(1050);
    expect(sent.flat().every((status) => status === 404)).toBe(true);
    // 35 registrations and 1,050 requests: seconds on a quiet machine, more beside other work.
  }, 60_000);
});

describe('invitations by email', () => {
  let mailServer: TestServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    mailServer = await startServer({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://sower.example' });
  });
  afterAll(async () => {
    await mailServer.close();
    await smtp.close();
  });

  it('mails the link with Sower’s own subject, alike whether the address has an account; the names are quoted and marked in the body', async () => {
    const admin = await person('mailer', mailServer);
    await mailServer.database.writerClient.execute({ sql: "update users set first_name = 'Grace' where id = ?", args: [admin.id] });
    await confirmAddress(mailServer.database, admin.id);
    const teamId = await newTeam(admin.client, 'Door to door');
    const link = await newLink(admin.client, teamId);
    const known = await person('known', mailServer);
    const answers = [];
    for (const email of [known.email, 'nobody-here@example.com']) {
      const res = await admin.client.post(`/api/teams/${teamId}/invite-links/${link.id}/email`, { email });
      answers.push({ status: res.status, body: res.body });
    }
    expect(answers).toEqual([
      { status: 202, body: { success: true } },
      { status: 202, body: { success: true } },
    ]);
    const invitations = () => smtp.received.filter((r) => r.mail.text?.includes(`/invite/${link.code}`));
    const mails = await until(() => invitations().length >= 2 && invitations(), 'two invitation emails');
    for (const { mail } of mails) {
      expect(mail.subject).toBe(INVITED);
      expect(mail.text).toContain('Team: “Door to door” (a name chosen by its admin)');
      expect(mail.text).toContain('Sent by: “Grace” (a name the sender chose)');
      expect(mail.html).toContain('Team: “<bdi>Door to door</bdi>” (a name chosen by its admin)');
      expect(mail.text).toContain(`https://sower.example/invite/${link.code}`);
      expect(mail.html).toContain(`href="https://sower.example/invite/${link.code}"`);
      // Only Sower's words with those three: not the admin's username, email or last name.
      for (const leak of [admin.username, admin.email]) expect(`${mail.text}${mail.html}`).not.toContain(leak);
    }
    expect(
      mails
        .map((m) => m.to)
        .flat()
        .sort(),
    ).toEqual([known.email, 'nobody-here@example.com'].sort());
  });

  it('never puts what an admin wrote in the Subject, in any language: a phishing first name and team name stay quoted in the body', async () => {
    const lure = 'URGENT: your bank account is locked, call +1-555-0100 or visit evil.invalid';
    const offer = 'Claim your $500 gift card now at prize.invalid';
    const sent: string[] = [];
    for (const language of ['en', 'es', 'ar']) {
      const admin = await person('phisher', mailServer);
      await mailServer.database.writerClient.execute({ sql: 'update users set first_name = ?, language = ? where id = ?', args: [lure, language, admin.id] });
      await confirmAddress(mailServer.database, admin.id);
      const teamId = await newTeam(admin.client, offer);
      const link = await newLink(admin.client, teamId);
      // Line breaks and direction marks in a first name cannot start a line of their own or turn the text around.
      await mailServer.database.writerClient.execute({
        sql: 'update users set first_name = ? where id = ?',
        args: [`${lure}\n\nSower support\u202e`, admin.id],
      });
      const to = `target-${language}@example.com`;
      const res = await admin.client.request('POST', `/api/teams/${teamId}/invite-links/${link.id}/email`, { email: to }, { 'Accept-Language': language });
      expect(res.status).toBe(202);
      sent.push(to);
    }
    const mails = await until(() => {
      const got = sent.map((to) => smtp.received.find((r) => r.to.includes(to)));
      return got.every(Boolean) && (got as NonNullable<(typeof got)[number]>[]);
    }, 'three invitation emails');
    for (const [i, { mail }] of mails.entries()) {
      const language = (['en', 'es', 'ar'] as const)[i];
      expect(mail.subject).toBe(translate(language, INVITED));
      expect(mail.text).toContain(translate(language, 'Team: “{team}” (a name chosen by its admin)', { team: offer }));
      expect(mail.text).toContain(translate(language, 'Sent by: “{inviter}” (a name the sender chose)', { inviter: `${lure} Sower support` }));
      expect(`${mail.text}${mail.html}`).not.toContain('\u202e');
    }
  });

  it('sends 3 a day to one address, 20 per admin and 50 per team, counted first (concurrently too); 409 without a confirmed address', async () => {
    const admin = await person('spammer', mailServer);
    const teamId = await newTeam(admin.client);
    const link = await newLink(admin.client, teamId);
    const send = (email: string) => admin.client.post(`/api/teams/${teamId}/invite-links/${link.id}/email`, { email });
    const unconfirmed = await send('someone@example.com');
    expect(unconfirmed.status).toBe(409);
    expect(unconfirmed.body.message).toBe('Confirm your own email address in Settings before inviting people by email.');
    await confirmAddress(mailServer.database, admin.id);
    const sameAddress = (await Promise.all(Array.from({ length: 6 }, () => send('target@example.com')))).map((r) => r.status);
    expect(sameAddress.filter((s) => s === 202)).toHaveLength(3);
    expect(sameAddress.filter((s) => s === 429)).toHaveLength(3);
    const many = (await Promise.all(Array.from({ length: 25 }, (_, i) => send(`many${i}@example.com`)))).map((r) => r.status);
    expect(many.filter((s) => s === 202)).toHaveLength(17);
    expect(many.filter((s) => s === 429)).toHaveLength(8);

    // A second admin of the team shares the team's 50.
    const coAdmins = await Promise.all(Array.from({ length: 2 }, () => person('coadmin', mailServer)));
    for (const co of coAdmins) {
      await joinTeam(admin.client, teamId, co, 'admin');
      await confirmAddress(mailServer.database, co.id);
    }
    const byOthers = (
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          coAdmins[i % 2].client.post(`/api/teams/${teamId}/invite-links/${link.id}/email`, { email: `co${i}@example.com` }),
        ),
      )
    ).map((r) => r.status);
    expect(byOthers.filter((s) => s === 202)).toHaveLength(30);
  });

  it('refuses a dead link and a bad address, and says so when email is not set up', async () => {
    const admin = await person('careful', mailServer);
    await confirmAddress(mailServer.database, admin.id);
    const teamId = await newTeam(admin.client);
    const link = await newLink(admin.client, teamId);
    expect((await admin.client.post(`/api/teams/${teamId}/invite-links/${link.id}/email`, { email: 'not an address' })).status).toBe(400);
    await admin.client.delete(`/api/teams/${teamId}/invite-links/${link.id}`);
    expect((await admin.client.post(`/api/teams/${teamId}/invite-links/${link.id}/email`, { email: 'a@example.com' })).status).toBe(410);

    const plain = await person('nomail');
    const plainTeam = await newTeam(plain.client);
    const plainLink = await newLink(plain.client, plainTeam);
    const res = await plain.client.post(`/api/teams/${plainTeam}/invite-links/${plainLink.id}/email`, { email: 'a@example.com' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Email is not set up on this server, so Sower cannot send invitations by email.');
  });
});
