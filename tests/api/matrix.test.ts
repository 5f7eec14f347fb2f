// Authorization matrix generated from the REST table and the entity manifest (shared/entities.ts): a team viewer's
// writes are 403, someone outside the team finds none of its rows (404), cross-origin writes are 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entityExamples } from '../../server/rest/entities';
import { restRoutes, type RestRoute } from '../../server/rest/routes';
import { entities, entityNames, entityPath, hasProcedure, parentOf, rowParamOf, type EntityName } from '../../shared/entities';
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

/** The entities whose rows a team holds (created_by, team_id), each with a create: the rows these tests act on. */
const teamEntities = entityNames.filter((entity) => entities[entity].rows === 'owned' && hasProcedure(entity, 'create'));
/** The team's row of a nested entity's parent (a comment's contact), or undefined for an entity of its own. */
const parentRow = (entity: EntityName) => {
  const parent = parentOf(entity);
  return parent && teamRows[parent];
};
/** A route of an entity with the team's rows in its path: a nested entity's parent row (`:id`) and its own row. */
const teamPath = (route: RestRoute, entity: EntityName) =>
  route.path.replace(`:${rowParamOf(entity)}`, String(teamRows[entity])).replace(':id', String(parentRow(entity) ?? teamRows[entity]));
/** A valid new row of an entity in the team, naming the team's contact: only the role may refuse it. */
const validBody = (entity: EntityName, team: number, contactId: number) => entityExamples(entity).create!({ contactId, teamId: team });

beforeAll(async () => {
  server = await startServer();
  const a = await signedInClient(server, 'admin');
  const v = await signedInClient(server, 'viewer');
  admin = a.client;
  viewer = v.client;
  adminId = a.user.id;
  teamId = (await admin.post('/api/teams', { name: 'Harvesters' })).body.id;
  await joinTeam(admin, teamId, { client: v.client, id: v.user.id }, 'viewer');
  // The team's row of each entity, contacts first, which the others name.
  // A nested entity's row (a comment) goes under the team's row of its parent (the team contact).
  for (const entity of teamEntities) {
    const res = await admin.post(entityPath(entity, { parentId: parentRow(entity) }), validBody(entity, teamId, teamRows.contacts ?? 0));
    expect(res.status, entity).toBe(201);
    teamRows[entity] = res.body.id;
  }
  // A second team contact: the duplicate a viewer tries to merge into the first.
  teamRows.duplicateContact = (await admin.post('/api/contacts', validBody('contacts', teamId, 0))).body.id;
  // A link between the two team contacts: the one a viewer tries to remove.
  teamRows.relationship = (
    await admin.post(`/api/contacts/${teamRows.contacts}/relationships`, { contactId: teamRows.duplicateContact, kind: 'sibling' })
  ).body[0].id;
  // An important date of the team contact: the one a viewer tries to remove (issue 50 §6).
  teamRows.contactDate = (await admin.post(`/api/contacts/${teamRows.contacts}/dates`, { label: 'Birthday', date: '1990-05-01', kind: 'birthday' })).body[0].id;
  // A second team tag: the one a viewer tries to merge the first into.
  teamRows.otherTag = (await admin.post('/api/tags', { name: 'Students', teamId })).body.id;
});
afterAll(() => server.close());

/**
 * Routes that act only on the caller's own account (sign-in, their calendar feed, profile, import, deletion, the
 * invitations addressed to them, invite links they hold, leaving a team): no team row, nothing to refuse a viewer.
 */
const ownAccount = (route: RestRoute) =>
  /^(auth|calendar|account|invitations|inviteLinks|reminders|push)\./.test(route.procedure) ||
  route.procedure === 'teams.leave' ||
  perUser.has(route.procedure) ||
  personalEntity(route);
/** Routes of an entity whose rows are their author's alone (a prayer list): no team holds one (tests/api/prayer-lists.test.ts). */
const personalEntity = (route: RestRoute) => (entities as Record<string, { rows: string }>)[route.procedure.split('.')[0]]?.rows === 'personal';
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
  // Marking one's own notifications read (issue 51 §3): tests/api/notifications.test.ts shows nobody else's change.
  'notifications.markRead',
  'notifications.setChoices',
]);
const writes = restRoutes.filter((r) => r.method !== 'GET' && !ownAccount(r));
const entityOf = (route: RestRoute) => route.procedure.split('.')[0];

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
  if (route.procedure === 'teams.settings') return { path: route.path.replace(':teamId', String(teamId)), body: { updateNeededDays: 3 } };
  // Answering an assignment (issue 51 §2): a viewer is never the assignee.
  if (route.procedure.startsWith('assignments.'))
    return { path: route.path.replace(':contactId', String(teamRows.contacts)), body: route.procedure.endsWith('.decline') ? { reason: 'no' } : undefined };
  if (entity === 'teams') return { path: route.path.replace(':id', String(teamId)), body: { name: 'Renamed' } };
  // An entity's create; a nested one's (a comment) under the team's row of its parent (the team contact).
  if (route.procedure.endsWith('.create'))
    return { path: teamPath(route, entity as EntityName), body: validBody(entity as EntityName, teamId, teamRows.contacts) };
  const id = teamRows[entity];
  if (route.procedure === 'contacts.answerSpiritualCheck') return { path: route.path.replace(':id', String(teamRows.contacts)), body: { status: 'growing' } };
  if (route.procedure === 'contacts.merge')
    return { path: route.path.replace(':id', String(teamRows.contacts)), body: { duplicateId: teamRows.duplicateContact } };
  // Moving the team's contact into the team it is in, and assigning it to the admin: both need more than reading.
  if (route.procedure === 'contacts.share') return { path: route.path.replace(':id', String(teamRows.contacts)), body: { teamId } };
  if (route.procedure.endsWith('Milestone'))
    return { path: route.path.replace(':id', String(teamRows.contacts)).replace(':kind', 'belief'), body: route.method === 'PUT' ? {} : undefined };
  if (route.procedure === 'contacts.addRelationship')
    return { path: route.path.replace(':id', String(teamRows.contacts)), body: { contactId: teamRows.duplicateContact, kind: 'friend' } };
  if (route.procedure === 'contacts.removeRelationship')
    return { path: route.path.replace(':id', String(teamRows.contacts)).replace(':relationshipId', String(teamRows.relationship)) };
  if (route.procedure === 'contacts.addDate')
    return { path: route.path.replace(':id', String(teamRows.contacts)), body: { label: 'Baptism', date: '2020-06-01', kind: 'baptism' } };
  if (route.procedure === 'contacts.removeDate')
    return { path: route.path.replace(':id', String(teamRows.contacts)).replace(':dateId', String(teamRows.contactDate)) };
  if (route.procedure === 'tags.merge') return { path: route.path.replace(':id', String(teamRows.tags)), body: { intoId: teamRows.otherTag } };
  if (route.procedure === 'contacts.assign') return { path: route.path.replace(':id', String(teamRows.contacts)), body: { userId: adminId } };
  // Issue 51 §4: a bulk archive holding the team's contact, which the viewer reads but may not change.
  if (route.procedure === 'contacts.bulk') return { path: route.path, body: { ids: [teamRows.contacts], action: 'archive' } };
  if (route.procedure === 'contacts.archive') return { path: route.path.replace(':id', String(teamRows.contacts)), body: { reason: 'moved' } };
  if (route.procedure === 'followUps.snooze')
    return { path: route.path.replace(':id', String(id)), body: { until: new Date(Date.now() + 2 * 86_400_000).toISOString() } };
  if (id === undefined) throw new Error(`no fixture for ${route.method} ${route.path}: add one so the route is covered`);
  return {
    // A nested entity's row (the admin's comment) under its parent's (the team contact).
    path: entities[entity as EntityName] ? teamPath(route, entity as EntityName) : route.path.replace(':id', String(id)),
    // Every update refuses a field it does not have (issue 47), so each entity gets only its own: the manifest's example.
    body: route.method === 'PUT' ? entityExamples(entity as EntityName).update : undefined,
  };
}

describe('a team viewer', () => {
  it('can read the team rows', async () => {
    const contacts = await viewer.get('/api/contacts');
    expect(contacts.body.map((c: { id: number }) => c.id)).toContain(teamRows.contacts);
    expect((await viewer.get(`/api/goals/${teamRows.goals}`)).status).toBe(200);
  });

  // A viewer prays for the team's requests (issue 51 §5): the count moves, nothing the author wrote changes.
  it('may pray for a team request', async () => {
    expect((await viewer.post(`/api/prayer-requests/${teamRows.prayerRequests}/pray`)).status).toBe(200);
  });

  for (const route of writes.filter((r) => r.procedure !== 'teams.create' && r.procedure !== 'prayerRequests.pray')) {
    it(`gets 403 on ${route.method} ${route.path}`, async () => {
      const call = viewerCall(route);
      const res = await viewer.request(route.method, call.path, call.body);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    });
  }
});

describe('a team member', () => {
  let member: ApiClient;
  beforeAll(async () => {
    const m = await signedInClient(server, 'member');
    member = m.client;
    await joinTeam(admin, teamId, { client: m.client, id: m.user.id }, 'member');
  });

  // Every team entity, a nested one (a comment) too: a member changes their own row, never a teammate's; an admin deletes any.
  for (const entity of teamEntities) {
    it(`changes their own ${entity}, gets 403 on the admin's, and the admin deletes theirs`, async () => {
      const base = entityPath(entity, { parentId: parentRow(entity) });
      const body = validBody(entity, teamId, teamRows.contacts);
      // A name of its own: a team's tag names are unique.
      const own = await member.post(base, 'name' in body ? { ...body, name: `${String(body.name)} of a member` } : body);
      expect(own.status, `${entity}: ${JSON.stringify(own.body)}`).toBe(201);
      const mine = `${base}/${own.body.id}`;
      const admins = `${base}/${teamRows[entity]}`;
      if (hasProcedure(entity, 'update')) {
        expect((await member.put(mine, entityExamples(entity).update)).status, entity).toBe(200);
        const refused = await member.put(admins, entityExamples(entity).update);
        expect([refused.status, refused.body.code], entity).toEqual([403, 'FORBIDDEN']);
      }
      if (hasProcedure(entity, 'remove')) {
        const refused = await member.request('DELETE', admins);
        expect([refused.status, refused.body.code], entity).toEqual([403, 'FORBIDDEN']);
        expect((await admin.request('DELETE', mine)).status, entity).toBe(200);
      }
    });
  }
});

describe('someone in another team', () => {
  let outsider: ApiClient;
  beforeAll(async () => {
    outsider = (await signedInClient(server, 'outsider')).client;
    expect((await outsider.post('/api/teams', { name: 'Gleaners' })).status).toBe(201);
  });

  for (const entity of teamEntities) {
    it(`finds none of the team's ${entity}: not in its list, and 404 on each of its id routes`, async () => {
      const base = entityPath(entity, { parentId: parentRow(entity) });
      const row = `${base}/${teamRows[entity]}`;
      // A nested entity's list names the team's parent row (the team contact): the outsider finds no such row, 404.
      if (hasProcedure(entity, 'list') && parentOf(entity)) expect((await outsider.get(base)).status, entity).toBe(404);
      else if (hasProcedure(entity, 'list')) {
        const list = await outsider.get(base);
        expect(list.status).toBe(200);
        expect(list.body.map((item: { id: number }) => item.id)).not.toContain(teamRows[entity]);
      }
      const calls = [
        hasProcedure(entity, 'byId') && outsider.get(row),
        hasProcedure(entity, 'update') && outsider.put(row, entityExamples(entity).update),
        hasProcedure(entity, 'remove') && outsider.request('DELETE', row),
      ].filter((call) => call !== false);
      for (const res of await Promise.all(calls)) expect(res.status, entity).toBe(404);
      if (hasProcedure(entity, 'byId')) expect((await admin.get(row)).status, entity).toBe(200);
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
