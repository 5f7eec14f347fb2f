// The dashboard insight (activities per week by type, contacts by status) and the due count, per user, over tRPC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillPlaceholders } from 'drizzle-orm';
import { cutDaysQuery, dueFollowUpsQuery, journeyQuery, preparedDueFollowUps } from '../../server/domain/insights';
import { ApiClient, queryPlan, signedInClient, startSignedIn, unindexedScans, type TestServer, joinTeam } from './harness';
import { trpcQuery } from './trpc';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

let server: TestServer;
let alice: ApiClient;
let bob: ApiClient;
let aliceId: number;
let teamId: number;

/**
 * Three weeks starting at local midnight in UTC-5 (05:00Z), the middle one an hour short, as a week that
 * crosses the end of daylight-saving time would be: buckets must follow the boundaries the client sends.
 */
const start = Date.UTC(2026, 9, 5, 5);
const boundaries = [start, start + WEEK, start + 2 * WEEK - HOUR, start + 3 * WEEK - HOUR].map((t) => new Date(t));
const at = (ms: number) => new Date(ms).toISOString();

async function log(client: ApiClient, type: string, date: number, extra: Record<string, unknown> = {}) {
  const res = await client.post('/api/activities', { type, contactName: 'Maria', date: at(date), ...extra });
  expect(res.status).toBe(201);
  return res.body;
}

beforeAll(async () => {
  ({
    server,
    client: alice,
    user: { id: aliceId },
  } = await startSignedIn('alice'));
  bob = (await signedInClient(server, 'bob')).client;

  // Week 0: two conversations, one presentation; the first at the very start, one a millisecond before week 1.
  await log(alice, 'conversation', boundaries[0].getTime());
  await log(alice, 'conversation', boundaries[1].getTime() - 1);
  await log(alice, 'gospel_presentation', boundaries[0].getTime() + 2 * DAY);
  // Week 1 (the short one): exactly at its start, and an 'other'.
  await log(alice, 'gospel_presentation', boundaries[1].getTime());
  await log(alice, 'other', boundaries[2].getTime() - 1);
  // Week 2: a follow_up activity.
  await log(alice, 'follow_up', boundaries[2].getTime());
  // Outside the range on both sides: never counted.
  await log(alice, 'conversation', boundaries[0].getTime() - 1);
  await log(alice, 'conversation', boundaries[3].getTime());

  // Bob's own rows are not Alice's; the rows of a team she belongs to are.
  await log(bob, 'conversation', boundaries[0].getTime() + DAY);
  await log(bob, 'conversation', boundaries[2].getTime() + DAY);
  teamId = (await bob.post('/api/teams', { name: 'Outreach' })).body.id;
  await joinTeam(bob, teamId, { client: alice, id: aliceId }, 'viewer');
  await log(bob, 'gospel_presentation', boundaries[2].getTime() + DAY, { contactName: 'Team Contact', teamId });
});
afterAll(() => server.close());

const zero = { conversation: 0, gospel_presentation: 0, follow_up: 0, other: 0 };

describe('insights.activityWeeks', () => {
  it('counts activities per week and type between the boundaries the client sends, with the team rows it may read', async () => {
    const res = await trpcQuery(alice, 'insights.activityWeeks', { boundaries: boundaries.map((d) => d.toISOString()) });
    expect(res.status).toBe(200);
    expect(res.data).toEqual([
      { start: boundaries[0].toISOString(), end: boundaries[1].toISOString(), counts: { ...zero, conversation: 2, gospel_presentation: 1 }, total: 3 },
      { start: boundaries[1].toISOString(), end: boundaries[2].toISOString(), counts: { ...zero, gospel_presentation: 1, other: 1 }, total: 2 },
      { start: boundaries[2].toISOString(), end: boundaries[3].toISOString(), counts: { ...zero, follow_up: 1, gospel_presentation: 1 }, total: 2 },
    ]);
  });

  it("never counts another user's rows", async () => {
    const res = await trpcQuery(bob, 'insights.activityWeeks', { boundaries: boundaries.map((d) => d.toISOString()) });
    expect(res.data.map((w: { counts: unknown }) => w.counts)).toEqual([
      { ...zero, conversation: 1 },
      zero,
      { ...zero, conversation: 1, gospel_presentation: 1 },
    ]);
  });

  it('counts each of a member’s own rows once, personal or in their team, on the days a boundary cuts and the whole days between', async () => {
    const { client: carol, user } = await signedInClient(server, 'carol');
    const team = (await carol.post('/api/teams', { name: 'Corinth' })).body.id;
    const { client: dan, user: danUser } = await signedInClient(server, 'dan');
    await joinTeam(carol, team, { client: dan, id: danUser.id }, 'member');
    // Around every boundary (cut days) and in between (whole days), by Carol and by Dan, personal and in the team.
    const times = boundaries.flatMap((b) => [b.getTime() - HOUR, b.getTime(), b.getTime() + HOUR, b.getTime() + 2 * DAY]);
    for (const [i, time] of times.entries()) {
      await log(carol, i % 2 ? 'conversation' : 'gospel_presentation', time, { teamId: i % 3 ? team : null, contactName: `Carol ${i}` });
      await log(dan, 'conversation', time, { teamId: i % 2 ? team : null, contactName: `Dan ${i}` });
    }
    const res = await trpcQuery(carol, 'insights.activityWeeks', { boundaries: boundaries.map((d) => d.toISOString()) });
    const counted = await Promise.all(
      boundaries.slice(0, -1).map(async (from, i) => {
        const [row] = await server.rows(
          `select count(*) as n from activities where ((created_by = ? and team_id is null) or team_id = ?) and date >= ? and date < ?`,
          [user.id, team, from.getTime(), boundaries[i + 1].getTime()],
        );
        return Number(row.n);
      }),
    );
    expect(res.data.map((w: { total: number }) => w.total)).toEqual(counted);
    expect(counted.every((n) => n > 3)).toBe(true);
  });

  it('answers empty weeks for a new user', async () => {
    const { client } = await signedInClient(server, 'fresh');
    const res = await trpcQuery(client, 'insights.activityWeeks', { boundaries: boundaries.map((d) => d.toISOString()) });
    expect(res.data.map((w: { total: number }) => w.total)).toEqual([0, 0, 0]);
  });

  it.each([
    [{ boundaries: [boundaries[1], boundaries[0]].map((d) => d.toISOString()) }, 'Boundaries must be in ascending order'],
    [{ boundaries: [boundaries[0].toISOString()] }, 'Give at least the start and the end of one week'],
    [{ boundaries: Array.from({ length: 54 }, (_, i) => at(start + i * WEEK)) }, 'At most 52 weeks'],
    [{ boundaries: ['yesterday', boundaries[0].toISOString()] }, 'Invalid date format'],
    [{ boundaries: 'soon' }, 'Boundaries must be a list of dates'],
  ])('refuses bad boundaries with 400: %j', async (input, message) => {
    const res = await trpcQuery(alice, 'insights.activityWeeks', input);
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe(message);
  });
});

describe('insights.journey', () => {
  it('counts the contacts at each step of the journey, in order, unknown last', async () => {
    const { client } = await signedInClient(server, 'journey');
    for (const [name, spiritualStatus] of [
      ['A', 'exploring'],
      ['B', 'exploring'],
      ['C', 'seeking'],
      ['D', 'growing'],
      ['E', 'mature'],
      ['F', 'unknown'],
    ])
      expect((await client.post('/api/contacts', { name, spiritualStatus })).status).toBe(201);
    const res = await trpcQuery(client, 'insights.journey');
    expect(res.status).toBe(200);
    expect(res.data).toEqual([
      { status: 'exploring', count: 2 },
      { status: 'seeking', count: 1 },
      { status: 'new_believer', count: 0 },
      { status: 'growing', count: 1 },
      { status: 'mature', count: 1 },
      { status: 'unknown', count: 1 },
    ]);
  });

  it("counts only the contacts the user may read: Bob's private ones are not Alice's", async () => {
    // Alice: 'Maria' (unknown, from her activities) and the team's 'Team Contact' (unknown); Bob's own 'Maria' is not hers.
    const res = await trpcQuery(alice, 'insights.journey');
    expect(res.data.find((r: { status: string }) => r.status === 'unknown').count).toBe(2);
    expect(res.data.reduce((sum: number, r: { count: number }) => sum + r.count, 0)).toBe(2);
  });
});

describe('insights.dueFollowUps', () => {
  it('counts pending follow-ups that are overdue or due today, not tomorrow, not completed, not of other users', async () => {
    const { client } = await signedInClient(server, 'due');
    const contactId = (await client.post('/api/contacts', { name: 'Due Contact' })).body.id;
    // "Today" for this user runs from 05:00Z to 05:00Z the next day.
    const todayStart = Date.UTC(2026, 10, 20, 5);
    const tomorrowStart = todayStart + DAY;
    const followUp = (date: number, completed = false) =>
      client.post('/api/followups', { contactId, date: at(date), type: 'phone', description: 'Call', completed });
    await followUp(todayStart - 10 * DAY); // overdue
    await followUp(todayStart - 1); // overdue by a millisecond
    await followUp(todayStart); // today
    await followUp(tomorrowStart - 1); // today, last millisecond
    await followUp(tomorrowStart); // tomorrow: not due
    await followUp(todayStart - DAY, true); // completed: not due
    const other = (await signedInClient(server, 'otherdue')).client;
    const otherContact = (await other.post('/api/contacts', { name: 'Not yours' })).body.id;
    await other.post('/api/followups', { contactId: otherContact, date: at(todayStart - DAY), type: 'phone', description: 'Theirs' });

    const res = await trpcQuery(client, 'insights.dueFollowUps', { before: at(tomorrowStart) });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ count: 4 });
    expect((await trpcQuery(other, 'insights.dueFollowUps', { before: at(tomorrowStart) })).data).toEqual({ count: 1 });
  });

  it('refuses a missing or unparseable day with 400', async () => {
    expect((await trpcQuery(alice, 'insights.dueFollowUps', {})).error?.message).toBe('Date is required');
    const res = await trpcQuery(alice, 'insights.dueFollowUps', { before: 'tomorrow' });
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe('Invalid date format');
  });
});

describe('access', () => {
  it.each([
    ['insights.activityWeeks', { boundaries: boundaries.map((d) => d.toISOString()) }],
    ['insights.journey', undefined],
    ['insights.dueFollowUps', { before: at(start) }],
  ])('%s asks for a session (401)', async (path, input) => {
    const res = await trpcQuery(new ApiClient(server.baseUrl), path, input);
    expect(res.status).toBe(401);
    expect(res.error?.data.code).toBe('UNAUTHORIZED');
  });
});

describe('query plans', () => {
  const plan = (query: Parameters<typeof queryPlan>[1]) => queryPlan(server, query);
  const scans = unindexedScans;

  it.each([
    ['without teams', [] as { teamId: number; role: 'viewer' }[]],
    ['with a team', () => [{ teamId, role: 'viewer' as const }]],
  ])('reads only the rows of the user and their teams through indexes (%s)', async (_, memberships) => {
    const teams = typeof memberships === 'function' ? memberships() : memberships;
    const db = server.database.read;
    const alice = { userId: aliceId, teams };
    const plans = await Promise.all([
      plan(cutDaysQuery(db, alice, boundaries, [[boundaries[1].getTime() - 3_600_000, boundaries[1].getTime() + 3_600_000]])),
      plan(journeyQuery(db, alice)),
      plan(dueFollowUpsQuery(db, alice, new Date())),
    ]);
    expect(scans(plans[0], 'activities'), plans[0].join('\n')).toEqual([]);
    expect(scans(plans[1], 'contacts'), plans[1].join('\n')).toEqual([]);
    expect(scans(plans[2], 'follow_ups'), plans[2].join('\n')).toEqual([]);
    // A cut day's activities from the (owner or team, type, date) indexes; the team's part from the index alone.
    expect(plans[0].join('\n')).toMatch(/activities USING INDEX activities_personal_type_date_idx \(created_by=\? AND type=\? AND date>\? AND date<\?\)/);
    if (teams.length)
      expect(plans[0].join('\n')).toMatch(/activities USING COVERING INDEX activities_team_type_date_idx \(team_id=\? AND type=\? AND date>\? AND date<\?\)/);
    // The funnel counts personal contacts and reads each team's from its journey tallies.
    if (teams.length) expect(plans[1].join('\n')).toMatch(/team_row_tallies/);
    expect(plans[2].join('\n')).toMatch(/follow_ups_owner_idx/);
  });

  it('the prepared due count (one text for everyone) walks the owner and team indexes', async () => {
    const { sql, params } = preparedDueFollowUps(server.database.read).getQuery();
    const args = fillPlaceholders(params, { userId: aliceId, before: Date.now() });
    const lines = (await server.database.readerClient.execute({ sql: `explain query plan ${sql}`, args: args as never })).rows.map((row) => String(row.detail));
    expect(scans(lines, 'follow_ups'), lines.join('\n')).toEqual([]);
    expect(lines.join('\n')).toMatch(/follow_ups_owner_idx/);
    expect(lines.join('\n')).toMatch(/follow_ups_team/);
  });
});
