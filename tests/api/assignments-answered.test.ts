// Assignments that are answered (issue 51 §2): assigned to someone else, a contact waits for the assignee's answer;
// they accept or decline (with a reason), the assigner and (on a decline) the admins are told; "Assign to me" is
// accepted at once; only the assignee answers, once, even in one batch or two requests at once; a member who leaves or
// is removed hands their contacts back; a team's "update needed after N days" nudges the assignee once per stretch.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../../db/schema';
import { RETURNED_NAMES_MAX, sweepUpdateNeeded, UPDATE_NEEDED_NAMES_MAX } from '../../server/domain/assignments';
import { updateNeededList } from '../../server/routers/teamDashboard';
import { DAY_MS } from '../../server/queries/calendarDays';
import { healthWhile, joinTeam, signedInClient, startUsers, type ApiClient, type TestServer } from './harness';
import { trpcBatch } from './trpc';

let server: TestServer;
let ann: ApiClient;
let ben: ApiClient;
let cat: ApiClient;
let vic: ApiClient;
let eve: ApiClient;
let annId: number;
let benId: number;
let catId: number;
let vicId: number;
let eveId: number;
/** Ann is its admin, Ben (who reads Spanish) and Cat members, Vic a viewer; Eve is in a team of her own. */
let team: number;

const teamContact = async (name: string, admin = ann, teamId = team) => (await admin.post('/api/contacts', { name, teamId })).body.id as number;

const notificationsOf = (userId: number, kind: string, contactId?: number) =>
  server.rows(
    `select kind, actor_id, team_id, contact_id, detail from notifications where user_id = ? and kind = ?${contactId ? ' and contact_id = ?' : ''} order by id`,
    contactId ? [userId, kind, contactId] : [userId, kind],
  );

const assignmentOf = async (id: number) =>
  (await server.rows('select assigned_to, assigned_at, assignment_status, assigned_by from contacts where id = ?', [id]))[0];

beforeAll(async () => {
  ({
    server,
    clients: [ann, ben, cat, vic, eve],
    ids: [annId, benId, catId, vicId, eveId],
  } = await startUsers(['ann', 'ben', 'cat', 'vic', 'eve']));
  team = (await ann.post('/api/teams', { name: 'Riverside' })).body.id;
  await joinTeam(ann, team, { client: ben, id: benId }, 'member');
  await joinTeam(ann, team, { client: cat, id: catId }, 'member');
  await joinTeam(ann, team, { client: vic, id: vicId }, 'viewer');
  expect((await ben.put('/api/account/language', { language: 'es' })).status).toBe(200);
  expect((await cat.put('/api/account/language', { language: 'ar' })).status).toBe(200);
});

afterAll(() => server?.close());

describe('the whole cycle', () => {
  it('assign → pending → decline with a reason → back unassigned, admins told; reassign → accept → assigner told', async () => {
    const id = await teamContact('Lucía Gómez');
    const assigned = await ann.put(`/api/contacts/${id}/assignee`, { userId: benId });
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ assignedTo: { id: benId }, assignmentStatus: 'pending', updateNeeded: false });
    expect(await assignmentOf(id)).toMatchObject({ assigned_to: benId, assignment_status: 'pending', assigned_by: annId });
    expect(await notificationsOf(benId, 'assigned', id)).toEqual([{ kind: 'assigned', actor_id: annId, team_id: team, contact_id: id, detail: null }]);

    // Every answer that carries the contact says so, to the whole team.
    expect((await vic.get(`/api/contacts/${id}`)).body.assignmentStatus).toBe('pending');
    expect((await cat.get('/api/contacts?limit=100')).body.find((c: { id: number }) => c.id === id).assignmentStatus).toBe('pending');
    expect((await ann.get(`/api/contacts/${id}/timeline`)).body.contact.assignmentStatus).toBe('pending');
    // Ben's list of what waits for his answer, and its count beside the badge.
    expect((await ben.get('/api/assignments/pending')).body.map((c: { id: number }) => c.id)).toContain(id);
    expect((await ben.get('/api/assignments')).body.pending).toBeGreaterThanOrEqual(1);

    const declined = await ben.post(`/api/assignments/${id}/decline`, { reason: 'No tengo tiempo esta semana' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ assignedTo: null, assignmentStatus: null });
    expect(await assignmentOf(id)).toEqual({ assigned_to: null, assigned_at: null, assignment_status: null, assigned_by: null });
    const told = await notificationsOf(annId, 'declined', id);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({ actor_id: benId, team_id: team });
    expect(JSON.parse(String(told[0].detail))).toEqual({ reason: 'No tengo tiempo esta semana' });
    expect((await ben.get('/api/assignments/pending')).body.map((c: { id: number }) => c.id)).not.toContain(id);

    // Answered already: a second answer is refused with a sentence in Ben's language.
    const again = await ben.post(`/api/assignments/${id}/accept`);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/ya no espera respuesta/);

    expect((await ann.put(`/api/contacts/${id}/assignee`, { userId: benId })).body.assignmentStatus).toBe('pending');
    const accepted = await ben.post(`/api/assignments/${id}/accept`);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ assignedTo: { id: benId }, assignmentStatus: 'accepted' });
    expect(await notificationsOf(annId, 'accepted', id)).toEqual([{ kind: 'accepted', actor_id: benId, team_id: team, contact_id: id, detail: null }]);
  });

  it('tells the admins as well as a member who assigned, and takes a decline without a reason or body', async () => {
    const id = await teamContact('Self-assigned then given');
    // Ann gives it to Cat; Cat (in Arabic) declines without a reason.
    await ann.put(`/api/contacts/${id}/assignee`, { userId: catId });
    const res = await cat.post(`/api/assignments/${id}/decline`);
    expect(res.status).toBe(200);
    expect(JSON.parse(String((await notificationsOf(annId, 'declined', id))[0].detail))).toEqual({ reason: null });
    const tooLong = await ann
      .put(`/api/contacts/${id}/assignee`, { userId: catId })
      .then(() => cat.post(`/api/assignments/${id}/decline`, { reason: 'x'.repeat(501) }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.issues[0].path).toBe('reason');
    expect((await assignmentOf(id)).assignment_status).toBe('pending');
  });

  it('"Assign to me" is accepted at once and tells nobody; taking someone off clears the status and the assigner', async () => {
    const id = await teamContact('Mine at once');
    const mine = await cat.put(`/api/contacts/${id}/assignee`, { userId: catId });
    expect(mine.body).toMatchObject({ assignedTo: { id: catId }, assignmentStatus: 'accepted' });
    expect(await assignmentOf(id)).toMatchObject({ assignment_status: 'accepted', assigned_by: catId });
    expect(await notificationsOf(catId, 'assigned', id)).toEqual([]);
    expect((await cat.post(`/api/assignments/${id}/accept`)).status).toBe(409);
    const off = await ann.put(`/api/contacts/${id}/assignee`, { userId: null });
    expect(off.body).toMatchObject({ assignedTo: null, assignmentStatus: null });
    expect(await assignmentOf(id)).toEqual({ assigned_to: null, assigned_at: null, assignment_status: null, assigned_by: null });
  });
});

describe('refusals', () => {
  it('refuses everyone but the assignee: a teammate or the assigner 403, a viewer 403, another team 404, in their language', async () => {
    const id = await teamContact('Only Ben answers');
    await ann.put(`/api/contacts/${id}/assignee`, { userId: benId });
    for (const [client, status] of [
      [cat, 403],
      [ann, 403],
      [vic, 403],
      [eve, 404],
    ] as const) {
      for (const action of ['accept', 'decline']) {
        const res = await client.post(`/api/assignments/${id}/${action}`, action === 'decline' ? { reason: 'not mine' } : undefined);
        expect(res.status, `${action} ${status}`).toBe(status);
        expect(res.body.message).toEqual(expect.any(String));
      }
    }
    // Cat reads Arabic: her refusal is in Arabic.
    expect((await cat.post(`/api/assignments/${id}/accept`)).body.message).toMatch(/[\u0600-\u06FF]/);
    expect((await ben.post('/api/assignments/999999/accept')).status).toBe(404);
    expect((await trpcBatch(ben, [{ path: 'assignments.accept', input: { contactId: 'abc' } }])).body[0].error.json.data.httpStatus).toBe(400);
    expect(await assignmentOf(id)).toMatchObject({ assigned_to: benId, assignment_status: 'pending' });
    expect(await notificationsOf(annId, 'accepted', id)).toEqual([]);
  });

  it('ends concurrent accept and decline in one consistent state, and one tRPC batch too', async () => {
    for (const round of [0, 1]) {
      const id = await teamContact(`Raced ${round}`);
      await ann.put(`/api/contacts/${id}/assignee`, { userId: benId });
      const answers =
        round === 0
          ? await Promise.all([ben.post(`/api/assignments/${id}/accept`), ben.post(`/api/assignments/${id}/decline`, { reason: 'both' })]).then((r) =>
              r.map((res) => res.status),
            )
          : (
              await trpcBatch(ben, [
                { path: 'assignments.accept', input: { contactId: id } },
                { path: 'assignments.decline', input: { contactId: id, reason: 'both' } },
              ])
            ).body.map((entry: { error?: { json: { data: { httpStatus: number } } } }) => entry.error?.json.data.httpStatus ?? 200);
      expect([...answers].sort()).toEqual([200, 409]);
      const after = await assignmentOf(id);
      const told = (await notificationsOf(annId, 'accepted', id)).length + (await notificationsOf(annId, 'declined', id)).length;
      expect(told).toBe(1);
      if (answers[0] === 200) expect(after).toMatchObject({ assigned_to: benId, assignment_status: 'accepted' });
      else expect(after).toEqual({ assigned_to: null, assigned_at: null, assignment_status: null, assigned_by: null });
    }
  });

  it('an answer racing a reassignment ends in one state: accepted by Ben, or pending for Cat with Ben refused', async () => {
    const id = await teamContact('Reassigned meanwhile');
    await ann.put(`/api/contacts/${id}/assignee`, { userId: benId });
    const [answer, reassigned] = await Promise.all([ben.post(`/api/assignments/${id}/accept`), ann.put(`/api/contacts/${id}/assignee`, { userId: catId })]);
    expect(reassigned.status).toBe(200);
    const after = await assignmentOf(id);
    // The reassignment came last either way: Cat holds it, waiting for her answer.
    expect(after).toMatchObject({ assigned_to: catId, assignment_status: 'pending', assigned_by: annId });
    expect([200, 403]).toContain(answer.status);
  });
});

describe('leaving and removal', () => {
  it('hands a removed member’s contacts back, tells the admins the names (capped) and tells the member', async () => {
    const dan = await signedInClient(server, 'dan');
    await joinTeam(ann, team, { client: dan.client, id: dan.user.id }, 'member');
    const ids: number[] = [];
    for (let i = 0; i < RETURNED_NAMES_MAX + 3; i++) {
      const id = await teamContact(`Held ${String(i).padStart(2, '0')}`);
      await ann.put(`/api/contacts/${id}/assignee`, { userId: dan.user.id });
      ids.push(id);
    }
    await dan.client.post(`/api/assignments/${ids[0]}/accept`);
    expect((await ann.delete(`/api/teams/${team}/members/${dan.user.id}`)).status).toBe(200);
    expect(
      await server.count('contacts', `id in (${ids.join(',')}) and (assigned_to is not null or assignment_status is not null or assigned_by is not null)`),
    ).toBe(0);
    const [returned] = await notificationsOf(annId, 'returned');
    const detail = JSON.parse(String(returned.detail));
    expect(detail.count).toBe(ids.length);
    expect(detail.names).toHaveLength(UPDATE_NEEDED_NAMES_MAX);
    expect(detail.names[0]).toBe('Held 00');
    expect(detail.member).toEqual({ id: dan.user.id, name: 'Test dan' });
    const [removed] = await notificationsOf(dan.user.id, 'removed');
    expect(JSON.parse(String(removed.detail))).toEqual({ teamName: 'Riverside' });
  });

  it('hands back the contacts of a member who leaves; nobody is told of a removal', async () => {
    const fay = await signedInClient(server, 'fay');
    await joinTeam(ann, team, { client: fay.client, id: fay.user.id }, 'member');
    const id = await teamContact('Fay had it');
    await ann.put(`/api/contacts/${id}/assignee`, { userId: fay.user.id });
    const before = (await notificationsOf(annId, 'returned')).length;
    expect((await fay.client.post(`/api/teams/${team}/leave`)).status).toBe(200);
    expect(await assignmentOf(id)).toEqual({ assigned_to: null, assigned_at: null, assignment_status: null, assigned_by: null });
    const returned = await notificationsOf(annId, 'returned');
    expect(returned).toHaveLength(before + 1);
    expect(JSON.parse(String(returned.at(-1)!.detail))).toMatchObject({ names: ['Fay had it'], count: 1 });
    expect(await notificationsOf(fay.user.id, 'removed')).toEqual([]);
  });
});

describe('team settings', () => {
  it('lets an admin set "update needed after N days" (1..365); a member 403, a stranger 404; teams carry it', async () => {
    expect((await ann.get('/api/teams')).body.find((t: { id: number }) => t.id === team).updateNeededDays).toBe(14);
    const res = await ann.put(`/api/teams/${team}/settings`, { updateNeededDays: 7 });
    expect(res.status).toBe(200);
    expect(res.body.updateNeededDays).toBe(7);
    for (const days of [0, 366, 2.5, 'x']) expect((await ann.put(`/api/teams/${team}/settings`, { updateNeededDays: days })).status).toBe(400);
    const member = await ben.put(`/api/teams/${team}/settings`, { updateNeededDays: 3 });
    expect(member.status).toBe(403);
    expect(member.body.message).toEqual(expect.any(String));
    expect((await vic.put(`/api/teams/${team}/settings`, { updateNeededDays: 3 })).status).toBe(403);
    expect((await eve.put(`/api/teams/${team}/settings`, { updateNeededDays: 3 })).status).toBe(404);
    expect((await ben.get('/api/teams')).body.find((t: { id: number }) => t.id === team).updateNeededDays).toBe(7);
    await ann.put(`/api/teams/${team}/settings`, { updateNeededDays: 14 });
  });
});

const ago = (days: number) => new Date(Date.now() - days * DAY_MS);

/** A new team contact assigned to Ben and accepted, its assignment dated 15 days ago (the team's 14 run out). */
async function assignedLongAgo(name: string) {
  const id = await teamContact(name);
  await ann.put(`/api/contacts/${id}/assignee`, { userId: benId });
  await ben.post(`/api/assignments/${id}/accept`);
  await server.database.write((tx) =>
    tx
      .update(contacts)
      .set({ assignedAt: ago(15) })
      .where(eq(contacts.id, id)),
  );
  return id;
}

describe('update needed', () => {
  it('marks an untouched assigned contact, nudges its assignee once per stretch, and an activity starts a new stretch', async () => {
    const id = await assignedLongAgo('Untouched');
    expect((await ben.get(`/api/contacts/${id}`)).body.updateNeeded).toBe(true);
    expect((await updateNeededList(server.database.read, team, Date.now())).items.map((row) => row.contactId)).toContain(id);

    await sweepUpdateNeeded(server.database);
    await sweepUpdateNeeded(server.database);
    expect(await notificationsOf(benId, 'updateNeeded', id)).toEqual([
      { kind: 'updateNeeded', actor_id: null, team_id: team, contact_id: id, detail: JSON.stringify({ days: 14, count: 1, names: ['Untouched'] }) },
    ]);

    // An activity touches it: no longer needed, and a new stretch may nudge again once it runs out.
    expect((await ben.post('/api/activities', { contactId: id, type: 'conversation', date: ago(0).toISOString() })).status).toBe(201);
    expect((await ben.get(`/api/contacts/${id}`)).body.updateNeeded).toBe(false);
    const before = (await notificationsOf(benId, 'updateNeeded')).length;
    await sweepUpdateNeeded(server.database, { now: () => Date.now() + 20 * DAY_MS });
    // Told again, in one notification with Ben's other contacts that ran out by then.
    const after = await notificationsOf(benId, 'updateNeeded');
    expect(after).toHaveLength(before + 1);
    expect(JSON.parse(String(after.at(-1)!.detail)).names).toContain('Untouched');
  });

  it('the team dashboard lists by the same rule: a gathering the contact was one of the others of touches them', async () => {
    const id = await assignedLongAgo('Gathered');
    const host = await teamContact('Host');
    const listed = async () => (await updateNeededList(server.database.read, team, Date.now())).items.map((row) => row.contactId);
    expect((await ben.get(`/api/contacts/${id}`)).body.updateNeeded).toBe(true);
    expect(await listed()).toContain(id);
    // A study at the host's, with Gathered one of the others: touched, on the contact and on the dashboard alike.
    const study = await ben.post('/api/activities', { contactId: host, contactIds: [id], type: 'conversation', date: ago(1).toISOString() });
    expect(study.status).toBe(201);
    expect((await ben.get(`/api/contacts/${id}`)).body.updateNeeded).toBe(false);
    expect(await listed()).not.toContain(id);
    expect((await ann.get(`/api/teams/${team}/dashboard`)).body.updateNeeded.items.map((row: { contactId: number }) => row.contactId)).not.toContain(id);
  });

  it('sweeps thousands of assigned contacts in batches while /healthz keeps answering', async () => {
    const big = (await eve.post('/api/teams', { name: 'Heavy' })).body.id as number;
    const rows = Array.from({ length: 3000 }, (_, i) => ({
      name: `Heavy ${i}`,
      teamId: big,
      createdBy: eveId,
      assignedTo: eveId,
      assignedAt: new Date(Date.now() - 30 * DAY_MS),
      assignmentStatus: 'accepted' as const,
      assignedBy: eveId,
    }));
    await server.database.write(async (tx) => {
      for (let i = 0; i < rows.length; i += 500) await tx.insert(contacts).values(rows.slice(i, i + 500));
    });
    // Eve assigned them herself; the nudge is hers all the same (no actor).
    const health = await healthWhile(server, sweepUpdateNeeded(server.database));
    expect(health.length).toBeGreaterThan(1);
    // One notification tells Eve of all 3,000 (the inbox keeps a user's newest 500: one each would be pruned and sent again).
    const told = await server.rows("select contact_id, detail from notifications where user_id = ? and kind = 'updateNeeded' and team_id = ?", [eveId, big]);
    expect(told).toHaveLength(1);
    expect(told[0].contact_id).toBeNull();
    const detail = JSON.parse(String(told[0].detail));
    expect(detail.count).toBe(3000);
    expect(detail.names).toHaveLength(UPDATE_NEEDED_NAMES_MAX);
    await sweepUpdateNeeded(server.database);
    expect(await server.count('notifications', "user_id = ? and kind = 'updateNeeded' and team_id = ?", [eveId, big])).toBe(1);
    // In her inbox, in a sentence.
    const item = (await eve.get('/api/notifications')).body.items.find((entry: { kind: string }) => entry.kind === 'updateNeeded');
    expect(item.text).toBe('3,000 contacts need an update in Heavy');
  });
});
