// Which host names the server answers to (DNS rebinding), and whose writes it takes: the whole origin, scheme and port.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestFrom, signedInClient, startServer, type TestServer } from './harness';

let server: TestServer;
let port: string;
beforeAll(async () => {
  server = await startServer({ PUBLIC_URL: 'https://sower.example', ALLOWED_HOSTS: 'intranet.example' });
  port = new URL(server.baseUrl).port;
});
afterAll(() => server.close());

const get = (path: string, headers: Record<string, string>) => requestFrom('127.0.0.1', server.baseUrl, 'GET', path, undefined, headers);

describe('host names', () => {
  it.each([['evil.example'], ['evil.example:80'], [`evil.example@127.0.0.1:${'$PORT'}`], ['127.0.0.1.evil.example'], ['localhost.'.repeat(2)]])(
    'refuses Host %s with 400 on the API, tRPC and the client',
    async (host) => {
      for (const path of ['/api/auth/me', '/trpc/auth.me', '/', '/login']) {
        const res = await get(path, { Host: host.replace('$PORT', port) });
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ message: 'Unknown host', code: 'BAD_REQUEST' });
      }
    },
  );

  it.each([
    [`localhost:${'$PORT'}`],
    [`127.0.0.1:${'$PORT'}`],
    ['127.9.8.7'],
    [`[::1]:${'$PORT'}`],
    ['app.localhost'],
    ['sower.example'],
    ['SOWER.example:443'],
    ['intranet.example'],
  ])('answers Host %s (loopback or configured)', async (host) => {
    expect((await get('/api/auth/me', { Host: host.replace('$PORT', port) })).status).toBe(401);
  });

  it('answers the health check whatever the host, since a load balancer may ask by address', async () => {
    expect((await get('/healthz', { Host: '10.0.0.5:3000' })).status).toBe(200);
  });

  it('lets a configured host sign in and read, and still refuses a rebound name with the same cookie', async () => {
    const { client } = await signedInClient(server, 'rebound');
    expect((await get('/api/auth/me', { Host: 'sower.example', Cookie: client.cookie })).status).toBe(200);
    expect((await get('/api/auth/me', { Host: 'evil.example', Cookie: client.cookie })).status).toBe(400);
  });
});

describe('origins of writes', () => {
  const createContact = async (headers: Record<string, string>) => {
    const { client } = await signedInClient(server, 'origin');
    return requestFrom('127.0.0.1', server.baseUrl, 'POST', '/api/contacts', { name: 'Cornelius' }, { Cookie: client.cookie, ...headers });
  };

  it('accepts its own origin, scheme, host and port alike', async () => {
    expect((await createContact({ Origin: `http://127.0.0.1:${port}` })).status).toBe(201);
    expect((await createContact({ Host: `localhost:${port}`, Origin: `http://localhost:${port}` })).status).toBe(201);
  });

  it.each([
    ['another scheme', () => `https://127.0.0.1:${port}`],
    ['another port', () => `http://127.0.0.1:${Number(port) + 1}`],
    ['another loopback name', () => `http://localhost:${port}`],
    ['a look-alike host', () => `http://127.0.0.1.evil.example:${port}`],
    ['null', () => 'null'],
  ])('refuses a write from %s with 403', async (_, origin) => {
    const res = await createContact({ Origin: origin() });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Cross-origin request refused', code: 'FORBIDDEN' });
  });

  it('accepts the public URL, and a Referer of the own origin', async () => {
    expect((await createContact({ Host: 'sower.example', Origin: 'https://sower.example' })).status).toBe(201);
    expect((await createContact({ Referer: `http://127.0.0.1:${port}/contacts` })).status).toBe(201);
    expect((await createContact({ Referer: `https://127.0.0.1:${port}/contacts` })).status).toBe(403);
  });

  it('reads the scheme from a trusted proxy', async () => {
    const proxied = await startServer({ TRUST_PROXY: 'true' });
    try {
      const { client } = await signedInClient(proxied, 'proxied');
      const proxiedPort = new URL(proxied.baseUrl).port;
      const send = (origin: string) =>
        requestFrom(
          '127.0.0.1',
          proxied.baseUrl,
          'POST',
          '/api/contacts',
          { name: 'Lydia' },
          { Cookie: client.cookie, 'X-Forwarded-Proto': 'https', Origin: origin },
        );
      expect((await send(`https://127.0.0.1:${proxiedPort}`)).status).toBe(201);
      expect((await send(`http://127.0.0.1:${proxiedPort}`)).status).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});
