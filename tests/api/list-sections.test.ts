// The screens' groups read a page at a time: follow-up sections within the caller's day and prayer tabs, each in its own order, over own and team rows only.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activityList } from '../../server/domain/activities';
import { contactList } from '../../server/routers/contacts';
import { followUpList } from '../../server/routers/followUps';
import { prayerList } from '../../server/routers/prayerRequests';
import { sortActivePrayers, sortAnsweredPrayers } from '../support/ordering';
import { allPages, ApiClient, queryPlan, signedInClient, startSignedIn, unindexedScans, type TestServer, joinTeam } from './harness';
import { trpcQuery } from './trpc';

let server: TestServer;
let me: ApiClient;
let mate: ApiClient;
let stranger: ApiClient;
let meId: number;
let mateId: number;
let strangerId: number;
let teamId: number;
let strangersFollowUp: number;
let strangersPrayer: number;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** The caller's day, as a browser five hours behind UTC would send it. */
const todayStart = new Date('2026-11-23T05:00:00.000Z');
const tomorrowStart = new Date(todayStart.getTime() + DAY);
const day = `todayStart=${todayStart.toISOString()}&tomorrowStart=${tomorrowStart.toISOString()}`;
const boundary = { beforeToday: 0, atTodayStart: 0, lastOfToday: 0, atTomorrowStart: 0 };

type FollowUpRow = { id: number; date: string; completed: boolean; teamId: number | null };
type PrayerRow = { id: number; date: string; answered: boolean; answerDate: string | null; teamId: number | null };

async function insert(table: string, columns: string, values: string[]) {
  await server.database.write((tx) => tx.run(sql.raw(`insert into ${table} (${columns}) values ${values.join(', ')}`)));
}

/** Follow-ups over 40 days around today, every fifth today, several at the same moment so the id must break ties; a third completed. */
function followUpValues(contactId: number, createdBy: number, team: number | null, count: number, label: string) {
  return Array.from({ length: count }, (_, i) => {
    const spread = todayStart.getTime() + ((i * 7) % 40) * DAY - 20 * DAY + (i % 2) * 3 * HOUR;
    const at = i % 5 === 0 ? todayStart.getTime() + ((i / 5) % 4) * 6 * HOUR : spread;
    return `(${contactId}, ${at}, '${label} ${i}', 'phone', ${i % 3 === 0 ? 1 : 0}, ${createdBy}, ${team ?? 'null'})`;
  });
}

/** Prayer requests, a third answered, some of those without an answer date (plain SQL allows it); dates tie in threes. */
function prayerValues(contactId: number, createdBy: number, team: number | null, count: number, label: string) {
  return Array.from({ length: count }, (_, i) => {
    const date = todayStart.getTime() - Math.floor(i / 3) * DAY;
    const answered = i % 3 === 0;
    const answerDate = !answered || i % 4 === 0 ? 'null' : String(todayStart.getTime() - ((i * 7) % 50) * DAY);
    return `(${contactId}, '${label} ${i}', ${date}, ${answered ? 1 : 0}, ${answerDate}, ${createdBy}, ${team ?? 'null'})`;
  });
}

beforeAll(async () => {
  ({
    server,
    client: me,
    user: { id: meId },
  } = await startSignedIn('sections'));
  ({
    client: mate,
    user: { id: mateId },
  } = await signedInClient(server, 'mate'));
  ({
    client: stranger,
    user: { id: strangerId },
  } = await signedInClient(server, 'outsider'));
  teamId = (await me.post('/api/teams', { name: 'Harbour' })).body.id;
  await joinTeam(me, teamId, { client: mate, id: mateId }, 'member');

  const mine = (await me.post('/api/contacts', { name: 'Priscilla' })).body.id;
  const shared = (await mate.post('/api/contacts', { name: 'Aquila', teamId })).body.id;
  const matesOwn = (await mate.post('/api/contacts', { name: 'Apollos' })).body.id;
  const theirs = (await stranger.post('/api/contacts', { name: 'Demas' })).body.id;

  for (const [key, at] of [
    ['beforeToday', todayStart.getTime() - 1],
    ['atTodayStart', todayStart.getTime()],
    ['lastOfToday', tomorrowStart.getTime() - 1],
    ['atTomorrowStart', tomorrowStart.getTime()],
  ] as const) {
    const res = await me.post('/api/followups', { contactId: mine, date: new Date(at).toISOString(), description: key });
    expect(res.status).toBe(201);
    boundary[key] = res.body.id;
  }
  const followUpColumns = 'contact_id, date, description, type, completed, created_by, team_id';
  await insert('follow_ups', followUpColumns, followUpValues(mine, meId, null, 120, 'mine'));
  await insert('follow_ups', followUpColumns, followUpValues(shared, mateId, teamId, 60, 'shared'));
  await insert('follow_ups', followUpColumns, followUpValues(matesOwn, mateId, null, 20, 'private'));
  await insert('follow_ups', followUpColumns, followUpValues(theirs, strangerId, null, 20, 'foreign'));
  const prayerColumns = 'contact_id, request, date, answered, answer_date, created_by, team_id';
  await insert('prayer_requests', prayerColumns, prayerValues(mine, meId, null, 90, 'mine'));
  await insert('prayer_requests', prayerColumns, prayerValues(shared, mateId, teamId, 45, 'shared'));
  await insert('prayer_requests', prayerColumns, prayerValues(matesOwn, mateId, null, 15, 'private'));
  await insert('prayer_requests', prayerColumns, prayerValues(theirs, strangerId, null, 15, 'foreign'));
  strangersFollowUp = (await stranger.get('/api/followups?limit=1')).body[0].id;
  strangersPrayer = (await stranger.get('/api/prayer-requests?limit=1')).body[0].id;
});
afterAll(() => server.close());

const ids = (list: { id: number }[]) => list.map((r) => r.id);

async function readableIds(table: string, userId: number) {
  const res = await server.database.readerClient.execute({
    sql: `select id from ${table} where created_by = ? or team_id in (select team_id from team_members where user_id = ?)`,
    args: [userId, userId],
  });
  return new Set(res.rows.map((r) => Number(r.id)));
}

const time = (iso: string) => Date.parse(iso);
const soonestFirst = (a: FollowUpRow, b: FollowUpRow) => time(a.date) - time(b.date) || a.id - b.id;

/** The sections as the screen showed them when it grouped the whole list itself. */
function expectedSections(whole: FollowUpRow[]) {
  const pending = whole.filter((f) => !f.completed);
  return {
    overdue: pending.filter((f) => time(f.date) < todayStart.getTime()).sort(soonestFirst),
    today: pending.filter((f) => time(f.date) >= todayStart.getTime() && time(f.date) < tomorrowStart.getTime()).sort(soonestFirst),
    upcoming: pending.filter((f) => time(f.date) >= tomorrowStart.getTime()).sort(soonestFirst),
    completed: whole.filter((f) => f.completed).sort((a, b) => soonestFirst(b, a)),
  };
}

describe('follow-up sections', () => {
  it('puts a follow-up one ms before today in Overdue, at today’s start and its last ms in Today, at tomorrow’s start in Upcoming', async () => {
    const section = async (name: string) => ids((await me.get(`/api/followups?section=${name}&${day}&limit=1000`)).body);
    const [overdue, today, upcoming] = [await section('overdue'), await section('today'), await section('upcoming')];
    expect(overdue).toContain(boundary.beforeToday);
    expect(today).toContain(boundary.atTodayStart);
    expect(today).toContain(boundary.lastOfToday);
    expect(upcoming).toContain(boundary.atTomorrowStart);
    const all = [...overdue, ...today, ...upcoming];
    expect(new Set(all).size).toBe(all.length);
  });

  for (const section of ['overdue', 'today', 'upcoming', 'completed'] as const) {
    it(`pages ${section} in the screen's order without gaps or repeats, own and team rows only`, async () => {
      const whole = (await me.get('/api/followups')).body as FollowUpRow[];
      const expected = ids(expectedSections(whole)[section]);
      expect(expected.length).toBeGreaterThan(7);
      for (const limit of [1, 7, 50]) expect(ids(await allPages(me, `/api/followups?section=${section}&${day}`, limit))).toEqual(expected);
      // Without a limit (REST), the whole section comes in the same order.
      expect(ids((await me.get(`/api/followups?section=${section}&${day}`)).body)).toEqual(expected);
      const readable = await readableIds('follow_ups', meId);
      expect(expected.every((id) => readable.has(id))).toBe(true);
    });
  }

  it('shows team rows in every section and never a teammate’s private or a stranger’s rows', async () => {
    const pages = await Promise.all(
      ['overdue', 'today', 'upcoming', 'completed'].map((s) => allPages<FollowUpRow>(me, `/api/followups?section=${s}&${day}`, 50)),
    );
    const seen = pages.flat();
    expect(seen.length).toBe((await readableIds('follow_ups', meId)).size);
    expect(pages.every((page) => page.some((f) => f.teamId === teamId))).toBe(true);
    const foreign = await server.database.readerClient.execute({ sql: 'select id from follow_ups where created_by <> ? and team_id is null', args: [meId] });
    const seenIds = new Set(ids(seen));
    expect(foreign.rows.length).toBe(40);
    for (const row of foreign.rows) expect(seenIds.has(Number(row.id))).toBe(false);
  });

  it('answers nothing after a cursor that names a stranger’s follow-up, in every section', async () => {
    for (const section of ['overdue', 'today', 'upcoming', 'completed']) {
      const res = await me.get(`/api/followups?section=${section}&${day}&limit=50&cursor=${strangersFollowUp}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
  });

  it('reads the caller’s day over tRPC too, as the screen asks', async () => {
    const res = await trpcQuery(me, 'followUps.list', {
      section: 'today',
      todayStart: todayStart.toISOString(),
      tomorrowStart: tomorrowStart.toISOString(),
      limit: 50,
    });
    expect(res.status).toBe(200);
    expect(ids(res.data)).toEqual(ids(expectedSections((await me.get('/api/followups')).body).today));
  });

  it.each([
    ['an unknown section', 'section=later', 'section', 'Section must be one of overdue, today, upcoming, completed'],
    ['a pending section without the day', 'section=today', 'todayStart', 'todayStart is required for the today section'],
    [
      'a day that ends before it starts',
      `section=overdue&todayStart=${tomorrowStart.toISOString()}&tomorrowStart=${todayStart.toISOString()}`,
      'tomorrowStart',
      'tomorrowStart must be after todayStart',
    ],
    [
      'a day that ends as it starts',
      `section=upcoming&todayStart=${todayStart.toISOString()}&tomorrowStart=${todayStart.toISOString()}`,
      'tomorrowStart',
      'tomorrowStart must be after todayStart',
    ],
    ['a day that is no date', 'section=today&todayStart=monday&tomorrowStart=tuesday', 'todayStart', 'Invalid date format'],
    ['a section and a completion flag together', `section=completed&completed=true`, 'section', 'Give either section or completed, not both'],
  ])('answers 400 for %s', async (_, query, path, message) => {
    for (const suffix of ['', '&limit=50']) {
      const res = await me.get(`/api/followups?${query}${suffix}`);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('BAD_REQUEST');
      expect(res.body.issues).toContainEqual({ path, message });
    }
  });

  it('keeps the REST list as it was: every readable follow-up, soonest first, and `completed` narrowing it', async () => {
    const whole = (await me.get('/api/followups')).body as FollowUpRow[];
    expect(new Set(ids(whole))).toEqual(await readableIds('follow_ups', meId));
    expect(ids(whole)).toEqual(ids([...whole].sort(soonestFirst)));
    const done = (await me.get('/api/followups?completed=true')).body as FollowUpRow[];
    expect(ids(done)).toEqual(ids(whole.filter((f) => f.completed)));
  });

  it('asks for a session (401)', async () => {
    const res = await trpcQuery(new ApiClient(server.baseUrl), 'followUps.list', { section: 'completed', limit: 5 });
    expect(res.status).toBe(401);
  });
});

describe('prayer journal tabs', () => {
  const asDates = (list: PrayerRow[]) => list.map((p) => ({ ...p, date: new Date(p.date), answerDate: p.answerDate ? new Date(p.answerDate) : null }));

  it('pages Active newest first and Answered by answer date (else date) newest first, without gaps or repeats', async () => {
    const whole = asDates((await me.get('/api/prayer-requests')).body);
    const expected = {
      active: ids(sortActivePrayers(whole.filter((p) => !p.answered))),
      answered: ids(sortAnsweredPrayers(whole.filter((p) => p.answered))),
    };
    // Some answered prayers have no answer date, so both halves of the order are exercised.
    expect(whole.some((p) => p.answered && !p.answerDate)).toBe(true);
    expect(expected.answered).not.toEqual(ids(whole.filter((p) => p.answered)));
    for (const section of ['active', 'answered'] as const) {
      for (const limit of [1, 7, 50]) expect(ids(await allPages(me, `/api/prayer-requests?section=${section}`, limit))).toEqual(expected[section]);
      expect(ids((await me.get(`/api/prayer-requests?section=${section}`)).body)).toEqual(expected[section]);
    }
  });

  it('shows team rows in both tabs and never a teammate’s private or a stranger’s requests', async () => {
    const tabs = await Promise.all(['active', 'answered'].map((s) => allPages<PrayerRow>(me, `/api/prayer-requests?section=${s}`, 50)));
    expect(new Set(ids(tabs.flat()))).toEqual(await readableIds('prayer_requests', meId));
    expect(tabs.every((tab) => tab.some((p) => p.teamId === teamId))).toBe(true);
  });

  it('answers nothing after a cursor that names a stranger’s request', async () => {
    for (const section of ['active', 'answered']) {
      const res = await me.get(`/api/prayer-requests?section=${section}&limit=50&cursor=${strangersPrayer}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
  });

  it.each([
    ['an unknown section', 'section=closed', 'section', 'Section must be one of active, answered'],
    ['a section and an answered flag together', 'section=active&answered=false', 'section', 'Give either section or answered, not both'],
  ])('answers 400 for %s', async (_, query, path, message) => {
    const res = await me.get(`/api/prayer-requests?${query}&limit=50`);
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path, message });
  });

  it('keeps the REST list as it was: newest first by date, `answered` narrowing it', async () => {
    const whole = (await me.get('/api/prayer-requests')).body as PrayerRow[];
    expect(ids(whole)).toEqual(ids(sortActivePrayers(asDates(whole))));
    expect(ids((await me.get('/api/prayer-requests?answered=true')).body)).toEqual(ids(whole.filter((p) => p.answered)));
  });
});

describe('query plans of the sections', () => {
  const plan = (query: Parameters<typeof queryPlan>[1]) => queryPlan(server, query);

  it.each([
    ['without teams', [] as { teamId: number; role: 'member' }[]],
    ['with a team', () => [{ teamId, role: 'member' as const }]],
  ])('walks an index in each section’s order, on the first page and after a cursor (%s)', async (_, memberships) => {
    const teams = typeof memberships === 'function' ? memberships() : memberships;
    const db = server.database.read;
    const me = { userId: meId, teams };
    const inputs = [
      ...(['overdue', 'today', 'upcoming', 'completed'] as const).map((section) => ({
        kind: 'follow_ups',
        query: (cursor?: number) => followUpList.query(db, me, { section, todayStart, tomorrowStart, limit: 50, cursor }),
      })),
      ...(['active', 'answered'] as const).map((section) => ({
        kind: 'prayer_requests',
        query: (cursor?: number) => prayerList.query(db, me, { section, limit: 50, cursor }),
      })),
    ];
    for (const { kind, query } of inputs) {
      for (const cursor of [undefined, 1]) {
        const lines = await plan(query(cursor));
        expect(unindexedScans(lines, kind), lines.join('\n')).toEqual([]);
        // Every part reads its rows in the page's order from an index; only the merged page (parts × limit rows) may be
        // sorted. A row's own count of the people who prayed this week (issue 51 §5) counts distinct ids: no sort of rows.
        const partSorts = lines.filter((line) => /TEMP B-TREE FOR .*ORDER BY/.test(line));
        expect(partSorts.length, lines.join('\n')).toBeLessThanOrEqual(teams.length ? 1 : 0);
        expect(lines.join('\n')).toMatch(new RegExp(`SEARCH ${kind} USING (COVERING )?INDEX ${kind}_owner`));
      }
    }
  });

  it("walks the one index of the Mine / team X filter in the page's order, sorting nothing", async () => {
    const db = server.database.read;
    const me = { userId: meId, teams: [{ teamId, role: 'member' as const }] };
    for (const [team, index] of [
      ['mine', '_(owner|personal)'],
      [teamId, '_team'],
    ] as const) {
      const queries = [
        { kind: 'activities', query: (cursor?: number) => activityList.query(db, me, { team, limit: 50, cursor }) },
        { kind: 'contacts', query: (cursor?: number) => contactList.query(db, me, { team, limit: 50, cursor }) },
        ...(['overdue', 'upcoming', 'completed'] as const).map((section) => ({
          kind: 'follow_ups',
          query: (cursor?: number) => followUpList.query(db, me, { team, section, todayStart, tomorrowStart, limit: 50, cursor }),
        })),
        ...(['active', 'answered'] as const).map((section) => ({
          kind: 'prayer_requests',
          query: (cursor?: number) => prayerList.query(db, me, { team, section, limit: 50, cursor }),
        })),
      ];
      for (const { kind, query } of queries) {
        for (const cursor of [undefined, 1]) {
          const lines = await plan(query(cursor));
          expect(unindexedScans(lines, kind), lines.join('\n')).toEqual([]);
          // No sort of the rows: at most of a name's ties by id (contacts by name: lower(name) is in the index, the id after it not).
          expect(
            lines.filter((line) => /TEMP B-TREE FOR (ORDER|GROUP)/.test(line)),
            lines.join('\n'),
          ).toEqual([]);
          expect(lines.join('\n')).toMatch(new RegExp(`SEARCH ${kind} USING (COVERING )?INDEX ${kind}${index}`));
        }
      }
    }
  });

  it('seeks past the cursor in the Answered order rather than walking the entries before it', async () => {
    const lines = await plan(prayerList.query(server.database.read, { userId: meId, teams: [] }, { section: 'answered', limit: 50, cursor: 1 }));
    expect(lines.join('\n')).toMatch(/prayer_requests_owner_answered_idx \(created_by=\? AND answered=\? AND <expr>/);
  });
});
