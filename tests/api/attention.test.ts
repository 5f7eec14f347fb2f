// Needs attention over REST and tRPC: the list and its paging, snoozes (own and readable contacts only), the thresholds,
// a batch of snoozes, and the list's query plan.
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BATCH_CALLS } from '../../shared/batching';
import { attentionQuery } from '../../server/nudges/attention';
import { defaultAttentionDays, SNOOZE_MAX_DAYS } from '../../shared/nudges';
import { daysFromNow, joinTeam, queryPlan, signedInClient, startSignedIn, unindexedScans, type ApiClient, type TestServer, namesOf } from './harness';
import { trpcQuery } from './trpc';

let server: TestServer;
let me: ApiClient;
let meId: number;
let stranger: ApiClient;

beforeAll(async () => {
  ({
    server,
    client: me,
    user: { id: meId },
  } = await startSignedIn('shepherd'));
  ({ client: stranger } = await signedInClient(server, 'stranger'));
});
afterAll(() => server.close());

/** A contact of `client` whose last activity was `days` ago. */
async function contactTouched(client: ApiClient, name: string, days: number, spiritualStatus = 'seeking', teamId?: number) {
  const contact = (await client.post('/api/contacts', { name, spiritualStatus, ...(teamId ? { teamId } : {}) })).body;
  const logged = await client.post('/api/activities', { contactId: contact.id, type: 'conversation', date: daysFromNow(-days) });
  expect(logged.status).toBe(201);
  return contact.id as number;
}
const snoozeRows = async (contactId: number) =>
  (await server.database.readerClient.execute({ sql: 'select user_id, until from contact_snoozes where contact_id = ?', args: [contactId] })).rows.map(
    (row) => ({ ...row }),
  );

describe('GET /api/attention', () => {
  let overdue: number;
  let later: number;
  beforeAll(async () => {
    overdue = await contactTouched(me, 'Long silent', 30);
    later = await contactTouched(me, 'Just due', 8);
    await contactTouched(me, 'Talked yesterday', 1);
    const planned = await contactTouched(me, 'Has a visit planned', 30);
    await me.post('/api/followups', { contactId: planned, date: daysFromNow(3), description: 'Visit' });
    await contactTouched(stranger, 'Not mine', 60);
  });

  it('lists my contacts past their threshold, most overdue first, each with its reason', async () => {
    const res = await me.get('/api/attention');
    expect(res.status).toBe(200);
    expect(namesOf(res.body)).toEqual(['Long silent', 'Just due']);
    expect(res.body[0]).toEqual({
      id: overdue,
      name: 'Long silent',
      spiritualStatus: 'seeking',
      teamId: null,
      lastTouchAt: expect.any(String),
      touched: true,
      dueSince: expect.any(String),
      stayInTouchDays: null,
    });
    expect(Date.parse(res.body[0].dueSince) - Date.parse(res.body[0].lastTouchAt)).toBe(7 * 86_400_000);
  });

  it('pages with limit and cursor', async () => {
    const first = await me.get('/api/attention?limit=1');
    expect(namesOf(first.body)).toEqual(['Long silent']);
    const next = await me.get(`/api/attention?limit=1&cursor=${overdue}`);
    expect(next.body.map((row: { id: number }) => row.id)).toEqual([later]);
    expect((await me.get(`/api/attention?limit=1&cursor=${later}`)).body).toEqual([]);
    // Another user's contact as a cursor reveals nothing: the page is simply empty.
    const theirs = (await stranger.get('/api/attention')).body[0].id;
    expect((await me.get(`/api/attention?cursor=${theirs}`)).body).toEqual([]);
    expect((await me.get('/api/attention?limit=0')).status).toBe(400);
    expect((await me.get('/api/attention?cursor=abc')).status).toBe(400);
  });

  it('is there over tRPC too', async () => {
    const res = await trpcQuery(me, 'attention.list', { limit: 5 });
    expect(namesOf(res.data)).toEqual(['Long silent', 'Just due']);
  });
});

describe('snoozing a contact', () => {
  it('takes it off my list until then, and DELETE brings it back', async () => {
    const id = await contactTouched(me, 'To snooze', 40);
    expect(namesOf((await me.get('/api/attention')).body)).toContain('To snooze');
    const until = daysFromNow(7);
    const res = await me.post(`/api/contacts/${id}/snooze`, { until });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ contactId: id, until });
    expect(namesOf((await me.get('/api/attention')).body)).not.toContain('To snooze');
    // A second snooze replaces the first.
    await me.post(`/api/contacts/${id}/snooze`, { until: daysFromNow(1) });
    expect(await snoozeRows(id)).toHaveLength(1);
    const removed = await me.delete(`/api/contacts/${id}/snooze`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true, id });
    expect(await snoozeRows(id)).toEqual([]);
    expect(namesOf((await me.get('/api/attention')).body)).toContain('To snooze');
  });

  it.each([
    ['a past instant', () => ({ until: daysFromNow(-1) }), 'Snooze until must be in the future'],
    ['now-ish', () => ({ until: new Date(Date.now() - 1000).toISOString() }), 'Snooze until must be in the future'],
    ['too far ahead', () => ({ until: daysFromNow(SNOOZE_MAX_DAYS + 1) }), `Snooze until must be at most ${SNOOZE_MAX_DAYS} days ahead`],
    ['no until', () => ({}), 'Snooze until is required'],
    ['not a date', () => ({ until: 'tomorrow' }), 'Invalid date format'],
  ])('refuses %s with 400 and changes nothing', async (_, body, message) => {
    const id = await contactTouched(me, 'Bad snooze', 40);
    const res = await me.post(`/api/contacts/${id}/snooze`, body());
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(message);
    expect(await snoozeRows(id)).toEqual([]);
  });

  it('accepts the longest snooze', async () => {
    const id = await contactTouched(me, 'Long snooze', 40);
    expect((await me.post(`/api/contacts/${id}/snooze`, { until: daysFromNow(SNOOZE_MAX_DAYS - 0.01) })).status).toBe(200);
  });

  it("answers 404 'Contact not found' for another user's contact and a missing one, and changes nothing", async () => {
    const theirs = await contactTouched(stranger, 'Their friend', 40);
    const missing = 987_654;
    for (const id of [theirs, missing]) {
      const snoozed = await me.post(`/api/contacts/${id}/snooze`, { until: daysFromNow(2) });
      expect(snoozed.status).toBe(404);
      expect(snoozed.body.message).toBe('Contact not found');
      const unsnoozed = await me.delete(`/api/contacts/${id}/snooze`);
      expect(unsnoozed.status).toBe(404);
      expect(unsnoozed.body.message).toBe('Contact not found');
    }
    expect(await snoozeRows(theirs)).toEqual([]);
    expect(namesOf((await stranger.get('/api/attention')).body)).toContain('Their friend');
  });

  it("is per user: a teammate's snooze of a team contact leaves the owner's list alone", async () => {
    const team = (await me.post('/api/teams', { name: 'Snooze team' })).body;
    const { client: mate, user } = await signedInClient(server, 'mate');
    await joinTeam(me, team.id, { client: mate, id: user.id }, 'viewer');
    const id = await contactTouched(me, 'Team friend', 40, 'growing', team.id);
    // Team contacts are on their creator's list only.
    expect(namesOf((await mate.get('/api/attention')).body)).not.toContain('Team friend');
    expect((await mate.post(`/api/contacts/${id}/snooze`, { until: daysFromNow(3) })).status).toBe(200);
    expect(namesOf((await me.get('/api/attention')).body)).toContain('Team friend');
    expect((await snoozeRows(id)).map((row) => row.user_id)).toEqual([user.id]);
  });

  it('obeys the same rules for each snooze in one tRPC batch (as many calls as a batch takes)', async () => {
    const mine = await Promise.all(Array.from({ length: MAX_BATCH_CALLS - 3 }, (_, i) => contactTouched(me, `Batch ${i}`, 40)));
    const theirs = await contactTouched(stranger, 'Batch stranger', 40);
    const calls = [
      ...mine.map((id) => ({ id, until: daysFromNow(2) })),
      { id: theirs, until: daysFromNow(2) },
      { id: mine[0], until: daysFromNow(-2) },
      { id: mine[1], until: daysFromNow(SNOOZE_MAX_DAYS + 5) },
    ];
    const body = Object.fromEntries(calls.map((input, i) => [i, { json: input }]));
    const res = await me.request('POST', `/trpc/${calls.map(() => 'attention.snooze').join(',')}?batch=1`, body);
    const answers = res.body as { result?: unknown; error?: { json: { data: { httpStatus: number } } } }[];
    expect(answers).toHaveLength(calls.length);
    expect(answers.slice(0, mine.length).every((answer) => answer.result)).toBe(true);
    expect(answers.slice(mine.length).map((answer) => answer.error?.json.data.httpStatus)).toEqual([404, 400, 400]);
    expect(await snoozeRows(theirs)).toEqual([]);
    // The refused ones left the earlier snoozes as they were: ending in about 2 days.
    for (const id of mine.slice(0, 2)) {
      const [row] = await snoozeRows(id);
      expect(Math.abs(Number(row.until) - Date.parse(daysFromNow(2)))).toBeLessThan(60_000);
    }
  });
});

describe('the thresholds', () => {
  it('answers the defaults, takes some, and keeps the others', async () => {
    const { client } = await signedInClient(server, 'thresholds');
    expect((await client.get('/api/account/attention')).body).toEqual({ days: defaultAttentionDays, datesAheadDays: 14 });
    const res = await client.put('/api/account/attention', { days: { seeking: 10, mature: 90 } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ days: { ...defaultAttentionDays, seeking: 10, mature: 90 }, datesAheadDays: 14 });
    expect((await client.get('/api/account/attention')).body).toEqual(res.body);
    // The list uses them.
    await contactTouched(client, 'Eight days', 8);
    expect((await client.get('/api/attention')).body).toEqual([]);
    await client.put('/api/account/attention', { days: { seeking: 8 } });
    expect(namesOf((await client.get('/api/attention')).body)).toEqual(['Eight days']);
    // Sending the defaults back is a reset.
    await client.put('/api/account/attention', { days: defaultAttentionDays });
    expect((await client.get('/api/account/attention')).body).toEqual({ days: defaultAttentionDays, datesAheadDays: 14 });
  });

  it.each([
    ['zero', { days: { exploring: 30, seeking: 0 } }, 'Days must be a whole number from 1 to 365'],
    ['too many', { days: { exploring: 30, seeking: 366 } }, 'Days must be a whole number from 1 to 365'],
    ['a fraction', { days: { exploring: 30, growing: 2.5 } }, 'Days must be a whole number from 1 to 365'],
    ['text', { days: { exploring: 30, growing: '7' } }, 'Days must be a whole number from 1 to 365'],
    ['an unknown status', { days: { exploring: 30, lost: 7 } }, ''],
    ['no days', { exploring: 30 }, ''],
  ])('refuses %s with 400 and changes nothing', async (_, body, message) => {
    const { client } = await signedInClient(server, 'badthreshold');
    await client.put('/api/account/attention', { days: { exploring: 20 } });
    const res = await client.put('/api/account/attention', body);
    expect(res.status).toBe(400);
    if (message) expect(JSON.stringify(res.body)).toContain(message);
    expect((await client.get('/api/account/attention')).body.days.exploring).toBe(20);
  });
});

describe('the query plan', () => {
  it('reads my contacts through the owner index and each touch by one seek of the person’s own index', async () => {
    const dialect = new SQLiteSyncDialect();
    for (const cursor of [undefined, 1]) {
      const lines = await queryPlan(server, { toSQL: () => dialect.sqlToQuery(attentionQuery(meId, defaultAttentionDays, Date.now(), { limit: 50, cursor })) });
      for (const table of ['contacts', 'activities', 'follow_ups', 'contact_snoozes']) expect(unindexedScans(lines, table), lines.join('\n')).toEqual([]);
      expect(lines.join('\n')).toMatch(/SEARCH contacts USING INDEX contacts_owner_idx/);
      expect(lines.join('\n')).toMatch(/SEARCH activities USING COVERING INDEX activities_contact_date_idx/);
    }
  });
});
