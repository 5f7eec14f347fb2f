// `npm run bench`: the production server against a hand-written floor, on generated data, under autocannon;
// how cost grows with the heavy user's activities; memory; logins against other traffic; and the browser.
// Flags: --build (rebuild even when dist-server/main.js exists), --quick (short runs), --no-browser, --no-scale, --no-downloads,
// --only=stats,contacts50 (those endpoints only, app and floor, nothing else: for A/B runs of one change).
import autocannon from 'autocannon';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { generateDataset, type DatasetSummary } from './dataset';
import { endpointsFor, type BenchEndpoint as Endpoint } from './endpoints';
import { openLoop, type OpenLoopResult } from './openloop';
import { CLOCK_TICKS, copyOf, cpuTicks, login, rssMb, sleep, startServer, type Server } from './server';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const workDir = join(root, '.tmp/bench');
const argv = new Set(process.argv.slice(2));
const quick = argv.has('--quick');
const debug = argv.has('--debug');
const only = [...argv].find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const DURATION = quick ? 2 : 5;
const SCALE_DURATION = quick ? 1.5 : 3;
const WARMUP = quick ? 0.5 : 1;
/**
 * A saturated endpoint (one request at a time costs s ms) answers 50 connections in about 50 × s ms, so its run is
 * stretched to see a few queue turns, up to these caps (seconds).
 */
const MAX_DURATION = quick ? 4 : 8;
const SCALE_MAX_DURATION = quick ? 3 : 5;
const CONNECTIONS = 50;
const SCALES = [1_000, 10_000, 100_000];
const MAIN_SIZE = 50_000;
const APP_PORT = 3811;
const FLOOR_PORT = 3812;
const benchStarted = performance.now();

const TARGETS = {
  floorShare: 0.7,
  /** Open loop at half the floor's capacity, paged reads (issue 14 part 7). */
  openP99Ms: 25,
  /** Logins against other traffic, closed loop at 10 connections. */
  p99Ms: 50,
  /** The longest the app's event loop may be held during any phase (server/http/loopReport.ts). */
  loopMs: 100,
  growth: 2,
  loginJsGzip: 150_000,
  loginCssGzip: 30_000,
  dashboardMs: 2000,
  rssMb: 180,
};

function log(message: string) {
  const seconds = ((performance.now() - benchStarted) / 1000).toFixed(0).padStart(3);
  process.stderr.write(`[${seconds}s] ${message}\n`);
}

// ---------------------------------------------------------------------------------------------------------------
// Build

function ensureBuild() {
  const serverBuilt = existsSync(join(root, 'dist-server/main.js'));
  const notes: string[] = [];
  if (argv.has('--build') || !serverBuilt) {
    log('building the client (vite build)');
    const vite = spawnSync('npx', ['vite', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    if (vite.status !== 0) notes.push(`vite build failed: ${vite.stderr.trim().split('\n').slice(-3).join(' ')}`);
    log('building the server (scripts/build-server.mjs)');
    const server = spawnSync('node', ['scripts/build-server.mjs'], { cwd: root, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
    if (server.status !== 0) throw new Error(`server build failed:\n${server.stderr}`);
  } else log('reusing dist/ and dist-server/ (pass --build to rebuild)');
  const clientBuilt = existsSync(join(root, 'dist/index.html'));
  if (!clientBuilt) notes.push('dist/index.html missing: browser and size measurements skipped');
  return { clientBuilt, notes };
}

// ---------------------------------------------------------------------------------------------------------------
// Memory: VmRSS of the app server (and of the floor, for comparison), sampled every 200 ms, the peak kept per phase.

const rss = {
  pids: {} as Record<string, number>,
  /** What is running now, e.g. 'app:stats'. */
  phase: 'idle',
  peakMb: {} as Record<string, number>,
  byPhase: {} as Record<string, Record<string, number>>,
  timer: undefined as NodeJS.Timeout | undefined,
  watch(pids: Record<string, number>) {
    this.pids = pids;
    clearInterval(this.timer);
    this.timer = setInterval(() => this.sample(), 200);
    this.timer.unref();
  },
  sample() {
    for (const [name, pid] of Object.entries(this.pids)) {
      const mb = rssMb(pid);
      if (!mb) continue;
      this.peakMb[name] = Math.max(this.peakMb[name] ?? 0, mb);
      const phases = (this.byPhase[name] ??= {});
      phases[this.phase] = Math.max(phases[this.phase] ?? 0, mb);
    }
  },
  stop() {
    clearInterval(this.timer);
  },
};

// ---------------------------------------------------------------------------------------------------------------
// Load

interface Measured {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
  bytesPerResponse: number;
  /** Median latency of requests sent one at a time on an idle server: the cost of one request. */
  serialMs?: number;
  /** Seconds the load ran (longer for saturated endpoints). */
  seconds?: number;
  /**
   * The server's CPU time per request under load (utime + stime over the run and the drain of what it left queued, ÷
   * requests sent): what the endpoint costs, far less moved than req/s by whatever else runs on the machine.
   */
  cpuMs?: number;
  /** The longest the app's event loop was held during the run (null for the floor). */
  loopMaxMs?: number | null;
}

function headersFor(server: Server, endpoint: Endpoint, cookie: string | null) {
  const headers: Record<string, string> = {};
  if (cookie && !endpoint.anonymous) headers.cookie = cookie;
  if (endpoint.method === 'POST') {
    headers['content-type'] = 'application/json';
    headers.origin = server.base;
  }
  return headers;
}

async function load(server: Server, endpoint: Endpoint, cookie: string | null, seconds: number, connections = CONNECTIONS): Promise<Measured & { sent: number }> {
  const headers = headersFor(server, endpoint, cookie);
  const result = await autocannon({
    url: server.base + endpoint.path,
    method: endpoint.method ?? 'GET',
    headers,
    body: endpoint.body,
    ...(endpoint.sequence ? { requests: endpoint.sequence.map((path) => ({ method: 'GET' as const, path, headers })) } : {}),
    connections,
    duration: seconds,
    timeout: 60,
  });
  return {
    rps: Math.round(result.requests.average * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytesPerResponse: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
    seconds,
    sent: result.requests.sent,
  };
}

/**
 * Waits until the server has finished the requests a load left in flight (autocannon stops counting at the end of
 * its run, but the server still answers what was queued): until it uses no CPU for 200 ms.
 */
async function drain(server: Server) {
  const started = Date.now();
  try {
    await waitIdle(server);
  } finally {
    if (debug && Date.now() - started > 500) log(`  (${server.name} drained in ${Date.now() - started} ms)`);
  }
}

async function waitIdle(server: Server) {
  const pid = server.process.pid!;
  const deadline = Date.now() + 90_000;
  let last = cpuTicks(pid);
  while (Date.now() < deadline) {
    await sleep(200);
    const now = cpuTicks(pid);
    if (now - last <= 1) return;
    last = now;
  }
  log(`  warning: ${server.name} still busy after 90 s`);
}

/** Requests one at a time (5 to 45, for up to 1.5 s): the median is the cost of one request on an idle server. */
async function serial(server: Server, endpoint: Endpoint, cookie: string | null) {
  let times: number[] = [];
  const until = performance.now() + 1500;
  // Up to 45 (the first 5 only warm up once there are 15): a cheap endpoint's 2-3 ms median is otherwise moved by
  // whatever else briefly runs on the machine, which made the growth ratios jump between runs.
  while (times.length < 45 && (times.length < 5 || performance.now() < until)) {
    const started = performance.now();
    for (const path of endpoint.sequence ?? [endpoint.path]) {
      const res = await fetch(server.base + path, { method: endpoint.method ?? 'GET', headers: headersFor(server, endpoint, cookie), body: endpoint.body });
      await res.arrayBuffer();
    }
    times.push(performance.now() - started);
  }
  if (times.length >= 15) times = times.slice(5);
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length / 2)] * 100) / 100;
}

/**
 * One endpoint on one server: its one-at-a-time cost, then 50 connections. A cheap endpoint gets a warm-up run; a
 * saturated one (50 × its cost over a second) gets a longer run instead, since a warm-up would leave a queue behind.
 */
async function measure(server: Server, endpoint: Endpoint, cookie: string | null, seconds = DURATION, connections = CONNECTIONS, cap = MAX_DURATION) {
  rss.phase = `${server.name}:${endpoint.key}`;
  await drain(server);
  const serialMs = await serial(server, endpoint, cookie);
  const queueMs = connections * serialMs;
  let duration = seconds;
  if (queueMs <= 1000) {
    if (WARMUP > 0) await load(server, endpoint, cookie, WARMUP, connections);
    await drain(server);
  } else duration = Math.min(cap, Math.max(seconds, Math.ceil((2.5 * queueMs) / 1000)));
  await server.loopDelay();
  const ticksBefore = cpuTicks(server.process.pid!);
  const result = await load(server, endpoint, cookie, duration, connections);
  await drain(server);
  const loopMaxMs = (await server.loopDelay())?.maxMs ?? null;
  const cpuMs = Math.round((((cpuTicks(server.process.pid!) - ticksBefore) * 1000) / CLOCK_TICKS / Math.max(1, result.sent)) * 100) / 100;
  if (debug) log(`  ${server.name} ${endpoint.key}: 1-conn ${serialMs} ms, ${duration} s at ${connections} connections: ${result.requests} requests, p50 ${result.p50} ms`);
  await drain(server);
  if (result.non2xx || result.errors) log(`  warning: ${server.name} ${endpoint.key}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { ...result, serialMs, cpuMs, loopMaxMs };
}

const SCALE_KEYS = ['stats', 'dashboard', 'activities50', 'contacts50', 'followups50', 'prayers50'];

// ---------------------------------------------------------------------------------------------------------------
// Phases

async function dataset(activities: number, name = `bench-${activities}`): Promise<DatasetSummary> {
  const summary = await generateDataset({ path: join(workDir, `${name}.db`), activities });
  log(`generated ${name}.db in ${summary.ms} ms (${summary.rows.activities} activities, ${summary.visibleToHeavy.activities} visible to the heavy user)`);
  return summary;
}

interface SizeModule {
  checkSizes(dist: string): {
    login: { jsGzip: number; cssGzip: number; js: unknown[]; css: unknown[] };
    dashboard: { jsGzip: number; cssGzip: number; js: unknown[]; css: unknown[] };
    failures: string[];
    ok: boolean;
  };
}

/**
 * The app at a fixed arrival rate of half the floor's capacity for the endpoint (its req/s at 50 connections; for a
 * screen of two requests, half its screens/s), requests started at even intervals (bench/openloop.ts).
 */
async function paced(server: Server, endpoint: Endpoint, cookie: string, floorRps: number): Promise<OpenLoopResult & { loopMaxMs: number | null }> {
  const paths = endpoint.sequence ?? [endpoint.path];
  const rate = floorRps / paths.length / 2;
  rss.phase = `${server.name}:${endpoint.key}:open`;
  await drain(server);
  await server.loopDelay();
  const result = await openLoop(server.base, paths, { cookie }, rate, DURATION);
  await drain(server);
  return { ...result, loopMaxMs: (await server.loopDelay())?.maxMs ?? null };
}

/**
 * The floor is only a floor if it does the app's work: each read endpoint's answer from both, compared as JSON (the
 * dashboard's tRPC batch included). A difference is reported in the notes, since the ratio would then mislead.
 */
async function checkParity(app: Server, floor: Server, list: Endpoint[], appCookie: string, floorCookie: string, notes: string[]) {
  for (const endpoint of list.filter((e) => e.read)) {
    for (const path of endpoint.sequence ?? [endpoint.path]) {
      const answer = async (server: Server, cookie: string) => (await fetch(server.base + path, { headers: { cookie } })).text();
      const [a, f] = await Promise.all([answer(app, appCookie), answer(floor, floorCookie)]);
      if (a !== f) {
        const at = [...a].findIndex((ch, i) => ch !== f[i]);
        notes.push(`the floor's answer to ${path.slice(0, 60)} differs from the app's at character ${at}: app …${a.slice(Math.max(0, at - 40), at + 60)}… floor …${f.slice(Math.max(0, at - 40), at + 60)}…`);
      }
    }
  }
}

async function main() {
  mkdirSync(workDir, { recursive: true });
  const build = ensureBuild();
  const results: Record<string, unknown> = {
    startedAt: new Date().toISOString(),
    machine: { nproc: cpus().length, cpu: cpus()[0]?.model, memoryGb: Math.round(totalmem() / 1024 ** 3), node: process.version, platform: `${process.platform} ${process.arch}` },
    settings: { connections: CONNECTIONS, durationS: DURATION, maxDurationS: MAX_DURATION, scaleDurationS: SCALE_DURATION, scaleMaxDurationS: SCALE_MAX_DURATION, warmupS: WARMUP, quick },
    loadAverageAtStart: loadavg().map((x) => Math.round(x * 100) / 100),
    notes: build.notes,
  };

  // Sizes of what the browser downloads.
  let sizes: ReturnType<SizeModule['checkSizes']> | null = null;
  if (build.clientBuilt) {
    const sizeModule = (await import(pathToFileURL(join(root, 'scripts/size-check.mjs')).href)) as SizeModule;
    sizes = sizeModule.checkSizes(join(root, 'dist'));
    results.sizes = sizes;
  }

  // Main phase: the heavy user at 50,000 activities, app against floor.
  const main = await dataset(MAIN_SIZE);
  results.dataset = main;
  const list = endpointsFor(main.sampleContactId);
  const app = await startServer('app', copyOf(main, 'app'), APP_PORT, { log });
  const floor = await startServer('floor', copyOf(main, 'floor'), FLOOR_PORT, { log });
  rss.watch({ app: app.process.pid!, floor: floor.process.pid! });
  await sleep(300);
  const idleRssMb = { app: rssMb(app.process.pid!), floor: rssMb(floor.process.pid!) };
  const appCookie = await login(app.base);
  const floorCookie = await login(floor.base);
  const mainRows: Rows = {};
  const runPair = async (endpoint: Endpoint) => {
    log(`${endpoint.label}`);
    const a = await measure(app, endpoint, appCookie.header);
    const f = await measure(floor, endpoint, floorCookie.header);
    mainRows[endpoint.key] = { label: endpoint.label, read: endpoint.read, app: a, floor: f };
    if (endpoint.read) mainRows[endpoint.key].openLoop = await paced(app, endpoint, appCookie.header, f.rps);
  };
  await checkParity(app, floor, list, appCookie.header, floorCookie.header, results.notes as string[]);
  if (only) {
    for (const endpoint of list.filter((e) => only.includes(e.key))) await runPair(endpoint);
    rss.stop();
    await app.stop();
    await floor.stop();
    console.log(
      table(
        ['endpoint', 'app req/s', 'app CPU ms/req', 'floor req/s', 'floor CPU ms/req', 'app ÷ floor req/s', 'floor ÷ app CPU', 'open loop /s · p50 · p99', 'loop held max ms'],
        Object.values(mainRows).map((r) => [
          r.label,
          String(r.app.rps),
          String(r.app.cpuMs),
          String(r.floor.rps),
          String(r.floor.cpuMs),
          pct(r.app.rps / r.floor.rps),
          pct(r.floor.cpuMs! / r.app.cpuMs!),
          r.openLoop ? `${r.openLoop.rate} · ${r.openLoop.p50} · ${r.openLoop.p99}` : '-',
          `${r.app.loopMaxMs ?? '-'} · ${r.openLoop?.loopMaxMs ?? '-'}`,
        ]),
      ),
    );
    for (const note of results.notes as string[]) console.log(`note: ${note}`);
    return;
  }
  for (const endpoint of list.filter((e) => e.read)) await runPair(endpoint);

  // The browser, before any write changes the data.
  if (build.clientBuilt && !argv.has('--no-browser')) {
    rss.phase = 'app:browser';
    await drain(app);
    log('browser: /login first visit and the dashboard on a throttled phone');
    try {
      const { measureBrowser } = await import('./browser');
      const browser = await measureBrowser({ base: app.base, cookie: { name: appCookie.name, value: appCookie.value }, coldRuns: quick ? 1 : 3 });
      results.browser = browser;
      // The load above measures the requests that bring the dashboard's data as the client sent them when this was
      // written (the charts' request follows them); say so if the client no longer sends them.
      const sent = browser.cold[0]?.apiRequests ?? [];
      const measured = (list.find((e) => e.key === 'dashboard')?.sequence ?? []).map((path) => new URL(path, app.base).pathname);
      if (sent.slice(0, measured.length).join(' ') !== measured.join(' '))
        (results.notes as string[]).push(`the browser's dashboard requests (${sent.join(' → ')}) differ from the measured ones (${measured.join(' → ')})`);
    } catch (error) {
      results.browser = { error: String(error) };
      log(`  browser measurement failed: ${String(error)}`);
    }
  }

  for (const endpoint of list.filter((e) => !e.read)) await runPair(endpoint);
  results.main = mainRows;

  // Logins against other traffic: 20 concurrent logins while cheap reads run at 10 connections (cheap, so that what
  // moves their p99 is the logins, not their own queue).
  log('logins against other traffic');
  const loginEndpoint = list.find((e) => e.key === 'login')!;
  const stall: Record<string, unknown> = {};
  const others: Endpoint[] = [{ key: 'me', label: 'GET /api/auth/me', path: '/api/auth/me', read: true }, list.find((e) => e.key === 'contacts50')!];
  for (const endpoint of others) {
    rss.phase = `app:stall:${endpoint.key}`;
    await drain(app);
    await load(app, endpoint, appCookie.header, WARMUP, 10);
    await drain(app);
    const alone = await load(app, endpoint, appCookie.header, DURATION, 10);
    await drain(app);
    const [withLogins, logins] = await Promise.all([load(app, endpoint, appCookie.header, DURATION, 10), load(app, loginEndpoint, null, DURATION, 20)]);
    stall[endpoint.key] = { label: endpoint.label, alone, withLogins, logins };
  }
  await drain(app);
  results.loginStall = stall;
  results.rss = { idleMb: idleRssMb, peakMb: { ...rss.peakMb }, byPhase: { ...rss.byPhase } };
  rss.stop();
  await app.stop();
  await floor.stop();

  // Growth: the heavy user at 1,000, 10,000 and 100,000 activities (and 50,000 from above).
  // The app under load at each size; the floor one request at a time (its cost, to tell the SQL's growth from the app's).
  const scale: Scale = {};
  scale[String(MAIN_SIZE)] = Object.fromEntries(SCALE_KEYS.map((k) => [k, { app: mainRows[k].app, floor: { serialMs: mainRows[k].floor.serialMs } }]));
  if (!argv.has('--no-scale')) {
    for (const size of SCALES) {
      const data = await dataset(size);
      const sApp = await startServer('app', copyOf(data, 'app'), APP_PORT, { log });
      const sFloor = await startServer('floor', copyOf(data, 'floor'), FLOOR_PORT, { log });
      const ca = await login(sApp.base);
      const cf = await login(sFloor.base);
      scale[String(size)] = {};
      for (const key of SCALE_KEYS) {
        const endpoint = list.find((e) => e.key === key)!;
        log(`${size} activities: ${endpoint.label}`);
        await drain(sFloor);
        const floorSerial = await serial(sFloor, endpoint, cf.header);
        scale[String(size)][key] = { app: await measure(sApp, endpoint, ca.header, SCALE_DURATION, CONNECTIONS, SCALE_MAX_DURATION), floor: { serialMs: floorSerial } };
      }
      await sApp.stop();
      await sFloor.stop();
    }
  }
  results.scale = scale;

  // Downloads of a heavy account (issue 27): ten feeds, four JSON exports, the CSV and the vCard at once, /healthz asked throughout.
  if (!argv.has('--no-downloads')) {
    log('downloads of a heavy account against /healthz');
    const { measureDownloads } = await import('./downloads');
    results.downloads = await measureDownloads({ log });
  }
  results.durationS = Math.round((performance.now() - benchStarted) / 1000);
  results.loadAverageAtEnd = loadavg().map((x) => Math.round(x * 100) / 100);
  results.targets = evaluate(results, mainRows, scale, stall, sizes);

  writeFileSync(join(root, 'bench/results.json'), JSON.stringify(results, null, 2) + '\n');
  console.log(report(results, mainRows, scale, stall, sizes));
  log(`done in ${results.durationS} s; wrote bench/results.json`);
}

// ---------------------------------------------------------------------------------------------------------------
// Targets and the printed report

type Rows = Record<string, { label: string; read: boolean; app: Measured; floor: Measured; openLoop?: OpenLoopResult & { loopMaxMs: number | null } }>;
type Scale = Record<string, Record<string, { app: Measured; floor: { serialMs?: number } }>>;

interface Verdict {
  target: string;
  pass: boolean | null;
  detail: string;
}

function evaluate(results: Record<string, unknown>, rows: Rows, scale: Scale, stall: Record<string, unknown>, sizes: ReturnType<SizeModule['checkSizes']> | null): Verdict[] {
  const verdicts: Verdict[] = [];
  const reads = Object.entries(rows).filter(([, r]) => r.read);
  // Judged on CPU time per request (floor ÷ app), the capacity of a server bound by its one thread: req/s at 50
  // connections moved ±30 % between runs on a shared VM, and a whole list's req/s depends on how a short window cuts
  // 50 lists served in turns. Both are printed.
  const share = (r: Rows[string]) => (r.app.cpuMs && r.floor.cpuMs ? r.floor.cpuMs / r.app.cpuMs : r.app.rps / r.floor.rps);
  const slowShare = reads.filter(([, r]) => share(r) < TARGETS.floorShare).map(([k, r]) => `${k} ${pct(share(r))}`);
  verdicts.push({
    target: 'every read endpoint ≥ 70% of the floor (CPU per request under load)',
    pass: slowShare.length === 0,
    detail: slowShare.length ? `below: ${slowShare.join(', ')}` : `all at or above 70%: ${reads.map(([k, r]) => `${k} ${pct(share(r))}`).join(', ')}`,
  });
  // Paged reads only: a full list takes 50-100 ms of SQL and encoding for one request, on the floor as well.
  const paged = reads.filter(([k]) => !k.endsWith('All') && rows[k].openLoop);
  const slowOpen = paged.filter(([, r]) => r.openLoop!.p99 > TARGETS.openP99Ms || r.openLoop!.errors > 0).map(([k, r]) => `${k} ${r.openLoop!.p99} ms at ${r.openLoop!.rate}/s`);
  verdicts.push({
    target: 'paged reads at half the floor’s capacity, open loop: p99 ≤ 25 ms (heavy user)',
    pass: paged.length ? slowOpen.length === 0 : null,
    detail: slowOpen.length ? `over: ${slowOpen.join(', ')}` : paged.map(([k, r]) => `${k} ${r.openLoop!.p99}`).join(', '),
  });
  const loops = Object.entries(rows).flatMap(([k, r]) => [[k, r.app.loopMaxMs], [`${k} open`, r.openLoop?.loopMaxMs]] as [string, number | null | undefined][]).filter(([, v]) => typeof v === 'number') as [string, number][];
  const longest = loops.sort((a, b) => b[1] - a[1])[0];
  verdicts.push({
    target: 'no request holds the event loop > 100 ms (monitorEventLoopDelay)',
    pass: longest ? longest[1] <= TARGETS.loopMs : null,
    detail: longest ? `longest ${longest[1]} ms (${longest[0]})${loops.filter(([, v]) => v > TARGETS.loopMs).length > 1 ? `; over: ${loops.filter(([, v]) => v > TARGETS.loopMs).map(([k, v]) => `${k} ${v}`).join(', ')}` : ''}` : 'not measured',
  });
  const small = scale[String(SCALES[0])];
  const large = scale[String(SCALES[SCALES.length - 1])];
  if (small && large) {
    const growth = (k: string) => (large[k].app.serialMs ?? 0) / Math.max(small[k].app.serialMs ?? 0, 0.01);
    const grown = SCALE_KEYS.filter((k) => growth(k) >= TARGETS.growth);
    verdicts.push({
      target: 'dashboard and first-page latency grow < 2× from 1,000 to 100,000 activities (one request at a time)',
      pass: grown.length === 0,
      detail: grown.length ? `grew: ${grown.map((k) => `${k} ${growth(k).toFixed(1)}×`).join(', ')}` : 'all under 2×',
    });
  } else verdicts.push({ target: 'growth < 2× from 1,000 to 100,000 activities', pass: null, detail: 'not measured (--no-scale)' });
  if (sizes) {
    verdicts.push({ target: '/login JS ≤ 150 kB gz', pass: sizes.login.jsGzip <= TARGETS.loginJsGzip, detail: `${kb(sizes.login.jsGzip)} gz` });
    verdicts.push({ target: '/login CSS ≤ 30 kB gz', pass: sizes.login.cssGzip <= TARGETS.loginCssGzip, detail: `${kb(sizes.login.cssGzip)} gz` });
  } else verdicts.push({ target: '/login JS and CSS budgets', pass: null, detail: 'client not built' });
  const browser = results.browser as { coldMedianMs?: number; error?: string } | undefined;
  if (browser?.coldMedianMs !== undefined)
    verdicts.push({ target: 'dashboard data within 2.0 s (phone, slow 4G, 4× CPU)', pass: browser.coldMedianMs <= TARGETS.dashboardMs, detail: `cold median ${browser.coldMedianMs} ms` });
  else verdicts.push({ target: 'dashboard data within 2.0 s', pass: null, detail: browser?.error ?? 'not measured' });
  const memory = results.rss as { peakMb: Record<string, number>; byPhase: Record<string, Record<string, number>> };
  const over = Object.entries(memory.byPhase.app ?? {}).filter(([, mb]) => mb > TARGETS.rssMb).map(([phase, mb]) => `${phase.replace(/^app:/, '')} ${mb} MB`);
  verdicts.push({ target: 'server RSS ≤ 180 MB', pass: memory.peakMb.app <= TARGETS.rssMb, detail: `peak ${memory.peakMb.app} MB${over.length ? `; over during ${over.join(', ')}` : ''} (floor peak ${memory.peakMb.floor} MB)` });
  const stalls = Object.values(stall as Record<string, { label: string; alone: Measured; withLogins: Measured }>);
  // A stall is a request held up by a hash: the event loop blocked, or waiting behind logins, which shows in the p99
  // (the issue's measure). Sharing 2 cores with one hashing thread and the load generator moves a 5 ms p99 by a few
  // ms, which is contention, not a stall; the max is one request and is reported, not judged.
  const stalled = stalls.filter((s) => s.withLogins.p99 >= TARGETS.p99Ms);
  verdicts.push({
    target: 'logins never stall other requests (p99 < 50 ms while 20 logins run)',
    pass: stalled.length === 0,
    detail: stalls.map((s) => `${s.label}: p99 ${s.alone.p99} → ${s.withLogins.p99} ms (max ${s.withLogins.max} ms)`).join('; '),
  });
  const downloads = results.downloads as import('./downloads').DownloadsResult | undefined;
  verdicts.push(
    downloads
      ? {
          target: 'heavy account’s feeds, exports and files at once: /healthz within 100 ms, loop held ≤ 100 ms',
          pass: downloads.worstHealthMs <= TARGETS.loopMs && (downloads.loopMaxMs ?? 0) <= TARGETS.loopMs,
          detail: `worst /healthz ${downloads.worstHealthMs} ms (median ${downloads.medianHealthMs} ms, ${downloads.probes} probes), loop held ${downloads.loopMaxMs} ms, all done in ${downloads.seconds} s`,
        }
      : { target: 'heavy account’s downloads against /healthz', pass: null, detail: 'not measured (--no-downloads)' },
  );
  return verdicts;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const size = (bytes: number) => (bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(2)} MB` : bytes >= 1000 ? `${(bytes / 1000).toFixed(1)} kB` : `${bytes} B`);

function table(header: string[], body: string[][]) {
  const lines = [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`];
  for (const row of body) lines.push(`| ${row.join(' | ')} |`);
  return lines.join('\n');
}

function report(results: Record<string, unknown>, rows: Rows, scale: Scale, stall: Record<string, unknown>, sizes: ReturnType<SizeModule['checkSizes']> | null) {
  const out: string[] = [];
  const machine = results.machine as Record<string, unknown>;
  const data = results.dataset as DatasetSummary;
  out.push(`Sower bench — ${machine.nproc} cores, ${machine.memoryGb} GB, node ${machine.node}; ${CONNECTIONS} connections, ${DURATION}–${MAX_DURATION} s per endpoint; load average at start ${(results.loadAverageAtStart as number[]).join(' ')}`);
  out.push(`heavy user sees ${data.visibleToHeavy.activities} activities, ${data.visibleToHeavy.contacts} contacts, ${data.visibleToHeavy.follow_ups} follow-ups, ${data.visibleToHeavy.prayer_requests} prayer requests, ${data.visibleToHeavy.goals} goals (own + team)`);
  out.push('');
  out.push(
    table(
      ['endpoint (heavy user, 50k activities)', 'app req/s', 'app p50', 'app p99', 'app 1-conn', 'floor req/s', 'floor p50', 'floor p99', 'floor 1-conn', 'app ÷ floor req/s', 'floor ÷ app CPU/req', 'response'],
      Object.values(rows).map((r) => [
        r.label,
        r.app.rps.toFixed(0),
        ms(r.app.p50),
        ms(r.app.p99),
        ms(r.app.serialMs ?? 0),
        r.floor.rps.toFixed(0),
        ms(r.floor.p50),
        ms(r.floor.p99),
        ms(r.floor.serialMs ?? 0),
        pct(r.app.rps / r.floor.rps),
        r.app.cpuMs && r.floor.cpuMs ? pct(r.floor.cpuMs / r.app.cpuMs) : '-',
        size(r.app.bytesPerResponse),
      ]),
    ),
  );
  out.push('(latencies in ms; 1-conn = median of requests sent one at a time to an idle server)');
  out.push('');
  out.push(
    table(
      ['open loop: app at half the floor’s capacity', 'arrivals/s', 'p50', 'p99', 'max', 'errors', 'app CPU ms/req (50 conns)', 'floor CPU ms/req', 'loop held, max ms (50 conns · open)'],
      Object.values(rows)
        .filter((r) => r.openLoop)
        .map((r) => [r.label, String(r.openLoop!.rate), ms(r.openLoop!.p50), ms(r.openLoop!.p99), ms(r.openLoop!.max), String(r.openLoop!.errors), String(r.app.cpuMs), String(r.floor.cpuMs), `${r.app.loopMaxMs ?? '-'} · ${r.openLoop!.loopMaxMs ?? '-'}`]),
    ),
  );
  out.push('');
  const sizesOrder = Object.keys(scale).map(Number).sort((a, b) => a - b);
  const growthOf = (k: string, side: 'app' | 'floor', field: 'serialMs' | 'p50') => {
    const value = (n: number) => (scale[String(n)][k][side] as Partial<Measured>)[field] ?? 0;
    const first = value(sizesOrder[0]);
    const last = value(sizesOrder[sizesOrder.length - 1]);
    return `${(last / Math.max(first, 0.01)).toFixed(1)}×`;
  };
  out.push(
    table(
      ['app by activities: 1-conn ms · p50/p99 ms at 50 conns · req/s', ...sizesOrder.map((n) => n.toLocaleString('en-US')), 'app 1-conn growth', 'app p50 growth', 'floor 1-conn growth'],
      SCALE_KEYS.map((k) => [
        rows[k].label,
        ...sizesOrder.map((n) => {
          const m = scale[String(n)][k].app;
          return `${ms(m.serialMs ?? 0)} · ${ms(m.p50)}/${ms(m.p99)} · ${m.rps.toFixed(0)}`;
        }),
        growthOf(k, 'app', 'serialMs'),
        growthOf(k, 'app', 'p50'),
        growthOf(k, 'floor', 'serialMs'),
      ]),
    ),
  );
  out.push('');
  const stalls = Object.values(stall as Record<string, { label: string; alone: Measured; withLogins: Measured; logins: Measured }>);
  out.push(
    table(
      ['20 concurrent logins vs other traffic (10 conns)', 'p50 alone', 'p99 alone', 'p50 with logins', 'p99 with logins', 'max with logins', 'logins/s', 'login p99'],
      stalls.map((s) => [s.label, ms(s.alone.p50), ms(s.alone.p99), ms(s.withLogins.p50), ms(s.withLogins.p99), ms(s.withLogins.max), s.logins.rps.toFixed(0), ms(s.logins.p99)]),
    ),
  );
  out.push('');
  const memory = results.rss as { idleMb: Record<string, number>; peakMb: Record<string, number>; byPhase: Record<string, Record<string, number>> };
  const heaviest = (name: string) => Object.entries(memory.byPhase[name] ?? {}).sort((a, b) => b[1] - a[1])[0]?.[0] ?? '-';
  out.push(`server RSS: app idle ${memory.idleMb.app} MB, peak ${memory.peakMb.app} MB (during ${heaviest('app')}); floor idle ${memory.idleMb.floor} MB, peak ${memory.peakMb.floor} MB (during ${heaviest('floor')})`);
  if (sizes) {
    out.push(`first visit /login: JS ${kb(sizes.login.jsGzip)} gz, CSS ${kb(sizes.login.cssGzip)} gz; dashboard route: JS ${kb(sizes.dashboard.jsGzip)} gz, CSS ${kb(sizes.dashboard.cssGzip)} gz`);
  }
  const browser = results.browser as { cold?: { dataShownMs: number; firstContentfulPaintMs: number | null; jsBytes: number; apiRequests: string[] }[]; warm?: { dataShownMs: number } | null; coldMedianMs?: number; loginFirstVisit?: { formShownMs: number; jsBytes: number; cssBytes: number }; error?: string } | undefined;
  if (browser?.cold) {
    out.push(
      `phone (390×844, slow 4G, 4× CPU): dashboard data shown at ${browser.cold.map((r) => r.dataShownMs).join(' / ')} ms cold (median ${browser.coldMedianMs} ms; FCP ${browser.cold[0].firstContentfulPaintMs} ms), ${browser.warm?.dataShownMs ?? '-'} ms warm; /login form at ${browser.loginFirstVisit?.formShownMs} ms, ${kb(browser.loginFirstVisit?.jsBytes ?? 0)} JS + ${kb(browser.loginFirstVisit?.cssBytes ?? 0)} CSS on the wire`,
    );
    out.push(`  dashboard API requests: ${browser.cold[0].apiRequests.join(' → ')}`);
  } else if (browser?.error) out.push(`browser: ${browser.error}`);
  out.push('');
  out.push(table(['target', 'result', 'detail'], (results.targets as Verdict[]).map((v) => [v.target, v.pass === null ? 'n/a' : v.pass ? 'PASS' : 'FAIL', v.detail])));
  for (const note of results.notes as string[]) out.push(`note: ${note}`);
  // The bench itself keeps about 2 runnable, so only the load before it started says whether others were busy.
  if ((results.loadAverageAtStart as number[])[0] > 1.5)
    out.push(`note: other work was running when the bench started (1-minute load average ${(results.loadAverageAtStart as number[])[0]}): latencies, p99s above all, may be inflated; rerun on a quiet machine`);
  return out.join('\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
