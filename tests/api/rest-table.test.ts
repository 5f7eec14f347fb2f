// The REST table as a contract: procedure names checked by tsc, digit-only ids (so the rows' order does not matter),
// and public rows the only way in without a session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_PROCEDURES, isUnbatchable } from '../../server/http/batching';
import { compileRoutes, matchRoute } from '../../server/rest/handler';
import { restRoutes, type RestRoute } from '../../server/rest/routes';
import { ApiClient, startSignedIn, type TestServer } from './harness';

// @ts-expect-error A row naming a procedure AppRouter does not have ('contacts.lst') fails tsc.
const misspelt: RestRoute = { method: 'GET', path: '/api/contacts', procedure: 'contacts.lst', input: 'query' };
// @ts-expect-error A nested router is not a procedure.
const notAProcedure: RestRoute = { method: 'GET', path: '/api/teams/:teamId/members', procedure: 'teams.members', input: 'params' };

/** A path the row answers, with `value` for each parameter. */
const pathOf = (route: RestRoute, value: (name: string) => string) => route.path.replace(/:(\w+)/g, (_, name: string) => value(name));

const digitParam = (name: string) => name === 'id' || name.endsWith('Id');

/** Paths each row answers, and paths near them that no row should take for an id. */
const samples = restRoutes.flatMap((route) => [
  pathOf(route, (name) => (digitParam(name) ? '1' : 'x')),
  pathOf(route, (name) => (digitParam(name) ? '90071992547409' : 'count')),
  pathOf(route, (name) => (digitParam(name) ? 'count' : 'abc')),
  pathOf(route, (name) => (digitParam(name) ? '-1' : '1')),
  pathOf(route, (name) => (digitParam(name) ? '1.5' : 'enable')),
]);
const methods = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'];

describe('the table', () => {
  it('names every download among the calls that go one per request, and only those besides sign-in and account calls', () => {
    const downloads = restRoutes.filter((route) => route.download).map((route) => route.procedure);
    expect([...DOWNLOAD_PROCEDURES].sort()).toEqual([...downloads].sort());
    for (const procedure of downloads) expect(isUnbatchable(procedure), procedure).toBe(true);
    expect(isUnbatchable('contacts.list')).toBe(false);
  });

  it('is checked by the compiler (the rows above are refused by tsc, and exist here only to be refused)', () => {
    expect([misspelt.procedure, notAProcedure.procedure]).toEqual(['contacts.lst', 'teams.members']);
  });

  it('has no two rows that match one path under one method', () => {
    const compiled = compileRoutes(restRoutes);
    for (const path of samples)
      for (const method of methods) {
        const rows = compiled.filter((route) => route.method === method && route.pattern.test(path));
        expect(rows.length, `${method} ${path}: ${rows.map((route) => route.path).join(', ')}`).toBeLessThanOrEqual(1);
      }
  });

  it('matches every path alike in any order of its rows', () => {
    const inOrder = compileRoutes(restRoutes);
    const reversed = compileRoutes([...restRoutes].reverse());
    const shuffled = compileRoutes([...restRoutes].sort((a, b) => (a.path + a.method < b.path + b.method ? 1 : -1)));
    const answer = (found: ReturnType<typeof matchRoute>) => ({
      row: found.route && `${found.route.method} ${found.route.path}`,
      params: found.params,
      pathMatched: found.pathMatched,
    });
    for (const path of samples)
      for (const method of methods) {
        const expected = answer(matchRoute(method, path, inOrder));
        expect(answer(matchRoute(method, path, reversed)), `${method} ${path}`).toEqual(expected);
        expect(answer(matchRoute(method, path, shuffled)), `${method} ${path}`).toEqual(expected);
      }
  });

  it('takes only digits for an id, so /api/contacts/count is the count in any order', () => {
    expect(matchRoute('GET', '/api/contacts/count').route?.procedure).toBe('contacts.count');
    expect(matchRoute('GET', '/api/contacts/12').route?.procedure).toBe('contacts.byId');
    expect(matchRoute('GET', '/api/contacts/12').params).toEqual({ id: '12' });
    for (const id of ['abc', '-1', '1.5', '1e3', '%31', ' 1'])
      expect(matchRoute('GET', `/api/contacts/${id}`), id).toEqual({ route: undefined, params: {}, pathMatched: false });
    expect(matchRoute('DELETE', '/api/teams/3/members/4').params).toEqual({ teamId: '3', userId: '4' });
    expect(matchRoute('GET', '/api/calendar/a-token_1.ics').route?.procedure).toBe('calendar.feed');
  });
});

let server: TestServer;
let client: ApiClient;
let contactId: number;

beforeAll(async () => {
  ({ server, client, contactId } = await startSignedIn('table', { contact: 'Table Target' }));
});
afterAll(() => server.close());

async function rowCounts() {
  const tables = ['users', 'sessions', 'contacts', 'activities', 'follow_ups', 'prayer_requests', 'goals', 'teams', 'team_members'];
  const counts: Record<string, unknown> = {};
  for (const table of tables) counts[table] = (await server.database.readerClient.execute(`select count(*) as n from ${table}`)).rows[0].n;
  return counts;
}

describe('over HTTP', () => {
  it('answers 404 for an id that is not digits, and serves the digits', async () => {
    expect(await client.get('/api/contacts/abc')).toMatchObject({ status: 404, body: { message: 'No such API path', code: 'NOT_FOUND' } });
    expect(await client.get('/api/contacts/-1')).toMatchObject({ status: 404, body: { message: 'No such API path', code: 'NOT_FOUND' } });
    expect(await client.get(`/api/contacts/${contactId}`)).toMatchObject({ status: 200, body: { id: contactId, name: 'Table Target' } });
    expect(await client.get('/api/contacts/count')).toMatchObject({ status: 200, body: { count: 1 } });
  });

  const guarded = restRoutes.filter((route) => !route.public);
  const samplePath = (route: RestRoute) => pathOf(route, (name) => (digitParam(name) ? String(contactId) : 'x'));

  it('refuses every route that is not public to a caller without a session before reading its body', async () => {
    const anonymous = new ApiClient(server.baseUrl);
    const before = await rowCounts();
    for (const route of guarded) {
      // Malformed JSON would answer 400 if the body were read: the 401 comes first.
      const body = route.method === 'GET' ? undefined : '{"name": "half';
      const res = await anonymous.request(route.method, samplePath(route), body, { 'Content-Type': 'application/json' });
      expect({ route: `${route.method} ${route.path}`, status: res.status, body: res.body }).toEqual({
        route: `${route.method} ${route.path}`,
        status: 401,
        body: { message: 'Please sign in to continue', code: 'UNAUTHORIZED' },
      });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('refuses an anonymous over-large body with 401, not by reading it to 413', async () => {
    const res = await new ApiClient(server.baseUrl).post('/api/contacts', { name: 'Big', notes: 'x'.repeat(1024 * 1024 + 10) });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Please sign in to continue', code: 'UNAUTHORIZED' });
  });

  it('lets a caller without a session reach the public routes only', async () => {
    const anonymous = new ApiClient(server.baseUrl);
    expect((await anonymous.post('/api/auth/logout')).status).toBe(200);
    expect((await anonymous.post('/api/auth/login', { username: 'nobody-here', password: 'wrong password' })).status).toBe(401);
    expect((await anonymous.post('/api/auth/login/2fa', { ticket: 'not-a-real-ticket', code: '123456' })).status).toBe(401);
    expect((await anonymous.get('/api/calendar/not-a-real-token.ics')).status).toBe(404);
    expect((await anonymous.post('/api/account/email/confirm', { token: 'not-a-real-token' })).status).toBe(400);
    expect((await anonymous.get('/api/auth/password-reset')).status).toBe(200);
    expect((await anonymous.post('/api/auth/password-reset/check', { token: 'not-a-real-token' })).status).toBe(400);
    expect((await anonymous.post('/api/auth/password-reset/complete', { token: 'not-a-real-token', password: 'a new password' })).status).toBe(400);
    expect(restRoutes.filter((route) => route.public).map((route) => `${route.method} ${route.path}`)).toEqual([
      'POST /api/auth/register',
      'POST /api/auth/login',
      'POST /api/auth/login/2fa',
      'POST /api/auth/logout',
      'GET /api/auth/password-reset',
      'POST /api/auth/password-reset',
      'POST /api/auth/password-reset/check',
      'POST /api/auth/password-reset/complete',
      'GET /api/calendar/:token.ics',
      'POST /api/account/email/confirm',
    ]);
  });
});
