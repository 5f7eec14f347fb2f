// Memory: VmRSS of the app server (and of the floor, for comparison), sampled every 200 ms, the peak kept per phase.
import { rssMb } from './server';

export const rss = {
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
