// The app lock's PIN (issue 33) over a real server and database: set and removed with the password, checked by the
// server, tries counted before they are checked, and five wrong in a row ending every session of the account; the lock
// itself kept on the session (issue 47): a locked session is answered 423 everywhere but the PIN's check.
import { describe, expect, it } from 'vitest';
import { ApiClient, serverForFile, signedInClient } from './harness';
import { trpcBatch, trpcMutation, trpcQuery } from './trpc';

const PASSWORD = 'correct horse battery';
const server = serverForFile();

async function withPin(prefix: string, pin = '4821') {
  const { client, user } = await signedInClient(server, prefix);
  expect((await client.put('/api/account/pin', { pin, password: PASSWORD, idleMinutes: 1 })).status).toBe(200);
  const other = new ApiClient(server.baseUrl);
  expect((await other.post('/api/auth/login', { username: user.username, password: PASSWORD })).status).toBe(200);
  return { client, user, other };
}

describe('the app lock', () => {
  it('is set with the password, stored hashed, and says after how long it locks', async () => {
    const { client, user } = await signedInClient(server, 'lockset');
    expect((await client.get('/api/account/pin')).body).toEqual({ enabled: false, idleMinutes: 5 });
    const wrongPassword = await client.put('/api/account/pin', { pin: '4821', password: 'not it' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.issues).toEqual([{ path: 'password', message: 'Password is incorrect' }]);
    for (const pin of ['123', '123456789', '12a4', ' 1234']) {
      const res = await client.put('/api/account/pin', { pin, password: PASSWORD });
      expect(res.status).toBe(400);
      expect(res.body.issues).toEqual([{ path: 'pin', message: 'The PIN must be 4 to 8 digits' }]);
    }
    expect((await client.put('/api/account/pin', { pin: '4821', password: PASSWORD, idleMinutes: 7 })).status).toBe(400);
    expect((await client.put('/api/account/pin', { pin: '4821', password: PASSWORD, idleMinutes: 15 })).status).toBe(200);
    expect((await client.get('/api/account/pin')).body).toEqual({ enabled: true, idleMinutes: 15 });
    const [row] = await server.rows('select pin_hash from users where id = ?', [user.id]);
    expect(String(row.pin_hash)).toMatch(/^\$argon2id\$/);
    expect((await client.get('/api/account/security-log')).body[0]).toMatchObject({ event: 'app-lock-set' });
  });

  it('unlocks with the right PIN, and a right PIN starts the count of wrong ones again', async () => {
    const { client } = await withPin('lockright');
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect((await client.post('/api/account/pin/verify', { pin: '0000' })).body).toMatchObject({ message: 'Wrong PIN' });
      expect((await client.post('/api/account/pin/verify', { pin: '4821' })).status).toBe(200);
    }
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });

  it('ends every session of the account after five wrong PINs in a row', async () => {
    const { client, other } = await withPin('lockwrong');
    for (let i = 0; i < 4; i++) expect((await client.post('/api/account/pin/verify', { pin: '0000' })).status).toBe(400);
    const fifth = await client.post('/api/account/pin/verify', { pin: '0000' });
    expect(fifth.status).toBe(401);
    expect(fifth.body.message).toBe('Too many wrong PINs: you are signed out on every device.');
    expect(fifth.headers.getSetCookie().join()).toMatch(/sower_session=;/);
    expect((await client.get('/api/auth/me')).status).toBe(401);
    expect((await other.get('/api/auth/me')).status).toBe(401);
  });

  it('checks at most five of many PINs sent together, then ends every session', async () => {
    const { client, other, user } = await withPin('lockburst', '97531');
    const guesses = Array.from({ length: 30 }, (_, i) => String(10000 + i));
    const answers = await Promise.all(guesses.map((pin) => client.post('/api/account/pin/verify', { pin })));
    expect(answers.filter((res) => res.status === 400).length).toBe(4);
    expect(answers.filter((res) => res.status === 401).length).toBe(26);
    expect((await other.get('/api/auth/me')).status).toBe(401);
    expect(await server.count('sessions', 'user_id = ?', [user.id])).toBe(0);
  });

  it('is removed with the password; verify then answers 409', async () => {
    const { client } = await withPin('lockoff');
    expect((await client.request('DELETE', '/api/account/pin', { password: 'not it' })).status).toBe(400);
    expect((await client.request('DELETE', '/api/account/pin', { password: PASSWORD })).status).toBe(200);
    expect((await client.get('/api/account/pin')).body.enabled).toBe(false);
    expect((await client.post('/api/account/pin/verify', { pin: '4821' })).status).toBe(409);
  });
});

const LOCKED = 'This session is locked. Enter your PIN to continue.';

/** The session's "last seen" moved into the past, as if its device had sent nothing for `seconds`. */
async function unseenFor(userId: number, seconds: number, which: 'all' | 'newest' = 'all') {
  const at = Date.now() - seconds * 1000;
  const newest = which === 'newest' ? ' and id = (select id from sessions where user_id = ? order by created_at desc limit 1)' : '';
  await server.database.writerClient.execute({
    sql: `update sessions set last_seen_at = ? where user_id = ?${newest}`,
    args: which === 'newest' ? [at, userId, userId] : [at, userId],
  });
}

const sessionIdOf = (client: ApiClient) => /sower_session=([^;]+)/.exec(client.cookie)?.[1] ?? '';

/** A session's last seen, its lock and its wrong PINs, by the client's cookie. */
async function sessionOf(client: ApiClient) {
  const [row] = await server.rows('select last_seen_at, locked_at, pin_failures from sessions where id = ?', [sessionIdOf(client)]);
  return row;
}

describe('a locked session (issue 47)', () => {
  it('is answered 423 with a sentence over REST, tRPC and in a batch, downloads too, and reads nothing of the account', async () => {
    const { client, other, user } = await withPin('locked423');
    expect((await client.post('/api/contacts', { name: 'Lydia Purpura', spiritualStatus: 'seeking' })).status).toBe(201);
    // What the page wrote on main: a cookie of its own. The session is locked on the server.
    expect((await client.post('/api/account/pin/lock')).status).toBe(200);
    client.cookie += '; sower_locked=1';
    expect((await sessionOf(client)).locked_at).not.toBeNull();
    for (const path of [
      '/api/contacts',
      '/api/account/export',
      '/api/account/export/contacts.csv',
      '/api/auth/me',
      '/api/account/pin',
      '/api/dashboard/stats',
    ]) {
      const res = await client.get(path);
      expect(res.status, path).toBe(423);
      expect(res.body, path).toEqual({ message: LOCKED, code: 'LOCKED' });
    }
    expect((await client.post('/api/contacts', { name: 'Another', spiritualStatus: 'seeking' })).status).toBe(423);
    expect((await client.request('DELETE', '/api/account/pin', { password: PASSWORD })).status).toBe(423);
    expect(await server.count('contacts', 'created_by = ?', [user.id])).toBe(1);
    const list = await trpcQuery(client, 'contacts.list', {});
    expect(list.status).toBe(423);
    expect(list.error?.message).toBe(LOCKED);
    expect((await trpcQuery(client, 'auth.me')).status).toBe(423);
    // Every call of a batch, whichever they are.
    const batch = await client.get(`/trpc/contacts.list,dashboard.stats,auth.me?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { json: {} } }))}`);
    expect(batch.status).toBe(423);
    expect(batch.body.map((call: { error: { json: { data: { httpStatus: number } } } }) => call.error.json.data.httpStatus)).toEqual([423, 423, 423]);
    expect((await trpcBatch(client, [{ path: 'contacts.create', input: { name: 'Batched', spiritualStatus: 'seeking' } }])).status).toBe(423);
    expect(await server.count('contacts', 'created_by = ?', [user.id])).toBe(1);
    // Nothing of the account in any answer: not its name, not its address.
    expect(JSON.stringify(batch.body)).not.toContain(user.username);
    // The account's other session is not locked.
    expect((await other.get('/api/contacts')).status).toBe(200);

    expect((await client.post('/api/account/pin/verify', { pin: '4821' })).status).toBe(200);
    expect((await client.get('/api/contacts')).status).toBe(200);
    expect((await trpcQuery(client, 'contacts.list', {})).status).toBe(200);
    expect((await sessionOf(client)).locked_at).toBeNull();
  });

  it('is locked by the server once the idle time has passed since it was last seen, whatever the page did', async () => {
    const { client, other, user } = await withPin('lockidle');
    // The idle time is 1 minute: seen 50 s ago is open, 61 s ago is locked, and stays locked.
    await unseenFor(user.id, 50);
    expect((await client.get('/api/contacts')).status).toBe(200);
    await unseenFor(user.id, 61, 'newest');
    expect((await other.get('/api/account/export')).status).toBe(423);
    expect((await other.get('/api/account/export')).status).toBe(423);
    expect((await client.get('/api/contacts')).status).toBe(200);
    const locked = await server.rows('select count(*) as n from sessions where user_id = ? and locked_at is not null', [user.id]);
    expect(locked[0].n).toBe(1);
    expect((await trpcMutation(other, 'account.pin.verify', { pin: '4821' })).status).toBe(200);
    expect((await other.get('/api/account/export')).status).toBe(200);
  });

  it("keeps a PIN account's last seen within 10 seconds without a write on every request", async () => {
    const { client } = await withPin('lockseen');
    const seen = async () => Number((await sessionOf(client)).last_seen_at);
    await client.get('/api/contacts');
    const first = await seen();
    for (let i = 0; i < 5; i++) expect((await client.get('/api/contacts')).status).toBe(200);
    expect(await seen()).toBe(first);
    // Older than 10 s: the next request writes it.
    await server.database.writerClient.execute({ sql: 'update sessions set last_seen_at = ? where id = ?', args: [first - 11_000, sessionIdOf(client)] });
    await client.get('/api/contacts');
    expect(await seen()).toBeGreaterThanOrEqual(first);
  });

  it('may sign out ("Forget this device") while locked', async () => {
    const { client, other, user } = await withPin('locklogout');
    expect((await client.post('/api/account/pin/lock')).status).toBe(200);
    expect((await client.post('/api/account/pin/lock')).status).toBe(200);
    const out = await client.post('/api/auth/logout');
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join()).toMatch(/sower_session=;/);
    expect(await server.count('sessions', 'user_id = ?', [user.id])).toBe(1);
    expect((await other.get('/api/contacts')).status).toBe(200);
  });

  it('removing the lock with the password on another device opens every session', async () => {
    const { client, other } = await withPin('lockremove');
    expect((await client.post('/api/account/pin/lock')).status).toBe(200);
    expect((await other.request('DELETE', '/api/account/pin', { password: PASSWORD })).status).toBe(200);
    expect((await client.get('/api/contacts')).status).toBe(200);
    expect((await client.post('/api/account/pin/lock')).status).toBe(409);
  });

  it('counts wrong PINs per session: a right PIN elsewhere does not give this one more tries', async () => {
    const { client, other, user } = await withPin('locksession');
    expect((await client.post('/api/account/pin/lock')).status).toBe(200);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 2; i++) expect((await client.post('/api/account/pin/verify', { pin: '0000' })).status).toBe(400);
      // The owner unlocks on the desktop: the account's count starts again, this session's does not.
      expect((await other.post('/api/account/pin/verify', { pin: '4821' })).status).toBe(200);
    }
    expect((await sessionOf(client)).pin_failures).toBe(4);
    const fifth = await client.post('/api/account/pin/verify', { pin: '0000' });
    expect(fifth.status).toBe(401);
    expect(fifth.body.message).toBe('Too many wrong PINs: you are signed out on this device.');
    expect((await client.get('/api/contacts')).status).toBe(401);
    // The owner's other session stays.
    expect((await other.get('/api/contacts')).status).toBe(200);
    expect(await server.count('sessions', 'user_id = ?', [user.id])).toBe(1);
  });

  it('checks at most five of many PINs sent together on one locked session, and refuses them in one batch', async () => {
    const { client, user } = await withPin('lockbatch', '97531');
    expect((await client.post('/api/account/pin/lock')).status).toBe(200);
    const batch = await trpcBatch(
      client,
      Array.from({ length: 10 }, (_, i) => ({ path: 'account.pin.verify', input: { pin: String(10000 + i) } })),
    );
    expect(batch.status).toBe(400);
    const [account] = await server.rows('select pin_failures from users where id = ?', [user.id]);
    expect(account.pin_failures).toBe(0);
    expect((await sessionOf(client)).pin_failures).toBe(0);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => client.post('/api/account/pin/verify', { pin: String(20000 + i) })));
    expect(answers.filter((res) => res.status === 400).length).toBe(4);
    expect(answers.filter((res) => res.status === 401).length).toBe(16);
    expect(await server.count('sessions', 'user_id = ?', [user.id])).toBe(0);
  });
});
