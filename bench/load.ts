// Load on one server: requests one at a time, 50 connections under autocannon (CPU per request, the event loop's
// longest hold), the drain of what a run left queued, and the open loop at a fixed arrival rate.
import autocannon from 'autocannon';
import type { BenchEndpoint as Endpoint } from './endpoints';
import { rss } from './memory';
import { openLoop, type OpenLoopResult } from './openloop';
import { CLOCK_TICKS, cpuTicks, sleep, type Server } from './server';
import { CONNECTIONS, debug, DURATION, log, MAX_DURATION, WARMUP } from './settings';

export interface Measured {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
  bytesPerResponse: number;
  /** Median latency of requests sent one at a time on an idle server: the cost of one request. */
  serialMs?: number;
  /** Seconds the load ran (longer for saturated endpoints). */
  seconds?: number;
  /**
   * The server's CPU time per request under load (utime + stime over the run and the drain of what it left queued, ÷
   * requests sent): what the endpoint costs, far less moved than req/s by whatever else runs on the machine.
   */
  cpuMs?: number;
  /** The longest the app's event loop was held during the run (null for the floor). */
  loopMaxMs?: number | null;
}

function headersFor(server: Server, endpoint: Endpoint, cookie: string | null) {
  const headers: Record<string, string> = {};
  if (cookie && !endpoint.anonymous) headers.cookie = cookie;
  if (endpoint.method === 'POST') {
    headers['content-type'] = 'application/json';
    headers.origin = server.base;
  }
  return headers;
}

export async function load(
  server: Server,
  endpoint: Endpoint,
  cookie: string | null,
  seconds: number,
  connections = CONNECTIONS,
): Promise<Measured & { sent: number }> {
  const headers = headersFor(server, endpoint, cookie);
  const result = await autocannon({
    url: server.base + endpoint.path,
    method: endpoint.method ?? 'GET',
    headers,
    body: endpoint.body,
    ...(endpoint.sequence ? { requests: endpoint.sequence.map((path) => ({ method: 'GET' as const, path, headers })) } : {}),
    connections,
    duration: seconds,
    timeout: 60,
  });
  return {
    rps: Math.round(result.requests.average * 10) / 10,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytesPerResponse: result.requests.total ? Math.round(result.throughput.total / result.requests.total) : 0,
    seconds,
    sent: result.requests.sent,
  };
}

/**
 * Waits until the server has finished the requests a load left in flight (autocannon stops counting at the end of
 * its run, but the server still answers what was queued): until it uses no CPU for 200 ms.
 */
export async function drain(server: Server) {
  const started = Date.now();
  try {
    await waitIdle(server);
  } finally {
    if (debug && Date.now() - started > 500) log(`  (${server.name} drained in ${Date.now() - started} ms)`);
  }
}

async function waitIdle(server: Server) {
  const pid = server.process.pid!;
  const deadline = Date.now() + 90_000;
  let last = cpuTicks(pid);
  while (Date.now() < deadline) {
    await sleep(200);
    const now = cpuTicks(pid);
    if (now - last <= 1) return;
    last = now;
  }
  log(`  warning: ${server.name} still busy after 90 s`);
}

/** Requests one at a time (5 to 45, for up to 1.5 s): the median is the cost of one request on an idle server. */
export async function serial(server: Server, endpoint: Endpoint, cookie: string | null) {
  let times: number[] = [];
  const until = performance.now() + 1500;
  // Up to 45 (the first 5 only warm up once there are 15): a cheap endpoint's 2-3 ms median is otherwise moved by
  // whatever else briefly runs on the machine, which made the growth ratios jump between runs.
  while (times.length < 45 && (times.length < 5 || performance.now() < until)) {
    const started = performance.now();
    for (const path of endpoint.sequence ?? [endpoint.path]) {
      const res = await fetch(server.base + path, { method: endpoint.method ?? 'GET', headers: headersFor(server, endpoint, cookie), body: endpoint.body });
      await res.arrayBuffer();
    }
    times.push(performance.now() - started);
  }
  if (times.length >= 15) times = times.slice(5);
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length / 2)] * 100) / 100;
}

/**
 * One endpoint on one server: its one-at-a-time cost, then 50 connections. A cheap endpoint gets a warm-up run; a
 * saturated one (50 × its cost over a second) gets a longer run instead, since a warm-up would leave a queue behind.
 */
export async function measure(server: Server, endpoint: Endpoint, cookie: string | null, seconds = DURATION, connections = CONNECTIONS, cap = MAX_DURATION) {
  rss.phase = `${server.name}:${endpoint.key}`;
  await drain(server);
  const serialMs = await serial(server, endpoint, cookie);
  const queueMs = connections * serialMs;
  let duration = seconds;
  if (queueMs <= 1000) {
    if (WARMUP > 0) await load(server, endpoint, cookie, WARMUP, connections);
    await drain(server);
  } else duration = Math.min(cap, Math.max(seconds, Math.ceil((2.5 * queueMs) / 1000)));
  await server.loopDelay();
  const ticksBefore = cpuTicks(server.process.pid!);
  const result = await load(server, endpoint, cookie, duration, connections);
  await drain(server);
  const loopMaxMs = (await server.loopDelay())?.maxMs ?? null;
  const cpuMs = Math.round((((cpuTicks(server.process.pid!) - ticksBefore) * 1000) / CLOCK_TICKS / Math.max(1, result.sent)) * 100) / 100;
  if (debug)
    log(
      `  ${server.name} ${endpoint.key}: 1-conn ${serialMs} ms, ${duration} s at ${connections} connections: ${result.requests} requests, p50 ${result.p50} ms`,
    );
  await drain(server);
  if (result.non2xx || result.errors) log(`  warning: ${server.name} ${endpoint.key}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { ...result, serialMs, cpuMs, loopMaxMs };
}

/**
 * The app at a fixed arrival rate of half the floor's capacity for the endpoint (its req/s at 50 connections; for a
 * screen of two requests, half its screens/s), requests started at even intervals (bench/openloop.ts).
 */
export async function paced(server: Server, endpoint: Endpoint, cookie: string, floorRps: number): Promise<OpenLoopResult & { loopMaxMs: number | null }> {
  const paths = endpoint.sequence ?? [endpoint.path];
  const rate = floorRps / paths.length / 2;
  rss.phase = `${server.name}:${endpoint.key}:open`;
  await drain(server);
  await server.loopDelay();
  const result = await openLoop(server.base, paths, { cookie }, rate, DURATION);
  await drain(server);
  return { ...result, loopMaxMs: (await server.loopDelay())?.maxMs ?? null };
}
