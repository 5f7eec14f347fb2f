// Where the app server spends its CPU on one endpoint: runs dist-server/main.js under --cpu-prof, drives the endpoint
// with autocannon for a few seconds as the heavy user, and prints self time by package and the top functions.
// Usage: tsx bench/profile.ts [path] [--post '{"json":"body"}'] [--db .tmp/bench/bench-50000.db] [--seconds 5] [--floor]
// (--floor profiles bench/floor.ts instead, to compare where the two spend their time; --inclusive f,g prints the
// share of busy time spent inside functions of those names; --top N lists N functions; --stacks f the paths to f)
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { BENCH_PASSWORD, HEAVY_USERNAME } from './dataset';

const args = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const path = args[0] && !args[0].startsWith('--') ? args[0] : '/api/contacts?limit=50';
const body = option('post');
const source = resolve(option('db') ?? '.tmp/bench/bench-50000.db');
const seconds = Number(option('seconds') ?? 5);
if (!existsSync(source)) throw new Error(`${source} not found: run tsx bench/dataset.ts --activities 50000 first`);

const dir = mkdtempSync(join(tmpdir(), 'sower-profile-'));
const db = join(dir, 'profile.db');
copyFileSync(source, db);
const port = 3899;
const base = `http://127.0.0.1:${port}`;
const entry = args.includes('--floor') ? ['--import', 'tsx', 'bench/floor.ts'] : ['dist-server/main.js'];
const server = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${dir}`, ...entry], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `file:${db}`,
    LOG_REQUESTS: 'false',
    LOGIN_LIMIT_PER_ADDRESS: '100000000',
  },
  stdio: 'ignore',
});
try {
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      if (tries > 200) throw new Error('server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username: HEAVY_USERNAME, password: BENCH_PASSWORD }),
  });
  const cookie = login.headers.getSetCookie()[0].split(';')[0];
  const headers: Record<string, string> = { cookie, ...(body ? { 'content-type': 'application/json', origin: base } : {}) };
  const result = await autocannon({ url: base + path, method: body ? 'POST' : 'GET', headers, body, connections: 10, duration: seconds });
  console.log(`${body ? 'POST' : 'GET'} ${path}: ${result.requests.average} req/s at 10 connections, p50 ${result.latency.p50} ms`);
} finally {
  await new Promise<void>((done) => {
    server.once('exit', () => done());
    server.kill('SIGINT');
  });
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
if (!file) throw new Error('no profile written');
const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
const selfTime = new Map<number, number>();
profile.samples.forEach((id, i) => selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
for (const node of profile.nodes) {
  const time = selfTime.get(node.id) ?? 0;
  if (!time) continue;
  const { url, functionName, lineNumber } = node.callFrame;
  if (functionName === '(idle)') continue;
  total += time;
  const pkg =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
    (url.includes('dist-server')
      ? 'app (dist-server)'
      : url.includes('bench/floor')
        ? 'floor'
        : url.startsWith('node:')
          ? 'node core'
          : url
            ? url
            : functionName);
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + time);
  const key = `${functionName || '(anonymous)'} ${url.replace(/.*node_modules\//, '').replace(/.*dist-server\//, 'dist-server/')}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + time);
}
const top = (map: Map<string, number>, n: number) =>
  [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`)
    .join('\n');
// --inclusive a,b,c: the share of busy time spent inside (anywhere under) functions with these names.
const inclusiveNames = option('inclusive')?.split(',') ?? [];
if (inclusiveNames.length) {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const inside = new Map<string, number>(inclusiveNames.map((name) => [name, 0]));
  profile.samples.forEach((id, i) => {
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = byId.get(at)!.callFrame.functionName;
      if (inside.has(name) && !seen.has(name)) {
        seen.add(name);
        inside.set(name, inside.get(name)! + (byId.get(id)!.callFrame.functionName === '(idle)' ? 0 : (profile.timeDeltas[i] ?? 0)));
      }
    }
  });
  console.log(`\ninside (inclusive):\n${[...inside].map(([name, time]) => `${((time / total) * 100).toFixed(1).padStart(5)}%  ${name}`).join('\n')}`);
}
// --stacks name: the call paths (innermost 8 frames) that lead to functions of that name, by their time.
const stacksOf = option('stacks');
if (stacksOf) {
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const paths = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    if (byId.get(id)!.callFrame.functionName !== stacksOf) return;
    const frames: string[] = [];
    for (let at = parent.get(id); at !== undefined && frames.length < 8; at = parent.get(at)) {
      const { functionName, url, lineNumber } = byId.get(at)!.callFrame;
      frames.push(`${functionName || '(anonymous)'}@${url.replace(/.*node_modules\//, '').replace(/.*dist-server\//, '')}:${lineNumber + 1}`);
    }
    const key = frames.join(' < ');
    paths.set(key, (paths.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  console.log(`\npaths to ${stacksOf}:\n${top(paths, 8)}`);
}
console.log(
  `\nbusy CPU by package (${(total / 1e6).toFixed(1)} s busy):\n${top(byPackage, 15)}\n\ntop functions:\n${top(byFunction, Number(option('top') ?? 20))}`,
);
rmSync(dir, { recursive: true, force: true });
