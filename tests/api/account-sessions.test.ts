// Sessions the owner can see and end, and the account's security log (issue 33), over a real server and database.
import { describe, expect, it } from 'vitest';
import { ApiClient, serverForFile, signedInClient } from './harness';
import { MAX_SESSIONS_PER_USER } from '../../server/security/auth';
import { SECURITY_LOG_KEPT, SECURITY_LOG_MOST, sweepSecurityLog } from '../../server/security/securityLog';
import { startHousekeeping } from '../../server/ops/housekeeping';

const PASSWORD = 'correct horse battery';
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0';
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1';
const DAY_MS = 86_400_000;

const server = serverForFile();

async function signIn(username: string, userAgent?: string, password = PASSWORD) {
  const client = new ApiClient(server.baseUrl);
  const res = await client.request('POST', '/api/auth/login', { username, password }, userAgent ? { 'User-Agent': userAgent } : {});
  return { client, res };
}

async function signedInFrom(username: string, userAgent?: string) {
  const { client, res } = await signIn(username, userAgent);
  expect(res.status).toBe(200);
  return client;
}

interface Listed {
  id: string;
  current: boolean;
  device: string;
  createdAt: string;
  lastSeenAt: string;
}

const sessionsOf = async (client: ApiClient) => {
  const res = await client.get<Listed[]>('/api/account/sessions');
  expect(res.status).toBe(200);
  return res.body;
};

const logOf = async (client: ApiClient) => (await client.get<{ event: string; at: string; device: string; count: number }[]>('/api/account/security-log')).body;

/** Waits for the log to satisfy `done` (a failed sign-in's entry is written after the 401 has gone). */
async function logUntil(client: ApiClient, done: (log: Awaited<ReturnType<typeof logOf>>) => boolean) {
  for (;;) {
    const log = await logOf(client);
    if (done(log)) return log;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('the list of sessions', () => {
  it('names each session by browser and system, newest first, marks this one, and holds no session secret', async () => {
    const { user } = await signedInClient(server, 'lydia');
    const phone = await signedInFrom(user.username, FIREFOX_ANDROID);
    const desk = await signedInFrom(user.username, CHROME_WINDOWS);
    const res = await desk.get('/api/account/sessions');
    const listed = res.body as Listed[];
    expect(listed.map((s) => [s.device, s.current])).toEqual([
      ['Chrome on Windows', true],
      ['Firefox on Android', false],
      ['Unknown device', false],
    ]);
    for (const session of listed) expect(Object.keys(session).sort()).toEqual(['createdAt', 'current', 'device', 'id', 'lastSeenAt']);
    const secrets = (await server.rows('select id from sessions where user_id = ?', [user.id])).map((row) => String(row.id));
    expect(secrets).toHaveLength(3);
    for (const secret of secrets) expect(JSON.stringify(res.body)).not.toContain(secret);
    expect(desk.cookie).toContain(secrets.find((secret) => desk.cookie.endsWith(secret)));
    // From the phone, the phone is this device.
    expect((await sessionsOf(phone)).find((s) => s.current)?.device).toBe('Firefox on Android');
  });

  it('names the device in the reader’s language', async () => {
    const { client, user } = await signedInClient(server, 'priscilla');
    await signedInFrom(user.username, SAFARI_IPHONE);
    await client.put('/api/account/language', { language: 'es' });
    expect((await sessionsOf(client)).map((s) => s.device)).toEqual(['Safari en iOS', 'Dispositivo desconocido']);
  });

  it('ends one session: that device is signed out, the others stay, and the log says so', async () => {
    const { client: here, user } = await signedInClient(server, 'aquila');
    const phone = await signedInFrom(user.username, FIREFOX_ANDROID);
    const phoneSession = (await sessionsOf(here)).find((s) => s.device === 'Firefox on Android');
    const res = await here.delete(`/api/account/sessions/${phoneSession?.id}`);
    expect(res.status).toBe(200);
    expect((await phone.get('/api/auth/me')).status).toBe(401);
    expect((await here.get('/api/auth/me')).status).toBe(200);
    expect((await sessionsOf(here)).map((s) => s.device)).toEqual(['Unknown device']);
    expect((await logOf(here))[0]).toMatchObject({ event: 'session-ended' });
  });

  it('answers 404 for another person’s session and for a made-up one, and ends nothing', async () => {
    const { client: mallory } = await signedInClient(server, 'mallory');
    const { client: victim } = await signedInClient(server, 'victim');
    const [victimSession] = await sessionsOf(victim);
    for (const handle of [victimSession.id, 'AAAAAAAAAAAAAAAAAAAAAA', encodeURIComponent("' or 1=1 --")]) {
      const res = await mallory.delete(`/api/account/sessions/${handle}`);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ message: 'Session not found', code: 'NOT_FOUND' });
    }
    expect((await mallory.delete(`/api/account/sessions/${'x'.repeat(65)}`)).status).toBe(400);
    expect((await victim.get('/api/auth/me')).status).toBe(200);
    expect(await sessionsOf(victim)).toHaveLength(1);
  });

  it('ending this session signs out here', async () => {
    const { client } = await signedInClient(server, 'tabitha');
    const [current] = await sessionsOf(client);
    const res = await client.delete(`/api/account/sessions/${current.id}`);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join()).toMatch(/sower_session=;/);
    expect((await client.get('/api/auth/me')).status).toBe(401);
  });

  it('ends every other session at once and keeps this one', async () => {
    const { client: here, user } = await signedInClient(server, 'phoebe');
    const others = [await signedInFrom(user.username, FIREFOX_ANDROID), await signedInFrom(user.username, CHROME_WINDOWS)];
    const res = await here.post('/api/account/sessions/end-others');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ended: 2 });
    for (const other of others) expect((await other.get('/api/auth/me')).status).toBe(401);
    expect(await sessionsOf(here)).toHaveLength(1);
    expect((await logOf(here))[0]).toMatchObject({ event: 'other-sessions-ended' });
  });

  it('notes when a session was last used, writing at most every five minutes', async () => {
    const { client, user } = await signedInClient(server, 'junia');
    const lastSeen = async () => Number((await server.rows('select last_seen_at from sessions where user_id = ?', [user.id]))[0].last_seen_at);
    const oneMinuteAgo = Date.now() - 60_000;
    await server.database.writerClient.execute({ sql: 'update sessions set last_seen_at = ? where user_id = ?', args: [oneMinuteAgo, user.id] });
    await client.get('/api/auth/me');
    expect(await lastSeen()).toBe(oneMinuteAgo);
    const tenMinutesAgo = Date.now() - 10 * 60_000;
    await server.database.writerClient.execute({ sql: 'update sessions set last_seen_at = ? where user_id = ?', args: [tenMinutesAgo, user.id] });
    const before = Date.now();
    await client.get('/api/auth/me');
    expect(await lastSeen()).toBeGreaterThanOrEqual(before);
    const [listed] = await sessionsOf(client);
    expect(new Date(listed.lastSeenAt).getTime()).toBeGreaterThanOrEqual(before);
  });

  it(`keeps at most ${MAX_SESSIONS_PER_USER} sessions: signing in again ends the oldest, also when sign-ins come together`, async () => {
    const { client: first, user } = await signedInClient(server, 'andronicus');
    for (let i = 1; i < MAX_SESSIONS_PER_USER - 3; i++) await signedInFrom(user.username);
    expect(await server.count('sessions', 'user_id = ?', [user.id])).toBe(MAX_SESSIONS_PER_USER - 3);
    // Eight at once: within the sign-in limit of one username from one address (10 in flight), so none is refused.
    const together = await Promise.all(Array.from({ length: 8 }, () => signIn(user.username)));
    expect(together.map(({ res }) => res.status)).toEqual(Array(8).fill(200));
    expect(await server.count('sessions', 'user_id = ?', [user.id])).toBe(MAX_SESSIONS_PER_USER);
    expect((await first.get('/api/auth/me')).status).toBe(401);
    expect(await sessionsOf(together[7].client)).toHaveLength(MAX_SESSIONS_PER_USER);
  });
});

describe('the security log', () => {
  it('records sign-ins, failed ones counted by device and day, and nothing for an unknown username', async () => {
    const { client, user } = await signedInClient(server, 'dorcas');
    await signedInFrom(user.username, FIREFOX_ANDROID);
    for (let i = 0; i < 3; i++) expect((await signIn(user.username, CHROME_WINDOWS, 'wrong password!')).res.status).toBe(401);
    expect((await signIn(user.username, SAFARI_IPHONE, 'wrong password!')).res.status).toBe(401);
    const before = await server.count('security_events', '1 = 1');
    expect((await signIn('nobody-by-this-name', CHROME_WINDOWS, 'wrong password!')).res.status).toBe(401);
    const log = await logUntil(client, (entries) => entries.filter((e) => e.event === 'sign-in-failed').reduce((n, e) => n + e.count, 0) === 4);
    expect(log.map(({ event, device, count }) => ({ event, device, count }))).toEqual([
      { event: 'sign-in-failed', device: 'Safari on iOS', count: 1 },
      { event: 'sign-in-failed', device: 'Chrome on Windows', count: 3 },
      { event: 'sign-in', device: 'Firefox on Android', count: 1 },
    ]);
    expect(await server.count('security_events', '1 = 1')).toBe(before);
  });

  it('records changes of password and email, exports, imports and signing out, newest first', async () => {
    const { client, user } = await signedInClient(server, 'rhoda');
    expect((await client.post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'another good password' })).status).toBe(200);
    expect((await client.put('/api/account/profile', { email: `new-${user.email}`, currentPassword: 'another good password' })).status).toBe(200);
    expect((await client.get('/api/account/export')).status).toBe(200);
    const csv = 'Name,Email\nCornelius,cornelius@example.com\n';
    expect((await client.post('/api/account/import', { format: 'csv', text: csv })).status).toBe(200);
    const phone = new ApiClient(server.baseUrl);
    await phone.request('POST', '/api/auth/login', { username: user.username, password: 'another good password' }, { 'User-Agent': FIREFOX_ANDROID });
    await phone.request('POST', '/api/auth/logout', undefined, { 'User-Agent': FIREFOX_ANDROID });
    expect((await logOf(client)).map((e) => [e.event, e.device])).toEqual([
      ['sign-out', 'Firefox on Android'],
      ['sign-in', 'Firefox on Android'],
      ['import', 'Unknown device'],
      ['export', 'Unknown device'],
      ['email-changed', 'Unknown device'],
      ['password-changed', 'Unknown device'],
    ]);
  });

  it('shows only the owner’s entries', async () => {
    const { client: one, user } = await signedInClient(server, 'eunice');
    const { client: two } = await signedInClient(server, 'lois');
    await signedInFrom(user.username, FIREFOX_ANDROID);
    expect(await logOf(two)).toEqual([]);
    expect(await logOf(one)).toHaveLength(1);
  });

  it(`answers the last 90 days, newest first, at most ${SECURITY_LOG_MOST} entries; older ones are deleted`, async () => {
    const { client, user } = await signedInClient(server, 'persis');
    const now = Date.now();
    const rows = Array.from({ length: SECURITY_LOG_MOST + 50 }, (_, i) => [user.id, 'export', now - (i + 1) * 60_000]);
    rows.push([user.id, 'sign-in', now - 89 * DAY_MS], [user.id, 'password-changed', now - 91 * DAY_MS]);
    for (const args of rows) await server.database.writerClient.execute({ sql: 'insert into security_events (user_id, event, at) values (?, ?, ?)', args });
    const log = await logOf(client);
    expect(log).toHaveLength(SECURITY_LOG_MOST);
    expect(new Date(log[0].at).getTime()).toBe(now - 60_000);
    expect(log.map((e) => new Date(e.at).getTime())).toEqual([...log.map((e) => new Date(e.at).getTime())].sort((a, b) => b - a));
    // Older than 90 days: not shown even before the sweep, and deleted by it; 89 days stays.
    expect(await sweepSecurityLog(server.database)).toBeGreaterThanOrEqual(1);
    expect(await server.count('security_events', 'user_id = ? and event = ?', [user.id, 'password-changed'])).toBe(0);
    expect(await server.count('security_events', 'user_id = ? and event = ?', [user.id, 'sign-in'])).toBe(1);
  });

  it(`keeps at most ${SECURITY_LOG_KEPT} entries per account: a sign-in and sign-out loop drops the oldest`, async () => {
    const { client, user } = await signedInClient(server, 'looping');
    await server.database.writerClient.execute({ sql: 'delete from security_events where user_id = ?', args: [user.id] });
    const now = Date.now();
    const args = Array.from({ length: SECURITY_LOG_KEPT + 20 }, (_, i) => `(${user.id}, 'sign-out', ${now - (SECURITY_LOG_KEPT + 20 - i) * 1000})`);
    await server.database.writerClient.execute(`insert into security_events (user_id, event, at) values ${args.join(',')}`);
    expect(await server.count('security_events', 'user_id = ?', [user.id])).toBe(SECURITY_LOG_KEPT + 20);
    // The next entry, as a real one is written, brings the account back to the cap, keeping the newest.
    expect((await client.post('/api/auth/logout')).status).toBe(200);
    expect(await server.count('security_events', 'user_id = ?', [user.id])).toBe(SECURITY_LOG_KEPT);
    const [oldest] = await server.rows('select min(at) as at from security_events where user_id = ?', [user.id]);
    expect(Number(oldest.at)).toBe(now - (SECURITY_LOG_KEPT - 1) * 1000);
  });

  it('the server sweeps old entries and expired sessions when it starts', async () => {
    const { user } = await signedInClient(server, 'trophimus');
    await server.database.writerClient.execute({
      sql: 'insert into security_events (user_id, event, at) values (?, ?, ?)',
      args: [user.id, 'export', Date.now() - 100 * DAY_MS],
    });
    await server.database.writerClient.execute({
      sql: "insert into sessions (id, user_id, expires_at, handle, created_at, last_seen_at) values ('expired-one', ?, ?, 'h-expired', 0, 0)",
      args: [user.id, Math.floor(Date.now() / 1000) - 60],
    });
    const lines: Record<string, unknown>[] = [];
    const { createAuth } = await import('../../server/security/auth');
    const housekeeping = startHousekeeping(server.database, createAuth(server.database), (line) => lines.push(line));
    await housekeeping.stop();
    expect(await server.count('security_events', 'user_id = ?', [user.id])).toBe(0);
    expect(await server.count('sessions', "id = 'expired-one'")).toBe(0);
    expect(await server.count('sessions', 'user_id = ?', [user.id])).toBe(1);
    expect(lines.some((line) => String(line.message).includes('older than 90 days deleted'))).toBe(true);
  });
});
