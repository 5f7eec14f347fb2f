// `npx tsx bench/first-screen.ts`: what a server-rendered first screen costs the server (issue 32), for the heavy
// user of the bench's data: the dashboard's HTML against what a visit cost before it (the plain index.html, then the
// session check, then the dashboard's batch), and each list's first screen. One at a time: the wall time and the CPU
// time of one request, and the event loop's longest delay during them; then an open-loop load at a fixed arrival
// rate (p50, p99); the server's RSS at the end. Run after `npm run build`.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDataset } from './dataset';
import { dashboardPaths } from './endpoints';
import { openLoop } from './openloop';
import { CLOCK_TICKS, copyOf, cpuTicks, login, rssMb, startServer, type Server } from './server';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const workDir = join(root, '.tmp/bench');
const BURST = 40;
const RATE = Number(process.argv[2] ?? 10);
const SECONDS = 10;

async function oneAtATime(server: Server, headers: Record<string, string>, paths: string[]) {
  const pid = server.process.pid!;
  await server.loopDelay();
  const ticks = cpuTicks(pid);
  const times: number[] = [];
  for (let i = 0; i < BURST; i++) {
    const started = performance.now();
    for (const path of paths) {
      const res = await fetch(server.base + path, { headers });
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      await res.arrayBuffer();
    }
    times.push(performance.now() - started);
  }
  const cpuMs = ((cpuTicks(pid) - ticks) * 1000) / CLOCK_TICKS / BURST;
  const loopMaxMs = (await server.loopDelay())?.maxMs ?? null;
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], cpuMs, loopMaxMs };
}

async function main() {
  mkdirSync(workDir, { recursive: true });
  const data = await generateDataset({ path: join(workDir, 'bench-50000.db'), activities: 50_000 });
  const server = await startServer('app', copyOf(data, 'first-screen'), 3831, { env: { STATIC_DIR: join(root, 'dist') } });
  try {
    const cookie = (await login(server.base)).header;
    const headers = { cookie: `${cookie}; tz=UTC`, 'accept-encoding': 'br' };
    const plain = { cookie, 'accept-encoding': 'br' };
    const { session, batch } = dashboardPaths();
    const rows: [string, Record<string, string>, string[]][] = [
      ['before: /index.html, then auth.me, then the dashboard batch', plain, ['/index.html', session, batch]],
      ['the dashboard, rendered (GET /)', headers, ['/']],
      ['contacts, rendered', headers, ['/contacts']],
      ['follow-ups, rendered', headers, ['/followups']],
      ['prayer journal, rendered', headers, ['/prayer-journal']],
      ['activities, rendered', headers, ['/activities']],
      ['/login for a guest, rendered', { 'accept-encoding': 'br' }, ['/login']],
    ];
    // Warm: the renderer loads and renders every page's code once on its first request.
    for (const [, h, paths] of rows) await oneAtATime(server, h, paths);
    console.log(`| what | ms one at a time | CPU ms a request | loop's longest delay ms | open loop at ${RATE}/s: p50 / p99 ms |`);
    console.log('|---|---:|---:|---:|---:|');
    for (const [label, h, paths] of rows) {
      const one = await oneAtATime(server, h, paths);
      const open = await openLoop(server.base, paths, h, RATE, SECONDS);
      console.log(
        `| ${label} | ${one.ms.toFixed(1)} | ${one.cpuMs.toFixed(1)} | ${one.loopMaxMs ?? '-'} | ${open.p50.toFixed(1)} / ${open.p99.toFixed(1)}${open.errors ? ` (${open.errors} errors)` : ''} |`,
      );
    }
    console.log(`RSS at the end: ${rssMb(server.process.pid!)} MB`);
  } finally {
    await server.stop();
  }
}

await main();
process.exit(0);
