// Downloads of a heavy account against everyone else (issue 27): a user with 5,000 contacts (two status changes each),
// 20,000 activities and 10,000 pending follow-ups (half of each in a team, so a teammate's feed and exports hold them too)
// fetches ten calendar feeds (and a tRPC batch of ten), four JSON exports, the CSV and the vCard at once, with its
// "everything I can see" JSON export and the teammate's JSON and CSV of everything they can see (issue 48), while
// /healthz is asked again and again.
// Reports the worst /healthz wait, the longest the server's event loop was held (server/http/loopReport.ts), and the sizes.
// Usage: tsx bench/downloads.ts [--source] (--source runs server/main.ts through tsx instead of the build);
// BENCH_NODE_FLAGS='--cpu-prof --cpu-prof-dir=.tmp/prof' (or --trace-gc) passes flags to the server and shows its output.
// Also a phase of `npm run bench` (bench/run.ts).
import { createClient } from '@libsql/client';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sleep, watchOutput } from './server';

/** BENCH_ROOT runs another checkout's server (an A/B of one change): its build, or its sources with --source. */
const root = process.env.BENCH_ROOT ?? resolve(fileURLToPath(new URL('..', import.meta.url)));
/** DOWNLOADS_SCALE=4 makes the account four times as large (20,000 contacts): how the cost grows with it. */
const SCALE = Number(process.env.DOWNLOADS_SCALE ?? 1);
const CONTACTS = 5000 * SCALE;
const ACTIVITIES = 20_000 * SCALE;
const FOLLOW_UPS = 10_000 * SCALE;
const PASSWORD = 'correct horse battery';

export interface DownloadsResult {
  worstHealthMs: number;
  medianHealthMs: number;
  probes: number;
  loopMaxMs: number | null;
  seconds: number;
  /** One JSON export with nothing else running: its status, time, worst /healthz wait and longest loop hold. */
  soloExport: { status: number; seconds: number; worstHealthMs: number; loopMaxMs: number | null };
  statuses: Record<string, number[]>;
  bytes: Record<string, number>;
}

/** A GET whose answer is counted and dropped. */
export function drain(base: string, path: string, cookie = ''): Promise<{ status: number; bytes: number }> {
  const url = new URL(path, base);
  return new Promise((done, fail) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, agent: false, headers: cookie ? { Cookie: cookie } : {} },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => done({ status: res.statusCode ?? 0, bytes }));
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.end();
  });
}

/**
 * Asks /healthz again and again, each on a new connection, from a process of its own that does nothing else, so a wait
 * is the server's (and the network's), not the load generator's; answers every wait once stopped.
 */
export function probe(base: string) {
  const script = `
    const { request } = require('node:http');
    const waits = [];
    let stopping = false;
    process.stdin.on('data', () => (stopping = true)).resume();
    const ask = () => {
      if (stopping) return process.stdout.write(JSON.stringify(waits), () => process.exit(0));
      const asked = performance.now();
      request(${JSON.stringify(`${base}/healthz`)}, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => { waits.push(performance.now() - asked); ask(); });
      }).on('error', () => process.exit(1)).end();
    };
    ask();`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  const exited = new Promise<number[]>((done, fail) =>
    child.once('exit', (code) => (code === 0 ? done(JSON.parse(out) as number[]) : fail(new Error(`the probe exited with ${code}`)))),
  );
  return {
    stop() {
      child.stdin!.end('stop\n');
      return exited;
    },
  };
}

export async function post(base: string, path: string, body: unknown, cookie = '') {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const setCookie = res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
  return { status: res.status, body: (await res.json()) as Record<string, any>, cookie: setCookie };
}

/** A production server process of the bench's own on a fresh database: where it listens, and how to ask and end it. */
export interface BenchServer {
  base: string;
  dbUrl: string;
  pid: number;
  /** The longest the server's event loop was held since the last ask (server/http/loopReport.ts). */
  loopDelay(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts a server process on a fresh database and waits until it answers. `source` runs the server through tsx (so a
 * test needs no build); `port` 0 takes any free port; `env` adds to its environment.
 */
export async function benchServer(options: { source?: boolean; port: number; name: string; env?: Record<string, string> }): Promise<BenchServer> {
  const dir = mkdtempSync(join(tmpdir(), `sower-${options.name}-bench-`));
  const dbUrl = `file:${join(dir, 'bench.db')}`;
  const args = [
    '--max-semi-space-size=8',
    '--heap-growing-percent=50',
    ...(process.env.BENCH_NODE_FLAGS ?? '').split(' ').filter(Boolean),
    ...(options.source ? ['--import', 'tsx', 'server/main.ts'] : ['dist-server/main.js']),
  ];
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl,
    LOG_REQUESTS: 'false',
    LOOP_DELAY_REPORT: '1',
    MALLOC_MMAP_THRESHOLD_: '131072',
    ...options.env,
  };
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const reports: ((maxMs: number) => void)[] = [];
  let listening: (port: number) => void;
  const listeningOn = new Promise<number>((done) => (listening = done));
  const output = watchOutput(child, (line) => {
    if (line.includes('"loopDelay"')) reports.shift()?.(JSON.parse(line).loopDelay.maxMs);
    const announced = /"port":(\d+)/.exec(line);
    if (announced) listening(Number(announced[1]));
  });
  if (process.env.BENCH_NODE_FLAGS) child.stdout!.pipe(process.stderr);
  const stop = async () => {
    const exited = child.exitCode !== null ? Promise.resolve() : new Promise((done) => child.once('exit', done));
    child.kill(process.env.BENCH_NODE_FLAGS ? 'SIGTERM' : 'SIGKILL');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const base = `http://127.0.0.1:${await Promise.race([listeningOn, new Promise<number>((_, fail) => child.once('exit', () => fail(new Error(`server exited:\n${output()}`))))])}`;
    for (let tries = 0; ; tries++) {
      if (child.exitCode !== null || tries > 200) throw new Error(`server did not start:\n${output()}`);
      if (
        await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await sleep(100);
    }
    return {
      base,
      dbUrl,
      pid: child.pid!,
      loopDelay: () => new Promise<number>((done) => (reports.push(done), child.kill('SIGUSR2'))),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/**
 * Starts a server process of its own on a fresh database, writes the heavy account, and measures. `source` runs the
 * server through tsx (tests/api/exhaustion.test.ts does, so it needs no build); `port` 0 takes any free port.
 */
export async function measureDownloads(options: { source?: boolean; port?: number; log?: (message: string) => void } = {}): Promise<DownloadsResult> {
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const server = await benchServer({ source: options.source, port: options.port ?? 3813, name: 'downloads' });
  const { base, dbUrl, loopDelay } = server;
  try {
    const heavy = await post(base, '/api/auth/register', { username: 'heavyexport', email: 'heavy@example.com', password: PASSWORD });
    const mate = await post(base, '/api/auth/register', { username: 'teammate', email: 'mate@example.com', password: PASSWORD });
    const team = await post(base, '/api/teams', { name: 'Door to door' }, heavy.cookie);
    log(`downloads: writing ${CONTACTS} contacts, ${ACTIVITIES} activities, ${FOLLOW_UPS} pending follow-ups`);
    const db = createClient({ url: dbUrl });
    const numbers = (count: number) => `with recursive n(x) as (select 1 union all select x + 1 from n where x < ${count})`;
    const userId = heavy.body.id as number;
    await db.execute({ sql: "insert into team_members (team_id, user_id, role) values (?, ?, 'member')", args: [team.body.id, mate.body.id] });
    await db.execute({
      sql: `${numbers(CONTACTS)} insert into contacts (name, email, phone, spiritual_status, notes, created_by, team_id) select 'Person number ' || x, 'p' || x || '@example.com', '+1 555 ' || x, 'seeking', 'Met at the market; asked about prayer', ?1,
        case x % 2 when 0 then ?2 else null end from n`,
      args: [userId, team.body.id],
    });
    const first = Number((await db.execute({ sql: 'select min(id) as id from contacts where created_by = ?', args: [userId] })).rows[0].id);
    // Each record in its contact's team (the contact at x % CONTACTS is the one numbered x % CONTACTS + 1: odd x % CONTACTS in the team).
    await db.execute({
      sql: `${numbers(ACTIVITIES)} insert into activities (contact_id, type, date, description, created_by, team_id) select ?2 + x % ${CONTACTS}, 'conversation', cast(unixepoch('subsecond') * 1000 as integer) - x * 1728000, 'Talked about hope', ?1,
        case x % ${CONTACTS} % 2 when 1 then ?3 else null end from n`,
      args: [userId, first, team.body.id],
    });
    await db.execute({
      sql: `${numbers(FOLLOW_UPS)} insert into follow_ups (contact_id, date, description, type, completed, created_by, team_id)
        select ?2 + x % ${CONTACTS}, cast(unixepoch('subsecond') * 1000 as integer) + (x % 500 - 20) * 86400000, 'Bring the book we talked about, and ask how the family is doing', 'phone', 0, ?1,
          case x % ${CONTACTS} % 2 when 1 then ?3 else null end from n`,
      args: [userId, first, team.body.id],
    });
    // Each contact's status history as the app writes it: its first status when added, and one change since.
    await db.execute({
      sql: `insert into contact_status_changes (contact_id, from_status, to_status, changed_at, changed_by)
        select id, null, 'exploring', created_at, ?1 from contacts where created_by = ?1
        union all select id, 'exploring', 'seeking', created_at + (id % 97 + 1) * 86400000, ?1 from contacts where created_by = ?1`,
      args: [userId],
    });
    // The rows written above wait in the WAL; the server's first write would copy them into the database (a checkpoint, with
    // an fsync) in the middle of the measurement. Done now, as a server that has run for a while has done it.
    await db.execute('pragma wal_checkpoint(truncate)');
    db.close();
    const heavyFeed = (await post(base, '/api/calendar/enable', {}, heavy.cookie)).body.url as string;
    const mateFeed = (await post(base, '/api/calendar/enable', {}, mate.cookie)).body.url as string;
    const token = heavyFeed.slice('/api/calendar/'.length, -'.ics'.length);
    const batch = `/trpc/${Array(10).fill('calendar.feed').join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: 10 }, (_, i) => [i, { json: { token } }]))))}`;
    // One JSON export alone first: its time, and the longest it held the loop, with nothing else running.
    await loopDelay();
    const soloStarted = performance.now();
    const soloProber = probe(base);
    const solo = await drain(base, '/api/account/export', heavy.cookie);
    const soloWaits = await soloProber.stop();
    const soloExport = {
      status: solo.status,
      seconds: Math.round((performance.now() - soloStarted) / 100) / 10,
      worstHealthMs: Math.round(Math.max(...soloWaits)),
      loopMaxMs: await loopDelay(),
    };
    const work: [string, Promise<{ status: number; bytes: number }>][] = [];
    await loopDelay();
    const started = performance.now();
    work.push(['feed batch of 10 (tRPC)', drain(base, batch)]);
    for (let i = 0; i < 5; i++) work.push(['feed', drain(base, heavyFeed)], ['teammate feed', drain(base, mateFeed)]);
    for (let i = 0; i < 4; i++) work.push(['JSON export', drain(base, '/api/account/export', heavy.cookie)]);
    work.push(['CSV', drain(base, '/api/account/export/contacts.csv', heavy.cookie)], ['vCard', drain(base, '/api/account/export/contacts.vcf', heavy.cookie)]);
    work.push(
      ['JSON export of everything visible', drain(base, '/api/account/export?scope=visible', heavy.cookie)],
      ['teammate JSON export of everything visible', drain(base, '/api/account/export?scope=visible', mate.cookie)],
      ['teammate CSV of everything visible', drain(base, '/api/account/export/contacts.csv?scope=visible', mate.cookie)],
    );
    const prober = probe(base);
    const answers = await Promise.all(work.map(([, answer]) => answer));
    const waits = await prober.stop();
    const seconds = (performance.now() - started) / 1000;
    const loopMaxMs = await loopDelay();
    const statuses: Record<string, number[]> = {};
    const bytes: Record<string, number> = {};
    work.forEach(([label], i) => {
      (statuses[label] ??= []).push(answers[i].status);
      bytes[label] = Math.max(bytes[label] ?? 0, answers[i].bytes);
    });
    waits.sort((a, b) => a - b);
    return {
      worstHealthMs: Math.round(waits[waits.length - 1] ?? 0),
      medianHealthMs: Math.round(waits[Math.floor(waits.length / 2)] ?? 0),
      probes: waits.length,
      loopMaxMs,
      seconds: Math.round(seconds * 10) / 10,
      soloExport,
      statuses,
      bytes,
    };
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await measureDownloads({ source: process.argv.includes('--source') });
  console.log(JSON.stringify(result, null, 2));
}
