// `npm run bench`: the production server against a hand-written floor, on generated data, under autocannon;
// how cost grows with the heavy user's activities; memory; logins against other traffic; and the browser.
// Flags: --build (rebuild even when dist-server/main.js exists), --quick (short runs), --no-browser, --no-scale, --no-downloads, --no-imports, --no-team,
// --only=stats,contacts50 (those endpoints only, app and floor, nothing else: for A/B runs of one change),
// --app=release/sower-<version>-linux-x64 (the single executable as the app).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateDataset, type DatasetSummary } from './dataset';
import { endpointsFor, type BenchEndpoint as Endpoint } from './endpoints';
import { drain, load, measure, paced, serial } from './load';
import { rss } from './memory';
import { evaluate, onlyReport, report, type Rows, type Scale, type SizeModule } from './report';
import { copyOf, login, rssMb, sleep, startServer, type Server } from './server';
import {
  APP_PORT,
  appEntry,
  argv,
  benchStarted,
  CONNECTIONS,
  DURATION,
  FLOOR_PORT,
  log,
  MAIN_SIZE,
  MAX_DURATION,
  only,
  quick,
  root,
  SCALE_DURATION,
  SCALE_KEYS,
  SCALE_MAX_DURATION,
  SCALES,
  WARMUP,
  workDir,
} from './settings';

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
// Phases

async function dataset(activities: number, name = `bench-${activities}`): Promise<DatasetSummary> {
  const summary = await generateDataset({ path: join(workDir, `${name}.db`), activities });
  log(`generated ${name}.db in ${summary.ms} ms (${summary.rows.activities} activities, ${summary.visibleToHeavy.activities} visible to the heavy user)`);
  return summary;
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
        notes.push(
          `the floor's answer to ${path.slice(0, 60)} differs from the app's at character ${at}: app …${a.slice(Math.max(0, at - 40), at + 60)}… floor …${f.slice(Math.max(0, at - 40), at + 60)}…`,
        );
      }
    }
  }
}

async function main() {
  mkdirSync(workDir, { recursive: true });
  const build = ensureBuild();
  const results: Record<string, unknown> = {
    startedAt: new Date().toISOString(),
    machine: {
      nproc: cpus().length,
      cpu: cpus()[0]?.model,
      memoryGb: Math.round(totalmem() / 1024 ** 3),
      node: process.version,
      platform: `${process.platform} ${process.arch}`,
    },
    settings: {
      connections: CONNECTIONS,
      durationS: DURATION,
      maxDurationS: MAX_DURATION,
      scaleDurationS: SCALE_DURATION,
      scaleMaxDurationS: SCALE_MAX_DURATION,
      warmupS: WARMUP,
      quick,
    },
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
  const app = await startServer('app', copyOf(main, 'app'), APP_PORT, { log, entry: appEntry });
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
    const wanted = only;
    for (const endpoint of list.filter((e) => wanted.includes(e.key))) await runPair(endpoint);
    rss.stop();
    await app.stop();
    await floor.stop();
    console.log(onlyReport(mainRows));
    console.log(`RSS, MB: idle ${JSON.stringify(idleRssMb)}, peak under the runs ${JSON.stringify(rss.peakMb)}`);
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
      const sApp = await startServer('app', copyOf(data, 'app'), APP_PORT, { log, entry: appEntry });
      const sFloor = await startServer('floor', copyOf(data, 'floor'), FLOOR_PORT, { log });
      const ca = await login(sApp.base);
      const cf = await login(sFloor.base);
      scale[String(size)] = {};
      for (const key of SCALE_KEYS) {
        const endpoint = list.find((e) => e.key === key)!;
        log(`${size} activities: ${endpoint.label}`);
        await drain(sFloor);
        const floorSerial = await serial(sFloor, endpoint, cf.header);
        scale[String(size)][key] = {
          app: await measure(sApp, endpoint, ca.header, SCALE_DURATION, CONNECTIONS, SCALE_MAX_DURATION),
          floor: { serialMs: floorSerial },
        };
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
  // Hostile imports (issue 47): four 64 MB bodies of endless nesting or a flat array under a key no import reads, at once.
  if (!argv.has('--no-imports')) {
    log('hostile imports against /healthz');
    const { measureHostileImports } = await import('./hostileImports');
    results.hostileImports = await measureHostileImports();
  }
  // A 20-member team's page and a member's dashboard against the heavy user's dashboard (issue 30, bench/team.ts).
  let team: string | null = null;
  if (!argv.has('--no-team')) {
    log('the team page and a member dashboard of a 20-member team');
    const { measureTeam, teamReport } = await import('./team');
    results.team = await measureTeam();
    team = teamReport(results.team as Awaited<ReturnType<typeof measureTeam>>);
  }
  results.durationS = Math.round((performance.now() - benchStarted) / 1000);
  results.loadAverageAtEnd = loadavg().map((x) => Math.round(x * 100) / 100);
  results.targets = evaluate(results, mainRows, scale, stall, sizes);

  writeFileSync(join(root, 'bench/results.json'), JSON.stringify(results, null, 2) + '\n');
  console.log(report(results, mainRows, scale, stall, sizes));
  if (team) console.log(`\n${team}`);
  log(`done in ${results.durationS} s; wrote bench/results.json`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
