// The REST table as a contract: procedure names checked by tsc, digit-only ids (so the rows' order does not matter),
// and public rows the only way in without a session.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOWNLOAD_PROCEDURES, isUnbatchable } from '../../shared/batching';
import { compileRoutes, matchRoute } from '../../server/rest/handler';
import { restRoutes, type RestRoute } from '../../server/rest/routes';
import { UNCHANGEABLE_CONTACT_FIELD } from '../../shared/schemas/contacts';
import { ApiClient, startSignedIn, type TestServer } from './harness';
import { trpcMutation } from './trpc';
import { appRouter } from '../../server/routers';

// @ts-expect-error A row naming a procedure AppRouter does not have ('contacts.lst') fails tsc.
const misspelt: RestRoute = { method: 'GET', path: '/api/contacts', procedure: 'contacts.lst', summary: 'List contacts', input: 'query' };
// @ts-expect-error A nested router is not a procedure.
const notAProcedure: RestRoute = { method: 'GET', path: '/api/teams/:teamId/members', procedure: 'teams.members', summary: 'List members', input: 'params' };

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
      'GET /api/invite-links/:code/preview',
    ]);
  });
});

describe('every write that reads a JSON body', () => {
  const writes = restRoutes.filter((route) => route.input.includes('body') && !route.upload);
  const pathFor = (route: RestRoute, id = contactId) => pathOf(route, (name) => (digitParam(name) ? String(id) : 'x'));
  /** The refusal names the field, or (contacts) says which fields an update takes and where the others are changed. */
  const refuses = (res: { status: number; body: unknown }, field: string) =>
    res.status === 400 && (JSON.stringify(res.body).includes(field) || JSON.stringify(res.body).includes(UNCHANGEABLE_CONTACT_FIELD));

  it('refuses a field it does not take with 400, naming it, and changes nothing', async () => {
    const before = await rowCounts();
    const accepted: string[] = [];
    for (const route of writes) {
      const res = await client.request(route.method, pathFor(route), { notAField: 1 });
      if (!refuses(res, 'notAField')) accepted.push(`${route.method} ${route.path}: ${res.status} ${JSON.stringify(res.body)}`);
    }
    expect(accepted).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  });

  it('keeps taking the bodies SPEC’s client sends: an activity’s id on create, a record’s own contact sent back on update', async () => {
    const other = (await client.post('/api/contacts', { name: 'Someone Else' })).body.id as number;
    const activity = await client.post('/api/activities', {
      type: 'conversation',
      date: '2030-05-01T10:00:00.000Z',
      notes: 'Talked',
      contactId,
      description: 'Chat',
      id: 987654,
    });
    expect(activity.status).toBe(201);
    expect(activity.body.id).not.toBe(987654);
    const followUp = (
      await client.post('/api/followups', { contactId, date: '2030-05-02T00:00:00.000Z', type: 'phone', description: 'Call', completed: false })
    ).body;
    const prayer = (
      await client.post('/api/prayer-requests', {
        contactId,
        request: 'Peace',
        date: '2030-05-01T00:00:00.000Z',
        answered: false,
        answerNotes: null,
        answerDate: null,
      })
    ).body;
    const followUpBody = { contactId, date: '2030-05-03T00:00:00.000Z', type: 'phone', description: 'Call again', completed: false };
    expect((await client.put(`/api/followups/${followUp.id}`, followUpBody)).status).toBe(200);
    const prayerBody = { contactId, request: 'Peace at home', date: '2030-05-01T00:00:00.000Z', answered: false, answerNotes: null, answerDate: null };
    expect((await client.put(`/api/prayer-requests/${prayer.id}`, prayerBody)).status).toBe(200);
    // Another contact is a move, which an update does not make: refused, and nothing changed.
    const CONTACT_STAYS = 'A follow-up or prayer request stays with its contact: add a new one for the other contact';
    for (const [path, body] of [
      [`/api/followups/${followUp.id}`, { ...followUpBody, contactId: other, description: 'Moved' }],
      [`/api/prayer-requests/${prayer.id}`, { ...prayerBody, contactId: other, request: 'Moved' }],
    ] as const) {
      const res = await client.put(path, body);
      expect([res.status, res.body.issues]).toEqual([400, [{ path: 'contactId', message: CONTACT_STAYS }]]);
    }
    expect(await server.rows('select contact_id, description from follow_ups where id = ?', [followUp.id])).toEqual([
      { contact_id: contactId, description: 'Call again' },
    ]);
    expect(await server.rows('select contact_id, request from prayer_requests where id = ?', [prayer.id])).toEqual([
      { contact_id: contactId, request: 'Peace at home' },
    ]);
  });

  it('refuses the fields an update cannot change (its team, its author) on every entity, and leaves the row as it was', async () => {
    const teamId = (await client.post('/api/teams', { name: 'Not by update' })).body.id as number;
    const made: Record<string, number> = {
      contacts: contactId,
      activities: (await client.post('/api/activities', { contactId, type: 'conversation' })).body.id,
      followUps: (await client.post('/api/followups', { contactId, date: '2031-01-01' })).body.id,
      prayerRequests: (await client.post('/api/prayer-requests', { contactId, request: 'Strength' })).body.id,
      goals: (await client.post('/api/goals', { title: 'Ten talks', type: 'conversations', target: 10 })).body.id,
      tags: (await client.post('/api/tags', { name: 'Neighbours' })).body.id,
      prayerLists: (await client.post('/api/prayer-lists', { name: 'Neighbours' })).body.id,
      teams: teamId,
    };
    // Every entity's update: PUT /api/{entities}/:id.
    const updates = restRoutes.filter((route) => route.method === 'PUT' && /^\/api\/[\w-]+\/:id$/.test(route.path));
    expect(updates.map((route) => route.procedure.split('.')[0]).sort()).toEqual(Object.keys(made).sort());
    const owners =
      'select id, team_id, created_by from activities union all select id, team_id, created_by from goals union all select id, team_id, created_by from tags union all select id, team_id, created_by from prayer_lists';
    const before = await server.rows(owners);
    const accepted: string[] = [];
    for (const route of updates) {
      for (const field of ['teamId', 'createdBy', 'userId']) {
        const res = await client.request(route.method, pathFor(route, made[route.procedure.split('.')[0]]), { [field]: teamId });
        if (!refuses(res, field)) accepted.push(`${route.path} ${field}: ${res.status} ${JSON.stringify(res.body)}`);
      }
    }
    expect(accepted).toEqual([]);
    expect(await server.rows(owners)).toEqual(before);
  });

  it('refuses it over tRPC too, on every mutation that takes an input', async () => {
    const mutations = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string; inputs: unknown[] } }>)
      // A download is refused over tRPC whatever its input; its REST row is covered above.
      .filter(([path, procedure]) => procedure._def.type === 'mutation' && procedure._def.inputs.length > 0 && !DOWNLOAD_PROCEDURES.includes(path))
      .map(([path]) => path);
    expect(mutations.length).toBeGreaterThan(60);
    const before = await rowCounts();
    const accepted: string[] = [];
    for (const path of mutations) {
      const res = await trpcMutation(client, path, { id: contactId, notAField: 1 });
      if (!refuses({ status: res.status, body: res.error }, 'notAField')) accepted.push(`${path}: ${res.status} ${JSON.stringify(res.error)}`);
    }
    expect(accepted).toEqual([]);
    expect(await rowCounts()).toEqual(before);
  });
});
