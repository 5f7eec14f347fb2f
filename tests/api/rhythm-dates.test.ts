// A rhythm for each friendship and important dates (issue 50 §6): "stay in touch every N days" in needs attention and
// the digest's list, a person's dates (CRUD, access, the cap), the dashboard's upcoming dates, the calendar feed's yearly
// events, vCard's BDAY and ANNIVERSARY, and the JSON export carrying both.
import { describe, expect, it } from 'vitest';
import { MAX_CONTACT_DATES, nextOccurrence, yearlyDayIn } from '../../shared/contactDates';
import { composeDigest } from '../../server/nudges/digest';
import { gatherDigest } from '../../server/nudges/gather';
import { daysFromNow, expectOneIssue, joinTeam, signedInClient, usersForFile, type ApiClient } from './harness';
import { trpcBatch } from './trpc';

const {
  server,
  users: [lea, stranger],
} = usersForFile(['lea', 'stranger']);

const contact = async (client: ApiClient, body: Record<string, unknown>) => {
  const res = await client.post('/api/contacts', body);
  expect(res.status).toBe(201);
  return res.body as { id: number; stayInTouchDays: number | null };
};
const attentionNames = async (client: ApiClient) => ((await client.get('/api/attention')).body as { name: string }[]).map((row) => row.name);

describe('stay in touch every N days', () => {
  it('is off by default, set and cleared on the contact, and refused outside 1..365', async () => {
    const { client } = await signedInClient(server, 'rhythmfield');
    const made = await contact(client, { name: 'Default' });
    expect(made.stayInTouchDays).toBeNull();
    const set = await client.put(`/api/contacts/${made.id}`, { stayInTouchDays: 14 });
    expect(set.status).toBe(200);
    expect(set.body.stayInTouchDays).toBe(14);
    expect((await client.get(`/api/contacts/${made.id}`)).body.stayInTouchDays).toBe(14);
    for (const bad of [0, 366, 2.5, '14'])
      expectOneIssue(
        await client.put(`/api/contacts/${made.id}`, { stayInTouchDays: bad }),
        'stayInTouchDays',
        'Stay in touch every must be a whole number of days from 1 to 365',
      );
    expect((await client.put(`/api/contacts/${made.id}`, { stayInTouchDays: null })).body.stayInTouchDays).toBeNull();
    expect((await contact(client, { name: 'Made with one', stayInTouchDays: 30 })).stayInTouchDays).toBe(30);
  });

  it('turns a 14-day rhythm due on day 15, not 14, and restarts it with an activity', async () => {
    const { client } = await signedInClient(server, 'rhythm');
    // Growing people wait 21 days by default: the rhythm decides for these, not the status.
    const fourteen = await contact(client, { name: 'Fourteen days', spiritualStatus: 'growing', stayInTouchDays: 14 });
    const fifteen = await contact(client, { name: 'Fifteen days', spiritualStatus: 'growing', stayInTouchDays: 14 });
    await client.post('/api/activities', { contactId: fourteen.id, type: 'conversation', date: daysFromNow(-14) });
    await client.post('/api/activities', { contactId: fifteen.id, type: 'conversation', date: daysFromNow(-15) });
    const list = (await client.get('/api/attention')).body;
    expect(list.map((row: { name: string }) => row.name)).toEqual(['Fifteen days']);
    expect(list[0].stayInTouchDays).toBe(14);
    expect(Date.parse(list[0].dueSince) - Date.parse(list[0].lastTouchAt)).toBe(15 * 86_400_000);
    // An activity with them restarts the clock.
    expect((await client.post('/api/activities', { contactId: fifteen.id, type: 'conversation', date: daysFromNow(0) })).status).toBe(201);
    expect(await attentionNames(client)).toEqual([]);
    // A long rhythm keeps a person off the list past their status's threshold; clearing it brings the threshold back.
    const monthly = await contact(client, { name: 'Monthly', spiritualStatus: 'seeking', stayInTouchDays: 30 });
    await client.post('/api/activities', { contactId: monthly.id, type: 'conversation', date: daysFromNow(-10) });
    expect(await attentionNames(client)).toEqual([]);
    await client.put(`/api/contacts/${monthly.id}`, { stayInTouchDays: null });
    expect(await attentionNames(client)).toEqual(['Monthly']);
  });

  it('counts from when the person was added when nothing was logged, snoozes, and leaves archived people out', async () => {
    const { client } = await signedInClient(server, 'rhythmsnooze');
    const quiet = await contact(client, { name: 'Never logged', spiritualStatus: 'mature', stayInTouchDays: 3 });
    await server.database.writerClient.execute({ sql: 'update contacts set created_at = ? where id = ?', args: [Date.now() - 5 * 86_400_000, quiet.id] });
    expect(await attentionNames(client)).toEqual(['Never logged']);
    expect((await client.post(`/api/contacts/${quiet.id}/snooze`, { until: daysFromNow(7) })).status).toBe(200);
    expect(await attentionNames(client)).toEqual([]);
    await client.delete(`/api/contacts/${quiet.id}/snooze`);
    expect(await attentionNames(client)).toEqual(['Never logged']);
    await server.database.writerClient.execute({ sql: 'update contacts set archived_at = ? where id = ?', args: [Date.now(), quiet.id] });
    expect(await attentionNames(client)).toEqual([]);
  });

  it('words the digest line with the rhythm, and names no one when discreet', () => {
    const base = {
      locale: 'en' as const,
      include: { followUps: true, attention: true, prayers: true },
      attention: {
        total: 1,
        items: [{ contactId: 1, name: 'Ana', spiritualStatus: 'growing' as const, lastTouchAt: new Date(Date.now() - 17 * 86_400_000), stayInTouchDays: 14 }],
      },
      now: Date.now(),
      baseUrl: 'http://localhost',
    };
    expect(composeDigest({ ...base, discreet: false }).text).toContain('Ana: every 14 days, last contact 17 days ago');
    expect(composeDigest({ ...base, discreet: true }).text).not.toContain('Ana');
  });

  it("gathers today's important dates into the digest with the attention section, names left out when discreet", async () => {
    const { client, user } = await signedInClient(server, 'digestdates');
    const ruth = await contact(client, { name: 'Ruth' });
    const today = new Date().toISOString().slice(0, 10);
    await client.post(`/api/contacts/${ruth.id}/dates`, { label: 'Birthday', date: `1990${today.slice(4)}`, kind: 'birthday' });
    const input = {
      userId: user.id,
      locale: 'es' as const,
      timeZone: 'UTC',
      include: { followUps: true, attention: true, prayers: true },
      now: Date.now(),
      baseUrl: 'http://localhost',
    };
    const sources = { attentionForDigest: async () => ({ total: 0, items: [] }), prayTodayForDigest: async () => [] };
    const data = await gatherDigest(server.database.read, sources, { ...input, discreet: false });
    expect(data.dates).toEqual([{ name: 'Ruth', label: 'Birthday', kind: 'birthday', years: Number(today.slice(0, 4)) - 1990 }]);
    expect(composeDigest(data).text).toContain(`Ruth: Cumpleaños, ${Number(today.slice(0, 4)) - 1990} años`);
    expect(composeDigest({ ...data, discreet: true }).text).not.toContain('Ruth');
    const without = await gatherDigest(server.database.read, sources, { ...input, discreet: false, include: { ...input.include, attention: false } });
    expect(without.dates).toBeUndefined();
  });
});

describe('important dates', () => {
  it('are added, listed by day of the year, and removed; refused when not a calendar day', async () => {
    const { client } = await signedInClient(server, 'dates');
    const ana = await contact(client, { name: 'Ana' });
    const added = await client.post(`/api/contacts/${ana.id}/dates`, { label: 'Birthday', date: '1994-09-12', kind: 'birthday' });
    expect(added.status).toBe(201);
    expect(added.body).toEqual([{ id: expect.any(Number), kind: 'birthday', label: 'Birthday', date: '1994-09-12', yearly: true }]);
    await client.post(`/api/contacts/${ana.id}/dates`, { label: 'Baptism', date: '2020-03-01', kind: 'baptism' });
    await client.post(`/api/contacts/${ana.id}/dates`, { label: 'Moving day', date: '2031-01-15', yearly: false });
    const listed = (await client.get(`/api/contacts/${ana.id}/dates`)).body as { id: number; label: string; kind: string }[];
    expect(listed.map((row) => [row.label, row.kind])).toEqual([
      ['Moving day', 'other'],
      ['Baptism', 'baptism'],
      ['Birthday', 'birthday'],
    ]);
    for (const date of ['2026-02-29', '2031-02-30', '12/09/1994', '1899-12-31', ''])
      expectOneIssue(await client.post(`/api/contacts/${ana.id}/dates`, { label: 'Bad', date }), 'date', 'Date must be a calendar day written YYYY-MM-DD');
    expect((await client.post(`/api/contacts/${ana.id}/dates`, { label: '', date: '2000-01-01' })).status).toBe(400);
    expect((await client.post(`/api/contacts/${ana.id}/dates`, { label: 'x'.repeat(61), date: '2000-01-01' })).status).toBe(400);
    expect((await client.post(`/api/contacts/${ana.id}/dates`, { label: 'Leap', date: '2024-02-29' })).status).toBe(201);
    const removed = await client.delete(`/api/contacts/${ana.id}/dates/${listed[0].id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.map((row: { label: string }) => row.label)).toEqual(['Leap', 'Baptism', 'Birthday']);
    // A date of another contact is not this one's to remove.
    const ben = await contact(client, { name: 'Ben' });
    expect((await client.delete(`/api/contacts/${ben.id}/dates/${listed[1].id}`)).status).toBe(404);
  });

  it("answers 404 for another user's contact and changes nothing", async () => {
    const mine = await contact(lea, { name: 'Lea friend' });
    await lea.post(`/api/contacts/${mine.id}/dates`, { label: 'Birthday', date: '1990-01-01', kind: 'birthday' });
    const dateId = (await lea.get(`/api/contacts/${mine.id}/dates`)).body[0].id;
    expect((await stranger.get(`/api/contacts/${mine.id}/dates`)).status).toBe(404);
    expect((await stranger.post(`/api/contacts/${mine.id}/dates`, { label: 'Mine now', date: '1990-01-01' })).status).toBe(404);
    expect((await stranger.delete(`/api/contacts/${mine.id}/dates/${dateId}`)).status).toBe(404);
    expect((await lea.get(`/api/contacts/${mine.id}/dates`)).body).toHaveLength(1);
  });

  it('lets a team viewer read the dates of a team contact but not change them', async () => {
    const { client: admin } = await signedInClient(server, 'datesadmin');
    const viewer = await signedInClient(server, 'datesviewer');
    const teamId = (await admin.post('/api/teams', { name: 'Dates team' })).body.id;
    await joinTeam(admin, teamId, { client: viewer.client, id: viewer.user.id }, 'viewer');
    const shared = await contact(admin, { name: 'Team person', teamId });
    await admin.post(`/api/contacts/${shared.id}/dates`, { label: 'Birthday', date: '1990-01-01', kind: 'birthday' });
    expect((await viewer.client.get(`/api/contacts/${shared.id}/dates`)).body).toHaveLength(1);
    expect((await viewer.client.post(`/api/contacts/${shared.id}/dates`, { label: 'No', date: '1990-01-02' })).status).toBe(403);
    expect((await viewer.client.put(`/api/contacts/${shared.id}`, { stayInTouchDays: 7 })).status).toBe(403);
  });

  it('holds at most 30 for one person, counted call by call in a tRPC batch', async () => {
    const { client } = await signedInClient(server, 'datescap');
    const full = await contact(client, { name: 'Many dates' });
    await server.database.writerClient.execute({
      sql: `with recursive n(i) as (select 1 union all select i + 1 from n where i < ?) insert into contact_dates (contact_id, label, date) select ?, 'day ' || i, '2000-01-01' from n`,
      args: [MAX_CONTACT_DATES - 2, full.id],
    });
    const batch = await trpcBatch(
      client,
      Array.from({ length: 4 }, (_, i) => ({ path: 'contacts.addDate', input: { id: full.id, label: `batched ${i}`, date: '2001-01-01' } })),
    );
    expect((batch.body as { error?: { json: { data: { httpStatus: number } } } }[]).map((call) => call.error?.json.data.httpStatus)).toEqual([
      undefined,
      undefined,
      400,
      400,
    ]);
    expect(await server.count('contact_dates', 'contact_id = ?', [full.id])).toBe(MAX_CONTACT_DATES);
  });

  it('move with a merged duplicate, but for one the kept contact has; the kept rhythm wins, else the duplicate’s', async () => {
    const { client } = await signedInClient(server, 'datesmerge');
    const kept = await contact(client, { name: 'Kept' });
    const duplicate = await contact(client, { name: 'Duplicate', stayInTouchDays: 10 });
    await client.post(`/api/contacts/${kept.id}/dates`, { label: 'Birthday', date: '1990-01-01', kind: 'birthday' });
    await client.post(`/api/contacts/${duplicate.id}/dates`, { label: 'Birthday', date: '1990-01-01', kind: 'birthday' });
    await client.post(`/api/contacts/${duplicate.id}/dates`, { label: 'Baptism', date: '2010-05-05', kind: 'baptism' });
    const merged = await client.post(`/api/contacts/${kept.id}/merge`, { duplicateId: duplicate.id });
    expect(merged.status).toBe(200);
    expect(merged.body.contact.stayInTouchDays).toBe(10);
    expect((await client.get(`/api/contacts/${kept.id}/dates`)).body.map((d: { label: string }) => d.label)).toEqual(['Birthday', 'Baptism']);
  });

  it('falls yearly on 28 February for a 29 February in a year without one', () => {
    expect(yearlyDayIn('1996-02-29', 2027)).toBe('2027-02-28');
    expect(yearlyDayIn('1996-02-29', 2028)).toBe('2028-02-29');
    expect(nextOccurrence({ date: '1996-02-29', yearly: true }, '2027-02-28')).toBe('2027-02-28');
    expect(nextOccurrence({ date: '1996-02-29', yearly: true }, '2027-03-01')).toBe('2028-02-29');
    expect(nextOccurrence({ date: '2030-05-01', yearly: false }, '2030-05-02')).toBeNull();
  });
});

describe('upcoming dates', () => {
  it('lists the dates in the days ahead soonest first, with the years, a leap-day birthday on 28 February, no archived person', async () => {
    const { client } = await signedInClient(server, 'upcoming');
    const leap = await contact(client, { name: 'Leap baby' });
    const ruth = await contact(client, { name: 'Ruth' });
    const gone = await contact(client, { name: 'Archived' });
    await client.post(`/api/contacts/${leap.id}/dates`, { label: 'Birthday', date: '1996-02-29', kind: 'birthday' });
    await client.post(`/api/contacts/${ruth.id}/dates`, { label: 'Baptism', date: '2024-03-05', kind: 'baptism' });
    await client.post(`/api/contacts/${ruth.id}/dates`, { label: 'Visit', date: '2027-03-10', yearly: false });
    await client.post(`/api/contacts/${ruth.id}/dates`, { label: 'Far away', date: '2000-06-01' });
    await client.post(`/api/contacts/${gone.id}/dates`, { label: 'Birthday', date: '1980-03-01', kind: 'birthday' });
    await server.database.writerClient.execute({ sql: 'update contacts set archived_at = ? where id = ?', args: [Date.now(), gone.id] });
    const res = await client.get('/api/upcoming-dates?today=2027-02-20');
    expect(res.status).toBe(200);
    expect(res.body.daysAhead).toBe(14);
    expect(
      res.body.items.map((item: { label: string; on: string; inDays: number; years: number | null }) => [item.label, item.on, item.inDays, item.years]),
    ).toEqual([
      ['Birthday', '2027-02-28', 8, 31],
      ['Baptism', '2027-03-05', 13, 3],
    ]);
    expect(res.body.items[0].contact).toEqual({ id: leap.id, name: 'Leap baby' });
    // More days ahead reach the once date; 0 only today.
    expect((await client.put('/api/account/attention', { days: {}, datesAheadDays: 20 })).body.datesAheadDays).toBe(20);
    expect((await client.get('/api/upcoming-dates?today=2027-02-20')).body.items.map((item: { label: string }) => item.label)).toEqual([
      'Birthday',
      'Baptism',
      'Visit',
    ]);
    expect((await client.put('/api/account/attention', { days: {}, datesAheadDays: 61 })).status).toBe(400);
    expect((await client.get('/api/upcoming-dates?today=2027-02-30')).status).toBe(400);
    // In a leap year it is the 29th.
    expect((await client.get('/api/upcoming-dates?today=2028-02-20')).body.items[0].on).toBe('2028-02-29');
  });
});

describe('the calendar feed and vCard', () => {
  it('writes yearly dates with RRULE:FREQ=YEARLY, a 29 February as the last day of February, a once date alone', async () => {
    const { client } = await signedInClient(server, 'feeddates');
    const ana = await contact(client, { name: 'Ana, Sr' });
    await client.post(`/api/contacts/${ana.id}/dates`, { label: 'Birthday', date: '1996-02-29', kind: 'birthday' });
    await client.post(`/api/contacts/${ana.id}/dates`, { label: 'Baptism', date: '2020-06-01', kind: 'baptism' });
    await client.post(`/api/contacts/${ana.id}/dates`, { label: 'Visit', date: daysFromNow(10).slice(0, 10), yearly: false });
    const url = (await client.post('/api/calendar/enable')).body.url;
    const ics = (await client.get(url)).body as string;
    const events = ics.split('BEGIN:VEVENT').slice(1);
    const leap = events.find((event) => event.includes('SUMMARY:Birthday: Ana\\, Sr'))!;
    expect(leap).toContain('DTSTART;VALUE=DATE:19960229\r\nDTEND;VALUE=DATE:19960301\r\nRRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1\r\n');
    const baptism = events.find((event) => event.includes('SUMMARY:Baptism'))!;
    expect(baptism).toContain('DTSTART;VALUE=DATE:20200601\r\nDTEND;VALUE=DATE:20200602\r\nRRULE:FREQ=YEARLY\r\n');
    const visit = events.find((event) => event.includes('SUMMARY:Visit'))!;
    expect(visit).not.toContain('RRULE');
    for (const event of events) expect(event).toMatch(/^\r\nUID:[^\r]+\r\nDTSTAMP:\d{8}T\d{6}Z\r\n[\s\S]*END:VEVENT\r\n/);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(ics.match(/END:VEVENT/g)!.length);
    // Discreet: the events name no one.
    await server.database.writerClient.execute({
      sql: 'insert into user_settings (user_id, discreet) values ((select created_by from contacts where id = ?), 1)',
      args: [ana.id],
    });
    const discreet = (await client.get(url)).body as string;
    expect(discreet).not.toContain('Ana');
    expect(discreet).toContain('SUMMARY:Birthday\r\n');
  });

  it('exports a birthday as BDAY and a baptism as ANNIVERSARY, and reads them back as dates', async () => {
    const { client } = await signedInClient(server, 'vcarddates');
    const ana = await contact(client, { name: 'Ana Card' });
    await client.post(`/api/contacts/${ana.id}/dates`, { label: 'Cumpleaños', date: '1996-02-29', kind: 'birthday' });
    await client.post(`/api/contacts/${ana.id}/dates`, { label: 'Baptism', date: '2020-06-01', kind: 'baptism' });
    const vcf = (await client.get('/api/account/export/contacts.vcf')).body as string;
    expect(vcf).toContain('\r\nBDAY;VALUE=DATE:1996-02-29\r\n');
    expect(vcf).toContain('\r\nANNIVERSARY;VALUE=DATE:2020-06-01\r\n');
    const { client: other } = await signedInClient(server, 'vcardreader');
    const imported = await other.post('/api/account/import', {
      format: 'vcard',
      text: vcf + 'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Basic Card\r\nBDAY:19800115\r\nEND:VCARD\r\n',
    });
    expect(imported.body.created).toBe(2);
    const people = (await other.get('/api/contacts')).body as { id: number; name: string }[];
    const card = people.find((person) => person.name === 'Ana Card')!;
    expect(((await other.get(`/api/contacts/${card.id}/dates`)).body as { kind: string; date: string }[]).map((d) => [d.kind, d.date])).toEqual([
      ['birthday', '1996-02-29'],
      ['baptism', '2020-06-01'],
    ]);
    const basic = people.find((person) => person.name === 'Basic Card')!;
    expect((await other.get(`/api/contacts/${basic.id}/dates`)).body.map((d: { date: string }) => d.date)).toEqual(['1980-01-15']);
  });

  it('carries the dates and the rhythm in the JSON export and back; an export without them still imports', async () => {
    const { client } = await signedInClient(server, 'jsondates');
    const ana = await contact(client, { name: 'Ana Json', stayInTouchDays: 21 });
    await client.post(`/api/contacts/${ana.id}/dates`, { label: 'Spiritual birthday', date: '2019-04-21', kind: 'spiritual_birthday' });
    await client.post(`/api/contacts/${ana.id}/dates`, { label: 'Visit', date: '2031-01-15', yearly: false });
    const exported = (await client.get('/api/account/export')).body;
    expect(exported.contacts[0].stayInTouchDays).toBe(21);
    expect(exported.contactDates).toEqual([
      { contactId: ana.id, contactName: 'Ana Json', kind: 'spiritual_birthday', label: 'Spiritual birthday', date: '2019-04-21', yearly: true },
      { contactId: ana.id, contactName: 'Ana Json', kind: 'other', label: 'Visit', date: '2031-01-15', yearly: false },
    ]);
    const { client: other } = await signedInClient(server, 'jsonreader');
    const restored = await other.post('/api/account/import/export', { file: Buffer.from(JSON.stringify(exported)).toString('base64') });
    expect(restored.status, JSON.stringify(restored.body)).toBe(200);
    expect(restored.body.created.contactDates).toBe(2);
    const copy = (await other.get('/api/contacts')).body[0];
    expect(copy.stayInTouchDays).toBe(21);
    expect((await other.get(`/api/contacts/${copy.id}/dates`)).body.map((d: { label: string; yearly: boolean }) => [d.label, d.yearly])).toEqual([
      ['Visit', false],
      ['Spiritual birthday', true],
    ]);
    // An export from before dates and rhythms.
    const { contactDates: _dates, ...old } = {
      ...exported,
      contacts: exported.contacts.map(({ stayInTouchDays: _s, ...rest }: Record<string, unknown>) => rest),
    };
    const { client: third } = await signedInClient(server, 'jsonold');
    expect((await third.post('/api/account/import/export', { file: Buffer.from(JSON.stringify(old)).toString('base64') })).status).toBe(200);
    expect((await third.get('/api/contacts')).body[0].stayInTouchDays).toBeNull();
    // A date that is no calendar day refuses the file, naming the list.
    const broken = { ...exported, contactDates: [{ ...exported.contactDates[0], date: '2019-02-30' }] };
    const { client: fourth } = await signedInClient(server, 'jsonbroken');
    const refused = await fourth.post('/api/account/import/export', { file: Buffer.from(JSON.stringify(broken)).toString('base64') });
    expect(refused.status).toBe(400);
    expect(await server.count('contacts', 'created_by = (select id from users where username like ?)', ['jsonbroken%'])).toBe(0);
  });
});
