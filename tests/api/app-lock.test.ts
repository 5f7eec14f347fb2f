// The app lock's PIN (issue 33) over a real server and database: set and removed with the password, checked by the
// server, tries counted before they are checked, and five wrong in a row ending every session of the account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, signedInClient, startServer, type TestServer } from './harness';

const PASSWORD = 'correct horse battery';
let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

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
