// The /trpc transport (server/http/trpcAdapter.ts): batches, errors, cookies, sizes and methods over a real server.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startSignedIn, type TestServer } from './harness';

let server: TestServer;
let client: ApiClient;
let username: string;

beforeAll(async () => {
  ({
    server,
    client,
    user: { username },
  } = await startSignedIn('transport'));
});
afterAll(() => server.close());

const none = { json: null, meta: { values: ['undefined'], v: 1 } };

function batchPath(names: string[], inputs: Record<number, unknown>) {
  return `/trpc/${names.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
}

describe('/trpc', () => {
  it('answers a query batch as one JSON body with its length, each procedure in its place', async () => {
    const today = new Date();
    today.setHours(0, 0, 0, 0);
    const upcoming = { json: { upcomingFrom: today.toISOString() }, meta: { values: { upcomingFrom: ['Date'] }, v: 1 } };
    const response = await fetch(server.baseUrl + batchPath(['auth.me', 'teams.list', 'dashboard.summary'], { 0: none, 1: none, 2: upcoming }), {
      headers: { Cookie: client.cookie },
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
    expect(response.headers.get('transfer-encoding')).toBeNull();
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    const [me, teams, summary] = JSON.parse(text);
    expect(me.result.data.json.username).toBe(username);
    expect(teams.result.data.json).toEqual([]);
    expect(Object.keys(summary.result.data.json).sort()).toEqual(['activities', 'followUps', 'goals', 'overdueFollowUps', 'resources', 'stats']);
  });

  it('keeps a failing procedure to its own place in the batch, with its status', async () => {
    const res = await client.get(batchPath(['auth.me', 'contacts.byId'], { 0: none, 1: { json: { id: 999999 } } }));
    expect(res.status).toBe(207);
    expect(res.body[0].result.data.json.username).toBe(username);
    expect(res.body[1].error.json.data).toMatchObject({ code: 'NOT_FOUND', httpStatus: 404 });
  });

  it('answers 401 with the sign-in message and no data when signed out', async () => {
    const res = await new ApiClient(server.baseUrl).get('/trpc/auth.me');
    expect(res.status).toBe(401);
    expect(res.body.error.json.message).toBe('Please sign in to continue');
  });

  it('answers an unknown procedure with 404 and a bad input with 400, never 500', async () => {
    expect((await client.get('/trpc/nothing.here')).status).toBe(404);
    const bad = await client.get(`/trpc/contacts.byId?input=${encodeURIComponent('{"json":{"id":"x"}}')}`);
    expect(bad.status).toBe(400);
    const malformed = await client.get('/trpc/contacts.byId?input=%7Bnot-json');
    expect(malformed.status).toBe(400);
  });

  it('runs a mutation from a POST body, sets cookies on login and refuses a body over 1 MB with 413', async () => {
    const created = await client.post('/trpc/contacts.create', { json: { name: 'Over tRPC' } });
    expect(created.status).toBe(200);
    expect(created.body.result.data.json.name).toBe('Over tRPC');

    const fresh = new ApiClient(server.baseUrl);
    const login = await fresh.post('/trpc/auth.login', { json: { username, password: 'correct horse battery' } });
    expect(login.status).toBe(200);
    expect(fresh.cookie).toMatch(/^sower_session=/);

    const before = (await client.get('/api/contacts')).body.length;
    const big = await client.post('/trpc/contacts.create', { json: { name: 'Big', notes: 'x'.repeat(1024 * 1024 + 10) } });
    expect(big.status).toBe(413);
    expect((await client.get('/api/contacts')).body.length).toBe(before);
  });

  it('refuses a mutation sent as GET and a query sent as POST', async () => {
    expect((await client.get('/trpc/contacts.create')).status).toBe(405);
    expect((await client.post('/trpc/auth.me', {})).status).toBe(405);
  });

  it('hands tRPC every header a client may send: non-ASCII and repeated ones are read, control bytes refused by Node with 400', async () => {
    const port = new URL(server.baseUrl).port;
    const send = (header: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () =>
          socket.end(
            Buffer.from(
              `GET ${batchPath(['auth.me'], { 0: none })} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n${client.cookie ? `Cookie: ${client.cookie}\r\n` : ''}${header}\r\n\r\n`,
              'latin1',
            ),
          ),
        );
        let answer = '';
        socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
        socket.on('close', () => resolve(answer.split('\r\n')[0]));
        socket.on('error', reject);
      });
    expect(await send('X-Note: caf\xe9 \xff')).toBe('HTTP/1.1 200 OK');
    expect(await send('X-Note: one\r\nX-Note: two\r\nX-Empty:   ')).toBe('HTTP/1.1 200 OK');
    expect(await send('X-Note: a\x00b')).toBe('HTTP/1.1 400 Bad Request');
  });

  it('answers HEAD as tRPC does (204) and without a body', async () => {
    const response = await fetch(`${server.baseUrl}/trpc/auth.me`, { method: 'HEAD', headers: { Cookie: client.cookie } });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });
});
