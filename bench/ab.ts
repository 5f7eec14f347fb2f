// `npm run bench:ab -- A.js B.js [endpoint keys]`: two builds of the server (dist-server/main.js copied aside before and
// after a change) on copies of the same data, measured in alternation so that whatever else the machine does moves both
// alike. Each round sends a burst of requests one at a time to A, then to B (the order swapped every round), and reads
// each server's CPU time for its burst; the medians over the rounds are the cost of one request. The ratio is of the
// times per request (a client's view, in µs); CPU time is read in 10 ms ticks, too coarse for a ratio of small bursts.
// Made for decisions where a 10 % difference matters (decision 021) on machines where req/s under load moves ±30 %.
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateDataset } from './dataset';
import { burst, copyOf, login, startServer } from './server';
import { endpointsFor } from './endpoints';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const workDir = join(root, '.tmp/bench');
const [entryA, entryB, keysArg] = process.argv.slice(2);
if (!entryA || !entryB) {
  console.error('usage: npm run bench:ab -- <server A .js> <server B .js> [key,key,…] (both in dist-server/, beside the migrations path main.js uses)');
  process.exit(2);
}
const ROUNDS = 24;
const BURST = 40;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  mkdirSync(workDir, { recursive: true });
  const data = await generateDataset({ path: join(workDir, 'bench-50000.db'), activities: 50_000 });
  const a = await startServer('app', copyOf(data, 'ab-a'), 3821, { entry: entryA });
  const b = await startServer('app', copyOf(data, 'ab-b'), 3822, { entry: entryB });
  a.name = 'A';
  b.name = 'B';
  const cookies = { A: (await login(a.base)).header, B: (await login(b.base)).header };
  const keys = keysArg?.split(',');
  const list = endpointsFor(data.sampleContactId).filter((e) => e.read && (!keys || keys.includes(e.key)));
  console.log(`| endpoint | A ms | B ms | A CPU ms | B CPU ms | B ÷ A (median of ${ROUNDS} rounds) | B ÷ A, middle half of rounds |`);
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const endpoint of list) {
    const rows: Record<'A' | 'B', { wallMs: number; cpuMs: number }[]> = { A: [], B: [] };
    await burst(a, cookies.A, endpoint, BURST);
    await burst(b, cookies.B, endpoint, BURST);
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? ([b, a] as const) : ([a, b] as const);
      for (const server of order) rows[server.name as 'A' | 'B'].push(await burst(server, cookies[server.name as 'A' | 'B'], endpoint, BURST));
    }
    const ratios = rows.A.map((r, i) => rows.B[i].wallMs / r.wallMs).sort((x, y) => x - y);
    const mid = ratios.slice(Math.floor(ROUNDS / 4), Math.ceil((3 * ROUNDS) / 4));
    const f = (x: number) => x.toFixed(2);
    console.log(
      `| ${endpoint.label} | ${f(median(rows.A.map((r) => r.wallMs)))} | ${f(median(rows.B.map((r) => r.wallMs)))} | ${f(median(rows.A.map((r) => r.cpuMs)))} | ${f(median(rows.B.map((r) => r.cpuMs)))} | ${f(median(ratios))} | ${f(mid[0])}–${f(mid[mid.length - 1])} |`,
    );
  }
  await a.stop();
  await b.stop();
}

await main();
