// The tallies behind the dashboard's totals, trends and tab counts: equal to a fresh count after every kind of write.
import { cpSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { migrationsFolder, prepareDatabase } from '../../db/migrate';
import { trendOf } from '../../server/domain/stats';
import { readerStatements, signedInClient, startServer, type ApiClient, type TestServer, joinTeam } from './harness';

let server: TestServer;

interface Person {
  client: ApiClient;
  id: number;
}
let ann: Person;
let ben: Person;
let cal: Person;
let team: number;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  server = await startServer();
  const person = async (prefix: string) => {
    const { client, user } = await signedInClient(server, prefix);
    return { client, id: user.id };
  };
  [ann, ben, cal] = [await person('ann'), await person('ben'), await person('cal')];
  team = (await ann.client.post('/api/teams', { name: 'Harbour' })).body.id;
  await joinTeam(ann.client, team, { client: ben.client, id: ben.id }, 'member');
});
afterAll(() => server.close());

async function one(sql: string, args: (number | string)[]) {
  const [row] = (await server.database.readerClient.execute({ sql, args })).rows;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v ?? 0)]));
}

/** What the totals must be, counted from the rows themselves under the read rule. */
async function counted(userId: number) {
  const readable = `((team_id is null and created_by = ?) or team_id in (select team_id from team_members where user_id = ?))`;
  const args = [userId, userId];
  const activities = await one(
    `select sum(type = 'conversation') as conversations, sum(type = 'gospel_presentation') as presentations from activities where ${readable}`,
    args,
  );
  const contacts = await one(`select count(*) as n from contacts where ${readable}`, args);
  const followUps = await one(`select sum(completed = 0) as pending, sum(completed = 1) as completed from follow_ups where ${readable}`, args);
  const prayers = await one(
    `select count(*) as n, sum(prayed_count) as prayed, sum(answered = 0) as active, sum(answered = 1) as answered from prayer_requests where ${readable}`,
    args,
  );
  // The trends' windows in whole UTC days: the last 30 up to tomorrow, and the 30 before.
  const today = Math.floor(Date.now() / DAY);
  const windows = async (table: string, column: string, extra = '') => {
    const w = await one(
      `select sum(${column} / ${DAY} between ${today - 29} and ${today + 1}) as recent, sum(${column} / ${DAY} between ${today - 59} and ${today - 30}) as previous from ${table} where ${readable}${extra}`,
      args,
    );
    return trendOf(w.recent, w.previous, 'en');
  };
  return {
    totalConversations: activities.conversations,
    totalGospelPresentations: activities.presentations,
    totalContacts: contacts.n,
    totalPrayerRequests: prayers.n,
    totalPrayers: prayers.prayed,
    followUps: { pending: followUps.pending, completed: followUps.completed },
    prayers: { active: prayers.active, answered: prayers.answered },
    trends: {
      conversations: await windows('activities', 'date', " and type = 'conversation'"),
      gospelPresentations: await windows('activities', 'date', " and type = 'gospel_presentation'"),
      contacts: await windows('contacts', 'created_at'),
      prayerRequests: await windows('prayer_requests', 'created_at'),
    },
  };
}

/** What the API answers: dashboard stats (totals and trends) and the two tab counts. */
async function answered(person: Person) {
  const stats = await person.client.get('/api/dashboard/stats');
  expect(stats.status).toBe(200);
  const totals = stats.body;
  const followUps = (await person.client.get('/trpc/followUps.counts')).body.result.data.json;
  const prayers = (await person.client.get('/trpc/prayerRequests.counts')).body.result.data.json;
  return { ...totals, followUps, prayers };
}

async function expectTalliesRight(people: Person[] = [ann, ben, cal]) {
  for (const person of people) expect(await answered(person)).toEqual(await counted(person.id));
  await expectTeamTalliesRight();
}

/** The per-team tallies (db/migrations/0017) equal the per-author ones summed over each existing team. */
async function expectTeamTalliesRight() {
  const rows = async (sql: string) =>
    (await server.database.readerClient.execute(sql)).rows.map((row) => Object.values(row).map((v) => (typeof v === 'bigint' ? Number(v) : v)));
  const live = 'team_id in (select id from teams)';
  expect(
    await rows(
      `select team_id, entity, kind, row_count, prayed from team_row_tallies where entity <> 'journey' and (row_count <> 0 or prayed <> 0) order by 1, 2, 3`,
    ),
  ).toEqual(
    await rows(
      `select team_id, entity, kind, sum(row_count), sum(prayed) from row_tallies where ${live} group by 1, 2, 3 having sum(row_count) <> 0 or sum(prayed) <> 0 order by 1, 2, 3`,
    ),
  );
  // A team's journey: its contacts per spiritual status.
  expect(await rows(`select team_id, kind, row_count from team_row_tallies where entity = 'journey' and row_count <> 0 order by 1, 2`)).toEqual(
    await rows(`select team_id, spiritual_status, count(*) from contacts where ${live} group by 1, 2 order by 1, 2`),
  );
  expect(await rows(`select team_id, entity, kind, day, row_count from team_daily_tallies where row_count <> 0 order by 1, 2, 3, 4`)).toEqual(
    await rows(
      `select team_id, entity, kind, day, sum(row_count) from daily_tallies where ${live} group by 1, 2, 3, 4 having sum(row_count) <> 0 order by 1, 2, 3, 4`,
    ),
  );
}

/** A contact with an activity, a follow-up and a prayer request, all written by one log. */
async function logged(person: Person, type: string, teamId: number | null, daysAgo = 0) {
  const res = await person.client.post('/api/activities', {
    type,
    date: new Date(Date.now() - daysAgo * DAY).toISOString(),
    contactName: `Contact ${Math.random().toString(36).slice(2, 8)}`,
    teamId,
    followUp: { date: '2031-01-01', type: 'phone', description: 'Call back' },
    prayer: { request: 'Peace at home' },
  });
  expect(res.status).toBe(201);
  return res.body as { id: number; contactId: number; followUp: { id: number }; prayerRequest: { id: number } };
}

describe('row tallies', () => {
  let annTeamLog: Awaited<ReturnType<typeof logged>>;
  let benTeamLog: Awaited<ReturnType<typeof logged>>;
  let benOwnLog: Awaited<ReturnType<typeof logged>>;

  it('count creates: own rows, team rows, a stranger’s rows', async () => {
    annTeamLog = await logged(ann, 'conversation', team);
    await logged(ann, 'gospel_presentation', null, 40);
    await logged(ann, 'conversation', null, 75);
    benTeamLog = await logged(ben, 'gospel_presentation', team);
    benOwnLog = await logged(ben, 'conversation', null);
    await logged(cal, 'conversation', null);
    expect((await ann.client.post('/api/contacts', { name: 'Lydia', teamId: team })).status).toBe(201);
    await expectTalliesRight();
    expect((await answered(ann)).totalConversations).toBe(2);
    expect((await answered(ann)).totalGospelPresentations).toBe(2);
  });

  it('follow a changed type and date, completion, prayers and answers', async () => {
    expect((await ann.client.put(`/api/activities/${annTeamLog.id}`, { type: 'gospel_presentation' })).status).toBe(200);
    expect((await ben.client.put(`/api/activities/${benOwnLog.id}`, { date: new Date(Date.now() - 35 * DAY).toISOString() })).status).toBe(200);
    await server.database.write((tx) => tx.run(`update contacts set created_at = ${Date.now() - 45 * DAY} where id = ${benOwnLog.contactId}`));
    expect((await ben.client.post(`/api/followups/${benTeamLog.followUp.id}/complete`)).status).toBe(200);
    expect((await ann.client.put(`/api/followups/${annTeamLog.followUp.id}`, { completed: true })).status).toBe(200);
    expect((await ann.client.put(`/api/followups/${annTeamLog.followUp.id}`, { completed: false })).status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await ann.client.post(`/api/prayer-requests/${benTeamLog.prayerRequest.id}/pray`)).status).toBe(200);
    expect((await ben.client.post(`/api/prayer-requests/${benOwnLog.prayerRequest.id}/pray`)).status).toBe(200);
    expect((await ben.client.post(`/api/prayer-requests/${benTeamLog.prayerRequest.id}/answer`, { answerNotes: 'Reconciled' })).status).toBe(200);
    await expectTalliesRight();
    expect((await answered(ann)).totalPrayers).toBe(3);
    expect((await answered(ann)).prayers).toEqual({ active: 3, answered: 1 });
  });

  it('follow deletes, including rows removed by a contact’s cascade', async () => {
    expect((await ben.client.delete(`/api/activities/${benOwnLog.id}`)).status).toBe(200);
    expect((await ann.client.delete(`/api/contacts/${annTeamLog.contactId}`)).status).toBe(200);
    await expectTalliesRight();
  });

  it('follow imports, written many rows at a time', async () => {
    const text = 'name,email\n' + Array.from({ length: 30 }, (_, i) => `Imported ${i},imported${i}@example.com`).join('\n');
    const res = await ben.client.post('/api/account/import', { format: 'csv', text });
    expect(res.status).toBe(200);
    await expectTalliesRight();
    expect((await answered(ben)).totalContacts).toBeGreaterThanOrEqual(30);
  });

  it('follow a row moved between teams or out of one, even by a plain SQL update', async () => {
    const other = (await ann.client.post('/api/teams', { name: 'Second' })).body.id;
    await server.database.write((tx) => tx.run(`update activities set team_id = ${other} where id = ${benTeamLog.id}`));
    await expectTalliesRight();
    await server.database.write((tx) => tx.run(`update follow_ups set team_id = null, created_by = ${cal.id} where id = ${benTeamLog.followUp.id}`));
    await expectTalliesRight();
  });

  it('follow membership: a member who leaves stops counting the team’s rows', async () => {
    const before = await answered(ben);
    expect((await ann.client.delete(`/api/teams/${team}/members/${ben.id}`)).status).toBe(200);
    await expectTalliesRight();
    expect((await answered(ben)).totalContacts).toBeLessThan(before.totalContacts);
    await joinTeam(ann.client, team, { client: ben.client, id: ben.id }, 'member');
    await expectTalliesRight();
  });

  it('follow a team that ends holding rows of someone removed: they count for the admin who deletes it (issue 47)', async () => {
    const ending = (await ann.client.post('/api/teams', { name: 'Ending' })).body.id;
    await joinTeam(ann.client, ending, { client: cal.client, id: cal.id }, 'member');
    await logged(cal, 'conversation', ending);
    await logged(cal, 'gospel_presentation', ending, 40);
    const before = { ann: await answered(ann), cal: await answered(cal) };
    expect((await ann.client.delete(`/api/teams/${ending}/members/${cal.id}`)).status).toBe(200);
    expect((await ann.client.delete(`/api/teams/${ending}`)).status).toBe(200);
    await expectTalliesRight();
    expect((await answered(ann)).totalContacts).toBe(before.ann.totalContacts);
    expect((await answered(cal)).totalContacts).toBe(before.cal.totalContacts - 2);
  });

  it('follow a deleted team (rows kept without a team) and a deleted account (rows gone)', async () => {
    expect((await ann.client.delete(`/api/teams/${team}`)).status).toBe(200);
    await expectTalliesRight();
    expect((await ben.client.request('DELETE', '/api/account', { password: 'correct horse battery' })).status).toBe(200);
    await expectTalliesRight([ann, cal]);
    const left = await server.database.readerClient.execute({ sql: 'select count(*) as n from row_tallies where created_by = ?', args: [ben.id] });
    expect(Number(left.rows[0].n)).toBe(0);
  });
});

describe('row tallies on an existing database', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'sower-tallies-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('are filled from the rows already there when the migration that adds them runs', async () => {
    // The release before the tallies: the committed migrations without 0002.
    const older = join(dir, 'older');
    cpSync(migrationsFolder, older, { recursive: true });
    const journalPath = join(older, 'meta', '_journal.json');
    const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
    const index = journal.entries.findIndex((e: { tag: string }) => e.tag.startsWith('0002_'));
    for (const entry of journal.entries.slice(index)) unlinkSync(join(older, `${entry.tag}.sql`));
    journal.entries = journal.entries.slice(0, index);
    writeFileSync(journalPath, JSON.stringify(journal));

    const url = `file:${join(dir, 'existing.db')}`;
    const database = await openDatabase({ url });
    await prepareDatabase(database, older);
    await database.write(async (tx) => {
      await tx.run("insert into users (id, username, email, password_hash) values (1, 'elder', 'elder@example.com', 'x')");
      await tx.run("insert into contacts (id, name, created_by) values (1, 'Timothy', 1), (2, 'Eunice', 1)");
      await tx.run(
        "insert into activities (contact_id, type, created_by) values (1, 'conversation', 1), (1, 'conversation', 1), (2, 'gospel_presentation', 1)",
      );
      await tx.run(
        "insert into follow_ups (contact_id, date, description, type, completed, created_by) values (1, 0, 'a', 'phone', 1, 1), (2, 0, 'b', 'phone', 0, 1)",
      );
      await tx.run("insert into prayer_requests (contact_id, request, prayed_count, answered, created_by) values (1, 'x', 4, 0, 1), (2, 'y', 2, 1, 1)");
      // A team's rows, summed per team when 0017 runs.
      await tx.run("insert into teams (id, name, created_by) values (7, 'Lystra', 1)");
      await tx.run("insert into activities (contact_id, type, created_by, team_id, date) values (1, 'conversation', 1, 7, 0), (2, 'conversation', 1, 7, 0)");
    });
    await prepareDatabase(database);
    const tallies = await database.readerClient.execute(
      'select entity, kind, sum(row_count) as row_count, sum(prayed) as prayed from row_tallies where created_by = 1 and team_id = 0 group by entity, kind order by entity, kind',
    );
    const teamTallies = await database.readerClient.execute('select team_id, entity, kind, row_count from team_row_tallies order by team_id, entity, kind');
    const teamDays = await database.readerClient.execute('select team_id, entity, kind, day, row_count from team_daily_tallies');
    const daily = await database.readerClient.execute(
      'select entity, kind, sum(row_count) as n from daily_tallies where created_by = 1 and team_id = 0 group by entity, kind order by entity, kind',
    );
    database.close();
    expect(daily.rows.map((r) => [r.entity, r.kind, Number(r.n)])).toEqual([
      ['activity', 'conversation', 2],
      ['activity', 'gospel_presentation', 1],
      ['contact', '', 2],
      ['prayer', '', 2],
    ]);
    expect(tallies.rows.map((r) => [r.entity, r.kind, Number(r.row_count), Number(r.prayed)])).toEqual([
      ['activity', 'conversation', 2, 0],
      ['activity', 'gospel_presentation', 1, 0],
      ['contact', '', 2, 0],
      ['follow_up', 'completed', 1, 0],
      ['follow_up', 'pending', 1, 0],
      ['prayer', 'active', 1, 4],
      ['prayer', 'answered', 1, 2],
    ]);
    expect(teamTallies.rows.map((r) => [Number(r.team_id), r.entity, r.kind, Number(r.row_count)])).toEqual([[7, 'activity', 'conversation', 2]]);
    expect(teamDays.rows.map((r) => [Number(r.team_id), r.entity, r.kind, Number(r.day), Number(r.row_count)])).toEqual([
      [7, 'activity', 'conversation', 0, 2],
    ]);
  });
});

describe('the prepared tally queries', () => {
  it('read the same text for every user and walk indexes for own and team rows', async () => {
    const { readableTallies, readableWindows } = await import('../../server/queries/tallies');
    const seen = await readerStatements(server, async () => {
      const today = Math.floor(Date.now() / DAY);
      for (const person of [ann, cal]) {
        await readableTallies(server.database.read, person.id, ['activity', 'contact', 'prayer']);
        await readableWindows(server.database.read, person.id, today - 29, today + 1, today - 59);
      }
    });
    expect(seen).toHaveLength(6);
    // Ann (in a team) and Cal (in none) run the very same three statements.
    expect(seen.slice(3).map((s) => s.sql)).toEqual(seen.slice(0, 3).map((s) => s.sql));
    for (const { sql, args } of seen.slice(0, 3)) {
      const plan = (await server.database.readerClient.execute({ sql: `explain query plan ${sql}`, args: args as never })).rows.map((row) =>
        String(row.detail),
      );
      expect(plan.join(' | ')).toMatch(/SEARCH (row|daily)_tallies USING INDEX sqlite_autoindex_\w+ \(created_by=\?/);
      // A team's part is one row per kind (per day) of the per-team tallies, whatever its number of members.
      expect(plan.join(' | ')).toMatch(/SEARCH team_(row|daily)_tallies USING (INDEX sqlite_autoindex_team_\w+|PRIMARY KEY) \(team_id=\?/);
      expect(plan.some((line) => /^SCAN (row|daily)_tallies/.test(line))).toBe(false);
    }
  });
});
