// Isolation between users, generated from the REST table and the entity manifest (shared/entities.ts): every route with
// an id answers 404 to a stranger and changes nothing, and each entity's list holds only its reader's rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityExamples } from '../../server/rest/entities';
import { restRoutes, type RestRoute } from '../../server/rest/routes';
import { entities, entityNames, entityPath, hasProcedure, parentOf, rowParamOf, type EntityName } from '../../shared/entities';
import { ApiClient, signedInClient, startUsers, type TestServer } from './harness';

let server: TestServer;
let alice: ApiClient;
let bob: ApiClient;
let aliceId: number;
let bobId: number;
let bobTeamId: number;
/** B's own contact, which B offers as the duplicate to merge into A's (or as the one to keep). */
let bobContactId: number;
let bobTagId: number;
let aliceRelationshipId: number;
let aliceDateId: number;

/** A's row of each entity, keyed by the procedure's router name. */
const aliceRows: Record<string, number> = {};
/** The parent row of A's row of each nested entity (a comment's contact, in A's team: only a team contact has comments). */
const aliceParents: Record<string, number> = {};
/** A's live calendar feed token. */
let aliceFeedToken: string;
/** What A's list of sessions calls A's session (issue 33). */
let aliceSessionHandle: string;
/**
 * A feed token is the credential itself, not an id of A's: a stranger can only guess one. A well-formed guess
 * must answer the same 404 as a foreign id.
 */
const guessedFeedToken = 'G'.repeat(43);
const guessedInviteCode = 'G'.repeat(22);

/**
 * Tables that change with no user's write, left out of the snapshots: attempts a guess counts (decision 014), the
 * scheduler's lease and digests, the server's own keys. Every other table, an entity's included, is compared.
 */
const unwatched = new Set(['attempts', 'leases', 'digest_sends', 'app_secrets']);

/** Valid bodies for the routes that read one, keyed by procedure: validation must pass so only access can refuse. */
const bodies: Record<string, () => Record<string, unknown>> = {
  // Each entity's update: the manifest's example (server/rest/entities.ts).
  ...Object.fromEntries(
    entityNames.filter((entity) => hasProcedure(entity, 'update')).map((entity) => [`${entity}.update`, () => entityExamples(entity).update!]),
  ),
  // A nested entity's create names its parent's row in its path (a comment's contact): the manifest's example body.
  ...Object.fromEntries(
    entityNames
      .filter((entity) => parentOf(entity) && hasProcedure(entity, 'create'))
      .map((entity) => [`${entity}.create`, () => entityExamples(entity).create!({ contactId: aliceRows.contacts })]),
  ),
  'followUps.complete': () => ({ timeZone: 'Europe/Paris' }),
  'followUps.snooze': () => ({ until: new Date(Date.now() + 2 * 86_400_000).toISOString() }),
  'attention.snooze': () => ({ until: new Date(Date.now() + 2 * 86_400_000).toISOString() }),
  'contacts.answerSpiritualCheck': () => ({ status: 'growing' }),
  'contacts.setMilestone': () => ({ date: '2025-01-01' }),
  // Alice's contact linked to Bob's own: the contact in the path is what must stay out of his reach.
  'contacts.addRelationship': () => ({ contactId: bobContactId, kind: 'friend' }),
  'contacts.addDate': () => ({ label: 'Birthday', date: '1990-05-01' }),
  'contacts.merge': () => ({ duplicateId: bobContactId }),
  'contacts.archive': () => ({ reason: 'moved' }),
  'contacts.share': () => ({ teamId: aliceRows.teams }),
  'contacts.assign': () => ({ userId: bobId }),
  // Into a tag of Bob's own: Alice's, named in the path, is what must stay out of his reach.
  'tags.merge': () => ({ intoId: bobTagId }),
  'teams.members.add': () => ({ userId: bobId, role: 'admin' }),
  'teams.members.update': () => ({ role: 'viewer' }),
  'teams.links.create': () => ({ role: 'member', maxUses: 1000 }),
  'teams.links.email': () => ({ email: 'someone@example.com' }),
  'teams.settings': () => ({ updateNeededDays: 7 }),
  'assignments.decline': () => ({ reason: 'Not mine' }),
};

/** Query strings the routes that need one take, keyed by procedure, valid so that only access can refuse. */
const queries: Record<string, () => string> = {
  'contacts.mergePreview': () => `?duplicateId=${bobContactId}`,
};

/** The value for each path parameter of a route, or undefined when the test has no fixture for it. */
function paramValue(route: RestRoute, name: string): number | string | undefined {
  const entity = route.procedure.split('.')[0];
  // A nested entity's row (a comment) under A's parent row (its contact): both A's.
  if (parentOf(entity as EntityName)) {
    if (name === 'id') return aliceParents[entity];
    if (name === rowParamOf(entity as EntityName)) return aliceRows[entity];
  }
  // A contact's snooze is the attention router's, on the contact's path.
  if (name === 'id' && route.path.startsWith('/api/contacts/')) return aliceRows.contacts;
  if (name === 'id' && route.path.includes('/invite-links/')) return aliceRows.inviteLinks;
  if (name === 'id') return aliceRows[entity];
  if (name === 'teamId') return aliceRows.teams;
  if (name === 'invitationId') return aliceRows.teamInvitations;
  if (name === 'userId') return aliceId;
  if (name === 'token') return guessedFeedToken;
  // An invite link's code, like a feed token, is the credential: a well-formed guess is 404 like a foreign id.
  if (name === 'code') return guessedInviteCode;
  if (name === 'handle') return aliceSessionHandle;
  // A milestone's kind names no row: the contact's id is what must not reach someone else's.
  if (name === 'kind') return 'belief';
  if (name === 'relationshipId') return aliceRelationshipId;
  if (name === 'dateId') return aliceDateId;
  // An assignment is answered on its contact's path (issue 51 §2).
  if (name === 'contactId') return aliceRows.contacts;
  return undefined;
}

function callFor(route: RestRoute) {
  const missing: string[] = [];
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = paramValue(route, name);
    if (value === undefined) missing.push(name);
    return String(value);
  });
  if (missing.length) throw new Error(`no fixture for :${missing.join(', :')} of ${route.method} ${route.path}: add one so the route is covered`);
  const needsBody = route.input === 'body' || route.input === 'params+body';
  const body = needsBody ? bodies[route.procedure] : undefined;
  if (needsBody && !body) throw new Error(`no valid body for ${route.method} ${route.path} (${route.procedure}): add one to bodies`);
  return { path: path + (queries[route.procedure]?.() ?? ''), body: body?.() };
}

async function snapshot() {
  const result: Record<string, unknown[]> = {};
  const tables = await server.database.readerClient.execute(
    "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' order by name",
  );
  for (const { name } of tables.rows) {
    if (unwatched.has(String(name))) continue;
    result[String(name)] = (await server.database.readerClient.execute(`select * from "${String(name)}" order by rowid`)).rows.map((r) => ({ ...r }));
  }
  return result;
}

beforeAll(async () => {
  ({
    server,
    clients: [alice, bob],
    ids: [aliceId, bobId],
  } = await startUsers(['alice', 'bob']));

  // A's row of each entity that has a create, through its REST row with the manifest's example: contacts first, which
  // the others name. A date a month ahead puts A's follow-up in the calendar feed's next 12 months.
  for (const entity of entityNames.filter((name) => hasProcedure(name, 'create') && !parentOf(name))) {
    const res = await alice.post(`/api/${entities[entity].rest}`, entityExamples(entity).create!({ contactId: aliceRows.contacts ?? 0 }));
    expect(res.status, entity).toBe(201);
    aliceRows[entity] = res.body.id;
  }
  // A nested entity's row (a comment of A's) under a parent row of A's in A's team (issue 51 §3: only a team contact has comments).
  for (const entity of entityNames.filter((name) => hasProcedure(name, 'create') && parentOf(name))) {
    const parent = parentOf(entity)!;
    const made = await alice.post(entityPath(parent), entityExamples(parent).create!({ contactId: aliceRows.contacts, teamId: aliceRows.teams }));
    expect(made.status, parent).toBe(201);
    aliceParents[entity] = made.body.id;
    const res = await alice.post(entityPath(entity, { parentId: made.body.id }), entityExamples(entity).create!({ contactId: aliceRows.contacts }));
    expect(res.status, entity).toBe(201);
    aliceRows[entity] = res.body.id;
  }
  // An invitation to A (from Carol's team), and one A's team sent (to Carol): both A's, neither B's to touch.
  const carol = await signedInClient(server, 'carol');
  const carolTeam = await carol.client.post('/api/teams', { name: 'Carol Team' });
  const toAlice = await carol.client.post(`/api/teams/${carolTeam.body.id}/members`, { userId: aliceId, role: 'member' });
  const fromAlice = await alice.post(`/api/teams/${aliceRows.teams}/members`, { userId: carol.user.id, role: 'member' });
  for (const res of [toAlice, fromAlice]) expect(res.status).toBe(201);
  aliceRows.invitations = toAlice.body.id;
  aliceRows.teamInvitations = fromAlice.body.id;
  const link = await alice.post(`/api/teams/${aliceRows.teams}/invite-links`, { role: 'member' });
  expect(link.status).toBe(201);
  aliceRows.inviteLinks = link.body.id;
  // A link between two of A's contacts (issue 50).
  const second = await alice.post('/api/contacts', { name: 'Second Contact' });
  const linked = await alice.post(`/api/contacts/${aliceRows.contacts}/relationships`, { contactId: second.body.id, kind: 'friend' });
  expect(linked.status).toBe(201);
  aliceRelationshipId = linked.body[0].id;
  // An important date of A's contact (issue 50 §6).
  const dated = await alice.post(`/api/contacts/${aliceRows.contacts}/dates`, { label: 'Birthday', date: '1990-05-01', kind: 'birthday' });
  expect(dated.status).toBe(201);
  aliceDateId = dated.body[0].id;
  // An entity without a create (the resource library) has no example to post: A's private resource goes in directly.
  const resource = await server.database.writerClient.execute({
    sql: "insert into resources (title, description, content, category, created_by) values ('Alice notes', 'Private', 'Private content', 'Notes', ?) returning id",
    args: [aliceId],
  });
  aliceRows.resources = Number(resource.rows[0].id);
  const feed = await alice.post('/api/calendar/enable');
  expect(feed.status).toBe(200);
  aliceFeedToken = feed.body.url.slice('/api/calendar/'.length, -'.ics'.length);
  aliceSessionHandle = (await alice.get('/api/account/sessions')).body[0].id;
  expect(aliceFeedToken).not.toBe(guessedFeedToken);

  const bobTeam = await bob.post('/api/teams', { name: 'Bob Team' });
  expect(bobTeam.status).toBe(201);
  bobTeamId = bobTeam.body.id;
  const bobActivity = await bob.post('/api/activities', { type: 'conversation', contactName: 'Alice Contact', followUp: { date: '2031-01-01' }, prayer: {} });
  bobContactId = bobActivity.body.contactId;
  bobTagId = (await bob.post('/api/tags', { name: 'Bob’s own' })).body.id;
  await bob.post('/api/goals', { title: 'Bob goal', description: 'Goal', type: 'conversation', targetCount: 5, deadline: '2031-01-01' });
});
afterAll(() => server.close());

const withParams = restRoutes.filter((route) => /:\w+/.test(route.path));

describe("another user's ids", () => {
  it('covers every route with a path parameter', () => {
    expect(withParams.length).toBeGreaterThanOrEqual(20);
    for (const route of withParams) expect(() => callFor(route)).not.toThrow();
  });

  for (const route of withParams) {
    it(`answer 404 on ${route.method} ${route.path} and change nothing`, async () => {
      const call = callFor(route);
      const before = await snapshot();
      const res = await bob.request(route.method, call.path, call.body);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: expect.stringMatching(/ not found$/), code: 'NOT_FOUND' });
      expect(await snapshot()).toEqual(before);
    });
  }

  it("still lets A read each of A's rows afterwards", async () => {
    for (const entity of entityNames.filter((name) => hasProcedure(name, 'byId'))) {
      const res = await alice.get(entityPath(entity, { parentId: aliceParents[entity], row: aliceRows[entity] }));
      expect(res.status, entity).toBe(200);
    }
    // A nested entity without a byId (comments): A's row is still in its parent's list.
    for (const entity of entityNames.filter((name) => parentOf(name) && hasProcedure(name, 'list'))) {
      const res = await alice.get(entityPath(entity, { parentId: aliceParents[entity] }));
      expect([res.status, res.body.map((row: { id: number }) => row.id)], entity).toEqual([200, [aliceRows[entity]]]);
    }
    const members = await alice.get(`/api/teams/${aliceRows.teams}/members`);
    expect(members.body).toEqual([expect.objectContaining({ userId: aliceId, role: 'admin' })]);
    const feed = await new ApiClient(server.baseUrl).get(`/api/calendar/${aliceFeedToken}.ics`);
    expect(feed.status).toBe(200);
    expect(feed.body).toContain(`UID:followup-${aliceRows.followUps}@sower`);
  });
});

describe("B's lists", () => {
  const lists = restRoutes.filter((r) => r.method === 'GET' && !/:\w+/.test(r.path));

  it("contain none of A's rows", async () => {
    const entityLists: Record<string, string> = {};
    for (const route of lists) {
      const entity = route.procedure.split('.')[0];
      // The account's own lists (its sessions) are below.
      if (entity === 'account') continue;
      if (route.procedure.endsWith('.list')) entityLists[entity] = route.path;
    }
    // Every entity's list, and two lists of other rows: the contacts needing attention, the invitations received. A nested
    // entity's list names its parent's row, A's here: it is among the routes with an id above (404 to B).
    expect(Object.keys(entityLists).sort()).toEqual(
      [...entityNames.filter((entity) => hasProcedure(entity, 'list') && !parentOf(entity)), 'attention', 'invitations'].sort(),
    );
    for (const [entity, path] of Object.entries(entityLists)) {
      const res = await bob.get(path);
      expect(res.status, path).toBe(200);
      const ids = res.body.map((row: { id: number }) => row.id);
      if (entity === 'invitations') expect(res.body, path).toEqual([]);
      // The attention list holds contacts; A's is new, so it is not on A's own list yet either (tests/api/attention.test.ts has due ones).
      if (entity === 'attention') {
        expect(ids, path).not.toContain(aliceRows.contacts);
        continue;
      }
      expect(ids, path).not.toContain(aliceRows[entity]);
      const aliceList = await alice.get(path);
      expect(
        aliceList.body.map((row: { id: number }) => row.id),
        path,
      ).toContain(aliceRows[entity]);
    }
    const contacts = (await bob.get('/api/contacts')).body;
    expect(contacts.map((c: { name: string }) => c.name)).toEqual(['Alice Contact']);
    expect(contacts[0].id).not.toBe(aliceRows.contacts);
  });

  it("hold none of A's sessions or security log entries", async () => {
    const sessions = (await bob.get('/api/account/sessions')).body as { id: string; current: boolean }[];
    expect(sessions.map((session) => session.current)).toEqual([true]);
    expect(sessions.map((session) => session.id)).not.toContain(aliceSessionHandle);
    expect((await bob.get('/api/account/security-log')).body).toEqual([]);
    expect((await alice.get('/api/account/sessions')).body.map((session: { id: string }) => session.id)).toContain(aliceSessionHandle);
  });

  it("GET /api/teams?userId={A's id} lists only B's teams", async () => {
    const res = await bob.get(`/api/teams?userId=${aliceId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: bobTeamId, name: 'Bob Team', description: null, createdAt: expect.any(String), updateNeededDays: 14, role: 'admin' }]);
  });

  it("dashboard stats of B do not count A's rows", async () => {
    const res = await bob.get('/api/dashboard/stats');
    expect(res.body).toMatchObject({ totalConversations: 1, totalContacts: 1, totalPrayerRequests: 1, totalGospelPresentations: 0 });
  });
});

describe('anonymous callers', () => {
  const guarded = restRoutes.filter((route) => !route.public);

  it('reach only the public routes', () => {
    // The calendar feed and an email confirmation are public because their token is the credential (calendar apps
    // hold no session; a confirmation link may be opened on a device where nobody is signed in); a sign-in's second
    // step because its ticket is; "Forgot password?" because its asker is signed out, and its link's token is the credential;
    // an invite link's preview because its code is, and the invitee has no account yet (issue 51 §7).
    expect(
      restRoutes
        .filter((r) => r.public)
        .map((r) => r.procedure)
        .sort(),
    ).toEqual([
      'account.email.confirm',
      'auth.login',
      'auth.loginTwoFactor',
      'auth.logout',
      'auth.passwordReset.check',
      'auth.passwordReset.complete',
      'auth.passwordReset.options',
      'auth.passwordReset.request',
      'auth.register',
      'calendar.feed',
      'inviteLinks.preview',
    ]);
  });

  for (const route of guarded) {
    it(`get 401 on ${route.method} ${route.path}`, async () => {
      const path = route.path.replace(/:(\w+)/g, (_, name: string) => String(paramValue(route, name) ?? 1));
      const body = route.input === 'body' || route.input === 'params+body' ? (bodies[route.procedure]?.() ?? { name: 'Anonymous' }) : undefined;
      const before = await snapshot();
      const res = await new ApiClient(server.baseUrl).request(route.method, path, body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Please sign in to continue', code: 'UNAUTHORIZED' });
      expect(await snapshot()).toEqual(before);
    });
  }
});
