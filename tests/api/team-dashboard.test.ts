// The team's place (issue 51 §1): its dashboard's numbers for an admin, a member and a viewer over the team's rows alone
// (a member's personal rows never counted), 404 for an outsider also inside a batch, and a member's workload for admins only.
import { beforeAll, describe, expect, it } from 'vitest';
import { daysFromNow, joinTeam, usersForFile } from './harness';

const {
  server,
  users: [ann, ben, vic, eve],
} = usersForFile(['ann', 'ben', 'vic', 'eve']);

/** Ann admin, Ben member, Vic viewer; Eve is in a team of her own only. */
let team: number;
let eveTeam: number;
const ids: Record<string, number> = {};
const dashboard = (client: typeof ann, teamId = team) => client.get(`/api/teams/${teamId}/dashboard?timeZone=UTC`);
const write = (sql: string, args: (number | string)[]) => server.database.writerClient.execute({ sql, args });

beforeAll(async () => {
  team = (await ann.post('/api/teams', { name: 'Harbour' })).body.id;
  eveTeam = (await eve.post('/api/teams', { name: 'Elsewhere' })).body.id;
  await joinTeam(ann, team, { client: ben, id: ben.id }, 'member');
  await joinTeam(ann, team, { client: vic, id: vic.id }, 'viewer');
  for (const name of ['Active', 'Waiting', 'Quiet', 'Forgotten']) ids[name] = (await ann.post('/api/contacts', { name, teamId: team })).body.id;
  // Ben's personal contact, busy all week: none of it is the team's.
  ids.personal = (await ben.post('/api/contacts', { name: 'Ben alone' })).body.id;
  for (const type of ['conversation', 'conversation', 'gospel_presentation'])
    expect((await ben.post('/api/activities', { contactId: ids.personal, type, date: daysFromNow(0) })).status).toBe(201);
  expect((await ben.post('/api/followups', { contactId: ids.personal, date: daysFromNow(-3), description: 'Mine overdue' })).status).toBe(201);
  expect((await ben.put(`/api/contacts/${ids.personal}/milestones/belief`, {})).status).toBe(200);
  // The team's week: two conversations and a gospel presentation on Active, a milestone, one follow-up overdue and one due today.
  for (const type of ['conversation', 'conversation', 'gospel_presentation'])
    expect((await ben.post('/api/activities', { contactId: ids.Active, type, date: daysFromNow(0), teamId: team })).status).toBe(201);
  expect((await ann.put(`/api/contacts/${ids.Active}/milestones/belief`, {})).status).toBe(200);
  expect((await ben.post('/api/followups', { contactId: ids.Active, date: daysFromNow(-3), description: 'Call back', teamId: team })).status).toBe(201);
  expect((await ann.post('/api/followups', { contactId: ids.Waiting, date: new Date().toISOString(), description: 'Visit', teamId: team })).status).toBe(201);
  // Forgotten was last seen 200 days ago: they need attention.
  expect((await ann.post('/api/activities', { contactId: ids.Forgotten, type: 'other', date: daysFromNow(-200), teamId: team })).status).toBe(201);
  // Waiting is assigned to Ben, who has not answered; Quiet was assigned to him 20 days ago and nothing happened since.
  for (const name of ['Waiting', 'Quiet']) expect((await ann.put(`/api/contacts/${ids[name]}/assignee`, { userId: ben.id })).status).toBe(200);
  await write(`update contacts set assignment_status = 'pending' where id = ?`, [ids.Waiting]);
  await write(`update contacts set assignment_status = 'accepted', assigned_at = ? where id = ?`, [Date.now() - 20 * 86_400_000, ids.Quiet]);
  // Good news: a team request answered; Ben's personal answered request is his alone.
  const request = await ann.post('/api/prayer-requests', { request: 'Work for Active', contactId: ids.Active, teamId: team });
  expect(request.status).toBe(201);
  expect((await ann.post(`/api/prayer-requests/${request.body.id}/answer`)).status).toBe(200);
  const mine = await ben.post('/api/prayer-requests', { request: 'Ben’s own', contactId: ids.personal });
  expect((await ben.post(`/api/prayer-requests/${mine.body.id}/answer`)).status).toBe(200);
});

describe('GET /api/teams/:teamId/dashboard', () => {
  it('counts the team’s week for every role, never a member’s personal rows', async () => {
    for (const client of [ann, ben, vic]) {
      const res = await dashboard(client);
      expect(res.status).toBe(200);
      const body = res.body;
      expect(body.team).toMatchObject({ id: team, name: 'Harbour', updateNeededDays: 14 });
      expect(body.week.counts).toMatchObject({ conversation: 2, gospel_presentation: 1 });
      expect(body.week.total).toBe(3);
      const belief = (list: { kind: string; count: number }[]) => list.find((row) => row.kind === 'belief')?.count;
      expect(belief(body.milestones.week)).toBe(1);
      expect(belief(body.milestones.month)).toBe(1);
      expect(body.followUps).toEqual({ overdue: 1, dueToday: 1 });
      expect(body.attention.count).toBe(1);
      expect(body.attention.items.map((item: { name: string }) => item.name)).toEqual(['Forgotten']);
      expect(body.waiting).toMatchObject({ count: 1, more: false, items: [{ contactId: ids.Waiting, assignedTo: ben.id, assigneeName: 'Test ben' }] });
      expect(body.updateNeeded).toMatchObject({ count: 1, items: [{ contactId: ids.Quiet, name: 'Quiet' }] });
      expect(body.goodNews.map((news: { request: string }) => news.request)).toEqual(['Work for Active']);
      expect(JSON.stringify(body)).not.toMatch(/Ben alone|Ben’s own|Mine overdue/);
    }
  });

  it('gives the admin every member’s line and the others their own alone', async () => {
    const lines = async (client: typeof ann) => (await dashboard(client)).body.members as { userId: number; assigned: number; overdueFollowUps: number }[];
    const all = await lines(ann);
    expect(all.map((line) => line.userId).sort()).toEqual([ann.id, ben.id, vic.id].sort());
    // Ben's line counts his team follow-up, not his personal overdue one.
    expect(all.find((line) => line.userId === ben.id)).toMatchObject({ assigned: 2, overdueFollowUps: 1 });
    expect((await lines(ben)).map((line) => line.userId)).toEqual([ben.id]);
    expect((await lines(vic)).map((line) => line.userId)).toEqual([vic.id]);
  });

  it('names at most 20 of a list and says there are more, without counting the rest', async () => {
    const crowd = (await ann.post('/api/teams', { name: 'Crowd' })).body.id;
    for (let i = 0; i < 22; i++) {
      const id = (await ann.post('/api/contacts', { name: `Old friend ${i}`, teamId: crowd })).body.id;
      expect((await ann.post('/api/activities', { contactId: id, type: 'other', date: daysFromNow(-300), teamId: crowd })).status).toBe(201);
    }
    const { attention } = (await dashboard(ann, crowd)).body;
    expect(attention).toMatchObject({ count: 20, more: true });
    expect(attention.items).toHaveLength(20);
  });

  it('answers an outsider and a missing team 404, and a batch of other teams’ dashboards nothing of them', async () => {
    expect((await dashboard(eve)).status).toBe(404);
    expect((await dashboard(ann, eveTeam)).status).toBe(404);
    expect((await dashboard(ann, 999_999)).status).toBe(404);
    const calls = [eveTeam, 999_999, eveTeam, team + 1000].map((teamId) => ({ path: 'teams.dashboard', input: { teamId } }));
    const inputs = Object.fromEntries(calls.map((call, i) => [i, { json: call.input }]));
    const res = await ann.get(`/trpc/${calls.map((call) => call.path).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`);
    expect(res.body).toHaveLength(calls.length);
    for (const item of res.body) {
      expect(item.error.json.data.httpStatus).toBe(404);
      expect(item.result).toBeUndefined();
    }
    expect(JSON.stringify(res.body)).not.toMatch(/Elsewhere/);
  });
});

describe('GET /api/teams/:teamId/members/:userId/workload', () => {
  it('shows an admin a member’s assigned contacts, overdue team follow-ups and last activity, never their personal rows', async () => {
    const res = await ann.get(`/api/teams/${team}/members/${ben.id}/workload?timeZone=UTC`);
    expect(res.status).toBe(200);
    expect(res.body.member).toMatchObject({ userId: ben.id, assigned: 2, overdueFollowUps: 1 });
    expect(res.body.member.lastActivityAt).not.toBeNull();
    expect(res.body.contacts.items.map((row: { name: string }) => row.name)).toEqual(['Quiet', 'Waiting']);
    expect(res.body.contacts.items.find((row: { name: string }) => row.name === 'Waiting').assignmentStatus).toBe('pending');
    expect(res.body.overdue.items.map((row: { description: string }) => row.description)).toEqual(['Call back']);
    expect(JSON.stringify(res.body)).not.toMatch(/Ben alone|Mine overdue/);
  });

  it('refuses a member and a viewer with the role’s sentence, an outsider and a non-member 404', async () => {
    for (const client of [ben, vic]) {
      const res = await client.get(`/api/teams/${team}/members/${ben.id}/workload`);
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('Only the admins of ⁨Harbour⁩ can manage the team, its members and its invitations.');
    }
    expect((await eve.get(`/api/teams/${team}/members/${ben.id}/workload`)).status).toBe(404);
    const stranger = await ann.get(`/api/teams/${team}/members/${eve.id}/workload`);
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('Member not found');
  });
});
