// A heavy team's own export (issue 51 §6) against a personal export of the same volume: a team of 30 (3 admins, 23
// members, 4 viewers) sharing 10,000 contacts, 150,000 activities, 10,000 follow-ups, 20,000 status changes, prayer
// requests, goals, tags, milestones and dates, and one account holding as much on its own. Each download runs alone
// while /healthz is asked again and again from a process of its own (bench/downloads.ts probe), and the server's
// resident memory is read from /proc as it runs: the team's JSON and CSV export beside the personal JSON and CSV, twice
// each, alternating, so whatever else the machine does moves them alike. Reports each download's worst /healthz wait,
// the longest the server's loop was held, its peak RSS and size.
// Usage: tsx bench/teamExport.ts [--source] (ROUNDS=n for n rounds, 2 by default); tests/load/team-export.test.ts runs
// it and compares the two.
import { createClient } from '@libsql/client';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchServer, drain, post, probe } from './downloads';

const MEMBERS = 30;
const CONTACTS = 10_000;
const ACTIVITIES = 150_000;
const FOLLOW_UPS = 10_000;
const PRAYERS = 2_000;
const GOALS = 40;
const PASSWORD = 'correct horse battery';

export interface DownloadRun {
  status: number;
  bytes: number;
  seconds: number;
  worstHealthMs: number;
  probes: number;
  loopMaxMs: number | null;
  /** The server's resident memory at its highest while the download ran, in MB (sampled from /proc every 20 ms). */
  peakRssMb: number;
}

export interface TeamExportResult {
  /** The server's resident memory before the first download, in MB. */
  idleRssMb: number;
  runs: Record<'personal JSON' | 'team JSON' | 'personal CSV' | 'team CSV', DownloadRun[]>;
}

const rssMb = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 102.4) / 10 : 0;
};

/**
 * The rows of one space: `teamId` null writes them as `ownerId`'s personal rows; a team's are spread over `creators`
 * (its members), each record by its contact's creator.
 */
async function seed(db: ReturnType<typeof createClient>, space: { teamId: number | null; ownerId: number; creators: number[]; tag: string }) {
  const numbers = (count: number) => `with recursive n(x) as (select 1 union all select x + 1 from n where x < ${count})`;
  const creators = JSON.stringify(space.creators);
  const creatorOf = (x: string) => `(select value from json_each(?2) where key = ${x} % ${space.creators.length})`;
  await db.execute({
    sql: `${numbers(CONTACTS)} insert into contacts (name, email, phone, spiritual_status, notes, created_by, team_id, created_at)
      select '${space.tag} person ' || x, 'p' || x || '@${space.tag}.example', '+1 555 ' || x, 'seeking', 'Met at the market; asked about prayer',
        ${creatorOf('x')}, ?1, cast(unixepoch('subsecond') * 1000 as integer) - (${CONTACTS} - x) * 60000 from n`,
    args: [space.teamId, creators],
  });
  const where = space.teamId === null ? 'created_by = ?3 and team_id is null' : 'team_id = ?3';
  const scope = space.teamId ?? space.ownerId;
  const first = Number((await db.execute({ sql: `select min(id) as id from contacts where ${where}`, args: [null, null, scope] })).rows[0].id);
  // Each record by its contact's creator (the contact numbered x % CONTACTS + 1), dated back from now.
  await db.execute({
    sql: `${numbers(ACTIVITIES)} insert into activities (contact_id, type, date, description, notes, created_by, team_id)
      select ?4 + x % ${CONTACTS}, case x % 3 when 0 then 'conversation' when 1 then 'gospel_presentation' else 'follow_up' end,
        cast(unixepoch('subsecond') * 1000 as integer) - x * 172800, 'Talked about hope', 'Asked to read John together next week',
        ${creatorOf(`(x % ${CONTACTS} + 1)`)}, ?1 from n`,
    args: [space.teamId, creators, null, first],
  });
  await db.execute({
    sql: `${numbers(FOLLOW_UPS)} insert into follow_ups (contact_id, date, description, type, completed, created_by, team_id)
      select ?4 + x % ${CONTACTS}, cast(unixepoch('subsecond') * 1000 as integer) + (x % 500 - 20) * 86400000,
        'Bring the book we talked about, and ask how the family is doing', 'phone', x % 4 = 0, ${creatorOf(`(x % ${CONTACTS} + 1)`)}, ?1 from n`,
    args: [space.teamId, creators, null, first],
  });
  await db.execute({
    sql: `${numbers(PRAYERS)} insert into prayer_requests (contact_id, request, date, answered, created_by, team_id)
      select ?4 + x * 5 % ${CONTACTS}, 'Pray for work and for the family', cast(unixepoch('subsecond') * 1000 as integer) - x * 3600000, x % 7 = 0,
        ${creatorOf(`(x * 5 % ${CONTACTS} + 1)`)}, ?1 from n`,
    args: [space.teamId, creators, null, first],
  });
  await db.execute({
    sql: `${numbers(GOALS)} insert into goals (title, description, target_count, type, starts_on, deadline, created_by, team_id)
      select 'Goal ' || x, 'Conversations this year', 500, case x % 3 when 0 then 'conversation' when 1 then 'gospel_presentation' else 'new_contact' end,
        cast(unixepoch('subsecond') * 1000 as integer) - 200 * 86400000, cast(unixepoch('subsecond') * 1000 as integer) + 165 * 86400000, ?2, ?1 from n`,
    args: [space.teamId, space.ownerId],
  });
  // Three tags of the space on every contact, a milestone on every other one, and a birthday on every fourth.
  await db.execute({
    sql: `insert into tags (name, name_key, created_by, team_id) select '${space.tag} tag ' || value, '${space.tag} tag ' || value, ?2, ?1 from json_each('[1,2,3,4,5,6]')`,
    args: [space.teamId, space.ownerId],
  });
  await db.execute({
    sql: `insert into contact_tags (contact_id, tag_id) select c.id, t.id from contacts c join tags t on (t.team_id = c.team_id or (t.team_id is null and c.team_id is null and t.created_by = c.created_by))
      where ${space.teamId === null ? 'c.created_by = ?3 and c.team_id is null' : 'c.team_id = ?3'} and (c.id + t.id) % 2 = 0`,
    args: [null, null, scope],
  });
  await db.execute({
    sql: `insert into contact_milestones (contact_id, kind, date, set_by) select id, 'baptized', created_at + 86400000, created_by from contacts where ${where} and id % 2 = 0`,
    args: [null, null, scope],
  });
  await db.execute({
    sql: `insert into contact_dates (contact_id, kind, label, date, created_by) select id, 'birthday', 'Birthday', '1990-05-' || (10 + id % 18), created_by from contacts where ${where} and id % 4 = 0`,
    args: [null, null, scope],
  });
  // Each contact's status history as the app writes it: its first status when added, and one change since.
  await db.execute({
    sql: `insert into contact_status_changes (contact_id, from_status, to_status, changed_at, changed_by)
      select id, null, 'exploring', created_at, created_by from contacts where ${where}
      union all select id, 'exploring', 'seeking', created_at + (id % 97 + 1) * 86400000, created_by from contacts where ${where}`,
    args: [null, null, scope],
  });
}

/** Starts a server process of its own on a fresh database, writes the team and the account, and measures each download. */
export async function measureTeamExport(
  options: { source?: boolean; port?: number; rounds?: number; log?: (message: string) => void } = {},
): Promise<TeamExportResult> {
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const server = await benchServer({ source: options.source, port: options.port ?? 3814, name: 'team-export' });
  const { base, dbUrl, loopDelay, pid } = server;
  try {
    const admin = await post(base, '/api/auth/register', { username: 'teamleader', email: 'leader@example.com', password: PASSWORD });
    const solo = await post(base, '/api/auth/register', { username: 'soloworker', email: 'solo@example.com', password: PASSWORD });
    const team = await post(base, '/api/teams', { name: 'Harvest team' }, admin.cookie);
    const teamId = team.body.id as number;
    const adminId = admin.body.id as number;
    log(`team export: writing a team of ${MEMBERS} with ${CONTACTS} contacts and ${ACTIVITIES} activities, and an account of the same`);
    const db = createClient({ url: dbUrl });
    await db.execute({
      sql: `with recursive n(x) as (select 1 union all select x + 1 from n where x < ${MEMBERS - 1})
        insert into users (username, username_key, email, password_hash, first_name, last_name) select 'member' || x, 'member' || x, 'member' || x || '@example.com', 'unused', 'Member', 'Number ' || x from n`,
      args: [],
    });
    const members = (await db.execute("select id from users where username like 'member%' order by id")).rows.map((row) => Number(row.id));
    await db.execute({
      sql: `insert into team_members (team_id, user_id, role) select ?1, value, case when key < 2 then 'admin' when key < 25 then 'member' else 'viewer' end from json_each(?2)`,
      args: [teamId, JSON.stringify(members)],
    });
    // The viewers write nothing: the records are the admins' and the members'.
    const creators = [adminId, ...members.slice(0, 25)];
    await seed(db, { teamId, ownerId: adminId, creators, tag: 'team' });
    await seed(db, { teamId: null, ownerId: solo.body.id as number, creators: [solo.body.id as number], tag: 'solo' });
    await db.execute('pragma wal_checkpoint(truncate)');
    db.close();
    const downloads = {
      'personal JSON': { path: '/api/account/export', cookie: solo.cookie },
      'team JSON': { path: `/api/teams/${teamId}/export`, cookie: admin.cookie },
      'personal CSV': { path: '/api/account/export/contacts.csv', cookie: solo.cookie },
      'team CSV': { path: `/api/teams/${teamId}/export/contacts.csv`, cookie: admin.cookie },
    } as const;
    const runs = Object.fromEntries(Object.keys(downloads).map((label) => [label, [] as DownloadRun[]])) as TeamExportResult['runs'];
    const idleRssMb = rssMb(pid);
    for (let round = 0; round < (options.rounds ?? 2); round++) {
      for (const [label, { path, cookie }] of Object.entries(downloads) as [keyof typeof downloads, (typeof downloads)[keyof typeof downloads]][]) {
        await loopDelay();
        let peakRssMb = rssMb(pid);
        const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, rssMb(pid))), 20);
        const started = performance.now();
        const prober = probe(base);
        const answer = await drain(base, path, cookie);
        const waits = await prober.stop();
        clearInterval(sampler);
        runs[label].push({
          status: answer.status,
          bytes: answer.bytes,
          seconds: Math.round((performance.now() - started) / 100) / 10,
          worstHealthMs: Math.round(Math.max(...waits)),
          probes: waits.length,
          loopMaxMs: await loopDelay(),
          peakRssMb,
        });
        log(`team export: ${label} ${JSON.stringify(runs[label].at(-1))}`);
      }
    }
    return { idleRssMb, runs };
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await measureTeamExport({ source: process.argv.includes('--source'), rounds: Number(process.env.ROUNDS ?? 2) });
  console.log(JSON.stringify(result, null, 2));
}
