// Authorization matrix generated from the REST table: a team viewer's writes are 403, cross-origin writes are 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes, type RestRoute } from '../../server/rest/routes';
import { fillTemplate, isolated } from '../../shared/i18n';
import { mayChange, mayPray, mayWriteAbout, refusalOf, roleCan, teamAbilities, type TeamAction } from '../../shared/roles';
import type { TeamRole } from '../../shared/vocabulary';
import { signedInClient, startServer, type ApiClient, type TestServer, joinTeam } from './harness';

let server: TestServer;
let admin: ApiClient;
let viewer: ApiClient;
let adminId: number;
let teamId: number;
const teamRows: Record<string, number> = {};

const validBodies: Record<string, (team: number, contactId: number) => Record<string, unknown>> = {
  contacts: (team) => ({ name: 'Team Contact', teamId: team }),
  activities: (team) => ({ type: 'conversation', contactName: 'Team Contact', teamId: team }),
  followUps: (team, contactId) => ({ contactId, date: '2027-01-05', type: 'phone', description: 'Call', teamId: team }),
  prayerRequests: (team, contactId) => ({ contactId, request: 'Peace', teamId: team }),
  goals: (team) => ({ title: 'Team goal', description: 'Share', type: 'conversation', targetCount: 5, deadline: '2027-06-01', teamId: team }),
};

beforeAll(async () => {
  server = await startServer();
  const a = await signedInClient(server, 'admin');
  const v = await signedInClient(server, 'viewer');
  admin = a.client;
  viewer = v.client;
  adminId = a.user.id;
  teamId = (await admin.post('/api/teams', { name: 'Harvesters' })).body.id;
  await joinTeam(admin, teamId, { client: v.client, id: v.user.id }, 'viewer');
  const contact = await admin.post('/api/contacts', validBodies.contacts(teamId, 0));
  teamRows.contacts = contact.body.id;
  // A second team contact: the duplicate a viewer tries to merge into the first.
  teamRows.duplicateContact = (await admin.post('/api/contacts', validBodies.contacts(teamId, 0))).body.id;
  for (const entity of ['activities', 'followUps', 'prayerRequests', 'goals']) {
    const path = restRoutes.find((r) => r.procedure === `${entity}.create`)!.path;
    const res = await admin.post(path, validBodies[entity](teamId, contact.body.id));
    expect(res.status, entity).toBe(201);
    teamRows[entity] = res.body.id;
  }
});
afterAll(() => server.close());

/**
 * Routes that act only on the caller's own account (sign-in, their calendar feed, profile, import, deletion, the
 * invitations addressed to them, invite links they hold, leaving a team): no team row, nothing to refuse a viewer.
 */
const ownAccount = (route: RestRoute) =>
  /^(auth|calendar|account|invitations|inviteLinks|reminders|push)\./.test(route.procedure) ||
  route.procedure === 'teams.leave' ||
  perUser.has(route.procedure);
/**
 * Writes that change only the caller's own view of a team row (issue 16): their snooze of a contact, their attention
 * thresholds, their Pray today list. A viewer may do them; tests/api/attention.test.ts and pray-today.test.ts show they
 * touch nobody else's.
 */
const perUser = new Set([
  'attention.snooze',
  'attention.unsnooze',
  'attention.updateSettings',
  'prayerRequests.setTodayCount',
  'prayerRequests.notToday',
  'assignments.markSeen',
]);
const writes = restRoutes.filter((r) => r.method !== 'GET' && !ownAccount(r));
const entityOf = (route: RestRoute) => route.procedure.split('.')[0];

/** A change each entity's update takes: a viewer's must be refused for the role, not for its fields. */
const updateBodies = {
  contacts: { name: 'changed', notes: 'changed' },
  activities: { notes: 'changed', description: 'changed' },
  followUps: { description: 'changed' },
  prayerRequests: { request: 'changed' },
  goals: { description: 'changed' },
};

function viewerCall(route: RestRoute): { path: string; body?: unknown } {
  const entity = entityOf(route);
  if (route.procedure.startsWith('teams.members.')) {
    const path = route.path.replace(':teamId', String(teamId)).replace(':userId', String(adminId));
    return { path, body: route.procedure.endsWith('.add') ? { username: 'someone', role: 'member' } : { role: 'viewer' } };
  }
  if (route.procedure.startsWith('teams.removals.')) return { path: route.path.replace(':teamId', String(teamId)).replace(':userId', String(adminId)) };
  if (route.procedure.startsWith('teams.invitations.')) return { path: route.path.replace(':teamId', String(teamId)).replace(':invitationId', '1') };
  if (route.procedure.startsWith('teams.links.'))
    return {
      path: route.path.replace(':teamId', String(teamId)).replace(':id', '1'),
      body: route.procedure.endsWith('.email') ? { email: 'a@example.com' } : { role: 'member' },
    };
  if (entity === 'teams') return { path: route.path.replace(':id', String(teamId)), body: { name: 'Renamed' } };
  if (route.procedure.endsWith('.create')) return { path: route.path, body: validBodies[entity](teamId, teamRows.contacts) };
  const id = teamRows[entity];
  if (route.procedure === 'contacts.answerSpiritualCheck') return { path: route.path.replace(':id', String(teamRows.contacts)), body: { status: 'growing' } };
  if (route.procedure === 'contacts.merge')
    return { path: route.path.replace(':id', String(teamRows.contacts)), body: { duplicateId: teamRows.duplicateContact } };
  // Moving the team's contact into the team it is in, and assigning it to the admin: both need more than reading.
  if (route.procedure === 'contacts.share') return { path: route.path.replace(':id', String(teamRows.contacts)), body: { teamId } };
  if (route.procedure === 'contacts.assign') return { path: route.path.replace(':id', String(teamRows.contacts)), body: { userId: adminId } };
  if (route.procedure === 'followUps.snooze')
    return { path: route.path.replace(':id', String(id)), body: { until: new Date(Date.now() + 2 * 86_400_000).toISOString() } };
  if (id === undefined) throw new Error(`no fixture for ${route.method} ${route.path}: add one so the route is covered`);
  return {
    path: route.path.replace(':id', String(id)),
    // Every update refuses a field it does not have (issue 47), so each entity gets only its own.
    body: route.method === 'PUT' ? updateBodies[entity as keyof typeof updateBodies] : undefined,
  };
}

describe('a team viewer', () => {
  it('can read the team rows', async () => {
    const contacts = await viewer.get('/api/contacts');
    expect(contacts.body.map((c: { id: number }) => c.id)).toContain(teamRows.contacts);
    expect((await viewer.get(`/api/goals/${teamRows.goals}`)).status).toBe(200);
  });

  for (const route of writes.filter((r) => r.procedure !== 'teams.create')) {
    it(`gets 403 on ${route.method} ${route.path}`, async () => {
      const call = viewerCall(route);
      const res = await viewer.request(route.method, call.path, call.body);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    });
  }
});

describe('each role and each action: the server does what the screens derive from shared/roles.ts (issue 48)', () => {
  const actions: TeamAction[] = ['read', 'create', 'changeOwn', 'changeAny', 'pray', 'assignSelf', 'assignAnyone', 'manage'];
  it('names every action of the table', () => {
    expect(new Set(Object.values(teamAbilities).flat())).toEqual(new Set(actions.filter((action) => roleCan('admin', action))));
    expect(actions.every((action) => roleCan('admin', action))).toBe(true);
  });

  for (const role of Object.keys(teamAbilities) as TeamRole[]) {
    it(`a ${role}: allowed where the screens offer it, else 403 saying what the role cannot do`, async () => {
      const owner = await signedInClient(server, `own${role}`);
      const person = await signedInClient(server, `per${role}`);
      // An Arabic name inside the English sentence: placed in Unicode isolates.
      const teamName = `Equipo Centro ${role} فريق`;
      const team = (await owner.client.post('/api/teams', { name: teamName })).body.id as number;
      await joinTeam(owner.client, team, { client: person.client, id: person.user.id }, 'member');
      const contact = (await owner.client.post('/api/contacts', { name: 'Jorge', teamId: team })).body.id as number;
      const prayer = (await owner.client.post('/api/prayer-requests', { contactId: contact, request: 'Work' })).body.id as number;
      const theirs = (await owner.client.post('/api/activities', { type: 'conversation', contactId: contact })).body.id as number;
      // Written while a member; the role is set afterwards, as an admin changes it.
      const mine = (await person.client.post('/api/activities', { type: 'conversation', contactId: contact })).body.id as number;
      if (role !== 'member') expect((await owner.client.put(`/api/teams/${team}/members/${person.user.id}`, { role })).status).toBe(200);

      const me = person.user.id;
      // What the screens decide from the table, each through the function the screens call (src/components/team-work).
      const screensOffer: Record<TeamAction, boolean> = {
        read: roleCan(role, 'read'),
        create: mayWriteAbout({ teamId: team }, role),
        changeOwn: mayChange({ teamId: team, createdBy: me }, me, role),
        changeAny: mayChange({ teamId: team, createdBy: owner.user.id }, me, role),
        pray: mayPray({ teamId: team, createdBy: owner.user.id }, me, role),
        assignSelf: roleCan(role, 'assignSelf'),
        assignAnyone: roleCan(role, 'assignAnyone'),
        manage: roleCan(role, 'manage'),
      };
      const calls: Record<TeamAction, () => Promise<{ status: number; body: { message?: string } }>> = {
        read: () => person.client.get(`/api/contacts/${contact}`),
        create: () => person.client.post('/api/activities', { type: 'conversation', contactId: contact }),
        changeOwn: () => person.client.put(`/api/activities/${mine}`, { notes: 'mine, changed' }),
        changeAny: () => person.client.put(`/api/activities/${theirs}`, { notes: 'theirs, changed' }),
        pray: () => person.client.post(`/api/prayer-requests/${prayer}/pray`),
        assignSelf: () => person.client.put(`/api/contacts/${contact}/assignee`, { userId: me }),
        assignAnyone: () => person.client.put(`/api/contacts/${contact}/assignee`, { userId: owner.user.id }),
        manage: () => person.client.put(`/api/teams/${team}`, { name: teamName }),
      };
      for (const action of actions) {
        const res = await calls[action]();
        expect(res.status < 300, `${role} ${action}: ${res.status} ${JSON.stringify(res.body)}`).toBe(screensOffer[action]);
        expect(screensOffer[action], `${role} ${action}`).toBe(roleCan(role, action));
        if (screensOffer[action]) continue;
        expect(res.status, `${role} ${action}`).toBe(403);
        expect(res.body.message, `${role} ${action}`).not.toMatch(/try again/i);
        const sentence = refusalOf(role, action);
        // Assigning is refused in its own words, which name who may (tests/api/assignments.test.ts).
        if (action.startsWith('assign')) expect(sentence).toBeUndefined();
        else expect(res.body.message, `${role} ${action}`).toBe(fillTemplate(sentence!, { team: isolated(teamName) }));
      }
    });
  }
});

describe('cross-origin writes', () => {
  for (const route of restRoutes.filter((r) => r.method !== 'GET')) {
    it(`refuses ${route.method} ${route.path} from another origin with 403`, async () => {
      const path = route.path.replace(/:(\w+)/g, () => String(teamRows.contacts));
      const before = await server.database.readerClient.execute(
        'select (select count(*) from contacts) + (select count(*) from sessions) + (select count(*) from teams) as n',
      );
      const res = await admin.request(route.method, path, route.method === 'DELETE' ? undefined : {}, { Origin: 'https://evil.example' });
      expect(res.status).toBe(403);
      const after = await server.database.readerClient.execute(
        'select (select count(*) from contacts) + (select count(*) from sessions) + (select count(*) from teams) as n',
      );
      expect(after.rows[0].n).toBe(before.rows[0].n);
    });
  }
});
