// Repeating and snoozed follow-ups (issue 16): the next one on completion (exactly one), edit and delete scopes, snooze, the calendar's RRULE.
import { TZDate } from '@date-fns/tz';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarDate } from '../../server/formats/ics';
import { occurrence } from '../../shared/recurrence';
import { ApiClient, joinTeam, signedInClient, startSignedIn, type TestServer } from './harness';
import { trpcMutation, trpcQuery } from './trpc';

const DAY_MS = 24 * 60 * 60 * 1000;
const PARIS = 'Europe/Paris';
/** Noon of a day in Paris, as the browser stores a chosen day there. */
const noon = (year: number, month: number, day: number, zone = PARIS) => new Date(new TZDate(year, month - 1, day, 12, 0, 0, 0, zone).getTime());
/** Noon in Paris `days` days from today there. */
const noonInDays = (days: number) => {
  const today = new TZDate(Date.now(), PARIS);
  return new Date(new TZDate(today.getFullYear(), today.getMonth(), today.getDate() + days, 12, 0, 0, 0, PARIS).getTime());
};

let server: TestServer;
let client: ApiClient;
let userId: number;
let contactId: number;

beforeAll(async () => {
  ({
    server,
    client,
    user: { id: userId },
    contactId,
  } = await startSignedIn('repeater', { contact: 'Lydia' }));
});
afterAll(() => server.close());

/** Every follow-up of a series, first first. */
async function series(seriesId: number) {
  return server.rows(
    'select id, date, description, type, completed, completed_at, series_id, repeat_every, repeat_unit, repeat_from from follow_ups where series_id = ? order by id',
    [seriesId],
  );
}
async function createRepeating(body: Record<string, unknown> = {}) {
  const res = await client.post('/api/followups', {
    contactId,
    date: noonInDays(3).toISOString(),
    description: 'Read John together',
    type: 'meeting',
    repeat: { every: 1, unit: 'week', from: 'date' },
    ...body,
  });
  expect(res.status).toBe(201);
  return res.body;
}

describe('completing a repeating follow-up', () => {
  it('answers the repeat fields and starts a series at the new follow-up', async () => {
    const created = await createRepeating({ repeat: { every: 2, unit: 'week', from: 'date' } });
    expect(created).toMatchObject({ repeatEvery: 2, repeatUnit: 'week', repeatFrom: 'date', seriesId: created.id, completed: false, completedAt: null });
    expect((await client.get(`/api/followups/${created.id}`)).body).toEqual(created);
  });

  it('schedules exactly one next one, shown in the lists and counted by the due badge', async () => {
    const team = (await client.post('/api/teams', { name: 'Home group' })).body.id;
    const teamContact = (await client.post('/api/contacts', { name: 'Priscilla', teamId: team })).body.id;
    const created = await createRepeating({ contactId: teamContact, teamId: team, date: noonInDays(-2).toISOString(), description: 'Pray with her' });
    const tomorrow = noonInDays(1);
    const due = async () => (await trpcQuery(client, 'insights.dueFollowUps', { before: tomorrow.toISOString() })).data.count as number;
    const dueBefore = await due();

    const res = await client.post(`/api/followups/${created.id}/complete`, { timeZone: PARIS });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, completed: true, completedAt: expect.any(String) });

    const pending = (await client.get('/api/followups?completed=false&limit=100')).body.filter((f: { seriesId: number }) => f.seriesId === created.id);
    expect(pending).toEqual([
      {
        id: expect.any(Number),
        contactId: teamContact,
        contactName: 'Priscilla',
        date: noonInDays(5).toISOString(),
        description: 'Pray with her',
        type: 'meeting',
        completed: false,
        completedAt: null,
        createdAt: expect.any(String),
        teamId: team,
        createdBy: expect.any(Number),
        repeatEvery: 1,
        repeatUnit: 'week',
        repeatFrom: 'date',
        seriesId: created.id,
      },
    ]);
    // The answer names the next one, which the toast opens instead of offering to schedule another (issue 28).
    expect(res.body.next).toEqual({ id: pending[0].id, date: pending[0].date });
    // The overdue one is done and its next one is not due yet.
    expect(await due()).toBe(dueBefore - 1);
    expect((await server.rows('select created_by from follow_ups where id = ?', [pending[0].id]))[0].created_by).toBe(userId);
  });

  it('answers no next one for a follow-up that does not repeat', async () => {
    const once = (await client.post('/api/followups', { contactId, date: noonInDays(1).toISOString(), description: 'Once', type: 'phone' })).body;
    const res = await client.post(`/api/followups/${once.id}/complete`, { timeZone: PARIS });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: once.id, completed: true, next: null });
  });

  it('schedules one next one for many concurrent completions, a batch of two, and completed → reopened → completed', async () => {
    const created = await createRepeating();
    const answers = await Promise.all(Array.from({ length: 8 }, () => client.post(`/api/followups/${created.id}/complete`, { timeZone: PARIS })));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(await series(created.id)).toHaveLength(2);

    // Reopened and completed again, through update and complete: still one next one.
    expect((await client.put(`/api/followups/${created.id}`, { completed: false })).body).toMatchObject({ completed: false, completedAt: null });
    expect((await client.put(`/api/followups/${created.id}`, { completed: true })).body.completedAt).not.toBeNull();
    await client.put(`/api/followups/${created.id}`, { completed: false });
    expect((await client.post(`/api/followups/${created.id}/complete`)).status).toBe(200);
    expect(await series(created.id)).toHaveLength(2);

    // Two completions of the next one in one tRPC batch: one more, not two.
    const [, next] = await series(created.id);
    const batch = await client.post('/trpc/followUps.complete,followUps.complete?batch=1', {
      0: { json: { id: next.id } },
      1: { json: { id: next.id, timeZone: PARIS } },
    });
    expect(batch.status).toBe(200);
    const members = await series(created.id);
    expect(members.map((m) => m.completed)).toEqual([1, 1, 0]);
    expect(Number(members[2].date)).toBe(Number(members[1].date) + 7 * DAY_MS);
  });

  it('counts a completion-based one from when it was completed, in the time zone sent', async () => {
    const created = await createRepeating({ date: noonInDays(-10).toISOString(), repeat: { every: 3, unit: 'day', from: 'completion' } });
    await client.post(`/api/followups/${created.id}/complete`, { timeZone: PARIS });
    const [, next] = await series(created.id);
    expect(new Date(Number(next.date)).toISOString()).toBe(noonInDays(3).toISOString());
  });

  it('uses the saved time zone when none is sent, and refuses one that is not a zone', async () => {
    await client.put('/api/account/reminders', { timeZone: 'Pacific/Kiritimati' });
    const created = await createRepeating({ date: noon(2031, 1, 31, 'Pacific/Kiritimati').toISOString(), repeat: { every: 1, unit: 'month', from: 'date' } });
    const bad = await client.post(`/api/followups/${created.id}/complete`, { timeZone: 'Mars/Olympus' });
    expect(bad.status).toBe(400);
    expect(await series(created.id)).toHaveLength(1);
    await client.post(`/api/followups/${created.id}/complete`);
    const [, next] = await series(created.id);
    // Jan 31 at noon in Kiritimati (UTC+14) is Jan 30 in UTC: counted in UTC, the month end would be missed.
    expect(new Date(Number(next.date)).toISOString()).toBe(noon(2031, 2, 28, 'Pacific/Kiritimati').toISOString());
  });

  it('schedules the next one of a repeating follow-up created already completed, with completedAt set', async () => {
    const created = await createRepeating({ completed: true, date: noonInDays(-1).toISOString(), timeZone: PARIS });
    expect(created.completedAt).not.toBeNull();
    const members = await series(created.id);
    expect(members.map((m) => [m.completed, Number(m.date)])).toEqual([
      [1, noonInDays(-1).getTime()],
      [0, noonInDays(6).getTime()],
    ]);
  });

  it('schedules nothing for a follow-up that does not repeat, and refuses a repeat out of bounds with no change', async () => {
    const plain = (await client.post('/api/followups', { contactId, date: noonInDays(1).toISOString(), description: 'Once' })).body;
    await client.post(`/api/followups/${plain.id}/complete`);
    expect(await server.rows('select id from follow_ups where series_id = ?', [plain.id])).toHaveLength(0);
    const before = await server.rows('select count(*) as n from follow_ups');
    for (const repeat of [
      { every: 0, unit: 'week', from: 'date' },
      { every: 366, unit: 'day', from: 'date' },
      { every: 1, unit: 'year', from: 'date' },
      { every: 1, unit: 'day', from: 'whenever' },
    ]) {
      expect((await client.post('/api/followups', { contactId, date: noonInDays(1).toISOString(), description: 'x', repeat })).status).toBe(400);
    }
    expect(await server.rows('select count(*) as n from follow_ups')).toEqual(before);
  });
});

describe('editing and deleting with a scope', () => {
  /** A series of three: the first completed, the second reopened, the third pending. */
  async function threeMembers() {
    const first = await createRepeating({ description: 'Visit' });
    await client.post(`/api/followups/${first.id}/complete`, { timeZone: PARIS });
    const [, second] = await series(first.id);
    await client.post(`/api/followups/${second.id}/complete`, { timeZone: PARIS });
    await client.put(`/api/followups/${second.id}`, { completed: false });
    const [, , third] = await series(first.id);
    return { first: first.id as number, second: Number(second.id), third: Number(third.id) };
  }

  it("scope 'one' changes only this one; a new date moves it without moving the series", async () => {
    const { first, second, third } = await threeMembers();
    const moved = noonInDays(12);
    const res = await client.put(`/api/followups/${second}`, { description: 'Visit, with Aquila', date: moved.toISOString(), scope: 'one' });
    expect(res.status).toBe(200);
    expect((await series(first)).map((m) => m.description)).toEqual(['Visit', 'Visit, with Aquila', 'Visit']);
    expect(Number((await series(first))[1].date)).toBe(moved.getTime());
    expect(third).toBeGreaterThan(second);
  });

  it("scope 'series' changes this one and the later pending ones, never the completed history", async () => {
    const { first } = await threeMembers();
    const [, second] = await series(first);
    const res = await client.put(`/api/followups/${second.id}`, {
      description: 'Lunch',
      type: 'phone',
      repeat: { every: 2, unit: 'week', from: 'date' },
      scope: 'series',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ description: 'Lunch', repeatEvery: 2 });
    const members = await series(first);
    expect(members.map((m) => [m.description, m.type, m.repeat_every])).toEqual([
      ['Visit', 'meeting', 1],
      ['Lunch', 'phone', 2],
      ['Lunch', 'phone', 2],
    ]);
  });

  it("a changed repeat with scope 'one' starts a series of its own; turned off, it schedules nothing", async () => {
    const { first, third } = await threeMembers();
    await client.put(`/api/followups/${third}`, { repeat: { every: 1, unit: 'month', from: 'completion' }, scope: 'one' });
    expect((await client.get(`/api/followups/${third}`)).body).toMatchObject({ seriesId: third, repeatUnit: 'month' });
    expect((await series(first)).map((m) => Number(m.id))).not.toContain(third);
    await client.put(`/api/followups/${third}`, { repeat: null });
    await client.post(`/api/followups/${third}/complete`);
    expect(await server.rows('select id from follow_ups where series_id = ? and id > ?', [third, third])).toHaveLength(0);
  });

  it('deletes this and the later pending ones with ?scope=series, this one alone by default, and keeps the completed history', async () => {
    const { first, second, third } = await threeMembers();
    expect((await client.delete(`/api/followups/${third}?scope=one`)).status).toBe(200);
    expect((await series(first)).map((m) => Number(m.id))).toEqual([first, second]);

    const other = await threeMembers();
    const res = await client.delete(`/api/followups/${other.second}?scope=series`);
    expect(res.body).toEqual({ success: true, id: other.second });
    expect((await series(other.first)).map((m) => Number(m.id))).toEqual([other.first]);
    expect((await client.delete(`/api/followups/${other.first}?scope=everything`)).status).toBe(400);
  });

  it("refuses another user's follow-up with 404 for every scope, and changes nothing of theirs", async () => {
    const { first, second } = await threeMembers();
    const meddler = (await signedInClient(server, 'meddler')).client;
    const before = await series(first);
    expect((await meddler.put(`/api/followups/${second}`, { description: 'Mine now', scope: 'series' })).status).toBe(404);
    expect((await meddler.delete(`/api/followups/${second}?scope=series`)).status).toBe(404);
    expect((await meddler.post(`/api/followups/${second}/complete`)).status).toBe(404);
    expect(await series(first)).toEqual(before);
  });
});

describe('a series at the end of the dates Sower keeps (2200-12-31)', () => {
  it('completes the instance whose next date would fall past 2200 without writing a next one, however it is completed', async () => {
    // Every 365 months from 2200-12-01: the next would be 2231-05-01; completed again and again, year 10717 before.
    const created = await createRepeating({ date: '2200-12-01T12:00:00.000Z', repeat: { every: 365, unit: 'month', from: 'date' } });
    const res = await client.post(`/api/followups/${created.id}/complete`, { timeZone: PARIS });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: created.id, completed: true, completedAt: expect.any(String), date: '2200-12-01T12:00:00.000Z', repeatEvery: 365 });
    await client.put(`/api/followups/${created.id}`, { completed: false });
    expect((await client.put(`/api/followups/${created.id}`, { completed: true })).status).toBe(200);
    const batch = await client.post('/trpc/followUps.update,followUps.complete?batch=1', {
      0: { json: { id: created.id, completed: false } },
      1: { json: { id: created.id } },
    });
    expect(batch.status).toBe(200);
    expect((await series(created.id)).map((m) => Number(m.id))).toEqual([created.id]);
    // Created already completed, it writes none either.
    const done = await createRepeating({ date: '2200-12-15T12:00:00.000Z', completed: true, repeat: { every: 1, unit: 'month', from: 'date' } });
    expect(done.completed).toBe(true);
    expect(await series(done.id)).toHaveLength(1);
  });

  it('writes the next one on 2200-12-31 itself, and none after it', async () => {
    const created = await createRepeating({ date: '2200-12-30T12:00:00.000Z', repeat: { every: 1, unit: 'day', from: 'date' } });
    await client.post(`/api/followups/${created.id}/complete`, { timeZone: 'UTC' });
    const [, last] = await series(created.id);
    expect(new Date(Number(last.date)).toISOString()).toBe('2200-12-31T12:00:00.000Z');
    await client.post(`/api/followups/${Number(last.id)}/complete`, { timeZone: 'UTC' });
    expect(await series(created.id)).toHaveLength(2);
  });

  it('refuses a series-wide move that would take a later follow-up past 2200, changing nothing', async () => {
    const created = await createRepeating({ date: '2200-12-20T12:00:00.000Z', repeat: { every: 1, unit: 'day', from: 'date' } });
    await client.post(`/api/followups/${created.id}/complete`, { timeZone: 'UTC' });
    await client.put(`/api/followups/${created.id}`, { completed: false });
    const before = await series(created.id);
    expect(before.map((m) => m.completed)).toEqual([0, 0]);
    const res = await client.put(`/api/followups/${created.id}`, { date: '2200-12-31T12:00:00.000Z', scope: 'series' });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'date', message: 'This would move a follow-up of the series out of the years 1900 to 2200' }]);
    const viaTrpc = await trpcMutation(client, 'followUps.update', { id: created.id, date: new Date('2200-12-31T12:00:00.000Z'), scope: 'series' });
    expect(viaTrpc.status).toBe(400);
    expect(await series(created.id)).toEqual(before);
    // Within the range it moves both.
    expect((await client.put(`/api/followups/${created.id}`, { date: '2200-12-25T12:00:00.000Z', scope: 'series' })).status).toBe(200);
    expect((await series(created.id)).map((m) => new Date(Number(m.date)).toISOString())).toEqual(['2200-12-25T12:00:00.000Z', '2200-12-26T12:00:00.000Z']);
  });
});

describe('POST /api/followups/{id}/snooze', () => {
  it('moves the date and nothing else', async () => {
    const created = await createRepeating();
    const until = noonInDays(4);
    const res = await client.post(`/api/followups/${created.id}/snooze`, { until: until.toISOString() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...created, date: until.toISOString() });
    // The series keeps its schedule: completing it gives the week after the original date.
    await client.post(`/api/followups/${created.id}/complete`, { timeZone: PARIS });
    const [, next] = await series(created.id);
    expect(new Date(Number(next.date)).toISOString()).toBe(noonInDays(10).toISOString());
  });

  it('refuses a date in the past, one too far away, no date, and a completed follow-up, changing nothing', async () => {
    const created = await createRepeating();
    for (const body of [{ until: noonInDays(-1).toISOString() }, { until: new Date(Date.now() + 367 * DAY_MS).toISOString() }, {}, { until: 'soon' }]) {
      const res = await client.post(`/api/followups/${created.id}/snooze`, body);
      expect(res.status).toBe(400);
    }
    await client.post(`/api/followups/${created.id}/complete`);
    const done = await client.post(`/api/followups/${created.id}/snooze`, { until: noonInDays(2).toISOString() });
    expect(done.status).toBe(400);
    expect((await client.get(`/api/followups/${created.id}`)).body.date).toBe(created.date);
  });

  it("answers 404 for another user's follow-up and 403 for a team's one the user only views, unchanged", async () => {
    const created = await createRepeating();
    const other = await signedInClient(server, 'viewer');
    const until = { until: noonInDays(2).toISOString() };
    expect((await other.client.post(`/api/followups/${created.id}/snooze`, until)).status).toBe(404);
    expect((await trpcMutation(other.client, 'followUps.snooze', { id: created.id, until: noonInDays(2) })).error?.data.code).toBe('NOT_FOUND');

    const team = (await client.post('/api/teams', { name: 'Snoozers' })).body.id;
    await joinTeam(client, team, { client: other.client, id: other.user.id }, 'viewer');
    const teamContact = (await client.post('/api/contacts', { name: 'Dorcas', teamId: team })).body.id;
    const teamOne = await createRepeating({ contactId: teamContact, teamId: team });
    expect((await other.client.post(`/api/followups/${teamOne.id}/snooze`, until)).status).toBe(403);
    expect((await client.get(`/api/followups/${created.id}`)).body.date).toBe(created.date);
    expect((await client.get(`/api/followups/${teamOne.id}`)).body.date).toBe(teamOne.date);
  });
});

describe('the calendar feed', () => {
  // The feed counts days in its owner's saved zone (server/formats/ics.ts calendarDate); these series are Paris days,
  // and an earlier test saved Kiritimati.
  beforeAll(async () => {
    expect((await client.put('/api/account/reminders', { timeZone: PARIS })).status).toBe(200);
  });

  /** Each event of a calendar by UID: its first day, its RRULE, and its first `count` days as ical.js expands them. */
  function expand(ics: string, count: number) {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    return Object.fromEntries(
      calendar.getAllSubcomponents('vevent').map((vevent) => {
        const event = new ICAL.Event(vevent);
        const days: string[] = [];
        const iterator = event.iterator();
        for (let next = iterator.next(); next && days.length < count; next = iterator.next()) days.push(next.toString().replaceAll('-', ''));
        return [event.uid, { start: event.startDate.toString().replaceAll('-', ''), rule: vevent.getFirstPropertyValue('rrule')?.toString() ?? null, days }];
      }),
    );
  }
  /**
   * BYSETPOS=-1 applied to a monthly rule's expansion, as RFC 5545 defines it (the last of each month's set). ical.js
   * 2.2.1 expands BYMONTHDAY but does not apply BYSETPOS to it yet (kewisch/ical.js#960, fix open in #985), so the test
   * applies that last step itself; calendar apps (Google, Apple, libical, dateutil) apply it themselves.
   */
  const lastOfEachMonth = (days: string[]) => [...new Map(days.map((day) => [day.slice(0, 6), day])).values()];
  /** Sower's own instances of a series as calendar days, from `from` (index) on. */
  const sowers = (anchor: Date, every: number, unit: 'day' | 'week' | 'month', from: number, count: number, zone = PARIS) =>
    Array.from({ length: count }, (_, k) => calendarDate(occurrence(anchor, every, unit, from + k, zone)));

  // The series start in 2031, past the feed's 12 months (calendar.test.ts): each is read from its own .ics file, whose
  // events the feed writes the same way (server/formats/ics.ts followUpEvents).
  it('carries RRULEs that a real iCalendar parser expands to the same days as Sower, for a year and across DST changes', async () => {
    await client.post('/api/calendar/enable');
    const monthEnd = await createRepeating({ date: noon(2031, 1, 31).toISOString(), repeat: { every: 1, unit: 'month', from: 'date' } });
    const quarterly = await createRepeating({ date: noon(2031, 11, 30).toISOString(), repeat: { every: 3, unit: 'month', from: 'date' } });
    const midMonth = await createRepeating({ date: noon(2031, 2, 15).toISOString(), repeat: { every: 1, unit: 'month', from: 'date' } });
    const weekly = await createRepeating({ date: noon(2031, 3, 20).toISOString(), repeat: { every: 1, unit: 'week', from: 'date' } });
    const everyTenDays = await createRepeating({ date: noon(2031, 10, 20).toISOString(), repeat: { every: 10, unit: 'day', from: 'date' } });
    const afterDone = await createRepeating({ date: noon(2031, 5, 1).toISOString(), repeat: { every: 2, unit: 'week', from: 'completion' } });
    // The month-end series' second instance, pending (Feb 28): its RRULE starts there and still finds Mar 31.
    await client.post(`/api/followups/${monthEnd.id}/complete`, { timeZone: PARIS });
    const [, february] = await series(monthEnd.id);

    const files = await Promise.all([february, quarterly, midMonth, weekly, everyTenDays, afterDone].map(({ id }) => client.get(`/api/followups/${id}/ics`)));
    const ics = files.map((file) => file.body as string).join('');
    const events = Object.assign({}, ...files.map((file) => expand(file.body as string, 60)));
    const uid = (id: unknown) => `followup-${String(id)}@sower`;

    expect(events[uid(february.id)].start).toBe('20310228');
    expect(ics).toContain('\r\nRRULE:FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=28,29,30,31;BYSETPOS=-1\r\n');
    expect(events[uid(february.id)].rule).toBe('FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1');
    const februaryOn = lastOfEachMonth(events[uid(february.id)].days).slice(0, 13);
    expect(februaryOn).toEqual(sowers(noon(2031, 1, 31), 1, 'month', 1, 13));
    expect(februaryOn).toContain('20320229');
    expect(lastOfEachMonth(events[uid(quarterly.id)].days).slice(0, 5)).toEqual(sowers(noon(2031, 11, 30), 3, 'month', 0, 5));
    // A day up to the 28th is in every month: a plain monthly rule, expanded by the parser alone.
    expect(events[uid(midMonth.id)].rule).toBe('FREQ=MONTHLY');
    expect(events[uid(midMonth.id)].days.slice(0, 13)).toEqual(sowers(noon(2031, 2, 15), 1, 'month', 0, 13));
    expect(events[uid(weekly.id)].rule).toBe('FREQ=WEEKLY');
    expect(events[uid(quarterly.id)].rule).toBe('FREQ=MONTHLY;INTERVAL=3;BYMONTHDAY=28,29,30;BYSETPOS=-1');
    expect(events[uid(weekly.id)].days.slice(0, 53)).toEqual(sowers(noon(2031, 3, 20), 1, 'week', 0, 53));
    expect(events[uid(everyTenDays.id)].days.slice(0, 37)).toEqual(sowers(noon(2031, 10, 20), 10, 'day', 0, 37));
    // A completion-based series has no dates to come until it is completed: its next one only.
    expect(events[uid(afterDone.id)]).toEqual({ start: '20310501', rule: null, days: ['20310501'] });
  });

  it('shows a snoozed instance on its day, and the schedule going on from the series’ next date after it', async () => {
    const url = (await client.get('/api/calendar')).body.url as string;
    const created = await createRepeating({ date: noonInDays(2).toISOString(), repeat: { every: 1, unit: 'week', from: 'date' } });
    await client.post(`/api/followups/${created.id}/snooze`, { until: noonInDays(4).toISOString() });
    const events = expand((await new ApiClient(server.baseUrl).get(url)).body as string, 3);
    expect(events[`followup-${created.id}@sower`]).toEqual({ start: calendarDate(noonInDays(4)), rule: null, days: [calendarDate(noonInDays(4))] });
    expect(events[`followup-${created.id}-later@sower`].days).toEqual([9, 16, 23].map((d) => calendarDate(noonInDays(d))));
  });
});
