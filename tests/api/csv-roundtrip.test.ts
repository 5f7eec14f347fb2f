// The CSV export read back by the CSV import, through the real endpoints: 5,000 contacts whose cells hold quotes,
// commas, LF and CRLF line breaks, formulas (at the start and after a semicolon or a line break), a leading apostrophe,
// non-ASCII and right-to-left text and empty cells come back exactly as they were, from a file that starts with a byte
// order mark.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, startServer, type ApiClient, type TestServer } from './harness';
import { translate } from '../../server/i18n';
import type { Locale } from '../../shared/i18n';

let server: TestServer;
let carol: ApiClient;
let dave: ApiClient;
let carolId: number;
let daveId: number;

const CONTACTS = 5000;
const statuses = ['exploring', 'seeking', 'new_believer', 'growing', 'mature', 'unknown'];
const names = [
  'Ana "La Roca", Pérez',
  '=HYPERLINK("https://example.com","open")',
  '+1 prophet',
  '-5 degrees',
  '@SUM(A1:A9)',
  "'=already quoted",
  "O'Brien",
  'مريم المجدلية',
  'Zoë Ångström 李',
  'Tabbed\tname',
];
const notes = [
  'line one\nline two',
  'windows\r\nline break',
  'a, b and "c"',
  '=1+1',
  'شكراً, Mark "Marco"',
  null,
  "'",
  'ends with a comma,',
  "met at cafe;=cmd|' /C calc'!A0",
  'to bring:\n- a Bible\n- the photos',
  'quoted;"=1+1", tab\t@SUM(A1)',
];

/** The contacts as Sower stores them: what the export must write and the import must read back. */
const rowOf = (i: number) => ({
  name: `${names[i % names.length]} ${i}`,
  email: i % 3 === 0 ? null : `person${i}@example.com`,
  phone: i % 4 === 0 ? null : i % 2 ? `+30 555 ${String(i).padStart(4, '0')}` : `(555) ${i}`,
  status: statuses[i % statuses.length],
  notes: notes[i % notes.length],
});

beforeAll(async () => {
  server = await startServer();
  const c = await signedInClient(server, 'carol');
  const d = await signedInClient(server, 'dave');
  [carol, dave, carolId, daveId] = [c.client, d.client, c.user.id, d.user.id];
  // Written in SQL: 5,000 API calls would take minutes, and the point is the file, not how the contacts came to be.
  const statements = Array.from({ length: CONTACTS }, (_, i) => {
    const row = rowOf(i);
    return {
      sql: 'insert into contacts (name, email, phone, spiritual_status, notes, created_by) values (?, ?, ?, ?, ?, ?)',
      args: [row.name, row.email, row.phone, row.status, row.notes, carolId],
    };
  });
  await server.database.writerClient.batch(statements, 'write');
});
afterAll(() => server.close());

async function contactsOf(userId: number) {
  const result = await server.database.readerClient.execute({
    sql: 'select name, email, phone, spiritual_status as status, notes from contacts where created_by = ? ',
    args: [userId],
  });
  // In the export's order or not, the same contacts: compared as sorted lists.
  return result.rows.map((row) => ({ ...row })).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
}

describe('CSV export, then import', () => {
  it('gives back exactly the same 5,000 contacts', async () => {
    const res = await fetch(`${server.baseUrl}/api/account/export/contacts.csv`, { headers: { Cookie: carol.cookie } });
    expect(res.status).toBe(200);
    // Read as bytes: fetch's text() would drop the byte order mark the file must start with.
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith('\uFEFFName,Email,Phone,Spiritual status,Notes,How we met,Tags,Created (UTC)\r\n')).toBe(true);
    // No cell starts a formula: every risky one carries the apostrophe.
    expect(text).toContain(`"'=HYPERLINK(""https://example.com"",""open"")`);
    expect(text).toContain(`'+1 prophet 2,`);
    // But for a phone number, which is written as it is.
    expect(text).toContain(',+30 555 0001,');
    expect(text.replace(/(^|,)\+30 555 \d{4},/gm, '$1')).not.toMatch(/(^|,)[=+\-@]/m);
    // Nor does any field start one for a spreadsheet that splits on semicolons (French, Spanish, Portuguese) or commas.
    for (const delimiter of [';', ',']) {
      const records: string[][] = parse(text, { delimiter, bom: true, relax_quotes: true, relax_column_count: true, record_delimiter: ['\r\n', '\n', '\r'] });
      expect(
        records.flat().filter((field) => /^[=+\-@\t\r]/.test(field) && !/^\+30 555 \d{4}$/.test(field)),
        `split on ${delimiter}`,
      ).toEqual([]);
    }
    expect(text.length).toBeLessThan(1024 * 1024);

    const imported = await dave.post('/api/account/import', { format: 'csv', text });
    expect(imported.status).toBe(200);
    expect(imported.body).toMatchObject({ created: CONTACTS });
    const original = await contactsOf(carolId);
    expect(original).toHaveLength(CONTACTS);
    expect(await contactsOf(daveId)).toEqual(original);
  });
});

describe('CSV export in each language and time zone, then import (issue 28)', () => {
  const people = [
    { name: 'Ramón Pérez', email: 'ramon@example.com', phone: '+34 600 000 001', spiritualStatus: 'exploring', notes: 'vecino, del 3º' },
    { name: 'Lucía Fernández', email: null, phone: null, spiritualStatus: 'seeking', notes: null },
    { name: 'أحمد علي', email: 'ahmed@example.com', phone: '٠٥٠١٢٣٤٥٦٧', spiritualStatus: 'new_believer', notes: 'شكراً' },
    { name: 'Anne Martin', email: null, phone: null, spiritualStatus: 'growing', notes: null },
    { name: 'João Silva', email: null, phone: null, spiritualStatus: 'mature', notes: null },
    { name: 'Tomás', email: null, phone: null, spiritualStatus: 'unknown', notes: null },
  ];
  const exported = { 'pt-BR': 'America/Sao_Paulo', es: 'Europe/Madrid', fr: null, ar: 'Asia/Riyadh', en: 'Pacific/Auckland' } as const;
  const machineWords = /\b(exploring|seeking|new_believer|growing|mature|unknown|spiritualStatus|createdAt)\b|\d{4}-\d\d-\d\dT/;

  it.each(Object.entries(exported))(
    'in %s (time zone %s): titles and status words in the language, dates ISO 8601 in the zone, read back as the same contacts',
    async (language, timeZone) => {
      const { client: from, user } = await signedInClient(server, 'lang');
      const { client: to, user: toUser } = await signedInClient(server, 'langin');
      expect((await from.put('/api/account/language', { language })).status).toBe(200);
      if (timeZone) expect((await from.put('/api/account/reminders', { timeZone })).status).toBe(200);
      const created = [];
      for (const person of people) created.push((await from.post('/api/contacts', person)).body as { createdAt: string });
      const res = await fetch(`${server.baseUrl}/api/account/export/contacts.csv`, { headers: { Cookie: from.cookie } });
      expect(res.status).toBe(200);
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
      const records: string[][] = parse(text, { bom: true, relax_column_count: true });
      // Words in every language, English included (issue 48); the date's title names the zone (UTC for a user without
      // one); no code name, machine word or JSON timestamp anywhere.
      const words = (...texts: string[]) => texts.map((text) => translate(language as Locale, text));
      expect(records[0]).toEqual([
        ...words('Name', 'Email', 'Phone', 'Spiritual status', 'Notes', 'How we met', 'Tags'),
        `${words('Created')[0]} (${timeZone ?? 'UTC'})`,
      ]);
      expect(text).not.toMatch(machineWords);
      // Dates as ISO 8601 in the zone, the same in every language: Swedish writes its dates that way ('2026-03-04 14:05').
      const dateOf = new Intl.DateTimeFormat('sv-SE', {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: timeZone ?? 'UTC',
      });
      expect(
        records
          .slice(1)
          .map((r) => r[7])
          .sort(),
      ).toEqual(created.map((c) => dateOf.format(new Date(c.createdAt))).sort());

      const preview = await to.post('/api/account/import/preview', { format: 'csv', text });
      expect([preview.body.problems, preview.body.warnings]).toEqual([[], []]);
      expect((await to.post('/api/account/import', { format: 'csv', text })).body).toMatchObject({ created: people.length });
      expect(await contactsOf(toUser.id)).toEqual(await contactsOf(user.id));
    },
  );
});
