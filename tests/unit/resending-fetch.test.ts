// The API tests' fetch (tests/api/resend.ts) against a raw HTTP server that answers the first request on each
// connection and closes the connection when another request arrives on it, as a server closing an idle kept-alive
// connection does when a request meets the close.
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { fetchResending, type ResendableInit } from '../api/resend';

let server: Server;
const sockets = new Set<Socket>();
afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** A server that answers `answered(n)`-th requests on a connection (n from 1) and closes the connection on the others. */
async function start(answered: (n: number) => boolean) {
  const counts = { requests: 0, closed: 0 };
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let n = 0;
    socket.on('data', () => {
      counts.requests++;
      if (answered(++n)) socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: keep-alive\r\nKeep-Alive: timeout=60\r\n\r\nok');
      else {
        counts.closed++;
        socket.destroy();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, counts };
}

const statuses = async (send: (url: string, init: ResendableInit) => Promise<Response>, url: string, times: number) => {
  const seen: (number | string)[] = [];
  for (let i = 0; i < times; i++) {
    try {
      const res = await send(url, i % 2 ? { method: 'POST', body: `request ${i}` } : {});
      seen.push(`${res.status} ${await res.text()}`);
    } catch (error) {
      seen.push(String((error as { cause?: { code?: string } }).cause?.code));
    }
  }
  return seen;
};

it('plain fetch fails where a kept connection is closed under a request (the case the harness resends)', async () => {
  const { url, counts } = await start((n) => n === 1);
  const seen = await statuses(fetch, url, 6);
  expect(counts.closed).toBeGreaterThan(0);
  expect(seen).toContain('UND_ERR_SOCKET');
});

it('sends a request again when the kept connection it went out on was closed without an answer, until one answers', async () => {
  const { url, counts } = await start((n) => n === 1);
  expect(await statuses(fetchResending, url, 6)).toEqual(Array(6).fill('200 ok'));
  expect(counts.closed).toBeGreaterThan(0);
});

it('does not send again a request whose new connection was closed without an answer', async () => {
  const { url, counts } = await start(() => false);
  expect(await statuses(fetchResending, url, 1)).toEqual(['UND_ERR_SOCKET']);
  expect(counts.requests).toBe(1);
});
