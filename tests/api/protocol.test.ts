// The REST protocol: one error shape and the right status for bad bodies, paths, methods and origins; health; clean logs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startSignedIn, type ApiResponse, type TestServer } from './harness';

let server: TestServer;
let client: ApiClient;
let userId: number;
/** Every error answer seen in this file, checked at the end for leaks. */
const errorBodies: { what: string; body: unknown }[] = [];

beforeAll(async () => {
  ({
    server,
    client,
    user: { id: userId },
  } = await startSignedIn('protocol'));
});
afterAll(() => server.close());

function seen(what: string, res: ApiResponse) {
  errorBodies.push({ what, body: res.body });
  return res;
}

async function contactCount() {
  return Number((await server.database.readerClient.execute({ sql: 'select count(*) as n from contacts where created_by = ?', args: [userId] })).rows[0].n);
}

describe('request bodies', () => {
  it('answers malformed JSON with 400 {message, code:BAD_REQUEST} and writes nothing', async () => {
    const before = await contactCount();
    const res = seen('malformed', await client.request('POST', '/api/contacts', '{"name": "Half', { 'Content-Type': 'application/json' }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Malformed JSON in request body', code: 'BAD_REQUEST' });
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await contactCount()).toBe(before);
  });

  it('answers a JSON array where an object is needed with 400', async () => {
    const id = (await client.post('/api/contacts', { name: 'Array Target' })).body.id;
    const res = seen('array', await client.put(`/api/contacts/${id}`, [1, 2, 3]));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Request body must be a JSON object', code: 'BAD_REQUEST' });
  });

  it('answers a body over 1 MB with 413 and writes nothing', async () => {
    const before = await contactCount();
    const res = seen('too large', await client.post('/api/contacts', { name: 'Big', notes: 'x'.repeat(1024 * 1024 + 10) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: 'Request body is larger than 1 MB', code: 'PAYLOAD_TOO_LARGE' });
    expect(await contactCount()).toBe(before);
  });

  it('answers 413 too when an over-large body comes without Content-Length (chunked)', async () => {
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= 20) return controller.close();
        sent++;
        controller.enqueue(chunk);
      },
    });
    const response = await fetch(`${server.baseUrl}/api/contacts`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: client.cookie },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
    expect(await response.json()).toEqual({ message: 'Request body is larger than 1 MB', code: 'PAYLOAD_TOO_LARGE' });
    // The half-read connection is closed (the header above), so the next request is served, not stuck behind it.
    const next = await client.request('POST', '/api/contacts', { name: 'After Chunked' });
    expect(next.status).toBe(201);
  });

  it('accepts a body just under 1 MB (reaching validation, not the size limit)', async () => {
    const res = await client.post('/api/contacts', { name: 'Under', notes: 'x'.repeat(1000 * 1000) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Notes must be at most 10000 characters');
  });

  it('answers a text/plain body with 415 and writes nothing', async () => {
    const before = await contactCount();
    const res = seen('text/plain', await client.request('POST', '/api/contacts', JSON.stringify({ name: 'Plain' }), { 'Content-Type': 'text/plain' }));
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ message: 'Send the request body as JSON (Content-Type: application/json)', code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(await contactCount()).toBe(before);
  });

  it('accepts application/json with a charset parameter', async () => {
    const res = await client.request('POST', '/api/contacts', JSON.stringify({ name: 'Charset' }), { 'Content-Type': 'application/json; charset=utf-8' });
    expect(res.status).toBe(201);
  });
});

describe('paths and methods', () => {
  it.each(['/api/nothing-here', '/api', '/api/contacts/1/extra', '/api/auth'])('answers 404 {code:NOT_FOUND} for the unknown path %s', async (path) => {
    const res = seen(path, await client.get(path));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No such API path', code: 'NOT_FOUND' });
  });

  it.each([
    ['DELETE', '/api/contacts'],
    ['PATCH', '/api/contacts/1'],
    ['GET', '/api/auth/login'],
    ['PUT', '/api/dashboard/stats'],
    ['POST', '/api/resources/1'],
  ])('answers 405 for %s %s', async (method, path) => {
    const res = seen(`${method} ${path}`, await client.request(method, path));
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ message: `${method} is not supported on ${path}`, code: 'METHOD_NOT_SUPPORTED' });
  });

  it('answers GET /healthz with 200 {status:"ok"}', async () => {
    const res = await new ApiClient(server.baseUrl).get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });
});

describe('origins', () => {
  it('refuses a cross-origin write with 403 and writes nothing', async () => {
    const before = await contactCount();
    const res = seen('cross-origin', await client.request('POST', '/api/contacts', { name: 'Forged' }, { Origin: 'https://evil.example' }));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: 'Cross-origin request refused', code: 'FORBIDDEN' });
    expect(await contactCount()).toBe(before);
  });

  it('refuses cross-origin updates and deletes too, leaving the row', async () => {
    const id = (await client.post('/api/contacts', { name: 'Target' })).body.id;
    const put = await client.request('PUT', `/api/contacts/${id}`, { name: 'Changed' }, { Origin: 'https://evil.example' });
    const del = await client.request('DELETE', `/api/contacts/${id}`, undefined, { Origin: 'https://evil.example' });
    expect([put.status, del.status]).toEqual([403, 403]);
    const [row] = (await server.database.readerClient.execute({ sql: 'select name from contacts where id = ?', args: [id] })).rows;
    expect(row.name).toBe('Target');
  });

  it('lets a same-origin write through', async () => {
    const before = await contactCount();
    const res = await client.request('POST', '/api/contacts', { name: 'Same Origin' }, { Origin: server.baseUrl });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe('Same Origin');
    expect(await contactCount()).toBe(before + 1);
  });

  it('lets a cross-origin read through (reads change nothing)', async () => {
    const res = await client.request('GET', '/api/contacts', undefined, { Origin: 'https://evil.example' });
    expect(res.status).toBe(200);
  });
});

describe('what never leaks', () => {
  it('error bodies hold no stack and no file paths', async () => {
    const more = [
      seen('unauthenticated', await new ApiClient(server.baseUrl).get('/api/contacts')),
      seen('validation', await client.post('/api/contacts', { name: '' })),
      seen('bad id', await client.get('/api/contacts/abc')),
      seen('not found', await client.get('/api/contacts/999999')),
    ];
    expect(more.map((r) => r.status)).toEqual([401, 400, 404, 404]);
    expect(errorBodies.length).toBeGreaterThanOrEqual(15);
    for (const { what, body } of errorBodies) {
      const text = JSON.stringify(body);
      expect(body, what).toEqual(expect.objectContaining({ message: expect.any(String), code: expect.any(String) }));
      expect(text, what).not.toMatch(/stack/i);
      expect(text, what).not.toMatch(/\/work\/|node_modules|\.ts\b|\.js\b|file:\/\/|\bat \w+ \(/);
    }
  });

  it('server log lines hold neither the password nor the session cookie after a login', async () => {
    const password = 'Unique-Passw0rd-For-Logs';
    const fresh = new ApiClient(server.baseUrl);
    const username = `logcheck${Date.now().toString(36)}`;
    expect((await fresh.post('/api/auth/register', { username, email: `${username}@example.com`, password })).status).toBe(201);
    const registerCookie = fresh.cookie.split('=')[1];
    expect((await fresh.post('/api/auth/login', { username, password: 'wrong-password-here' })).status).toBe(401);
    const login = await fresh.post('/api/auth/login', { username, password });
    expect(login.status).toBe(200);
    const sessionId = fresh.cookie.split('=')[1];
    expect(sessionId.length).toBeGreaterThan(10);
    expect((await fresh.get('/api/auth/me')).status).toBe(200);
    expect((await fresh.post('/api/contacts', { name: 'Logged' })).status).toBe(201);

    expect(server.logs.length).toBeGreaterThan(0);
    expect(server.logs.some((line) => line.route === '/api/auth/login' && line.status === 200)).toBe(true);
    const text = JSON.stringify(server.logs);
    expect(text).not.toContain(password);
    expect(text).not.toContain('wrong-password-here');
    expect(text).not.toContain(sessionId);
    expect(text).not.toContain(registerCookie);
    expect(text).not.toMatch(/sower_session/);
  });
});
