// The executable sets `--heap-growing-percent=50` with v8.setFlagsFromString once it runs (server/sea/runtime.ts),
// because Node refuses it in NODE_OPTIONS. This checks that a flag set that way still steers the old generation as the
// command-line flag does `npm start`: a workload whose objects live through a few scavenges, then die, is collected
// more often and peaks lower than with V8's default growing.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const execute = promisify(execFile);
const workload = `
const v8 = require('node:v8');
const { PerformanceObserver, constants } = require('node:perf_hooks');
if (process.env.SET_AT_START) v8.setFlagsFromString('--heap-growing-percent=50');
let major = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) if (entry.detail.kind === constants.NODE_PERFORMANCE_GC_MAJOR) major++;
}).observe({ entryTypes: ['gc'] });
const kept = [];
for (let i = 0; i < 600000; i++) kept.push({ a: i, b: 'x' + i });
const ring = new Array(200);
let peak = 0;
for (let i = 0; i < 4000; i++) {
  const batch = [];
  for (let j = 0; j < 1000; j++) batch.push({ j, s: 'y' + j });
  ring[i % 200] = batch;
  if (i % 50 === 0) peak = Math.max(peak, v8.getHeapStatistics().total_heap_size);
}
setTimeout(() => console.log(JSON.stringify({ major, peak })), 10);
`;

async function run(flags: string[], env: Record<string, string> = {}) {
  const { stdout } = await execute(process.execPath, [...flags, '-e', workload], { env: { ...process.env, ...env } });
  return JSON.parse(stdout) as { major: number; peak: number };
}

describe('--heap-growing-percent set at start', () => {
  it('collects the old generation as the command-line flag does, more often than the default', async () => {
    const [byDefault, onCommandLine, atStart] = await Promise.all([run([]), run(['--heap-growing-percent=50']), run([], { SET_AT_START: '1' })]);
    expect(atStart.major).toBeGreaterThanOrEqual(byDefault.major * 2);
    expect(atStart.peak).toBeLessThan(byDefault.peak * 0.75);
    expect(Math.abs(atStart.major - onCommandLine.major)).toBeLessThanOrEqual(Math.max(2, onCommandLine.major / 4));
  }, 30_000);
});
