// `npm run bench:team [-- --quick --reuse-data]` (and a phase of `npm run bench`): the team page's insight and the team dashboard (issue 51)
// for a 20-member team sharing 20,000 contacts and 200,000 activities (dataset.ts BIG_TEAM), and a member's dashboard, against the heavy user's personal
// dashboard on the same database. Requests are sent one at a time in rounds that alternate the endpoints, so whatever
// else the machine does moves them alike: the figures are relative, each with the load average it ran under.
import { TZDate } from '@date-fns/tz';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BIG_TEAM, generateDataset, type DatasetSummary } from './dataset';
import { batchPath, dashboardPaths, type BenchEndpoint } from './endpoints';
import { burst, copyOf, login, startServer, type Server } from './server';
import { argv, log, MAIN_SIZE, quick, root, workDir } from './settings';
import { weekBoundaries } from '../shared/weeks';

const ROUNDS = quick ? 6 : 16;
const BURST = quick ? 5 : 10;
/** Weeks and days as a user in New York sees them: local midnights are not UTC ones, so the charts' cut days are read too. */
const ZONE = 'America/New_York';
/** Connections for the /healthz check: the team page opened by this many admins at once. */
const CONCURRENT = 10;
/** A port of its own, so it runs beside another bench's app and floor. */
const TEAM_PORT = 3813;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const round2 = (x: number) => Math.round(x * 100) / 100;

/** The dashboard as a browser opens it: the session, the summary batch, then the charts' batch (DashboardInsight.tsx). */
function dashboard(): BenchEndpoint {
  const { session, batch } = dashboardPaths();
  const charts = batchPath([
    ['insights.activityWeeks', { boundaries: weekBoundaries(12, new TZDate(Date.now(), ZONE)).map((date) => new Date(date.getTime())) }],
    ['insights.journey', undefined],
  ]);
  return { key: 'dashboard', label: 'dashboard (auth.me → summary batch → charts batch)', path: session, sequence: [session, batch, charts], read: true };
}

const teamPage: BenchEndpoint = {
  key: 'teamInsight',
  label: `GET /api/teams/${BIG_TEAM.id}/insight`,
  path: `/api/teams/${BIG_TEAM.id}/insight?timeZone=${encodeURIComponent(ZONE)}`,
  read: true,
};

/** The team's place (issue 51 §1): its dashboard, the same answer for every role but each member's line (admins). */
const teamDashboard: BenchEndpoint = {
  key: 'teamDashboard',
  label: `GET /api/teams/${BIG_TEAM.id}/dashboard`,
  path: `/api/teams/${BIG_TEAM.id}/dashboard?timeZone=${encodeURIComponent(ZONE)}`,
  read: true,
};

/** The slowest /healthz answer while `clients` loops each ask for the team page again and again for `seconds`. */
async function healthzUnder(server: Server, cookie: string, seconds: number) {
  const until = performance.now() + seconds * 1000;
  let pages = 0;
  const waits: number[] = [];
  const loop = async () => {
    while (performance.now() < until) {
      await (await fetch(server.base + teamPage.path, { headers: { cookie } })).arrayBuffer();
      pages++;
    }
  };
  const probe = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      await (await fetch(`${server.base}/healthz`)).arrayBuffer();
      waits.push(performance.now() - started);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  await Promise.all([...Array.from({ length: CONCURRENT }, loop), probe()]);
  waits.sort((a, b) => a - b);
  return { pagesPerS: round2(pages / seconds), healthzP50Ms: round2(median(waits)), healthzMaxMs: round2(waits[waits.length - 1]) };
}

export async function measureTeam() {
  mkdirSync(workDir, { recursive: true });
  const path = join(workDir, `bench-team-${MAIN_SIZE}.db`);
  // --reuse-data: the database an earlier run generated (minutes on a busy machine), its "now" that run's.
  if (!(argv.has('--reuse-data') && existsSync(path))) {
    const data = await generateDataset({ path, activities: MAIN_SIZE, bigTeam: true });
    log(`generated the team database in ${data.ms} ms (${data.rows.activities} activities)`);
  }
  const server = await startServer('app', copyOf({ path } as DatasetSummary, 'team'), TEAM_PORT, { log });
  const user = (offset: number) => `user${String(BIG_TEAM.firstUser + offset).padStart(4, '0')}`;
  const cookies = {
    heavy: (await login(server.base)).header,
    admin: (await login(server.base, user(0))).header,
    member: (await login(server.base, user(1))).header,
  };
  const rows = [
    { label: "personal dashboard (the heavy user's, 50,000 activities: today's figure)", cookie: cookies.heavy, endpoint: dashboard() },
    { label: "a member's dashboard (the big team's rows readable)", cookie: cookies.member, endpoint: dashboard() },
    { label: 'team page insight, admin (totals and 20 member rows)', cookie: cookies.admin, endpoint: teamPage },
    { label: 'team page insight, member (totals only)', cookie: cookies.member, endpoint: teamPage },
    { label: 'team dashboard, admin (the week, lists and every member’s line)', cookie: cookies.admin, endpoint: teamDashboard },
    { label: 'team dashboard, member (the week, lists and their own line)', cookie: cookies.member, endpoint: teamDashboard },
  ];
  const samples = rows.map(() => [] as { wallMs: number; cpuMs: number }[]);
  const loadBefore = loadavg()[0];
  for (const row of rows) await burst(server, row.cookie, row.endpoint, BURST);
  for (let r = 0; r < ROUNDS; r++) {
    const order = r % 2 ? [...rows.keys()].reverse() : [...rows.keys()];
    for (const i of order) samples[i].push(await burst(server, rows[i].cookie, rows[i].endpoint, BURST));
  }
  const measured = rows.map((row, i) => ({
    label: row.label,
    wallMs: round2(median(samples[i].map((s) => s.wallMs))),
    cpuMs: round2(median(samples[i].map((s) => s.cpuMs))),
  }));
  log(`the team page at ${CONCURRENT} connections, /healthz asked throughout`);
  const concurrent = await healthzUnder(server, cookies.admin, quick ? 3 : 8);
  await server.stop();
  return { team: BIG_TEAM, loadAverage: { before: round2(loadBefore), after: round2(loadavg()[0]) }, rounds: ROUNDS, burst: BURST, measured, concurrent };
}

export function teamReport(result: Awaited<ReturnType<typeof measureTeam>>) {
  const base = result.measured[0].wallMs;
  const lines = [
    `## Team insight (${result.team.members} members, ${result.team.contacts.toLocaleString('en')} contacts, ${result.team.activities.toLocaleString('en')} activities)`,
    '',
    `Medians of ${result.rounds} alternating rounds of ${result.burst} requests sent one at a time; load average ${result.loadAverage.before} → ${result.loadAverage.after} (relative figures).`,
    '',
    '| screen | ms per screen | CPU ms | ÷ personal dashboard |',
    '|---|---:|---:|---:|',
    ...result.measured.map((m) => `| ${m.label} | ${m.wallMs} | ${m.cpuMs} | ${(m.wallMs / base).toFixed(2)} |`),
    '',
    `Team page at ${CONCURRENT} connections: ${result.concurrent.pagesPerS} pages/s; /healthz p50 ${result.concurrent.healthzP50Ms} ms, max ${result.concurrent.healthzMaxMs} ms.`,
  ];
  return lines.join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const result = await measureTeam();
  writeFileSync(join(root, 'bench/team-results.json'), JSON.stringify(result, null, 2) + '\n');
  console.log(teamReport(result));
}
