// Query plans and one-at-a-time timings of the heavy user's hottest queries, as the app writes them and rewritten,
// to show where the time goes and what a rewrite would save. Measures only; the app's code is not touched.
// Usage: tsx bench/plans.ts [.tmp/bench/bench-100000.db]   (generate one first: tsx bench/dataset.ts --activities 100000)
import { createClient, type InArgs } from '@libsql/client';
import { resolve } from 'node:path';
import { HEAVY_USER_ID, TEAM_ID } from './dataset';

const path = resolve(process.argv[2] ?? '.tmp/bench/bench-100000.db');
const client = createClient({ url: `file:${path}` });
const user = HEAVY_USER_ID;
const now = Date.now();
const DAY = 24 * 60 * 60 * 1000;
const windows = (column: string) =>
  `coalesce(sum(case when ${column} >= ? and ${column} < ? then 1 else 0 end), 0) as recent, coalesce(sum(case when ${column} >= ? and ${column} < ? then 1 else 0 end), 0) as previous`;
const windowArgs = [now - 30 * DAY, now + DAY, now - 60 * DAY, now - 30 * DAY];
const activityColumns = 'a.id, a.type, a.date, a.description, a.notes, a.contact_id, c.name, a.team_id';

/** [label, SQL, args]: the app's form first (team ids inlined as the app does once memberships are known), then rewrites. */
const queries: [string, string, InArgs][] = [
  [
    'activities first page, as the app (OR of owner and team)',
    `select ${activityColumns} from activities a join contacts c on c.id = a.contact_id where (a.created_by = ? or a.team_id in (?)) order by a.date desc, a.id desc limit 50`,
    [user, TEAM_ID],
  ],
  [
    'activities first page, UNION of two index-ordered branches, join after the limit',
    `with page as (
       select id, date from (select id, date from activities where created_by = ? order by date desc, id desc limit 50)
       union
       select id, date from (select id, date from activities where team_id in (?) order by date desc, id desc limit 50)
       order by date desc, id desc limit 50)
     select ${activityColumns} from page join activities a on a.id = page.id join contacts c on c.id = a.contact_id order by a.date desc, a.id desc`,
    [user, TEAM_ID],
  ],
  [
    'activities first page, own rows only (a user with no team)',
    `select ${activityColumns} from activities a join contacts c on c.id = a.contact_id where a.created_by = ? order by a.date desc, a.id desc limit 50`,
    [user],
  ],
  [
    'dashboard activity counts, as the app',
    `select type, count(*) as total, ${windows('date')} from activities where (created_by = ? or team_id in (?)) and type in ('conversation', 'gospel_presentation') group by type`,
    [...windowArgs, user, TEAM_ID],
  ],
  [
    'dashboard activity counts, own + others’ team rows counted apart (no OR)',
    `select type, sum(total) as total, sum(recent) as recent, sum(previous) as previous from (
       select type, count(*) as total, ${windows('date')} from activities where created_by = ? and type in ('conversation', 'gospel_presentation') group by type
       union all
       select type, count(*) as total, ${windows('date')} from activities where team_id in (?) and created_by <> ? and type in ('conversation', 'gospel_presentation') group by type)
     group by type`,
    [...windowArgs, user, TEAM_ID, ...windowArgs, TEAM_ID, user],
  ],
  [
    'follow-ups first page, as the app',
    `select f.id, f.date, c.name from follow_ups f join contacts c on c.id = f.contact_id where (f.created_by = ? or f.team_id in (?)) order by f.date asc, f.id asc limit 50`,
    [user, TEAM_ID],
  ],
  [
    'contacts first page, as the app (lower(name) order)',
    `select id, name from contacts where (created_by = ? or team_id in (?)) order by lower(name) asc, id asc limit 50`,
    [user, TEAM_ID],
  ],
];

async function timeOf(sql: string, args: InArgs) {
  await client.execute({ sql, args });
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const started = performance.now();
    await client.execute({ sql, args });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

const visible = await client.execute({ sql: 'select count(*) as n from activities where created_by = ? or team_id in (?)', args: [user, TEAM_ID] });
console.log(`${path}: the heavy user sees ${visible.rows[0].n} activities\n`);
const results: { label: string; ms: number; plan: string[] }[] = [];
for (const [label, sql, args] of queries) {
  const plan = await client.execute({ sql: `explain query plan ${sql}`, args });
  const ms = await timeOf(sql, args);
  results.push({ label, ms, plan: plan.rows.map((r) => String(r.detail)) });
  console.log(`${ms.toFixed(2).padStart(8)} ms  ${label}\n${plan.rows.map((r) => `             ${String(r.detail)}`).join('\n')}\n`);
}
// The rewrite must answer the same page as the app's query.
const [asApp, rewritten] = await Promise.all([0, 1].map((i) => client.execute({ sql: queries[i][1], args: queries[i][2] })));
const same = JSON.stringify(asApp.rows.map((r) => r.id)) === JSON.stringify(rewritten.rows.map((r) => r.id));
console.log(`UNION rewrite answers the same 50 rows as the app's query: ${same}`);
client.close();
