// Attempt limits as an attacker meets them: batches, bursts of concurrent requests, many source addresses, two processes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { createApp } from '../../server/http/app';
import { parseEnv } from '../../server/env';
import { addressKey } from '../../server/security/rateLimit';
import { ApiClient, requestFrom, serverForFile, signedInClient, startServer, type TestServer } from './harness';
import { trpcBatch } from './trpc';

const PASSWORD = 'correct horse battery';
const server = serverForFile();

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
const login = (from: string, username: string, password: string, base = server.baseUrl) =>
  requestFrom(from, base, 'POST', '/api/auth/login', { username, password });
const passwordHash = async (id: number) =>
  String((await server.database.readerClient.execute({ sql: 'select password_hash from users where id = ?', args: [id] })).rows[0].password_hash);

describe('sign-in attempts made together', () => {
  it('refuses a batch of logins outright, so no password in it is tried', async () => {
    const { user } = await signedInClient(server, 'batched');
    const attacker = new ApiClient(server.baseUrl);
    const calls = [
      ...Array.from({ length: 9 }, (_, i) => ({ path: 'auth.login', input: { username: user.username, password: `guess ${i}` } })),
      { path: 'auth.login', input: { username: user.username, password: PASSWORD } },
    ];
    const res = await trpcBatch(attacker, calls);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('Sign-in and account requests must be sent one at a time');
    expect(res.headers.getSetCookie()).toEqual([]);
    // A login mixed with a harmless read is refused the same way.
    const mixed = await trpcBatch(attacker, [
      { path: 'resources.list', input: undefined },
      { path: 'auth.login', input: { username: user.username, password: PASSWORD } },
    ]);
    expect(mixed.status).toBe(400);
    expect(attacker.cookie).toBe('');
  });

  it('tries at most 10 of 60 concurrent wrong passwords from one address, and refuses the right one after them', async () => {
    const { user } = await signedInClient(server, 'burst');
    const statuses = (await Promise.all(Array.from({ length: 60 }, (_, i) => login('127.0.10.1', user.username, `guess ${i}`)))).map((r) => r.status);
    expect(count(statuses, 401)).toBe(10);
    expect(count(statuses, 429)).toBe(50);
    const right = await login('127.0.10.1', user.username, PASSWORD);
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('evaluates at most 10 of a burst that holds the right password last', async () => {
    const { user } = await signedInClient(server, 'lastright');
    const attempts = [...Array.from({ length: 59 }, (_, i) => `guess ${i}`), PASSWORD];
    const statuses = (await Promise.all(attempts.map((password) => login('127.0.10.2', user.username, password)))).map((r) => r.status);
    expect(count(statuses, 401) + count(statuses, 200)).toBeLessThanOrEqual(10);
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(50);
  });

  it('never blocks the owner, from another address, however many failures an attacker piles up', async () => {
    const { user } = await signedInClient(server, 'owner');
    const attacker = (await Promise.all(Array.from({ length: 30 }, (_, i) => login('127.0.11.1', user.username, `guess ${i}`)))).map((r) => r.status);
    expect(count(attacker, 429)).toBe(20);
    expect((await login('127.0.11.1', user.username, PASSWORD)).status).toBe(429);
    const owner = await login('127.0.11.2', user.username, PASSWORD);
    expect(owner.status).toBe(200);
    expect(owner.body.user.id).toBe(user.id);
  });

  it('counts an address across usernames: 50 failures, then 429 for any username', async () => {
    const { user } = await signedInClient(server, 'bystander');
    const statuses = (await Promise.all(Array.from({ length: 70 }, (_, i) => login('127.0.12.1', `ghost${i}`, 'whatever1')))).map((r) => r.status);
    expect(count(statuses, 401)).toBe(50);
    expect(count(statuses, 429)).toBe(20);
    expect((await login('127.0.12.1', user.username, PASSWORD)).status).toBe(429);
    expect((await login('127.0.12.2', user.username, PASSWORD)).status).toBe(200);
  });

  it('holds per address when an attacker spreads a burst over 20 addresses: at most 10 tries from each', async () => {
    const { user } = await signedInClient(server, 'spread');
    const sends = Array.from({ length: 20 }, (_, a) =>
      Array.from({ length: 15 }, (_, i) => login(`127.0.13.${a + 1}`, user.username, `guess ${a}-${i}`)),
    ).flat();
    const statuses = (await Promise.all(sends)).map((r) => r.status);
    expect(count(statuses, 401)).toBe(200);
    expect(count(statuses, 429)).toBe(100);
  });

  it('folds look-alike spellings of a username into one counter', async () => {
    const { user } = await signedInClient(server, 'folded');
    const spellings = [user.username.toUpperCase(), user.username, user.username.replace(/[a-z]/g, (c) => String.fromCodePoint(c.charCodeAt(0) + 0xfee0))];
    const statuses = (await Promise.all(Array.from({ length: 12 }, (_, i) => login('127.0.14.1', spellings[i % 3], `guess ${i}`)))).map((r) => r.status);
    expect(count(statuses, 401)).toBe(10);
    expect(count(statuses, 429)).toBe(2);
  });

  it('clears the counter of the username and address after a successful login', async () => {
    const { user } = await signedInClient(server, 'forgetful');
    for (let i = 0; i < 9; i++) expect((await login('127.0.15.1', user.username, 'nope')).status).toBe(401);
    expect((await login('127.0.15.1', user.username, PASSWORD)).status).toBe(200);
    const again = await Promise.all(Array.from({ length: 10 }, () => login('127.0.15.1', user.username, 'nope')));
    expect(again.map((r) => r.status)).toEqual(Array(10).fill(401));
  });

  it('shares the counters between two processes on one database', async () => {
    const { user } = await signedInClient(server, 'twoprocs');
    const database = await openDatabase({ url: server.dbUrl });
    const env = parseEnv({ DATABASE_URL: server.dbUrl, STATIC_DIR: '/nonexistent', NODE_ENV: 'test', LOG_REQUESTS: 'false' });
    const { server: second } = createApp({ env, database });
    await new Promise<void>((resolve) => second.listen(0, '127.0.0.1', resolve));
    const secondUrl = `http://127.0.0.1:${(second.address() as { port: number }).port}`;
    try {
      const sends = Array.from({ length: 30 }, (_, i) => login('127.0.16.1', user.username, `guess ${i}`, i % 2 ? secondUrl : server.baseUrl));
      const statuses = (await Promise.all(sends)).map((r) => r.status);
      expect(count(statuses, 401)).toBe(10);
      expect(count(statuses, 429)).toBe(20);
    } finally {
      second.closeAllConnections();
      await new Promise((resolve) => second.close(resolve));
      database.close();
    }
  });
});

describe('registration attempts made together', () => {
  it('creates 10 accounts of 30 concurrent registrations from one address, and none from a batch', async () => {
    const limited = await startServer({ REGISTER_LIMIT_PER_ADDRESS: '10' });
    try {
      const batch = await trpcBatch(
        new ApiClient(limited.baseUrl),
        Array.from({ length: 30 }, (_, i) => ({
          path: 'auth.register',
          input: { username: `batch${i}`, email: `batch${i}@example.com`, password: 'longenough1' },
        })),
      );
      expect(batch.status).toBe(400);
      const sends = Array.from({ length: 30 }, (_, i) =>
        requestFrom('127.0.17.1', limited.baseUrl, 'POST', '/api/auth/register', {
          username: `burst${i}`,
          email: `burst${i}@example.com`,
          password: 'longenough1',
        }),
      );
      const statuses = (await Promise.all(sends)).map((r) => r.status);
      expect(count(statuses, 201)).toBe(10);
      expect(count(statuses, 429)).toBe(20);
      const users = await limited.database.readerClient.execute("select count(*) as n from users where username_key <> '(former member)'");
      expect(Number(users.rows[0].n)).toBe(10);
      // Another address still registers.
      expect(
        (
          await requestFrom('127.0.17.2', limited.baseUrl, 'POST', '/api/auth/register', {
            username: 'elsewhere',
            email: 'elsewhere@example.com',
            password: 'longenough1',
          })
        ).status,
      ).toBe(201);
    } finally {
      await limited.close();
    }
  });
});

describe('current-password checks from a stolen session', () => {
  it('refuses a batch of password-change guesses, and tries at most 10 of 101 concurrent ones', async () => {
    const { client, user } = await signedInClient(server, 'stolen');
    const before = await passwordHash(user.id);
    const guesses = [...Array.from({ length: 100 }, (_, i) => `guess ${i}`), PASSWORD];
    const batch = await trpcBatch(
      client,
      guesses.slice(0, 10).map((currentPassword) => ({ path: 'account.changePassword', input: { currentPassword, newPassword: 'taken over 1' } })),
    );
    expect(batch.status).toBe(400);
    const statuses = (
      await Promise.all(guesses.map((currentPassword) => client.post('/api/account/password', { currentPassword, newPassword: 'taken over 1' })))
    ).map((r) => r.status);
    expect(count(statuses, 400) + count(statuses, 200)).toBeLessThanOrEqual(10);
    expect(count(statuses, 429)).toBeGreaterThanOrEqual(91);
    if (!statuses.includes(200)) expect(await passwordHash(user.id)).toBe(before);
    // After the guesses, even the right password waits.
    expect((await client.post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'taken over 1' })).status).toBe(429);
  });

  it('keeps the account when 61 deletion guesses arrive at once', async () => {
    const { client, user } = await signedInClient(server, 'undeletable');
    const statuses = (await Promise.all(Array.from({ length: 61 }, (_, i) => client.request('DELETE', '/api/account', { password: `guess ${i}` })))).map(
      (r) => r.status,
    );
    expect(count(statuses, 400)).toBe(10);
    expect(count(statuses, 429)).toBe(51);
    const rows = await server.database.readerClient.execute({ sql: 'select count(*) as n from users where id = ?', args: [user.id] });
    expect(Number(rows.rows[0].n)).toBe(1);
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });
});

describe('email addresses cannot be probed', () => {
  it('answers a taken and a free address alike without the current password, changing nothing', async () => {
    const { user: other } = await signedInClient(server, 'probed');
    const { client, user } = await signedInClient(server, 'prober');
    const taken = await client.put('/api/account/profile', { email: other.email });
    const free = await client.put('/api/account/profile', { email: `free-${user.username}@example.com` });
    const message = 'Enter your current password to change your email';
    for (const res of [taken, free]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message, code: 'BAD_REQUEST', issues: [{ path: 'currentPassword', message }] });
    }
    expect((await client.get('/api/auth/me')).body.email).toBe(user.email);
    // Names alone need no password.
    expect((await client.put('/api/account/profile', { firstName: 'Renamed' })).status).toBe(200);
  });

  it('limits guesses of the password that unlocks an email change like sign-in, and refuses a batch of probes', async () => {
    const { user: other } = await signedInClient(server, 'target');
    const { client } = await signedInClient(server, 'enumerator');
    const batch = await trpcBatch(
      client,
      Array.from({ length: 5 }, () => ({ path: 'account.updateProfile', input: { email: other.email, currentPassword: PASSWORD } })),
    );
    expect(batch.status).toBe(400);
    const statuses = (
      await Promise.all(Array.from({ length: 30 }, (_, i) => client.put('/api/account/profile', { email: other.email, currentPassword: `guess ${i}` })))
    ).map((r) => r.status);
    expect(count(statuses, 400)).toBe(10);
    expect(count(statuses, 429)).toBe(20);
    expect(statuses).not.toContain(409);
    expect((await client.put('/api/account/profile', { email: other.email, currentPassword: PASSWORD })).status).toBe(429);
  });

  it('says an address is taken only with the right current password', async () => {
    const { user: other } = await signedInClient(server, 'owned');
    const { client } = await signedInClient(server, 'honest');
    const res = await client.put('/api/account/profile', { email: other.email, currentPassword: PASSWORD });
    expect(res.status).toBe(409);
  });
});

describe('look-alike usernames', () => {
  const register = (username: string) =>
    new ApiClient(server.baseUrl).post('/api/auth/register', {
      username,
      email: `${Buffer.from(username).toString('hex').slice(0, 40)}@example.com`,
      password: 'longenough1',
    });

  it.each([
    ['case outside ASCII', 'Ärgerlich', 'ärgerlich'],
    ['fullwidth letters', 'alicefold', 'ＡＬＩＣＥfold'],
    ['the sharp s', 'straße', 'STRASSE'],
    ['final sigma', 'ΟΔΥΣΣΕΥΣ', 'οδυσσευς'],
  ])('refuses a second account that differs only by %s', async (_, first, second) => {
    expect((await register(first)).status).toBe(201);
    const res = await register(second);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Username already taken');
  });

  it('refuses a username mixing alphabets, such as Cyrillic а in alice', async () => {
    const res = await register('\u0430lice');
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'username', message: 'Username must use the letters of one alphabet' }]);
  });

  it('accepts a username in one alphabet, and Japanese as it is written', async () => {
    expect((await register('Жанна')).status).toBe(201);
    expect((await register('ひらがなカタカナ漢字')).status).toBe(201);
  });

  it('signs in with the fullwidth spelling of a username', async () => {
    const { user } = await signedInClient(server, 'wide');
    const wide = user.username.replace(/[a-z0-9]/g, (c) => String.fromCodePoint(c.charCodeAt(0) + 0xfee0));
    expect((await new ApiClient(server.baseUrl).post('/api/auth/login', { username: wide, password: PASSWORD })).status).toBe(200);
  });
});

describe('client addresses as counters see them', () => {
  it.each([
    ['203.0.113.9', '203.0.113.9'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::9', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff::1', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
  ])('keys %s as %s', (ip, key) => {
    expect(addressKey(ip)).toBe(key);
  });
});

describe('client addresses behind a trusted proxy', () => {
  let proxied: TestServer;
  beforeAll(async () => {
    proxied = await startServer({ TRUST_PROXY: 'true' });
  });
  afterAll(() => proxied.close());
  /** A login as the shipped Caddyfile's one proxy forwards it: whatever the client wrote, then the address Caddy saw. */
  const viaProxy = (forwardedFor: string, username: string, password: string) =>
    requestFrom('127.0.0.1', proxied.baseUrl, 'POST', '/api/auth/login', { username, password }, { 'X-Forwarded-For': forwardedFor });

  it('counts the address the proxy added, not the ones the client wrote before it', async () => {
    const { user } = await signedInClient(proxied, 'spoofed');
    const statuses = [];
    // 25 guesses, each claiming a fresh address on the left; the proxy appends the one real address on the right.
    for (let i = 0; i < 25; i++) statuses.push((await viaProxy(`203.0.113.${i}, 198.51.100.7`, user.username, `guess ${i}`)).status);
    expect(count(statuses, 401)).toBe(10);
    expect(count(statuses, 429)).toBe(15);
  });

  it('never lets a client lock the owner out by writing the owner’s address', async () => {
    const { user } = await signedInClient(proxied, 'framed');
    // The attacker at 198.51.100.8 claims to be the owner's 192.0.2.55.
    for (let i = 0; i < 12; i++) await viaProxy(`192.0.2.55, 198.51.100.8`, user.username, `guess ${i}`);
    const owner = await viaProxy('192.0.2.55', user.username, PASSWORD);
    expect(owner.status).toBe(200);
    expect((await viaProxy('198.51.100.8', user.username, PASSWORD)).status).toBe(429);
  });

  it('takes the scheme the proxy wrote, not one the client put before it', async () => {
    const spoofed = await requestFrom('127.0.0.1', proxied.baseUrl, 'GET', '/healthz', undefined, { 'X-Forwarded-Proto': 'https, http' });
    expect(spoofed.headers.get('strict-transport-security')).toBeNull();
    const real = await requestFrom('127.0.0.1', proxied.baseUrl, 'GET', '/healthz', undefined, { 'X-Forwarded-Proto': 'https' });
    expect(real.headers.get('strict-transport-security')).toMatch(/max-age=/);
  });

  it('refuses a TRUST_PROXY that is neither a yes, a no nor a count of proxies', () => {
    expect(() => parseEnv({ TRUST_PROXY: 'yes' })).toThrow('TRUST_PROXY: must be true, false or a number of proxies (1-5)');
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(1);
    expect(parseEnv({}).TRUST_PROXY).toBe(0);
  });

  it('reads the address of the outermost of two trusted proxies with TRUST_PROXY=2', async () => {
    const twoHops = await startServer({ TRUST_PROXY: '2' });
    try {
      const { user } = await signedInClient(twoHops, 'twohops');
      const send = (forwardedFor: string, password: string) =>
        requestFrom('127.0.0.1', twoHops.baseUrl, 'POST', '/api/auth/login', { username: user.username, password }, { 'X-Forwarded-For': forwardedFor });
      // client-written, what the outer proxy saw (the client), what the inner proxy saw (the outer proxy)
      const statuses = [];
      for (let i = 0; i < 12; i++) statuses.push((await send(`10.9.9.${i}, 198.51.100.9, 10.0.0.2`, `guess ${i}`)).status);
      expect(count(statuses, 429)).toBe(2);
      expect((await send('198.51.100.10, 10.0.0.2', PASSWORD)).status).toBe(200);
    } finally {
      await twoHops.close();
    }
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: the connection’s address counts', async () => {
    const { user } = await signedInClient(server, 'direct');
    const statuses = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (
          await requestFrom(
            '127.0.18.1',
            server.baseUrl,
            'POST',
            '/api/auth/login',
            { username: user.username, password: `g${i}` },
            { 'X-Forwarded-For': `203.0.113.${i}` },
          )
        ).status,
      );
    expect(count(statuses, 429)).toBe(2);
  });
});
