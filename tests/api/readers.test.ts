// Sower's files read back by independent readers (issue 48): the calendar feed and a series' own file by Python's
// icalendar, its RRULE expanded by dateutil; the vCards by vobject; the CSV by Python's csv module, its dates by
// datetime.fromisoformat. Debian's packages for Debian's python (scripts/ensure-readers.sh installs them).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, startServer, type ApiClient, type TestServer } from './harness';

const PYTHON = '/usr/bin/python3';
let server: TestServer;
let client: ApiClient;
let folder: string;

/** Runs `script` in Debian's python with the file's path as its argument; answers what it printed as JSON. */
function python(script: string, name: string, text: string): unknown {
  const path = join(folder, name);
  writeFileSync(path, text);
  return JSON.parse(execFileSync(PYTHON, ['-c', script, path], { encoding: 'utf8' }));
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'sower-readers-'));
  server = await startServer();
  ({ client } = await signedInClient(server, 'readers'));
});

afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('read by other programs', () => {
  // Pacific/Kiritimati is UTC+14 all year: its noon is 22:00 UTC the day before.
  it("icalendar reads each follow-up on the person's own day at UTC+14, and dateutil expands a series to the days Sower shows", async () => {
    expect((await client.put('/api/account/reminders', { timeZone: 'Pacific/Kiritimati' })).status).toBe(200);
    const contactId = (await client.post('/api/contacts', { name: 'Teuila' })).body.id;
    const soon = new Date(Date.now() + 5 * 86_400_000);
    const day = soon.toISOString().slice(0, 10);
    const noonThere = new Date(Date.UTC(soon.getUTCFullYear(), soon.getUTCMonth(), soon.getUTCDate(), 12 - 14));
    const single = await client.post('/api/followups', { contactId, date: noonThere.toISOString(), description: 'Visit' });
    const monthly = await client.post('/api/followups', {
      contactId,
      date: new Date(Date.UTC(2031, 0, 31, 12 - 14)).toISOString(),
      description: 'Monthly visit',
      repeat: { every: 1, unit: 'month', from: 'date' },
    });
    expect([single.status, monthly.status]).toEqual([201, 201]);
    const read = `
import icalendar, json, sys
from dateutil.rrule import rrulestr
calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
events = []
for event in calendar.walk('VEVENT'):
    start = event.decoded('DTSTART')
    rule = event.get('RRULE')
    days = [start.isoformat()]
    if rule is not None:
        import datetime
        first = datetime.datetime.combine(start, datetime.time())
        days = [d.date().isoformat() for d in rrulestr(rule.to_ical().decode(), dtstart=first)[:4]]
    events.append({'uid': str(event.get('UID')), 'allDay': type(start).__name__ == 'date', 'days': days})
print(json.dumps(events))`;
    const feed = await fetch(`${server.baseUrl}${(await client.post('/api/calendar/enable')).body.url}`);
    expect(feed.status).toBe(200);
    expect(python(read, 'feed.ics', await feed.text())).toEqual(
      expect.arrayContaining([{ uid: `followup-${single.body.id}@sower`, allDay: true, days: [day] }]),
    );
    const series = await client.get(`/api/followups/${monthly.body.id}/ics`);
    expect(python(read, 'series.ics', series.body)).toEqual([
      { uid: `followup-${monthly.body.id}@sower`, allDay: true, days: ['2031-01-31', '2031-02-28', '2031-03-31', '2031-04-30'] },
    ]);
  });

  it('vobject reads each vCard with the name as typed and no family name guessed', async () => {
    const names = ['عبد الله بن سعيد', 'Nguyễn Văn An', 'Ana María de la Cruz'];
    for (const name of names) expect((await client.post('/api/contacts', { name, phone: '+34 600 123 456' })).status).toBe(201);
    const res = await client.get('/api/account/export/contacts.vcf');
    const cards = python(
      `
import json, sys, vobject
cards = [{'fn': card.fn.value, 'family': card.n.value.family, 'given': card.n.value.given, 'tel': card.tel.value if hasattr(card, 'tel') else None}
         for card in vobject.readComponents(open(sys.argv[1], encoding='utf-8').read())]
print(json.dumps(cards))`,
      'contacts.vcf',
      res.body,
    ) as { fn: string; family: string; given: string; tel: string | null }[];
    for (const name of names) expect(cards).toContainEqual({ fn: name, family: '', given: name, tel: '+34 600 123 456' });
  });

  it("Python's csv reads the CSV: word titles, a phone number as it is, a formula guarded, ISO dates", async () => {
    expect((await client.post('/api/contacts', { name: '=1+2', phone: '+1 (555) 010-9999' })).status).toBe(201);
    const res = await fetch(`${server.baseUrl}/api/account/export/contacts.csv`, { headers: { Cookie: client.cookie } });
    const read = python(
      `
import csv, datetime, json, sys
rows = list(csv.reader(open(sys.argv[1], encoding='utf-8-sig', newline='')))
created = rows[0].index([title for title in rows[0] if title.startswith('Created')][0])
for row in rows[1:]:
    datetime.datetime.fromisoformat(row[created])
print(json.dumps({'titles': rows[0], 'rows': [dict(zip(rows[0], row)) for row in rows[1:]]}))`,
      'contacts.csv',
      await res.text(),
    ) as { titles: string[]; rows: Record<string, string>[] };
    expect(read.titles.slice(0, 4)).toEqual(['Name', 'Email', 'Phone', 'Spiritual status']);
    const formula = read.rows.find((row) => row.Name.endsWith('=1+2'));
    expect(formula).toMatchObject({ Name: "'=1+2", Phone: '+1 (555) 010-9999' });
  });
});
