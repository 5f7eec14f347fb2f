// The team page's insight (GET /api/teams/{teamId}/insight): the team's totals for every member, each member's workload
// for admins only, 404 for anyone outside the team, and each figure's query walking an index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { contacts } from '../../db/schema';
import { computeStats } from '../../server/domain/stats';
import { cutDaysQuery, journeyQuery, tallyWeeksQuery } from '../../server/domain/insights';
import { daysIn, memberFiguresQuery } from '../../server/routers/teamInsight';
import { ApiClient, daysFromNow, joinTeam, queryPlan, readerStatements, signedInClient, startSignedIn, unindexedScans, type TestServer } from './harness';
import { trpcQuery } from './trpc';

let server: TestServer;
let alice: ApiClient; // admin
let bob: ApiClient; // member
let carol: ApiClient; // viewer
let dave: ApiClient; // stranger, with a team of his own
let aliceId: number;
let bobId: number;
let teamId: number;
let otherTeamId: number;
let teamContactId: number;

const insight = (client: ApiClient, team = teamId, query = '') => client.get(`/api/teams/${team}/insight${query}`);

async function logActivity(client: ApiClient, body: Record<string, unknown>) {
  const res = await client.post('/api/activities', { contactName: 'Maria', ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

beforeAll(async () => {
  ({
    server,
    client: alice,
    user: { id: aliceId },
  } = await startSignedIn('alice'));
  let bobUser, carolUser;
  ({ client: bob, user: bobUser } = await signedInClient(server, 'bob'));
  ({ client: carol, user: carolUser } = await signedInClient(server, 'carol'));
  ({ client: dave } = await signedInClient(server, 'dave'));
  bobId = bobUser.id;
  teamId = (await alice.post('/api/teams', { name: 'Campus' })).body.id;
  await joinTeam(alice, teamId, { client: bob, id: bobId }, 'member');
  await joinTeam(alice, teamId, { client: carol, id: carolUser.id }, 'viewer');
  otherTeamId = (await dave.post('/api/teams', { name: 'Elsewhere' })).body.id;
  await joinTeam(dave, otherTeamId, { client: bob, id: bobId }, 'member');

  // The team's rows: two contacts (one exploring), three conversations and a presentation.
  teamContactId = (await alice.post('/api/contacts', { name: 'Team Maria', teamId, spiritualStatus: 'exploring' })).body.id;
  await bob.post('/api/contacts', { name: 'Team Omar', teamId });
  await logActivity(alice, { type: 'conversation', contactId: teamContactId, teamId, date: daysFromNow(-2) });
  await logActivity(bob, { type: 'conversation', contactName: 'Team Omar', teamId, date: daysFromNow(-1) });
  await logActivity(bob, { type: 'gospel_presentation', contactName: 'Team Omar', teamId, date: daysFromNow(-3) });
  // 40 days ago: in the totals, not in Bob's last 30 days, and not his last activity.
  await logActivity(bob, { type: 'conversation', contactName: 'Team Omar', teamId, date: daysFromNow(-40) });

  // Not the team's: personal rows of its members (newer than their team rows) and Bob's rows in another team.
  await logActivity(alice, { type: 'conversation', contactName: 'Private Ana', date: daysFromNow(0) });
  await logActivity(bob, { type: 'conversation', contactName: 'Private Ben', date: daysFromNow(0) });
  await logActivity(bob, { type: 'conversation', contactName: 'Other team Eli', teamId: otherTeamId, date: daysFromNow(0) });

  // Bob's follow-ups in the team: one overdue, one ahead, one done; and one personal (not counted).
  for (const [days, completed] of [
    [-5, false],
    [5, false],
    [-6, true],
  ] as const) {
    const res = await bob.post('/api/followups', { contactId: teamContactId, date: daysFromNow(days), description: 'Visit', teamId, completed });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  const personal = (await bob.post('/api/contacts', { name: 'Bob own' })).body.id;
  await bob.post('/api/followups', { contactId: personal, date: daysFromNow(-5), description: 'Call' });

  // Part 3's assignment path is not here yet: the team contact is assigned to Bob directly.
  await server.database.write((tx) => tx.update(contacts).set({ assignedTo: bobId, assignedAt: new Date() }).where(eq(contacts.id, teamContactId)));
});
afterAll(() => server.close());

describe('who may read a team insight', () => {
  it('answers a stranger 404, the same as a team that does not exist', async () => {
    const [stranger, missing] = await Promise.all([insight(dave), insight(dave, 999_999)]);
    expect(stranger.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(stranger.body).toEqual({ message: 'Team not found', code: 'NOT_FOUND' });
    expect(missing.body).toEqual(stranger.body);
    // Not even their own team's figures leak through another's id in a batch.
    const input = encodeURIComponent(JSON.stringify({ 0: { json: { teamId } }, 1: { json: { teamId: otherTeamId } } }));
    const batch = (await dave.get(`/trpc/teams.insight,teams.insight?batch=1&input=${input}`)).body;
    expect(batch[0].error?.json.data.code).toBe('NOT_FOUND');
    expect(batch[1].result?.data.json.totals.totalConversations).toBe(1);
  });

  it('gives members and viewers the totals and no member rows; admins one row per member', async () => {
    const [admin, member, viewer] = await Promise.all([insight(alice), insight(bob), insight(carol)]);
    for (const res of [admin, member, viewer]) expect(res.status).toBe(200);
    expect(member.body.members).toEqual([]);
    expect(viewer.body.members).toEqual([]);
    expect(member.body.totals).toEqual(admin.body.totals);
    expect(admin.body.members.map((m: { role: string }) => m.role)).toEqual(['admin', 'member', 'viewer']);
  });

  it('refuses a bad zone with 400', async () => {
    const res = await insight(alice, teamId, '?timeZone=Mars%2FOlympus');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/time zone/i);
  });

  it('ends with membership: a removed member reads 404', async () => {
    const { client: erin, user } = await signedInClient(server, 'erin');
    await joinTeam(alice, teamId, { client: erin, id: user.id }, 'member');
    expect((await insight(erin)).status).toBe(200);
    expect((await alice.delete(`/api/teams/${teamId}/members/${user.id}`)).status).toBe(200);
    expect((await insight(erin)).status).toBe(404);
  });
});

describe('the totals', () => {
  it("count the team's rows only, not its members' personal rows or other teams'", async () => {
    const { totals } = (await insight(carol)).body;
    expect(totals.totalConversations).toBe(3);
    expect(totals.totalGospelPresentations).toBe(1);
    expect(totals.totalContacts).toBe(2);
    expect(totals.trends.conversations.value).toBe(2);
    expect(totals.funnel.find((s: { status: string }) => s.status === 'exploring').count).toBe(1);
    expect(totals.funnel.reduce((sum: number, s: { count: number }) => sum + s.count, 0)).toBe(2);
  });

  it('chart 12 weeks from local Monday midnights in the zone asked for, the current week last', async () => {
    const { weeks } = (await insight(alice, teamId, '?timeZone=Asia%2FTokyo')).body.totals;
    expect(weeks).toHaveLength(12);
    const local = (iso: string) =>
      new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Tokyo', weekday: 'short', hour: 'numeric', hourCycle: 'h23' }).format(new Date(iso));
    for (const week of weeks) expect(local(week.start)).toBe('Mon, 00');
    expect(new Date(weeks[11].end).getTime()).toBeGreaterThan(Date.now());
    // The 40-day-old conversation is in the chart; the team's four activities are all within 12 weeks.
    expect(weeks.reduce((sum: number, w: { total: number }) => sum + w.total, 0)).toBe(4);
  });
});

describe("the members' rows", () => {
  it('give each member their team activities in 30 days, last activity, assignments and follow-ups', async () => {
    const rows = (await insight(alice)).body.members;
    const bobRow = rows.find((m: { userId: number }) => m.userId === bobId);
    expect(bobRow).toMatchObject({ role: 'member', activities30d: 2, assigned: 1, pendingFollowUps: 2, overdueFollowUps: 1 });
    expect(Object.keys(bobRow).sort()).toEqual(
      ['userId', 'firstName', 'lastName', 'role', 'activities30d', 'assigned', 'pendingFollowUps', 'overdueFollowUps', 'lastActivityAt'].sort(),
    );
    // His newest team activity, a day ago: not his newer personal one, nor the one in another team.
    expect(Math.abs(new Date(bobRow.lastActivityAt).getTime() - new Date(daysFromNow(-1)).getTime())).toBeLessThan(60_000);
    const aliceRow = rows.find((m: { userId: number }) => m.userId === aliceId);
    expect(aliceRow).toMatchObject({ activities30d: 1, assigned: 0, pendingFollowUps: 0, overdueFollowUps: 0 });
    const carolRow = rows.find((m: { role: string }) => m.role === 'viewer');
    expect(carolRow).toMatchObject({ activities30d: 0, lastActivityAt: null });
  });

  it('say the same over tRPC as over REST', async () => {
    const [rest, trpc] = await Promise.all([insight(alice, teamId, '?timeZone=UTC'), trpcQuery(alice, 'teams.insight', { teamId, timeZone: 'UTC' })]);
    expect(trpc.data.members.length).toBe(rest.body.members.length);
    expect(trpc.data.totals.totalContacts).toBe(rest.body.totals.totalContacts);
  });
});

describe('query plans', () => {
  it("seek an index for every figure, never scanning the team's rows", async () => {
    const db = server.database.read;
    const days = daysIn('UTC');
    const scope = { teamId };
    const plans = await Promise.all([
      queryPlan(server, memberFiguresQuery(db, teamId, days)),
      queryPlan(server, tallyWeeksQuery(db, scope, days.boundaries, 20_000, 20_084, [20_010])),
      queryPlan(server, cutDaysQuery(db, scope, days.boundaries, [[days.boundaries[1].getTime(), days.boundaries[1].getTime() + 86_400_000]])),
      queryPlan(server, journeyQuery(db, scope)),
    ]);
    const [members, weeks, cutDay, funnel] = plans.map((lines) => lines.join('\n'));
    for (const table of ['activities', 'contacts', 'follow_ups', 'team_members', 'daily_tallies'])
      for (const lines of plans) expect(unindexedScans(lines, table), lines.join('\n')).toEqual([]);
    // The newest team activity of a member: one seek down their (created_by, date) entries, which the search index also covers with team_id.
    expect(members).toMatch(/activities USING (COVERING )?INDEX activities_owner_(date|search)_idx \(created_by=\? AND date<\?\)/);
    expect(members).not.toMatch(/activities_team/);
    expect(members).toMatch(/contacts USING COVERING INDEX contacts_team_assignee_idx/);
    expect(members).toMatch(/follow_ups USING (COVERING )?INDEX follow_ups_owner_idx/);
    expect(members).toMatch(
      /daily_tallies USING (COVERING )?INDEX sqlite_autoindex_daily_tallies_1 \(created_by=\? AND entity=\? AND kind=\? AND day>\? AND day<\?\)/,
    );
    // The chart reads the team's tallies for whole days, and a day's range of its activities where a boundary cuts one.
    expect(weeks).toMatch(
      /team_daily_tallies USING (INDEX sqlite_autoindex_team_daily_tallies_1|PRIMARY KEY) \(team_id=\? AND entity=\? AND kind=\? AND day>\? AND day<\?\)/,
    );
    expect(cutDay).toMatch(/activities USING COVERING INDEX activities_team_type_date_idx \(team_id=\? AND type=\? AND date>\? AND date<\?\)/);
    // The funnel: the team's journey tallies, one row per status.
    expect(funnel).toMatch(/SEARCH team_row_tallies USING (INDEX sqlite_autoindex_team_row_tallies_1|PRIMARY KEY) \(team_id=\? AND entity=\?\)/);
    expect(funnel).not.toMatch(/contacts/);
  });

  it("read the team's tallies (totals and both 30-day windows) from the per-team tallies alone, one row per kind and day", async () => {
    const seen = await readerStatements(server, () => computeStats(server.database.read, { teamId }, 'en'));
    expect(seen).toHaveLength(3);
    for (const { sql, args } of seen) {
      const plan = (await server.database.readerClient.execute({ sql: `explain query plan ${sql}`, args: args as never })).rows
        .map((row) => String(row.detail))
        .join(' | ');
      expect(plan).toMatch(/SEARCH team_(row|daily)_tallies USING (INDEX sqlite_autoindex_team_\w+|PRIMARY KEY) \(team_id=\?/);
      expect(plan).not.toMatch(/created_by|SCAN/);
    }
  });
});
