// Starting the production server (or the floor) for a bench run, signing the heavy user in to it, and timing requests to it.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BENCH_PASSWORD, HEAVY_USERNAME, type DatasetSummary } from './dataset';
import type { BenchEndpoint } from './endpoints';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** Every server this run started, so a failure midway still stops them (by their handles, nothing else). */
const started = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});

export interface Server {
  name: string;
  base: string;
  process: ChildProcess;
  stop(): Promise<void>;
  /**
   * The longest time the app's event loop was held since the last call (server/http/loopReport.ts), and the 99th
   * percentile of its delays; null for the floor, which does not report.
   */
  loopDelay(): Promise<{ maxMs: number; p99Ms: number } | null>;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Follows a server's output: `onLine` for each whole line it prints (its JSON reports), and the last 4,000 characters
 * of stdout and stderr together, to say why it failed.
 */
export function watchOutput(child: ChildProcess, onLine: (line: string) => void): () => string {
  let output = '';
  let partial = '';
  child.stdout!.on('data', (chunk) => {
    output = (output + chunk).slice(-4000);
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) onLine(line);
  });
  child.stderr!.on('data', (chunk) => (output = (output + chunk).slice(-4000)));
  return () => output;
}

/**
 * `env` adds to (or overrides) the server's environment, e.g. STATIC_DIR for another build of the client; `entry` runs
 * another build of the server (bench/ab.ts) instead of dist-server/main.js, or, when it is not a .js file, a single
 * executable (`sower serve`, tuned as deploy/sower.service tunes it, with a data directory of its own).
 */
export async function startServer(
  name: 'app' | 'floor',
  dbUrl: string,
  port: number,
  options: { env?: Record<string, string>; log?: (message: string) => void; entry?: string } = {},
): Promise<Server> {
  const log = options.log ?? ((message: string) => process.stderr.write(`${message}\n`));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: dbUrl,
    LOG_REQUESTS: 'false',
    LOGIN_LIMIT_PER_ADDRESS: '100000000',
    LOGIN_LIMIT_PER_USERNAME: '100000000',
    // As `npm start` and deploy/sower.service run it: argon2's 19 MiB buffers go back to the system after each hash.
    MALLOC_MMAP_THRESHOLD_: '131072',
    REGISTER_LIMIT_PER_ADDRESS: '100000000',
    LOOP_DELAY_REPORT: '1',
    ...options.env,
  };
  // Both with the V8 flags `npm start` and deploy/sower.service use.
  const args = [
    '--max-semi-space-size=8',
    '--heap-growing-percent=50',
    ...(name === 'app' ? [options.entry ?? 'dist-server/main.js'] : ['--import', 'tsx', 'bench/floor.ts']),
  ];
  const executable = name === 'app' && options.entry !== undefined && !options.entry.endsWith('.js');
  const child = executable
    ? spawn(resolve(root, options.entry!), ['serve'], {
        cwd: root,
        env: { ...env, NODE_OPTIONS: '--max-semi-space-size=8', SOWER_DATA_DIR: join(root, '.tmp/bench', `executable-${port}`) },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  started.add(child);
  let stopping = false;
  child.once('exit', (code, signal) => {
    started.delete(child);
    if (!stopping) log(`${name} server exited unexpectedly (${code ?? signal}):\n${output()}`);
  });
  const reports: ((line: { maxMs: number; p99Ms: number }) => void)[] = [];
  const output = watchOutput(child, (line) => {
    if (line.includes('"loopDelay"')) reports.shift()?.(JSON.parse(line).loopDelay);
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} server exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} server did not start:\n${output()}`);
    await sleep(100);
  }
  return {
    name,
    base,
    process: child,
    loopDelay: () => {
      if (name !== 'app' || child.exitCode !== null) return Promise.resolve(null);
      return new Promise((resolve) => {
        reports.push(resolve);
        child.kill('SIGUSR2');
      });
    },
    stop: () =>
      new Promise<void>((done) => {
        stopping = true;
        if (child.exitCode !== null) return done();
        const force = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(force);
          done();
        });
        child.kill('SIGTERM');
      }),
  };
}

export async function login(base: string, username = HEAVY_USERNAME) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`login at ${base} answered ${res.status}: ${await res.text()}`);
  const [name, value] = res.headers.getSetCookie()[0].split(';')[0].split('=');
  return { name, value, header: `${name}=${value}` };
}

export function rssMb(pid: number) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return Math.round(kb / 102.4) / 10;
  } catch {
    return 0;
  }
}

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
export const CLOCK_TICKS = 100;

/** CPU time (clock ticks) the process has used: utime + stime from /proc/<pid>/stat. */
export function cpuTicks(pid: number) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return 0;
  }
}

/**
 * `count` rounds of an endpoint's requests (its sequence, else its path), each sent one at a time with the session
 * cookie: the wall time and the server's CPU time of one round, in ms.
 */
export async function burst(server: Server, cookie: string, endpoint: BenchEndpoint, count: number) {
  const pid = server.process.pid!;
  const ticks = cpuTicks(pid);
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    for (const path of endpoint.sequence ?? [endpoint.path]) {
      const res = await fetch(server.base + path, { headers: { cookie } });
      if (!res.ok) throw new Error(`${server.name} ${path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    }
  }
  return { wallMs: (performance.now() - started) / count, cpuMs: ((cpuTicks(pid) - ticks) * 1000) / CLOCK_TICKS / count };
}

/** A copy of a generated database, so the floor's writes never touch the app's data and the other way round. */
export function copyOf(summary: DatasetSummary, suffix: string) {
  const path = summary.path.replace(/\.db$/, `-${suffix}.db`);
  for (const end of ['', '-wal', '-shm']) rmSync(path + end, { force: true });
  copyFileSync(summary.path, path);
  return `file:${path}`;
}
