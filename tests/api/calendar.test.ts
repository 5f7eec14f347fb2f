// The private calendar feed and the single follow-up .ics download, over REST.
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, requestFrom, signedInClient, startServer, type TestServer, joinTeam } from './harness';

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();
const feedUrlShape = /^\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/;
const notFoundFeed = { message: 'Calendar feed not found', code: 'NOT_FOUND' };

let server: TestServer;
let alice: ApiClient;
let bob: ApiClient;
let aliceId: number;
/** Follow-up ids by what they test. */
const ids: Record<string, number> = {};

/** Fetches a path with no cookie at all, the way a calendar app subscribes. */
const anonymous = () => new ApiClient(server.baseUrl);
const uids = (ics: string) => [...ics.matchAll(/^UID:followup-(\d+)@sower\r$/gm)].map((m) => Number(m[1])).sort((a, b) => a - b);

beforeAll(async () => {
  server = await startServer();
  const a = await signedInClient(server, 'alice');
  const b = await signedInClient(server, 'bob');
  alice = a.client;
  bob = b.client;
  aliceId = a.user.id;

  const maria = (await alice.post('/api/contacts', { name: 'Maria' })).body.id;
  const create = async (client: ApiClient, body: Record<string, unknown>) => {
    const res = await client.post('/api/followups', body);
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  ids.upcoming = await create(alice, { contactId: maria, date: daysFromNow(5), type: 'phone', description: 'Ask about the job interview' });
  ids.overdue = await create(alice, { contactId: maria, date: daysFromNow(-10), type: 'meeting', description: 'Coffee, after church' });
  ids.completed = await create(alice, { contactId: maria, date: daysFromNow(3), description: 'Already done', completed: true });
  ids.tooOld = await create(alice, { contactId: maria, date: daysFromNow(-40), description: 'Long ago' });

  const bobContact = (await bob.post('/api/contacts', { name: 'Bob Private' })).body.id;
  ids.bobs = await create(bob, { contactId: bobContact, date: daysFromNow(2), description: 'Bob only' });
  // Alice reads the rows of a team she views, so its follow-ups are in her feed too.
  const team = (await bob.post('/api/teams', { name: 'Outreach' })).body.id;
  await joinTeam(bob, team, { client: alice, id: aliceId }, 'viewer');
  const teamContact = (await bob.post('/api/contacts', { name: 'Team Contact', teamId: team })).body.id;
  ids.team = await create(bob, { contactId: teamContact, date: daysFromNow(1), type: 'study', description: 'Team study', teamId: team });
});
afterAll(() => server.close());

describe('turning the feed on and off', () => {
  let url: string;

  it('is off for a new user', async () => {
    const res = await alice.get('/api/calendar');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ enabled: false, url: null });
  });

  it('enable answers the feed URL path and status then shows it', async () => {
    const res = await alice.post('/api/calendar/enable');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ url: expect.stringMatching(feedUrlShape) });
    url = res.body.url;
    expect((await alice.get('/api/calendar')).body).toEqual({ enabled: true, url });
  });

  it('enable again keeps the same URL, so existing subscriptions go on working', async () => {
    expect((await alice.post('/api/calendar/enable')).body).toEqual({ url });
  });

  it('rotate gives a new URL and the old one stops working at once', async () => {
    expect((await anonymous().get(url)).status).toBe(200);
    const res = await alice.post('/api/calendar/rotate');
    expect(res.status).toBe(200);
    expect(res.body.url).toMatch(feedUrlShape);
    expect(res.body.url).not.toBe(url);
    const old = await anonymous().get(url);
    expect(old.status).toBe(404);
    expect(old.body).toEqual(notFoundFeed);
    expect((await anonymous().get(res.body.url)).status).toBe(200);
    expect((await alice.get('/api/calendar')).body).toEqual({ enabled: true, url: res.body.url });
    url = res.body.url;
  });

  it('disable turns the feed off and its URL answers 404', async () => {
    const res = await alice.post('/api/calendar/disable');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ enabled: false });
    expect((await alice.get('/api/calendar')).body).toEqual({ enabled: false, url: null });
    const gone = await anonymous().get(url);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual(notFoundFeed);
  });

  it('enable after disable gives a fresh URL, not the revoked one', async () => {
    const res = await alice.post('/api/calendar/enable');
    expect(res.body.url).toMatch(feedUrlShape);
    expect(res.body.url).not.toBe(url);
    await alice.post('/api/calendar/disable');
  });

  it('is per user: enabling for one user does not enable it for another', async () => {
    const { client: carol } = await signedInClient(server, 'carol');
    await alice.post('/api/calendar/enable');
    expect((await carol.get('/api/calendar')).body).toEqual({ enabled: false, url: null });
    await alice.post('/api/calendar/disable');
  });

  it.each([
    ['GET', '/api/calendar'],
    ['POST', '/api/calendar/enable'],
    ['POST', '/api/calendar/rotate'],
    ['POST', '/api/calendar/disable'],
  ])('%s %s asks for a session', async (method, path) => {
    const res = await anonymous().request(method, path);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: 'Please sign in to continue', code: 'UNAUTHORIZED' });
  });
});

describe('the feed', () => {
  let url: string;
  let ics: string;
  let headers: Headers;

  beforeAll(async () => {
    url = (await alice.post('/api/calendar/enable')).body.url;
    const res = await anonymous().get(url);
    expect(res.status).toBe(200);
    ics = res.body;
    headers = res.headers;
  });

  it('is served inline as text/calendar, never cached, without a session', () => {
    expect(headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(headers.get('cache-control')).toBe('private, no-store');
    expect(headers.get('content-disposition')).toBeNull();
    expect(headers.get('set-cookie')).toBeNull();
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Sower//Sower//EN\r\n')).toBe(true);
    expect(ics).toContain('\r\nX-WR-CALNAME:Sower follow-ups\r\n');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it("lists the user's pending follow-ups from 30 days ago on, their team's included, soonest first", () => {
    expect(uids(ics)).toEqual([ids.upcoming, ids.overdue, ids.team].sort((a, b) => a - b));
    const order = [...ics.matchAll(/^UID:followup-(\d+)@sower\r$/gm)].map((m) => Number(m[1]));
    expect(order).toEqual([ids.overdue, ids.team, ids.upcoming]);
  });

  it("leaves out completed follow-ups, ones older than 30 days, and another user's", () => {
    for (const left of [ids.completed, ids.tooOld, ids.bobs]) expect(uids(ics)).not.toContain(left);
    expect(ics).not.toContain('Bob only');
  });

  it('describes each follow-up as an all-day event with its type and contact', () => {
    const day = new Date(daysFromNow(5));
    const ymd = (d: Date) => d.toISOString().slice(0, 10).replace(/-/g, '');
    const event = ics.slice(ics.indexOf(`UID:followup-${ids.upcoming}@sower`));
    expect(event).toMatch(new RegExp(`^UID:followup-${ids.upcoming}@sower\\r\\nDTSTAMP:\\d{8}T\\d{6}Z\\r\\n`));
    expect(event).toContain(`DTSTART;VALUE=DATE:${ymd(day)}\r\n`);
    expect(event).toContain(`DTEND;VALUE=DATE:${ymd(new Date(day.getTime() + DAY_MS))}\r\n`);
    expect(event).toContain('SUMMARY:Phone call: Maria\r\nDESCRIPTION:Ask about the job interview\r\n');
    expect(ics).toContain('SUMMARY:Meeting: Maria\r\nDESCRIPTION:Coffee\\, after church\r\n');
    expect(ics).toContain('SUMMARY:Bible study: Team Contact\r\n');
  });

  it('drops a follow-up once it is completed', async () => {
    expect((await alice.post(`/api/followups/${ids.overdue}/complete`)).status).toBe(200);
    const res = await anonymous().get(url);
    expect(uids(res.body)).not.toContain(ids.overdue);
    expect(uids(res.body)).toContain(ids.upcoming);
  });

  it('does not depend on who is signed in: the token alone decides', async () => {
    const res = await bob.get(url);
    expect(res.status).toBe(200);
    expect(uids(res.body)).toContain(ids.upcoming);
    expect(uids(res.body)).not.toContain(ids.bobs);
  });

  it.each([
    ['a well-formed token nobody holds', `/api/calendar/${'A'.repeat(43)}.ics`],
    ['a malformed token', '/api/calendar/not-a-token.ics'],
    ['an empty-looking token', '/api/calendar/%20.ics'],
  ])('answers 404 with the error body for %s', async (_, path) => {
    const res = await anonymous().get(path);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.body).toEqual(notFoundFeed);
  });

  it('answers the token without .ics as no such API path', async () => {
    const res = await anonymous().get(url.replace(/\.ics$/, ''));
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('NOT_FOUND');
  });

  it('keeps the token out of the request log, which names the route pattern instead', async () => {
    const token = url.slice('/api/calendar/'.length, -'.ics'.length);
    await anonymous().get(url);
    const lines = server.logs.filter((line) => line.route === '/api/calendar/:token.ics');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.at(-1)).toMatchObject({ method: 'GET', status: 200, userId: null });
    await anonymous().get(`/api/calendar/${token}`);
    expect(server.logs.some((line) => line.route === '/api/*' && line.status === 404)).toBe(true);
    expect(JSON.stringify(server.logs)).not.toContain(token);
  });
});

describe('a single follow-up as .ics', () => {
  it('downloads as an attachment named follow-up-{id}.ics with one event', async () => {
    const res = await alice.get(`/api/followups/${ids.upcoming}/ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="follow-up-${ids.upcoming}.ics"`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(uids(res.body)).toEqual([ids.upcoming]);
    expect(res.body.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(res.body).toContain('SUMMARY:Phone call: Maria\r\n');
    expect(res.body).toContain('METHOD:PUBLISH\r\n');
    expect(res.body).not.toContain('X-WR-CALNAME');
  });

  it('works for a completed follow-up too: it is the user asking for it', async () => {
    const res = await alice.get(`/api/followups/${ids.completed}/ics`);
    expect(res.status).toBe(200);
    expect(uids(res.body)).toEqual([ids.completed]);
  });

  it('is readable for a team row the user may see', async () => {
    expect((await alice.get(`/api/followups/${ids.team}/ics`)).status).toBe(200);
  });

  it("answers 404 with the error body for another user's follow-up", async () => {
    const res = await alice.get(`/api/followups/${ids.bobs}/ics`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-disposition')).toBeNull();
    expect(res.body).toEqual({ message: 'Follow-up not found', code: 'NOT_FOUND' });
  });

  it('answers 404 for an id that is not one (an :id is digits only)', async () => {
    const res = await alice.get('/api/followups/abc/ics');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'No such API path', code: 'NOT_FOUND' });
  });

  it('asks for a session', async () => {
    expect((await anonymous().get(`/api/followups/${ids.upcoming}/ics`)).status).toBe(401);
  });

  it('is the same text over tRPC', async () => {
    const res = await alice.get(`/trpc/followUps.ics?input=${encodeURIComponent(JSON.stringify({ json: { id: ids.upcoming } }))}`);
    expect(res.status).toBe(200);
    const text: string = res.body.result.data.json;
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(uids(text)).toEqual([ids.upcoming]);
  });
});

describe('days east of UTC+12 and west of UTC-10', () => {
  /** Noon of a calendar day at a fixed UTC offset in hours, as the client stores a chosen day there. */
  const localNoon = (year: number, month: number, day: number, offset: number) => new Date(Date.UTC(year, month - 1, day, 12 - offset));
  /** Each event of a calendar as ical.js reads it: whether it is all-day, its first day and its first `count` days. */
  function events(ics: string, count = 1) {
    return new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      const days: string[] = [];
      const iterator = event.iterator();
      for (let next = iterator.next(); next && days.length < count; next = iterator.next()) days.push(next.toString());
      return { uid: event.uid, allDay: event.startDate.isDate, start: event.startDate.toString(), days };
    });
  }

  // Pacific/Kiritimati is UTC+14 all year (its noon is 22:00 UTC the day before); Pacific/Pago_Pago is UTC-11 all year.
  it.each([
    ['Pacific/Kiritimati', 14],
    ['Pacific/Pago_Pago', -11],
  ])('writes a follow-up made in %s as DTSTART;VALUE=DATE of the day chosen there, in the feed and its own file', async (zone, offset) => {
    const { client } = await signedInClient(server, 'zone');
    expect((await client.put('/api/account/reminders', { timeZone: zone })).status).toBe(200);
    const contactId = (await client.post('/api/contacts', { name: 'Sione' })).body.id;
    const soon = new Date(Date.now() + 5 * DAY_MS);
    const chosen = [soon.getUTCFullYear(), soon.getUTCMonth() + 1, soon.getUTCDate()] as const;
    const day = `${chosen[0]}-${String(chosen[1]).padStart(2, '0')}-${String(chosen[2]).padStart(2, '0')}`;
    const created = await client.post('/api/followups', { contactId, date: localNoon(...chosen, offset).toISOString(), description: 'Visit' });
    expect(created.status).toBe(201);
    // A monthly series from the 31st (past the feed's reach, so read from its own file): every month's last day up to the 31st.
    const monthly = await client.post('/api/followups', {
      contactId,
      date: localNoon(2031, 1, 31, offset).toISOString(),
      description: 'Monthly visit',
      repeat: { every: 1, unit: 'month', from: 'date' },
    });
    expect(monthly.status).toBe(201);

    const url = (await client.post('/api/calendar/enable')).body.url;
    const feed = await anonymous().get(url);
    expect(feed.status).toBe(200);
    expect(events(feed.body)).toEqual([{ uid: `followup-${created.body.id}@sower`, allDay: true, start: day, days: [day] }]);
    expect(feed.body).toContain(`DTSTART;VALUE=DATE:${day.replaceAll('-', '')}\r\n`);

    const file = await client.get(`/api/followups/${created.body.id}/ics`);
    expect(events(file.body)).toEqual([{ uid: `followup-${created.body.id}@sower`, allDay: true, start: day, days: [day] }]);

    const series = await client.get(`/api/followups/${monthly.body.id}/ics`);
    expect(series.body).toContain('RRULE:FREQ=MONTHLY;INTERVAL=1;BYMONTHDAY=28,29,30,31;BYSETPOS=-1\r\n');
    expect(events(series.body)[0]).toMatchObject({ allDay: true, start: '2031-01-31' });
  });
});

describe("a single follow-up as .ics in the browser's zone", () => {
  it('writes the day in the timeZone the browser sends, before the saved zone, and refuses one that is not a zone', async () => {
    const { client } = await signedInClient(server, 'browserzone');
    const contactId = (await client.post('/api/contacts', { name: 'Teuila' })).body.id;
    // 5 January 2031 at noon in Apia (UTC+13): 4 January 23:00 UTC, the same instant as noon in Pago Pago on the 4th.
    const created = await client.post('/api/followups', { contactId, date: '2031-01-04T23:00:00Z', description: 'Visit' });
    expect(created.status).toBe(201);
    const path = `/api/followups/${created.body.id}/ics`;
    expect((await client.get(`${path}?timeZone=Pacific%2FApia`)).body).toContain('DTSTART;VALUE=DATE:20310105\r\n');
    expect((await client.get(`${path}?timeZone=Pacific%2FPago_Pago`)).body).toContain('DTSTART;VALUE=DATE:20310104\r\n');
    expect((await client.put('/api/account/reminders', { timeZone: 'Pacific/Apia' })).status).toBe(200);
    expect((await client.get(path)).body).toContain('DTSTART;VALUE=DATE:20310105\r\n');
    expect((await client.get(`${path}?timeZone=Pacific%2FPago_Pago`)).body).toContain('DTSTART;VALUE=DATE:20310104\r\n');
    const bad = await client.get(`${path}?timeZone=Mars%2FOlympus`);
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-disposition')).toBeNull();
  });
});

describe('a feed of an account that holds thousands of follow-ups', () => {
  let heavyFeed: string;
  let heavyTeamId: number;
  let mate: ApiClient;

  beforeAll(async () => {
    const heavy = await signedInClient(server, 'busy');
    const teammate = await signedInClient(server, 'mate');
    mate = teammate.client;
    heavyTeamId = (await heavy.client.post('/api/teams', { name: 'Bulk' })).body.id;
    await joinTeam(heavy.client, heavyTeamId, { client: mate, id: teammate.user.id }, 'member');
    const contact = (await heavy.client.post('/api/contacts', { name: 'Many', teamId: heavyTeamId })).body.id;
    // 1,200 pending: from 20 days ago to about 13 months ahead, every 8 hours; 2 of every 3 in the team.
    await server.database.writerClient.execute({
      sql: `with recursive n(x) as (select 1 union all select x + 1 from n where x < 1200)
        insert into follow_ups (contact_id, date, description, type, completed, created_by, team_id)
        select ?1, cast(unixepoch('subsecond') * 1000 as integer) + (x - 60) * 28800000, 'Bulk ' || x, 'phone', 0, ?2, case when x % 3 = 0 then null else ?3 end from n`,
      args: [contact, heavy.user.id, heavyTeamId],
    });
    heavyFeed = (await heavy.client.post('/api/calendar/enable')).body.url;
  });

  const events = (ics: string) => [...ics.matchAll(/^BEGIN:VEVENT\r$/gm)].length;
  /** Content lines as written before folding (RFC 5545 §3.1). */
  const unfold = (ics: string) => ics.replace(/\r\n /g, '');
  const starts = (ics: string) => [...ics.matchAll(/^DTSTART;VALUE=DATE:(\d{8})\r$/gm)].map((m) => m[1]);

  it('holds the soonest 500 of the next 12 months, says so, and marks the last day with a note', async () => {
    const res = await anonymous().get(heavyFeed);
    expect(res.status).toBe(200);
    const ics: string = res.body;
    expect(unfold(ics)).toContain(
      '\r\nX-WR-CALDESC:The first 500 of your pending follow-ups from the last 30 days and the next 12 months. Open Sower to see the rest.\r\n',
    );
    expect(ics).toContain('SUMMARY:More follow-ups in Sower');
    expect(events(ics)).toBe(501);
    const days = starts(ics);
    expect(days).toEqual([...days].sort());
    expect(ics.length).toBeLessThan(300_000);
  });

  it('bounds a teammate’s feed the same way: the team’s bulk rows do not make it heavy', async () => {
    const url = (await mate.post('/api/calendar/enable')).body.url;
    const ics: string = (await anonymous().get(url)).body;
    expect(events(ics)).toBe(501);
    expect(ics).toContain('SUMMARY:More follow-ups in Sower');
  });

  it('never reaches past the next 12 months, and says how far it reaches when it holds everything', async () => {
    const few = await signedInClient(server, 'few');
    const contact = (await few.client.post('/api/contacts', { name: 'Later' })).body.id;
    await few.client.post('/api/followups', { contactId: contact, date: daysFromNow(200), description: 'Within the year' });
    await few.client.post('/api/followups', { contactId: contact, date: daysFromNow(400), description: 'Beyond the year' });
    const ics: string = (await anonymous().get((await few.client.post('/api/calendar/enable')).body.url)).body;
    expect(ics).toContain('DESCRIPTION:Within the year');
    expect(ics).not.toContain('Beyond the year');
    expect(unfold(ics)).toContain('\r\nX-WR-CALDESC:Your pending follow-ups from the last 30 days and the next 12 months.\r\n');
    expect(ics).not.toContain('More follow-ups in Sower');
  });

  it('refuses a feed in a tRPC batch, before building any', async () => {
    const token = heavyFeed.slice('/api/calendar/'.length, -'.ics'.length);
    const input = encodeURIComponent(JSON.stringify({ 0: { json: { token } }, 1: { json: { token } } }));
    const res = await anonymous().get(`/trpc/calendar.feed,calendar.feed?batch=1&input=${input}`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).not.toContain('VCALENDAR');
  });

  it('answers 30 fetches of one feed in 10 minutes and 429 with Retry-After past them, however they arrive', async () => {
    const own = await signedInClient(server, 'refresher');
    const url = (await own.client.post('/api/calendar/enable')).body.url;
    // 40 at once, from 20 addresses: the token is counted whoever asks.
    const statuses = (await Promise.all(Array.from({ length: 40 }, (_, i) => requestFrom(`127.0.32.${i % 20}`, server.baseUrl, 'GET', url)))).map(
      (res) => res.status,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    const refused = await anonymous().get(url);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body).toEqual({ message: 'This calendar feed was fetched too often. Please try again later.', code: 'TOO_MANY_REQUESTS' });
    // Another feed is counted on its own.
    expect((await anonymous().get(heavyFeed)).status).toBe(200);
    // The counters name a digest of the token, never the token, which is a working credential.
    const token = url.slice('/api/calendar/'.length, -'.ics'.length);
    const keys = (await server.database.readerClient.execute("select key from attempts where key like 'feed:%'")).rows.map((row) => String(row.key));
    expect(keys.some((key) => key.startsWith('feed:token:'))).toBe(true);
    expect(keys.filter((key) => key.includes(token))).toEqual([]);
  });

  it('answers 600 feed fetches from one address in 10 minutes, whatever tokens they name, then 429', async () => {
    const from = '127.0.31.7';
    const guess = (i: number) => requestFrom(from, server.baseUrl, 'GET', `/api/calendar/${String(i).padStart(43, 'A')}.ics`);
    const first = await Promise.all(Array.from({ length: 5 }, (_, i) => guess(i)));
    expect(first.map((res) => res.status)).toEqual([404, 404, 404, 404, 404]);
    const counter = async () =>
      (await server.database.readerClient.execute({ sql: 'select count from attempts where key = ?', args: [`feed:ip:${from}`] })).rows[0]?.count;
    expect(Number(await counter())).toBe(5);
    // The same address at the edge of its window: the 600th fetch is answered, the ones after it are not.
    await server.database.writerClient.execute({ sql: 'update attempts set count = 599 where key = ?', args: [`feed:ip:${from}`] });
    const edge = await Promise.all(Array.from({ length: 4 }, (_, i) => guess(100 + i)));
    expect(edge.map((res) => res.status).sort()).toEqual([404, 429, 429, 429]);
    expect((await requestFrom(from, server.baseUrl, 'GET', heavyFeed)).status).toBe(429);
    // The owner's calendar app, elsewhere, is not held up by them.
    expect((await anonymous().get(heavyFeed)).status).toBe(200);
  });
});
