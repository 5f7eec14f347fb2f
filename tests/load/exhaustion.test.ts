// Requests that try to exhaust the server: huge batches, whole lists over tRPC, long imports and exports, measured by
// how long the event loop is held while they run and by memory.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHECK_ANSWERS_FLAG } from '../../server/answers';
import { ApiClient, joinTeam, signedInClient, startServer, type TestServer } from '../api/harness';

let server: TestServer;
let heavy: ApiClient;
/**
 * A team with its own 5,000 contacts and 20,000 activities, written by its leader and a mate (not the heavy user, whose
 * own 5,000 contacts the measures above are about).
 */
let teamId: number;
let leader: ApiClient;
let mate: ApiClient;
const CONTACTS = 5000;

/** A dense history behind many goals: each goal's progress counts the activities in its period on every read. */
const ACTIVITIES = 20_000;
const GOALS = 300;

/** A CSV of 5,000 contacts, just under the 1 MB import limit. */
function bigCsv(prefix: string) {
  const lines = ['Name,Email,Phone,Status,Notes'];
  for (let i = 0; i < CONTACTS; i++)
    lines.push(
      `${prefix} person number ${i} with a longer name,${prefix}${i}@example.com,+1 555 ${String(i).padStart(4, '0')},seeking,"${'note text '.repeat(10)}"`,
    );
  return lines.join('\n');
}

beforeAll(async () => {
  // The stalls measured are a server's: without the tests' own check of every answer (server/answers.ts), which a 1 MB import's answer would add to them.
  vi.stubEnv(CHECK_ANSWERS_FLAG, '0');
  server = await startServer();
  const signedIn = await signedInClient(server, 'heavy');
  heavy = signedIn.client;
  const imported = await heavy.post('/api/account/import', { format: 'csv', text: bigCsv('seed') });
  expect(imported.body.created).toBe(CONTACTS);
  // Written in SQL, as thousands of API calls would take minutes: activities spread over the last 400 days across the
  // contacts, and goals whose periods cover all of them.
  const userId = signedIn.user.id;
  const numbers = (count: number) => `with recursive n(x) as (select 1 union all select x + 1 from n where x < ${count})`;
  await server.database.writerClient.execute({
    sql: `${numbers(ACTIVITIES)} insert into activities (contact_id, type, date, description, created_by)
      select (select min(id) from contacts where created_by = ?1) + x % ${CONTACTS}, case x % 2 when 0 then 'conversation' else 'gospel_presentation' end,
        cast(unixepoch('subsecond') * 1000 as integer) - x * 1728000, 'Logged', ?1 from n`,
    args: [userId],
  });
  await server.database.writerClient.execute({
    sql: `${numbers(GOALS)} insert into goals (title, description, target_count, type, created_at, deadline, created_by)
      select 'Goal ' || x, 'Keep going', 100, case x % 3 when 0 then 'new_contact' when 1 then 'conversation' else 'gospel_presentation' end,
        cast(unixepoch('subsecond') * 1000 as integer) - 400 * 86400000, cast(unixepoch('subsecond') * 1000 as integer) + 86400000, ?1 from n`,
    args: [userId],
  });
  const lead = await signedInClient(server, 'leader');
  leader = lead.client;
  teamId = (await leader.post('/api/teams', { name: 'Harvest' })).body.id;
  const other = await signedInClient(server, 'mate');
  mate = other.client;
  await joinTeam(leader, teamId, { client: mate, id: other.user.id }, 'member');
  await server.database.writerClient.execute({
    sql: `${numbers(CONTACTS)} insert into contacts (name, spiritual_status, team_id, created_by)
      select 'Team person ' || x, case x % 3 when 0 then 'seeking' else 'unknown' end, ?2, case x % 2 when 0 then ?1 else ?3 end from n`,
    args: [lead.user.id, teamId, other.user.id],
  });
  await server.database.writerClient.execute({
    sql: `${numbers(ACTIVITIES)} insert into activities (contact_id, type, date, description, team_id, created_by)
      select (select min(id) from contacts where team_id = ?2) + x % ${CONTACTS}, case x % 3 when 0 then 'conversation' else 'gospel_presentation' end,
        cast(unixepoch('subsecond') * 1000 as integer) - x * 1728000 - 3600000, 'Together', ?2, case x % 2 when 0 then ?1 else ?3 end from n`,
    args: [lead.user.id, teamId, other.user.id],
  });
  // Issue 50: every team contact holds every milestone this month, and the heavy user's contacts carry tags (two common
  // ones and one on a single contact: the filter that matches almost nothing reads every contact's tags).
  await server.database.writerClient.execute({
    sql: `insert into contact_milestones (contact_id, kind, date, set_by)
      select c.id, k.kind, cast(unixepoch('subsecond') * 1000 as integer) - 3600000, c.created_by from contacts c,
      (select 'has_bible' as kind union all select 'reading_bible' union all select 'belief' union all select 'can_share' union all select 'sharing'
       union all select 'baptized' union all select 'baptizing' union all select 'in_group' union all select 'planting') k where c.team_id = ?1`,
    args: [teamId],
  });
  await server.database.writerClient.execute({
    sql: `insert into tags (name, name_key, created_by) values ('Family', 'family', ?1), ('Campus', 'campus', ?1), ('Rare', 'rare', ?1)`,
    args: [userId],
  });
  await server.database.writerClient.execute({
    sql: `insert into contact_tags (contact_id, tag_id) select c.id, t.id from contacts c join tags t on t.created_by = c.created_by
      where c.created_by = ?1 and ((t.name_key = 'family' and c.id % 2 = 0) or (t.name_key = 'campus' and c.id % 3 = 0)
        or (t.name_key = 'rare' and c.id = (select min(id) from contacts where created_by = ?1)))`,
    args: [userId],
  });
  await server.database.writerClient.execute({
    sql: `${numbers(GOALS)} insert into goals (title, description, target_count, type, created_at, deadline, team_id, created_by)
      select 'Baptisms ' || x, 'Keep going', 100, case x % 2 when 0 then 'baptized' else 'belief' end,
        cast(unixepoch('subsecond') * 1000 as integer) - 400 * 86400000, cast(unixepoch('subsecond') * 1000 as integer) + 86400000, ?2, ?1 from n`,
    args: [lead.user.id, teamId],
  });
}, 60_000);
afterAll(async () => {
  await server.close();
  // The API test files share their workers' modules and environment (vitest.config.ts): the next file checks answers again.
  vi.unstubAllEnvs();
});

const batchUrl = (paths: string[], inputs?: unknown[]) =>
  `/trpc/${paths.join(',')}?batch=1` +
  (inputs ? `&input=${encodeURIComponent(JSON.stringify(Object.fromEntries(inputs.map((input, i) => [i, { json: input }]))))}` : '');

/**
 * Runs `work` while the event loop's delay is sampled every 10 ms, and answers the longest delay in ms: the longest
 * the server (running in this process) kept every other request waiting.
 */
async function longestStall<T>(work: () => Promise<T>): Promise<{ stallMs: number; result: T }> {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  try {
    const result = await work();
    return { stallMs: histogram.max / 1e6, result };
  } finally {
    histogram.disable();
  }
}

// About 100 ms is the goal (measured 20-100 ms on a quiet 2-core machine; 0.35-0.9 s before). In the load project, which
// runs one file at a time after the others: a bound on the event loop holds only with the machine to itself.
const STALL_BOUND_MS = 250;

describe('tRPC batches', () => {
  it('refuses more than 10 calls in one batch with 400, over GET and POST, before running any', async () => {
    const eleven = Array(11).fill('contacts.count');
    const get = await heavy.get(batchUrl(eleven));
    expect(get.status).toBe(400);
    expect(JSON.stringify(get.body)).toContain('Batch call exceeds maximum size');
    const post = await heavy.request(
      'POST',
      batchUrl(Array(11).fill('contacts.create')),
      Object.fromEntries(eleven.map((_, i) => [i, { json: { name: `Batch ${i}` } }])),
    );
    expect(post.status).toBe(400);
    expect((await heavy.get('/api/contacts/count')).body.count).toBe(CONTACTS);
    expect((await heavy.get(batchUrl(Array(10).fill('contacts.count')))).status).toBe(200);
  });

  it('answers 400 fast, holding no memory, for a URL of 400 list calls', async () => {
    const before = process.memoryUsage().rss;
    const { stallMs, result } = await longestStall(() => heavy.get(batchUrl(Array(400).fill('contacts.list'))));
    expect(result.status).toBe(400);
    expect(stallMs).toBeLessThan(STALL_BOUND_MS);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('gives a list called without a limit over tRPC one page of 1,000, not every row', async () => {
    const res = await heavy.get(batchUrl(['contacts.list']));
    expect(res.status).toBe(200);
    expect(res.body[0].result.data.json).toHaveLength(1000);
  });

  it('answers calls of one batch until its answer budget is spent, then refuses the rest with 400', async () => {
    const res = await heavy.get(batchUrl(Array(4).fill('contacts.list'), Array(4).fill({ limit: 1000 })));
    expect(res.status).toBe(207);
    const answered = res.body.filter((call: { result?: unknown }) => call.result);
    const refused = res.body.filter((call: { error?: { json: { message: string; data: { httpStatus: number } } } }) => call.error);
    expect(answered.length).toBeGreaterThanOrEqual(1);
    expect(refused.length).toBeGreaterThanOrEqual(2);
    for (const call of refused) {
      expect(call.error.json.message).toBe('This request asks for too much at once. Ask for fewer rows in each call.');
      expect(call.error.json.data.httpStatus).toBe(400);
    }
  });

  it("spends the same budget when the calls name a team's rows", async () => {
    const lists = ['contacts.list', 'activities.list', 'followUps.list', 'prayerRequests.list'];
    const res = await mate.get(batchUrl([...lists, ...lists], Array(8).fill({ limit: 1000, team: teamId })));
    expect(res.status).toBe(207);
    const refused = res.body.filter((call: { error?: unknown }) => call.error);
    expect(res.body[0].result.data.json.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThanOrEqual(1);
    for (const call of refused) expect(call.error.json.message).toBe('This request asks for too much at once. Ask for fewer rows in each call.');
  });

  it('keeps pages of a normal size in one batch', async () => {
    const res = await heavy.get(
      batchUrl(
        ['contacts.list', 'activities.list', 'followUps.list', 'prayerRequests.list', 'contacts.count'],
        [{ limit: 50 }, { limit: 50 }, { limit: 50 }, { limit: 50 }, {}],
      ),
    );
    expect(res.status).toBe(200);
    expect(res.body[0].result.data.json).toHaveLength(50);
  });
});

describe('the event loop while heavy requests run', () => {
  it.each([
    ['a batch of 10 full pages of contacts', () => heavy.get(batchUrl(Array(10).fill('contacts.list'), Array(10).fill({ limit: 1000 })))],
    ['a batch of 10 contact-name lists', () => heavy.get(batchUrl(Array(10).fill('contacts.names')))],
    [
      'a batch of 10 full pages of contacts by last contact',
      () => heavy.get(batchUrl(Array(10).fill('contacts.list'), Array(10).fill({ limit: 1000, sort: 'lastContact' }))),
    ],
    ['the whole contact list by next follow-up over REST', () => heavy.get('/api/contacts?sort=nextFollowUp')],
    [
      "a batch of 10 full pages of a team's contacts (the team filter)",
      () => mate.get(batchUrl(Array(10).fill('contacts.list'), Array(10).fill({ limit: 1000, team: teamId }))),
    ],
    [`a batch of 10 goal lists (${GOALS} goals counting ${ACTIVITIES} activities)`, () => heavy.get(batchUrl(Array(10).fill('goals.list')))],
    ['the whole contact list over REST', () => heavy.get('/api/contacts')],
    ['the CSV export', () => heavy.get('/api/account/export/contacts.csv')],
    ['the vCard export', () => heavy.get('/api/account/export/contacts.vcf')],
    ['the JSON export', () => heavy.get('/api/account/export')],
    ['a 1 MB import preview', () => heavy.post('/api/account/import/preview', { format: 'csv', text: bigCsv('preview') })],
    [
      `a batch of 10 team pages (${CONTACTS} team contacts, ${ACTIVITIES} team activities)`,
      () => leader.get(batchUrl(Array(10).fill('teams.insight'), Array(10).fill({ teamId, timeZone: 'America/New_York' }))),
    ],
    [
      "a batch of 10 of a member's dashboard charts (their team's rows readable)",
      () => {
        const week = 7 * 86_400_000;
        // Local midnights away from UTC's: every boundary cuts a day, read from the activities themselves.
        const boundaries = Array.from({ length: 13 }, (_, i) => new Date(Date.UTC(2026, 0, 5, 5) + i * week));
        return mate.get(
          batchUrl(
            [...Array(5).fill('insights.activityWeeks'), ...Array(5).fill('insights.journey')],
            [...Array(5).fill({ boundaries }), ...Array(5).fill(undefined)],
          ),
        );
      },
    ],
    [
      `a batch of 10 of the month's milestones over the team's ${CONTACTS} contacts, each holding all nine`,
      () => {
        const month = { from: new Date(Date.now() - 20 * 86_400_000), to: new Date(Date.now() + 86_400_000) };
        return mate.get(batchUrl(Array(10).fill('insights.milestones'), Array(10).fill(month)));
      },
    ],
    [`the team's ${GOALS} milestone goals, each counted over ${CONTACTS * 9} milestones`, () => mate.get('/api/goals')],
    [`${CONTACTS} contacts filtered by a tag only one carries and one half carry`, () => heavy.get('/api/contacts?tag=rare&tag=family')],
    [
      `a batch of 10 pages of ${CONTACTS} contacts filtered by two tags`,
      () => heavy.get(batchUrl(Array(10).fill('contacts.list'), Array(10).fill({ tag: ['family', 'campus'], limit: 100 }))),
    ],
  ])(`is never held past the bound by %s`, async (_, send) => {
    const { stallMs, result } = await longestStall(send);
    console.info(`${_}: longest event-loop stall ${stallMs.toFixed(0)} ms (status ${result.status})`);
    expect(result.status).toBeLessThan(500);
    expect(stallMs).toBeLessThan(STALL_BOUND_MS);
  });

  it('answers the health check while a 1 MB import is written', async () => {
    const { client } = await signedInClient(server, 'importer');
    const { stallMs, result } = await longestStall(async () => {
      const importing = client.post('/api/account/import', { format: 'csv', text: bigCsv('second') });
      const health = await new ApiClient(server.baseUrl).get('/healthz');
      return { health, imported: await importing };
    });
    expect(result.health.status).toBe(200);
    expect(result.imported.body.created).toBe(CONTACTS);
    expect(stallMs).toBeLessThan(STALL_BOUND_MS);
  });

  it('answers the health check while 10 admins open the team page at once', async () => {
    const { stallMs, result } = await longestStall(async () => {
      const pages = Array.from({ length: 10 }, () => leader.get(`/api/teams/${teamId}/insight`));
      const started = performance.now();
      const health = await new ApiClient(server.baseUrl).get('/healthz');
      const waitedMs = performance.now() - started;
      return { health, waitedMs, pages: await Promise.all(pages) };
    });
    console.info(`10 team pages at once: /healthz waited ${result.waitedMs.toFixed(0)} ms, longest stall ${stallMs.toFixed(0)} ms`);
    expect(result.health.status).toBe(200);
    for (const page of result.pages) expect(page.status).toBe(200);
    expect(result.pages[0].body.totals.totalContacts).toBe(CONTACTS);
    expect(stallMs).toBeLessThan(STALL_BOUND_MS);
  });

  it('bounds the contact names answer at 5,000', async () => {
    const { client } = await signedInClient(server, 'many');
    await client.post('/api/account/import', { format: 'csv', text: bigCsv('first') });
    await client.post('/api/account/import', { format: 'csv', text: bigCsv('other') });
    const res = await client.get(batchUrl(['contacts.names']));
    expect(res.body[0].result.data.json).toHaveLength(5000);
  });
});
