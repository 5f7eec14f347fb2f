// The run's settings, read by every part of the bench: its flags, durations, sizes, ports and targets, and its log line.
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
export const workDir = join(root, '.tmp/bench');
export const argv = new Set(process.argv.slice(2));
export const quick = argv.has('--quick');
export const debug = argv.has('--debug');
export const only = [...argv]
  .find((a) => a.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
/** `--app=release/sower-…-linux-x64`: the single executable as the app (issue 31), instead of dist-server/main.js. */
export const appEntry = [...argv].find((a) => a.startsWith('--app='))?.slice('--app='.length);
export const DURATION = quick ? 2 : 5;
export const SCALE_DURATION = quick ? 1.5 : 3;
export const WARMUP = quick ? 0.5 : 1;
/**
 * A saturated endpoint (one request at a time costs s ms) answers 50 connections in about 50 × s ms, so its run is
 * stretched to see a few queue turns, up to these caps (seconds).
 */
export const MAX_DURATION = quick ? 4 : 8;
export const SCALE_MAX_DURATION = quick ? 3 : 5;
export const CONNECTIONS = 50;
export const SCALES = [1_000, 10_000, 100_000];
export const MAIN_SIZE = 50_000;
export const APP_PORT = 3811;
export const FLOOR_PORT = 3812;
export const benchStarted = performance.now();

export const TARGETS = {
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

export function log(message: string) {
  const seconds = ((performance.now() - benchStarted) / 1000).toFixed(0).padStart(3);
  process.stderr.write(`[${seconds}s] ${message}\n`);
}

export const SCALE_KEYS = ['stats', 'dashboard', 'activities50', 'contacts50', 'followups50', 'prayers50'];
