// The phone dashboard alone, for comparing client builds: cold runs of bench/browser.ts's throttled phone against one
// production server per build, interleaved (A, B, A, B…) so a noisy shared machine hits every build alike.
// Usage: tsx bench/phone.ts [--runs 5] [--dist dist] [--dist .tmp/dist-b …] [--path /contacts] [--port 4302] [--waterfall] [--trace]
//   --path       the screen to open instead of the dashboard: /contacts, /followups or /prayer-journal (data shown once
//                three rows link their contacts)
//   --dist       a built client (vite build --outDir …); one server per --dist, each on a copy of the same data
//   --waterfall  print the requests of each build's median run (ms from navigation: sent → last byte)
//   --trace      one more traced cold run per build: main-thread time by task kind, and when scripts ran
import type { Browser } from '@playwright/test';
import { copyFileSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { coldDashboard, CPU_SLOWDOWN, launchBrowser, MOBILE, SLOW_4G, type DashboardRun } from './browser';
import { generateDataset } from './dataset';
import { login, startServer } from './server';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const workDir = join(root, '.tmp/bench');
const args = process.argv.slice(2);
const valuesOf = (flag: string) => args.flatMap((a, i) => (a === flag && args[i + 1] ? [args[i + 1]] : []));
const runs = Number(valuesOf('--runs')[0] ?? 5);
const dists = valuesOf('--dist').length ? valuesOf('--dist') : ['dist'];
const basePort = Number(valuesOf('--port')[0] ?? process.env.E2E_PORT ?? 4302);
const screenPath = valuesOf('--path')[0] ?? '/';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : Math.round((s[s.length / 2 - 1] + s[s.length / 2]) / 2);
};

/** The heavy user's 50,000-activity data, generated once and reused (a copy per server, as servers write sessions). */
async function data() {
  const path = join(workDir, 'phone-50000.db');
  if (!existsSync(path)) {
    mkdirSync(workDir, { recursive: true });
    const summary = await generateDataset({ path, activities: 50_000 });
    console.error(`generated ${path} in ${summary.ms} ms`);
  }
  return path;
}

function copyFor(path: string, index: number) {
  const copy = path.replace(/\.db$/, `-${index}.db`);
  for (const end of ['', '-wal', '-shm']) rmSync(copy + end, { force: true });
  copyFileSync(path, copy);
  return `file:${copy}`;
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { url?: string; frame?: string } };
}

interface ProfileNode {
  id: number;
  callFrame: { url: string; functionName: string };
  children?: number[];
}

/**
 * One cold run recorded with Chrome's tracing and V8's sampling profiler: main-thread tasks summed by kind, the
 * scripts' compile and evaluation, long tasks, and JavaScript self time by file (node_modules folded by package).
 */
async function traced(browser: Browser, base: string, cookie: { name: string; value: string }) {
  const context = await browser.newContext(MOBILE);
  await context.addCookies([
    { ...cookie, url: base },
    { name: 'tz', value: 'UTC', url: base },
  ]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (e) => events.push(...(e.value as unknown as TraceEvent[])));
  const finished = new Promise<void>((done) => cdp.once('Tracing.tracingComplete', () => done()));
  await cdp.send('Tracing.start', { categories: 'toplevel,devtools.timeline,v8.execute,v8,blink.user_timing,loading', transferMode: 'ReportEvents' });
  // The sampling profiler slows the throttled page down by about a third: only on request.
  const profiling = args.includes('--profile');
  if (profiling) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
    await cdp.send('Profiler.start');
  }
  await page.goto(`${base}/`, { waitUntil: 'commit' });
  await page.locator('[data-testid="stat-value"]').nth(3).filter({ hasText: /\d/ }).waitFor({ timeout: 60_000 });
  const profile = profiling ? (await cdp.send('Profiler.stop')).profile : { nodes: [], samples: [], timeDeltas: [] };
  await cdp.send('Tracing.end');
  await finished;
  await context.close();
  if (process.env.PHONE_TRACE_FILE) writeFileSync(process.env.PHONE_TRACE_FILE, JSON.stringify({ events, profile }));

  const navigation = events.find((e) => e.name === 'navigationStart' && events.some((p) => p.name === 'ParseHTML' && p.pid === e.pid && p.tid === e.tid));
  const origin = navigation?.ts ?? Math.min(...events.map((e) => e.ts));
  const onMain = events.filter((e) => e.pid === navigation?.pid && e.tid === navigation?.tid && e.ph === 'X' && e.dur && e.ts >= origin);
  const top = onMain.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const sum = (name: string) => Math.round(onMain.filter((e) => e.name === name).reduce((s, e) => s + e.dur!, 0) / 1000);
  const kinds = [
    'v8.compileModule',
    'v8.evaluateModule',
    'v8.compile',
    'FunctionCall',
    'TimerFire',
    'RunMicrotasks',
    'ParseHTML',
    'UpdateLayoutTree',
    'Layout',
    'PrePaint',
    'Paint',
    'Layerize',
    'MinorGC',
    'MajorGC',
  ];
  const busy = Math.round(top.reduce((s, e) => s + e.dur!, 0) / 1000);
  const scripts = onMain
    .filter((e) => (e.name === 'v8.evaluateModule' || e.name === 'v8.compileModule') && e.dur! > 2000)
    .map((e) => `${e.name} at ${Math.round((e.ts - origin) / 1000)} for ${Math.round(e.dur! / 1000)} ms ${(e.args?.data?.url ?? '').replace(base, '')}`);
  const long = top.filter((e) => e.dur! > 50_000).map((e) => `${Math.round((e.ts - origin) / 1000)}+${Math.round(e.dur! / 1000)}`);

  // Self time per profile node from the samples, then folded by file (packages under node_modules by name).
  const nodes = new Map<number, ProfileNode>((profile.nodes as ProfileNode[]).map((n) => [n.id, n]));
  const selfMs = new Map<string, number>();
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    const frame = nodes.get(id)!.callFrame;
    const url = frame.url.replace(base, '');
    const key = url ? url.replace(/^.*\/assets\//, '').replace(/-[\w-]{8}\.js$/, '.js') : `(${frame.functionName || 'program'})`;
    selfMs.set(key, (selfMs.get(key) ?? 0) + (deltas[i + 1] ?? 0) / 1000);
  });
  const byFile = [...selfMs].sort((a, b) => b[1] - a[1]).slice(0, 12);
  return { busy, byKind: kinds.map((k) => [k, sum(k)] as const), scripts, long, byFile };
}

async function main() {
  const path = await data();
  const servers = [];
  for (const [i, dist] of dists.entries()) {
    // A build from another checkout (a worktree's dist/) runs with that checkout's server beside it: since issue 32 the
    // server renders the first screen, so an older client alone would not be that build.
    const ownServer = join(dirname(resolve(root, dist)), 'dist-server/main.js');
    const entry = resolve(root, dist) !== resolve(root, 'dist') && existsSync(ownServer) ? ownServer : undefined;
    const server = await startServer('app', copyFor(path, i), basePort + 100 * i, { env: { STATIC_DIR: resolve(root, dist) }, entry });
    servers.push({ dist, server, cookie: await login(server.base), runs: [] as DashboardRun[] });
  }
  const browser = await launchBrowser();
  try {
    // One unmeasured visit each, so no build pays for its server's first-request JIT.
    if (runs > 0) for (const s of servers) await coldDashboard(browser, s.server.base, s.cookie, screenPath);
    for (let i = 0; i < runs; i++)
      for (const s of servers) {
        const run = await coldDashboard(browser, s.server.base, s.cookie, screenPath);
        s.runs.push(run);
        console.log(
          `run ${i + 1} ${s.dist}: data painted ${run.dataPaintedMs} ms (in the document ${run.dataShownMs} ms, FCP ${run.firstContentfulPaintMs} ms, LCP ${run.largestContentfulPaintMs} ms, interactive ${run.interactiveMs} ms, JS ${(run.jsBytes / 1000).toFixed(1)} kB on the wire)`,
        );
      }
    console.log('');
    for (const s of servers) {
      const times = s.runs.map((r) => r.dataPaintedMs);
      const of = (pick: (r: DashboardRun) => number | null) => median(s.runs.map((r) => pick(r) ?? 0));
      console.log(
        `${s.dist} ${screenPath}: data painted median ${median(times)} ms (${times.join(', ')}); FCP median ${of((r) => r.firstContentfulPaintMs)} ms; LCP median ${of((r) => r.largestContentfulPaintMs)} ms; interactive median ${of((r) => r.interactiveMs)} ms`,
      );
    }
    if (args.includes('--waterfall'))
      for (const s of servers) {
        const mid = median(s.runs.map((r) => r.dataPaintedMs));
        const run = s.runs.reduce((best, r) => (Math.abs(r.dataPaintedMs - mid) < Math.abs(best.dataPaintedMs - mid) ? r : best));
        console.log(`\n${s.dist} waterfall (run at ${run.dataShownMs} ms):`);
        for (const t of [...run.waterfall].sort((a, b) => a.start - b.start))
          console.log(
            `  ${String(t.start).padStart(5)} → ${String(t.end).padStart(5)}  ${(t.bytes / 1000).toFixed(1).padStart(6)} kB  ${t.type.padEnd(10)} ${decodeURIComponent(t.url)}`,
          );
      }
    if (args.includes('--trace'))
      for (const s of servers) {
        const t = await traced(browser, s.server.base, s.cookie);
        console.log(`\n${s.dist} trace: main thread busy ${t.busy} ms; long tasks (start+ms): ${t.long.join(', ')}`);
        console.log(
          `  ms by kind: ${t.byKind
            .filter(([, ms]) => ms > 0)
            .map(([k, ms]) => `${k} ${ms}`)
            .join(' · ')}`,
        );
        console.log(`  JS self ms by file (sampled): ${t.byFile.map(([k, ms]) => `${k} ${Math.round(ms)}`).join(' · ')}`);
        for (const line of t.scripts) console.log(`  ${line}`);
      }
    const out = join(workDir, 'phone-results.json');
    writeFileSync(
      out,
      JSON.stringify(
        servers.map((s) => ({ dist: s.dist, runs: s.runs })),
        null,
        2,
      ),
    );
  } finally {
    await browser.close();
    for (const s of servers) await s.server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
