// Lists of team members, paged: own rows and team rows once each, never a stranger's, in the list's order on every page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupFollowUps } from '../support/ordering';
import { decidedInSql, readAuthority, type Authority } from '../../server/access';
import { rowsOf } from '../../server/queries/rows';
import { activityColumns, activityList } from '../../server/domain/activities';
import { contactList, contactPageInput } from '../../server/routers/contacts';
import { followUpListColumns } from '../../server/domain/followUps';
import { followUpList } from '../../server/routers/followUps';
import { prayerListColumns, prayerList } from '../../server/routers/prayerRequests';
import { allPages, startUsers, type ApiClient, type TestServer, joinTeam } from './harness';
import { trpcQuery } from './trpc';

let server: TestServer;
let ann: ApiClient;
let ben: ApiClient;
let cal: ApiClient;
let annId: number;
let benId: number;
let calId: number;
/** Ann is in both teams, Ben only in the first; Cal in neither (and owns rows in a team of his own). */
let teamA: number;
let teamB: number;
let calTeam: number;

const DAY = 24 * 60 * 60 * 1000;
/** Dates around "now" (past and future), several on the same day, so ties and both follow-up groups occur. */
const dateOf = (i: number) => new Date(Date.UTC(2026, 0, 1) + (i % 7) * 40 * DAY + (i % 3) * 1000).toISOString();
const soon = (i: number) => new Date(Date.now() + ((i % 9) - 4) * DAY).toISOString();

/** One contact, two activities, a follow-up and a prayer request, by `client`, in `teamId` (or none). */
async function seed(client: ApiClient, label: string, i: number, teamId: number | null) {
  const contact = await client.post('/api/contacts', { name: `${label} ${String.fromCharCode(97 + (i % 26))}${i}`, teamId });
  expect(contact.status).toBe(201);
  const contactId = contact.body.id;
  for (const offset of [0, 1]) {
    const res = await client.post('/api/activities', { type: offset ? 'conversation' : 'gospel_presentation', contactId, date: dateOf(i + offset), teamId });
    expect(res.status).toBe(201);
  }
  const followUp = await client.post('/api/followups', { contactId, date: soon(i), type: 'phone', description: `${label} call ${i}`, teamId });
  expect(followUp.status).toBe(201);
  if (i % 4 === 0) expect((await client.post(`/api/followups/${followUp.body.id}/complete`)).status).toBe(200);
  const prayer = await client.post('/api/prayer-requests', { contactId, request: `${label} prayer ${i}`, date: dateOf(i + 2), teamId });
  expect(prayer.status).toBe(201);
}

beforeAll(async () => {
  ({
    server,
    clients: [ann, ben, cal],
    ids: [annId, benId, calId],
  } = await startUsers(['ann', 'ben', 'cal']));
  teamA = (await ann.post('/api/teams', { name: 'Riverside' })).body.id;
  teamB = (await ben.post('/api/teams', { name: 'Market' })).body.id;
  await joinTeam(ann, teamA, { client: ben, id: benId }, 'member');
  await joinTeam(ben, teamB, { client: ann, id: annId }, 'viewer');
  calTeam = (await cal.post('/api/teams', { name: 'Elsewhere' })).body.id;
  for (let i = 0; i < 9; i++) await seed(ann, 'Ann', i, i % 3 === 0 ? teamA : null);
  for (let i = 0; i < 9; i++) await seed(ben, 'Ben', i, i % 3 === 0 ? teamA : i % 3 === 1 ? teamB : null);
  for (let i = 0; i < 4; i++) await seed(cal, 'Cal', i, i % 2 ? calTeam : null);
});
afterAll(() => server.close());

/** The ids a user may read, straight from SQL: own rows and rows of teams they belong to. */
async function readableIds(table: string, userId: number, extra = '') {
  const found = await server.rows(`select id from ${table} where (created_by = ? or team_id in (select team_id from team_members where user_id = ?))${extra}`, [
    userId,
    userId,
  ]);
  return found.map((r) => Number(r.id)).sort((a, b) => a - b);
}

/** A tRPC batch of queries in one GET, as the client's link sends them. */
const queryBatch = (client: ApiClient, calls: { path: string; input: unknown }[]) =>
  client.get(
    `/trpc/${calls.map((c) => c.path).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(Object.fromEntries(calls.map((c, i) => [i, { json: c.input }]))))}`,
  );

const ids = (list: { id: number }[]) => list.map((r) => r.id);
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

const lists = [
  { path: '/api/activities', table: 'activities' },
  { path: '/api/contacts', table: 'contacts' },
  { path: '/api/followups', table: 'follow_ups' },
  { path: '/api/prayer-requests', table: 'prayer_requests' },
];

/** The ids of one scope, straight from SQL: personal rows ('mine') or one team's rows. */
const scopeIdsOf = async (table: string, userId: number, team: 'mine' | number) =>
  (team === 'mine'
    ? await server.rows(`select id from ${table} where created_by = ? and team_id is null`, [userId])
    : await server.rows(`select id from ${table} where team_id = ?`, [team])
  ).map((r) => Number(r.id));

describe("the lists' Mine / team X filter", () => {
  const scopeIds = scopeIdsOf;

  for (const { path, table } of lists) {
    it(`narrows ${path} to personal rows or one team's, in the list's order; a team one is not in is 404`, async () => {
      for (const [client, userId, teams, foreign] of [
        [ann, annId, () => [teamA, teamB], () => calTeam],
        [ben, benId, () => [teamA, teamB], () => calTeam],
        [cal, calId, () => [calTeam], () => teamA],
      ] as const) {
        const whole = ids((await client.get(path)).body);
        for (const team of ['mine', ...teams()] as const) {
          const scoped = ids((await client.get(`${path}?team=${team}`)).body);
          expect(sorted(scoped), `${path} team=${team} for user ${userId}`).toEqual(sorted(await scopeIds(table, userId, team)));
          expect(scoped.length).toBeGreaterThan(0);
          // The same rows in the same order as the whole list, page by page.
          expect(scoped).toEqual(whole.filter((id) => scoped.includes(id)));
          expect(ids(await allPages(client, `${path}?team=${team}`, 2))).toEqual(scoped);
        }
        // A team one is not in is the same 404 as one that does not exist (issue 48): nothing learned of either.
        const stranger = await client.get(`${path}?team=${foreign()}`);
        const missing = await client.get(`${path}?team=999999`);
        expect(stranger.status).toBe(404);
        expect(stranger.body).toEqual({ message: 'Team not found', code: 'NOT_FOUND' });
        expect(missing.status).toBe(404);
        expect(missing.body).toEqual(stranger.body);
      }
    });
  }

  it('counts what the filter lists: the contacts count and the tab counts', async () => {
    for (const team of ['mine', teamA, teamB] as const) {
      const readable = await scopeIds('contacts', annId, team);
      expect((await ann.get(`/api/contacts/count?team=${team}`)).body).toEqual({ count: readable.length });
      const input = encodeURIComponent(JSON.stringify({ json: { team } }));
      const followUps = (await ann.get(`/trpc/followUps.counts?input=${input}`)).body.result.data.json;
      const pending = (await ann.get(`/api/followups?team=${team}&completed=false`)).body.length;
      const completed = (await ann.get(`/api/followups?team=${team}&completed=true`)).body.length;
      expect(followUps).toEqual({ pending, completed });
      const prayers = (await ann.get(`/trpc/prayerRequests.counts?input=${input}`)).body.result.data.json;
      const active = (await ann.get(`/api/prayer-requests?team=${team}&answered=false`)).body.length;
      expect(prayers).toEqual({ active, answered: (await ann.get(`/api/prayer-requests?team=${team}&answered=true`)).body.length });
      expect(pending + completed).toBeGreaterThan(0);
    }
    // Someone else's team: 404 for the count and both tab bars, in one batch too, as for a team that does not exist.
    expect((await ann.get(`/api/contacts/count?team=${calTeam}`)).status).toBe(404);
    const batch = await queryBatch(
      ann,
      ['followUps.counts', 'prayerRequests.counts', 'contacts.count'].map((path) => ({ path, input: { team: calTeam } })),
    );
    expect(batch.body.map((answer: { error?: { json: { data: { httpStatus: number } } } }) => answer.error?.json.data.httpStatus)).toEqual([404, 404, 404]);
  });

  it("refuses a filter that is neither 'mine' nor a team's id, and changes nothing", async () => {
    for (const path of [...lists.map((l) => l.path), '/api/contacts/count']) {
      for (const team of ['theirs', '0', '-3', '1.5', 'mine%20']) {
        const res = await ann.get(`${path}?team=${team}`);
        expect(res.status, `${path}?team=${team}`).toBe(400);
        expect(res.body.message).toBe("Team must be 'mine' or a team's id");
      }
    }
  });
});

describe('the dashboard in a space (issue 48)', () => {
  const upcomingFrom = new Date(Date.now() - 2 * DAY).toISOString();
  /** Ten years of weeks up to next year: every seeded activity falls in one. */
  const boundaries = [new Date(Date.UTC(2020, 0, 6)), new Date(Date.UTC(2030, 0, 7))].map((d) => d.toISOString());
  const summaryOf = async (team?: 'mine' | number) => (await trpcQuery(ann, 'dashboard.summary', { upcomingFrom, team })).data;

  it("counts and lists only the space's rows: Personal, or one team; without a space, everything readable as before", async () => {
    for (const team of [undefined, 'mine', teamA, teamB] as const) {
      const contactIds = team === undefined ? await readableIds('contacts', annId) : await scopeIdsOf('contacts', annId, team);
      const activityIds = team === undefined ? await readableIds('activities', annId) : await scopeIdsOf('activities', annId, team);
      const followUpIds = team === undefined ? await readableIds('follow_ups', annId) : await scopeIdsOf('follow_ups', annId, team);
      const summary = await summaryOf(team);
      expect(summary.stats.totalContacts, `space ${team}`).toBe(contactIds.length);
      expect(summary.activities.length).toBeGreaterThan(0);
      for (const row of summary.activities) expect(activityIds).toContain(row.id);
      for (const row of summary.followUps) expect(followUpIds).toContain(row.id);
      const weeks = (await trpcQuery(ann, 'insights.activityWeeks', { boundaries, team })).data;
      expect(weeks.reduce((sum: number, week: { total: number }) => sum + week.total, 0)).toBe(activityIds.length);
      const journey = (await trpcQuery(ann, 'insights.journey', team === undefined ? undefined : { team })).data;
      expect(journey.reduce((sum: number, stage: { count: number }) => sum + stage.count, 0)).toBe(contactIds.length);
    }
    const [personal, riverside, market] = await Promise.all([summaryOf('mine'), summaryOf(teamA), summaryOf(teamB)]);
    expect(personal.stats.totalContacts + riverside.stats.totalContacts + market.stats.totalContacts).toBe((await summaryOf()).stats.totalContacts);
  });

  it('answers a team one is not in with the 404 of a team that does not exist, in one batch too', async () => {
    for (const team of [calTeam, 999999]) {
      const batch = await queryBatch(ann, [
        { path: 'dashboard.summary', input: { upcomingFrom, team } },
        { path: 'insights.activityWeeks', input: { boundaries, team } },
        { path: 'insights.journey', input: { team } },
        { path: 'insights.dueFollowUps', input: { before: upcomingFrom, team } },
      ]);
      for (const answer of batch.body) expect(answer.error.json).toMatchObject({ message: 'Team not found', data: { httpStatus: 404 } });
    }
  });
});

describe('lists of team members', () => {
  for (const { path, table } of lists) {
    it(`pages ${path} over own and team rows, each once, none foreign, in the whole list's order`, async () => {
      for (const [client, userId] of [
        [ann, annId],
        [ben, benId],
        [cal, calId],
      ] as const) {
        const whole = (await client.get(path)).body as { id: number }[];
        expect(sorted(ids(whole))).toEqual(await readableIds(table, userId));
        for (const limit of [1, 4, 7, 50]) {
          const paged = await allPages(client, path, limit);
          expect(ids(paged)).toEqual(ids(whole));
        }
      }
    });
  }

  it('keeps the order of the whole list: newest activities first, ties by id', async () => {
    const paged = (await allPages(ann, '/api/activities', 5)) as unknown as { id: number; date: string }[];
    for (let i = 1; i < paged.length; i++) {
      const [a, b] = [paged[i - 1], paged[i]];
      expect(a.date > b.date || (a.date === b.date && a.id > b.id)).toBe(true);
    }
    // Ann sees Ben's rows in both teams, and none of his rows outside them.
    const benRows = await server.rows('select id, team_id from activities where created_by = ?', [benId]);
    const seen = new Set(ids(paged));
    for (const row of benRows) expect(seen.has(Number(row.id))).toBe(row.team_id !== null);
  });

  it('pages with filters: activities by type and contact, contacts by text, follow-ups by completion', async () => {
    const conversations = (await ann.get('/api/activities?type=conversation')).body;
    expect(ids(await allPages(ann, '/api/activities?type=conversation', 3))).toEqual(ids(conversations));
    expect(sorted(ids(conversations))).toEqual(await readableIds('activities', annId, " and type = 'conversation'"));
    const benContact = (await server.rows('select id from contacts where created_by = ? and team_id = ?', [benId, teamB]))[0].id;
    const aboutIt = (await ann.get(`/api/activities?contactId=${benContact}&limit=1`)).body;
    expect(aboutIt).toHaveLength(1);
    expect(ids(await allPages(ann, '/api/contacts?q=ben', 2))).toEqual(ids((await ann.get('/api/contacts?q=ben')).body));
    expect(ids(await allPages(ann, '/api/followups?completed=false', 4))).toEqual(ids((await ann.get('/api/followups?completed=false')).body));
  });

  it('keeps the follow-up groups when the pending tab is paged: the pages group as the whole list does', async () => {
    const whole = (await ann.get('/api/followups?completed=false')).body;
    const paged = await allPages(ann, '/api/followups?completed=false', 3);
    const groups = (list: unknown[]) => {
      const g = groupFollowUps(list.map((f) => ({ ...(f as object), date: new Date((f as { date: string }).date) })) as never);
      return { overdue: ids(g.overdue), today: ids(g.today), upcoming: ids(g.upcoming) };
    };
    expect(groups(paged)).toEqual(groups(whole));
    expect(groups(whole).overdue.length).toBeGreaterThan(0);
    expect(groups(whole).upcoming.length).toBeGreaterThan(0);
    const counts = (await ann.get('/trpc/followUps.counts')).body.result.data.json;
    expect(counts.pending).toBe(whole.length);
  });

  it('answers a cursor naming a foreign row with no rows rather than another user’s neighbours', async () => {
    const calActivity = Number((await server.rows('select id from activities where created_by = ? and team_id is null limit 1', [calId]))[0].id);
    const res = await ann.get(`/api/activities?limit=5&cursor=${calActivity}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('drops a team’s rows from every page once the member leaves', async () => {
    const before = await allPages(ann, '/api/prayer-requests', 4);
    expect((await ben.delete(`/api/teams/${teamB}/members/${annId}`)).status).toBe(200);
    const after = await allPages(ann, '/api/prayer-requests', 4);
    expect(sorted(ids(after))).toEqual(await readableIds('prayer_requests', annId));
    expect(after.length).toBeLessThan(before.length);
  });
});

describe('page queries built once per shape', () => {
  it('answer what a query built for the request answers, whatever shapes and values came before', async () => {
    const db = server.database.read;
    let seed = 20_261_126;
    const random = (n: number) => (seed = (seed * 48_271) % 2_147_483_647) % n; // Park-Miller
    const pick = <T>(options: readonly T[]) => options[random(options.length)];
    const idsOf = async (table: string) => (await server.rows(`select id from ${table}`)).map((r) => Number(r.id));
    const all = {
      activities: await idsOf('activities'),
      contacts: await idsOf('contacts'),
      followUps: await idsOf('follow_ups'),
      prayers: await idsOf('prayer_requests'),
    };
    // Each user's memberships as a request reads them (2, 2 and 1 teams), none, and teams decided in SQL.
    const whos: Authority[] = [
      await readAuthority(db, annId),
      await readAuthority(db, benId),
      await readAuthority(db, calId),
      { userId: annId, teams: [] },
      decidedInSql(benId),
    ];
    const maybe = <T>(value: T) => (random(2) ? value : undefined);
    // The Mine / team X filter: a team's id is a value of one query; 'mine' a query of its own.
    const team = () => maybe(pick(['mine', teamA, teamB, calTeam] as const));
    const day = () => new Date(Date.UTC(2025, 10, 1) + random(600) * DAY);
    const today = new Date(Date.now() - (Date.now() % DAY));
    const cases = {
      activities: async (who: Authority) => {
        const from = maybe(day());
        const input = {
          type: maybe(pick(['conversation', 'gospel_presentation'] as const)),
          contactId: maybe(pick(all.contacts)),
          from,
          to: from && maybe(new Date(from.getTime() + random(300) * DAY)),
          cursor: maybe(pick(all.activities)),
          team: team(),
          limit: pick([1, 2, 5, 50]),
        };
        return [await activityList.page(db, who, input), await rowsOf(activityColumns(who), activityList.query(db, who, input))];
      },
      followUps: async (who: Authority) => {
        const section = pick([undefined, 'overdue', 'today', 'upcoming', 'completed'] as const);
        const input = {
          section,
          completed: section ? undefined : maybe(random(2) === 0),
          todayStart: today,
          tomorrowStart: new Date(today.getTime() + DAY),
          cursor: maybe(pick(all.followUps)),
          team: team(),
          limit: pick([1, 3, 50]),
        };
        return [await followUpList.page(db, who, input), await rowsOf(followUpListColumns(who), followUpList.query(db, who, input))];
      },
      prayers: async (who: Authority) => {
        const section = pick([undefined, 'active', 'answered'] as const);
        const input = {
          section,
          answered: section ? undefined : maybe(random(2) === 0),
          cursor: maybe(pick(all.prayers)),
          team: team(),
          limit: pick([1, 3, 50]),
        };
        return [await prayerList.page(db, who, input), await rowsOf(prayerListColumns(who), prayerList.query(db, who, input))];
      },
      contacts: async (who: Authority) => {
        const input = contactPageInput({
          q: maybe(pick(['ben', 'a1', '%', '555 01'])),
          status: maybe(pick(['unknown', 'seeking'] as const)),
          sort: maybe(pick(['name', 'lastContact', 'nextFollowUp'] as const)),
          cursor: maybe(pick(all.contacts)),
          team: team(),
          limit: pick([1, 4, 50]),
        });
        const { fields, query } = contactList.build(db, who, { ...input, limit: input.limit! });
        return [await contactList.page(db, who, input), await rowsOf(fields, query)];
      },
    };
    let answered = 0;
    for (let round = 0; round < 400; round++) {
      const kind = pick(Object.keys(cases) as (keyof typeof cases)[]);
      const [prepared, built] = await cases[kind](pick(whos));
      expect(prepared, `${kind}, round ${round}`).toEqual(built);
      if (built.length) answered++;
    }
    // Most rounds find rows: the comparison is not between two empty lists.
    expect(answered).toBeGreaterThan(100);
  });

  it('refuses an input key named like a placeholder of the authority, which would set whose rows are read', async () => {
    const db = server.database.read;
    const ann = await readAuthority(db, annId);
    await expect(activityList.page(db, ann, { limit: 5, '@user': benId } as never)).rejects.toThrow(/authority placeholder/);
    await expect(activityList.page(db, ann, { limit: 5, '@team0': teamB } as never)).rejects.toThrow(/authority placeholder/);
    // Ann's own page still answers as before.
    expect((await activityList.page(db, ann, { limit: 5 })).length).toBe(5);
  });
});
