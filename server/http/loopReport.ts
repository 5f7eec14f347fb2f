// For `npm run bench` (docs/performance.md): with LOOP_DELAY_REPORT=1 the process measures how long its event loop was
// held (perf_hooks.monitorEventLoopDelay, 10 ms resolution) and, on SIGUSR2, prints the longest delay and the 99th
// percentile since the last report as one JSON line, then starts again. Off unless asked for: nothing is measured.
import { monitorEventLoopDelay } from 'node:perf_hooks';

export function reportLoopDelayOnSignal() {
  if (process.env.LOOP_DELAY_REPORT !== '1') return;
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  process.on('SIGUSR2', () => {
    const ms = (ns: number) => Math.round(ns / 1e4) / 100;
    console.log(JSON.stringify({ level: 'info', loopDelay: { maxMs: ms(histogram.max), p99Ms: ms(histogram.percentile(99)) } }));
    histogram.reset();
  });
}
