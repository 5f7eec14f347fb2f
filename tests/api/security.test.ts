// Attacks on the front door: brute force limits, response headers, cross-origin writes over tRPC.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signedInClient, startServer, type TestServer } from './harness';

let server: TestServer;
beforeAll(async () => {
  server = await startServer({ LOGIN_LIMIT_PER_ADDRESS: '30' });
});
afterAll(() => server.close());

describe('login limits', () => {
  it('answers 429 with Retry-After after 10 failed logins for one username, even with the right password', async () => {
    const { user } = await signedInClient(server, 'target');
    const attacker = new ApiClient(server.baseUrl);
    for (let i = 0; i < 10; i++) expect((await attacker.post('/api/auth/login', { username: user.username, password: `guess-${i}` })).status).toBe(401);
    const blocked = await attacker.post('/api/auth/login', { username: user.username, password: 'correct horse battery' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: 'Too many attempts. Please try again later.', code: 'TOO_MANY_REQUESTS' });
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
  });

  it('clears the username counter after a successful login', async () => {
    const { user } = await signedInClient(server, 'forgetful');
    const client = new ApiClient(server.baseUrl);
    for (let i = 0; i < 9; i++) await client.post('/api/auth/login', { username: user.username, password: 'nope' });
    expect((await client.post('/api/auth/login', { username: user.username, password: 'correct horse battery' })).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await client.post('/api/auth/login', { username: user.username, password: 'nope' })).status).toBe(401);
  });

  it('limits failed logins per client address across usernames', async () => {
    const client = new ApiClient(server.baseUrl);
    let last = 0;
    for (let i = 0; i < 35 && last !== 429; i++) last = (await client.post('/api/auth/login', { username: `ghost${i}`, password: 'whatever1' })).status;
    expect(last).toBe(429);
  });

  it('limits registrations per client address', async () => {
    const fresh = await startServer({ REGISTER_LIMIT_PER_ADDRESS: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await new ApiClient(fresh.baseUrl).post('/api/auth/register', {
          username: `many${i}`,
          email: `many${i}@example.com`,
          password: 'longenough1',
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([201, 201, 429]);
      const rows = await fresh.database.readerClient.execute("select count(*) as n from users where username_key <> '(former member)'");
      expect(Number(rows.rows[0].n)).toBe(2);
    } finally {
      await fresh.close();
    }
  });
});

describe('response headers', () => {
  it('sends a strict CSP and the hardening headers on API answers', async () => {
    const res = await new ApiClient(server.baseUrl).get('/api/auth/me');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('adds HSTS when served over HTTPS behind a trusted proxy', async () => {
    const proxied = await startServer({ TRUST_PROXY: 'true' });
    try {
      const res = await new ApiClient(proxied.baseUrl).request('GET', '/healthz', undefined, { 'X-Forwarded-Proto': 'https' });
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    } finally {
      await proxied.close();
    }
  });
});

describe('cross-origin writes over tRPC', () => {
  it('refuses a tRPC mutation from another origin with 403 and writes nothing', async () => {
    const { client } = await signedInClient(server, 'csrf');
    const res = await client.request('POST', '/trpc/contacts.create', { json: { name: 'Forged' } }, { Origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    const rows = await server.database.readerClient.execute("select count(*) as n from contacts where name = 'Forged'");
    expect(Number(rows.rows[0].n)).toBe(0);
  });

  it('refuses a write whose Referer is another site when Origin is missing', async () => {
    const { client } = await signedInClient(server, 'referer');
    const res = await client.request('POST', '/api/contacts', { name: 'Forged' }, { Referer: 'https://evil.example/page' });
    expect(res.status).toBe(403);
  });

  it('accepts a tRPC mutation from the same origin', async () => {
    const { client } = await signedInClient(server, 'sameorigin');
    const res = await client.request('POST', '/trpc/contacts.create', { json: { name: 'Genuine' } }, { Origin: server.baseUrl });
    expect(res.status).toBe(200);
    expect(res.body.result.data.json.name).toBe('Genuine');
  });
});
