// An idle keep-alive connection stays usable past Node's 5 s default (server/http/app.ts): reused after 6 s, it answers
// instead of being closed under the client's request (ECONNRESET, seen in CI).
import { Agent, get } from 'node:http';
import { expect, it } from 'vitest';
import { serverForFile } from './harness';

const server = serverForFile();

it('keeps an idle connection open for a request 6 s later', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const ask = () =>
    new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
      const req = get(`${server.baseUrl}/healthz`, { agent }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
      });
      req.on('error', reject);
    });
  expect(await ask()).toEqual({ status: 200, reused: false });
  await new Promise((resolve) => setTimeout(resolve, 6_000));
  expect(await ask()).toEqual({ status: 200, reused: true });
  agent.destroy();
}, 15_000);
