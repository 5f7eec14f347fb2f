// An open-loop load: requests started at even intervals of a fixed arrival rate, whatever the server's pace, each timed
// from the moment it was due (not from when a connection was free), so a server that falls behind shows it in the
// latencies instead of quietly receiving fewer requests. autocannon's rate options are not this: each connection sends
// its quota back to back at the start of every second, which measures a burst queue.
import { Agent, request } from 'node:http';

export interface OpenLoopResult {
  /** Arrivals per second asked for, and sent. */
  rate: number;
  sent: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
}

/**
 * Sends `paths` (one arrival is the whole sequence, in turn: a screen that needs two requests) at `rate` arrivals per
 * second for `seconds`, over keep-alive connections opened as needed.
 */
export async function openLoop(base: string, paths: string[], headers: Record<string, string>, rate: number, seconds: number): Promise<OpenLoopResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: Infinity });
  const url = new URL(base);
  const get = (path: string) =>
    new Promise<boolean>((resolve) => {
      const req = request({ host: url.hostname, port: url.port, path, headers, agent }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode === 200));
        res.on('error', () => resolve(false));
      });
      req.on('error', () => resolve(false));
      req.end();
    });
  const total = Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const latencies: number[] = [];
  let errors = 0;
  const inFlight: Promise<void>[] = [];
  const started = performance.now();
  for (let i = 0; i < total; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    inFlight.push(
      (async () => {
        let ok = true;
        for (const path of paths) ok = (await get(path)) && ok;
        if (!ok) errors++;
        latencies.push(performance.now() - due);
      })(),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] * 10) / 10;
  return { rate: Math.round(rate * 10) / 10, sent: total, p50: at(0.5), p99: at(0.99), max: at(1), errors };
}
