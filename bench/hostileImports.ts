// Hostile imports against everyone else (issue 47): four 64 MB bodies at once (the import's one running and three
// waiting), two nesting `[` past any export's depth and two a flat array under a key no import reads, each never closed,
// while /healthz is asked again and again from a process of its own. Reports each answer, the worst /healthz wait, the
// longest the server's loop was held and its resident memory before and at its peak.
// Usage: tsx bench/hostileImports.ts [--source]; also a phase of `npm run bench` and the load test tests/load/imports.test.ts.
import { readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchServer, post, probe } from './downloads';

/** The most an import reads (server/http/upload.ts): each body is exactly this long. */
const BODY_BYTES = 64_000_000;
const HEAD = '{"exportedAt":"2026-01-01T00:00:00Z","user":{"id":1},"junk":';

export interface HostileImportsResult {
  answers: { body: string; status: number; message: string }[];
  worstHealthMs: number;
  probes: number;
  loopMaxMs: number;
  rssBeforeMiB: number;
  peakRssMiB: number;
  seconds: number;
}

/** A body of exactly BODY_BYTES: the head and `opener`, then `fill` again and again. */
function bodyOf(opener: string, fill: string) {
  const body = Buffer.alloc(BODY_BYTES);
  const start = body.write(HEAD + opener);
  return body.fill(fill, start);
}

/** Resets the process's peak resident memory (Linux's VmHWM) and answers its resident memory now, in MiB. */
function resetPeakRss(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
}

const peakRss = (pid: number) => Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;

/** Sends `body` as an import from `address`; the server may answer before it has all of it. */
function upload(base: string, cookie: string, address: string, body: Buffer) {
  const url = new URL('/api/account/import/export', base);
  return new Promise<{ status: number; message: string }>((done, fail) => {
    let answered = false;
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: address,
        agent: false,
        headers: { 'Content-Type': 'application/octet-stream', 'Content-Length': String(body.length), Cookie: cookie, Origin: base },
      },
      (res) => {
        answered = true;
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk));
        res.on('end', () => {
          done({ status: res.statusCode ?? 0, message: String((JSON.parse(text) as { message?: string }).message) });
          req.destroy();
        });
      },
    );
    req.on('error', (error) => (answered ? undefined : fail(error)));
    req.end(body);
  });
}

/** Starts a server process of its own, signs four accounts in from four addresses, and sends the four bodies at once. */
export async function measureHostileImports(options: { source?: boolean; port?: number } = {}): Promise<HostileImportsResult> {
  const server = await benchServer({ source: options.source, port: options.port ?? 3814, name: 'imports' });
  try {
    const { base, pid } = server;
    const bodies = [
      ['nesting', bodyOf('', '[')],
      ['array under an unknown key', bodyOf('[', '0,')],
    ] as const;
    const senders = await Promise.all(
      Array.from({ length: 4 }, async (_, i) => ({
        cookie: (await post(base, '/api/auth/register', { username: `hostile${i}`, email: `hostile${i}@example.com`, password: 'correct horse battery' }))
          .cookie,
        address: `127.0.2.${i + 1}`,
      })),
    );
    await server.loopDelay();
    const rssBeforeMiB = resetPeakRss(pid);
    const started = performance.now();
    const prober = probe(base);
    const answers = await Promise.all(
      senders.map(async ({ cookie, address }, i) => {
        const [label, body] = bodies[i % 2];
        return { body: label, ...(await upload(base, cookie, address, body)) };
      }),
    );
    const waits = await prober.stop();
    const seconds = (performance.now() - started) / 1000;
    return {
      answers,
      worstHealthMs: Math.round(Math.max(...waits)),
      probes: waits.length,
      loopMaxMs: await server.loopDelay(),
      rssBeforeMiB: Math.round(rssBeforeMiB),
      peakRssMiB: Math.round(peakRss(pid)),
      seconds: Math.round(seconds * 10) / 10,
    };
  } finally {
    await server.stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(JSON.stringify(await measureHostileImports({ source: process.argv.includes('--source') }), null, 2));
}
