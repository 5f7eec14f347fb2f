// Odd input an outsider sends on purpose: broken URL escapes, control characters, dates out of range, a reused
// idempotency key, unreadable tRPC payloads, spreadsheet formulas; and a client hanging up mid-upload.
import { connect } from 'node:net';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { followUpsCalendar } from '../../server/formats/ics';
import { translate } from '../../server/i18n';
import { ApiClient, joinTeam, signedInClient, startSignedIn, type TestServer } from './harness';
import { trpcMutation } from './trpc';

let server: TestServer;
let client: ApiClient;
beforeAll(async () => {
  ({ server, client } = await startSignedIn('odd'));
});
afterAll(() => server.close());

const count = async (table: string) => Number((await server.database.readerClient.execute(`select count(*) as n from ${table}`)).rows[0].n);
const errorLines = () => server.logs.filter((line) => line.level === 'error');

describe('malformed percent-encoding', () => {
  it.each([['/api/contacts/%ZZ'], ['/trpc/%ZZ'], ['/%ZZ'], ['/assets/%ZZ.js'], ['/api/calendar/%ff.ics'], ['/api/%E0%A4%A']])(
    'answers 400 for %s, signed in or not',
    async (path) => {
      for (const caller of [client, new ApiClient(server.baseUrl)]) {
        const res = await caller.get(path);
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ message: 'Malformed URL', code: 'BAD_REQUEST' });
      }
      expect(errorLines()).toEqual([]);
    },
  );
});

describe('a client that hangs up mid-upload', () => {
  it('is logged as one info line, never as an error', async () => {
    const { port } = new URL(server.baseUrl);
    const before = server.logs.length;
    for (const path of ['/trpc/contacts.create', '/api/contacts']) {
      await new Promise<void>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.write(
            `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nCookie: ${client.cookie}\r\nContent-Length: 100000\r\n\r\n{"name":"half`,
          );
          setImmediate(() => socket.destroy());
        });
        socket.on('close', () => resolve());
      });
    }
    // The server notices the closed sockets on its own schedule: wait for the line it writes, not for a time.
    await expect
      .poll(() => server.logs.slice(before).filter((line) => line.level === 'info' && line.message === 'Request aborted by the client').length)
      .toBeGreaterThanOrEqual(1);
    expect(errorLines()).toEqual([]);
    expect(await count("contacts where name like 'half%'")).toBe(0);
  });
});

describe('control characters in text', () => {
  it.each([
    ['a NUL', 'a\u0000b'],
    ['a bell', 'ring\u0007'],
    ['an escape', '\u001b[31mred'],
    ['DEL', 'x\u007f'],
    ['a C1 control', 'x\u0085y'],
    ['a lone surrogate', 'x\ud800y'],
  ])('refuses %s in a contact name with 400 over REST and tRPC, storing nothing', async (_, name) => {
    const before = await count('contacts');
    const rest = await client.post('/api/contacts', { name });
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({
      message: 'Name contains characters that are not allowed',
      code: 'BAD_REQUEST',
      issues: [{ path: 'name', message: 'Name contains characters that are not allowed' }],
    });
    const trpc = await trpcMutation(client, 'contacts.create', { name });
    expect(trpc.status).toBe(400);
    expect(trpc.error?.message).toBe('Name contains characters that are not allowed');
    expect(await count('contacts')).toBe(before);
  });

  it('keeps tabs, line breaks and every script', async () => {
    const notes = 'line one\r\nline two\tindented — ملاحظة 😊';
    const res = await client.post('/api/contacts', { name: 'Plain Pat', notes });
    expect(res.status).toBe(201);
    expect((await client.get(`/api/contacts/${res.body.id}`)).body.notes).toBe(notes);
  });

  it('refuses them in any text field, nested ones and usernames included, but not in passwords', async () => {
    expect((await client.post('/api/activities', { type: 'conversation', contactName: 'Nested', prayer: { request: 'a\u0000b' } })).body.issues).toEqual([
      { path: 'prayer.request', message: 'Prayer request contains characters that are not allowed' },
    ]);
    expect((await client.get('/api/search?q=a%00b')).status).toBe(400);
    const register = await new ApiClient(server.baseUrl).post('/api/auth/register', {
      username: 'nul\u0000user',
      email: 'nul@example.com',
      password: 'longenough1',
    });
    expect(register.status).toBe(400);
    const odd = await new ApiClient(server.baseUrl).post('/api/auth/register', {
      username: 'oddpassword',
      email: 'oddpassword@example.com',
      password: 'long\u0001enough',
    });
    expect(odd.status).toBe(201);
  });

  it('reports a file row holding them as a problem of that row', async () => {
    const res = await client.post('/api/account/import/preview', {
      format: 'vcard',
      text: 'BEGIN:VCARD\r\nFN:Good Gail\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:Bad\\nBob\r\nNOTE:x\u0085y\r\nEND:VCARD\r\n',
    });
    expect(res.status).toBe(400);
  });
});

describe('an input key is never looked up as a message', () => {
  // A key of Object.prototype, and one equal to a catalogue message with a plural: before, the first gave
  // "function __defineGetter__() { [native code] } contains…", the last "Today in Sower: NaN reminders contains…".
  const keys = ['constructor', '__defineGetter__', 'toString', 'Today in Sower: {count, plural, one {# reminder} other {# reminders}}'];
  let french: ApiClient;
  beforeAll(async () => {
    french = (await signedInClient(server, 'oddfr')).client;
    expect((await french.put('/api/account/language', { language: 'fr' })).status).toBe(200);
  });
  const readers = () => [
    { caller: client, locale: 'en' as const },
    { caller: french, locale: 'fr' as const },
  ];
  /** The text in the language, checked to be a translation (not the English left as it was) outside English. */
  const inLanguage = (locale: 'en' | 'fr', text: string, values?: Record<string, unknown>) => {
    const translated = translate(locale, text, values);
    if (locale !== 'en') expect(translated).not.toBe(translate('en', text, values));
    return translated;
  };

  it.each(keys)('answers 400 "This field…" for %s over REST (body and query) and tRPC, in English and French, storing nothing', async (key) => {
    for (const { caller, locale } of readers()) {
      const before = await count('contacts');
      const expected = inLanguage(locale, 'This field contains characters that are not allowed');
      const body = JSON.stringify({ name: 'Keyed', [key]: 'a\u0000b' });
      const rest = await caller.request('POST', '/api/contacts', body);
      expect(rest.status).toBe(400);
      expect(rest.body).toEqual({ message: expected, code: 'BAD_REQUEST', issues: [{ path: key, message: expected }] });
      const query = await caller.get(`/api/search?q=x&${encodeURIComponent(key)}=a%00b`);
      expect([query.status, query.body.message]).toEqual([400, expected]);
      const trpc = await caller.request('POST', '/trpc/contacts.create', `{"json":${body}}`);
      expect(trpc.status).toBe(400);
      expect(trpc.body.error.json.message).toBe(expected);
      expect(trpc.body.error.json.data.issues).toEqual([{ path: key, message: expected }]);
      expect(await count('contacts')).toBe(before);
    }
  });

  it('refuses a __proto__ key anywhere with 400 Invalid input, over REST and tRPC, storing nothing', async () => {
    for (const { caller, locale } of readers()) {
      const before = await count('contacts');
      const expected = inLanguage(locale, 'Invalid input');
      for (const body of [
        '{"name":"Protoed","__proto__":"a\\u0000b"}',
        '{"name":"Protoed","__proto__":{"notes":"x"}}',
        '{"name":"Protoed","notes":"n","x":[{"__proto__":1}]}',
      ]) {
        const rest = await caller.request('POST', '/api/contacts', body);
        expect([rest.status, rest.body.message], body).toEqual([400, expected]);
        const trpc = await caller.request('POST', '/trpc/contacts.create', `{"json":${body}}`);
        expect([trpc.status, trpc.body.error?.json.message], body).toEqual([400, expected]);
        // The same call inside a batch, and as a query's input.
        const batch = await caller.request('POST', '/trpc/contacts.create?batch=1', `{"0":{"json":${body}}}`);
        expect([batch.status, batch.body[0]?.error?.json.message], body).toEqual([400, expected]);
      }
      const query = await caller.get('/api/search?q=x&__proto__=y');
      expect([query.status, query.body.message]).toEqual([400, expected]);
      const trpcQuery = await caller.get(`/trpc/search.quick?input=${encodeURIComponent('{"json":{"q":"x","__proto__":{"limit":1}}}')}`);
      expect([trpcQuery.status, trpcQuery.body.error?.json.message]).toEqual([400, expected]);
      expect(await count('contacts')).toBe(before);
    }
  });

  it('names a known field by its label, in the language', async () => {
    for (const { caller, locale } of readers()) {
      const expected = inLanguage(locale, '{label} contains characters that are not allowed', { label: translate(locale, 'Prayer request') });
      const res = await caller.post('/api/activities', { type: 'conversation', contactName: 'Nested', prayer: { request: 'a\u0000b' } });
      expect(res.body.issues).toEqual([{ path: 'prayer.request', message: expected }]);
    }
  });
});

describe('dates out of range', () => {
  it.each([['9999-12-31T23:59:59-23:59'], ['0000-01-01'], ['1899-12-31T23:59:59Z'], ['2201-01-01']])('refuses %s with Invalid date format', async (date) => {
    const before = await count('activities');
    const res = await client.post('/api/activities', { type: 'conversation', contactName: 'Dated', date });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid date format');
    expect((await client.post('/api/followups', { contactName: 'x', date, description: 'Call' })).status).toBe(400);
    expect(await count('activities')).toBe(before);
  });

  it('refuses a Date out of range sent through superjson too', async () => {
    const res = await client.request('POST', '/trpc/activities.create', {
      json: { type: 'conversation', contactName: 'Far', date: '9000-01-01T00:00:00.000Z' },
      meta: { values: { date: ['Date'] } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.json.message).toBe('Invalid date format');
  });

  it.each([['1900-01-01T00:00:00Z'], ['2200-12-31']])('accepts %s', async (date) => {
    expect((await client.post('/api/activities', { type: 'conversation', contactName: 'Edge', date })).status).toBe(201);
  });

  it('never writes a year a calendar cannot read, even for a row stored before the rule', () => {
    const text = followUpsCalendar(
      [
        { id: 1, date: new Date('+010000-01-01T00:00:00Z'), type: 'phone', description: 'Far', contactName: 'A', completed: false } as never,
        { id: 2, date: new Date('2030-01-01T00:00:00Z'), type: 'phone', description: 'Near', contactName: 'B', completed: false } as never,
      ],
      { now: new Date('2026-11-23T00:00:00Z'), locale: 'en' },
    );
    expect(text).not.toContain('followup-1@');
    expect(text).toContain('DTSTART;VALUE=DATE:20300101');
    expect(text).not.toMatch(/\d{9}/);
  });
});

describe('an idempotency key reused with another request', () => {
  it('answers 422 and creates nothing; the same request still answers the first result', async () => {
    const key = 'reuse-key-0001';
    const first = await client.request('POST', '/api/activities', { type: 'conversation', contactName: 'Keyed Kim' }, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const before = await count('activities');
    const other = await client.request('POST', '/api/activities', { type: 'gospel_presentation', contactName: 'Someone Else' }, { 'Idempotency-Key': key });
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ message: 'This idempotency key was already used for a different request', code: 'UNPROCESSABLE_CONTENT' });
    const inBody = await client.post('/api/activities', { type: 'conversation', contactName: 'Keyed Kim', notes: 'changed', idempotencyKey: key });
    expect(inBody.status).toBe(422);
    const again = await client.request('POST', '/api/activities', { type: 'conversation', contactName: 'Keyed Kim' }, { 'Idempotency-Key': key });
    expect(again.status).toBe(201);
    expect(again.body.id).toBe(first.body.id);
    expect(await count('activities')).toBe(before);
  });

  it('creates once when two different requests race with one key', async () => {
    const key = 'race-key-0002';
    const before = await count('activities');
    const [a, b] = await Promise.all([
      client.post('/api/activities', { type: 'conversation', contactName: 'Racer A', idempotencyKey: key }),
      client.post('/api/activities', { type: 'conversation', contactName: 'Racer B', idempotencyKey: key }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 422]);
    expect(await count('activities')).toBe(before + 1);
  });
});

describe('tRPC payloads it cannot read', () => {
  const deep = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);
  it.each([
    ['100,000 nested arrays', () => client.request('POST', '/trpc/contacts.create', `{"json":${deep(100_000)}}`)],
    [
      'a superjson class it does not know',
      () => client.request('POST', '/trpc/contacts.create', { json: { name: 'x' }, meta: { values: { name: [['custom', 'Unknown']] } } }),
    ],
    ['malformed JSON', () => client.request('POST', '/trpc/contacts.create', '{"json": {')],
    ['an unparseable input in a GET', () => client.get('/trpc/contacts.list?input=%7Bnot-json')],
  ])('answers %s with 400 and nothing internal', async (_, send) => {
    const res = await send();
    expect(res.status).toBe(400);
    const text = JSON.stringify(res.body);
    // 'Invalid input', or zod's own plain words about the shape ('Invalid input: expected object, received array').
    expect(res.body.error.json.message).toMatch(/^Invalid input/);
    expect(text).not.toMatch(/stack|github|Maximum call stack|deserialize|Unexpected token|at .*\.js/i);
  });

  it("keeps the procedures' own messages", async () => {
    expect((await trpcMutation(client, 'contacts.create', { name: '' })).error?.message).toBe('Name is required');
  });
});

describe('formulas in a CSV export', () => {
  const values = ['=HYPERLINK("http://evil.example","click")', '+1+1', '-5', '@SUM(A1)', "'quoted", '\tTabbed', '+1 555 0100', 'Plain, "quoted" text'];

  it('starts no cell with a formula character but a phone number, written as it is, and reads back exactly what was written', async () => {
    const { client: exporter } = await signedInClient(server, 'exporter');
    for (const [i, notes] of values.entries())
      expect((await exporter.post('/api/contacts', { name: `Formula ${i}`, phone: i === 6 ? notes : null, notes })).status).toBe(201);
    const csv = await exporter.get('/api/account/export/contacts.csv');
    expect(csv.status).toBe(200);
    const lines = String(csv.body).split('\r\n');
    expect(lines.find((line) => line.startsWith('Formula 6,'))).toMatch(/^Formula 6,,\+1 555 0100,[^,]+,\+1 555 0100,/);
    for (const line of lines) for (const cell of line.split(',')) if (cell !== '+1 555 0100') expect(cell.replace(/^"/, ''), line).not.toMatch(/^[=+\-@\t\r]/);
    const { client: importer } = await signedInClient(server, 'importer');
    const preview = await importer.post('/api/account/import/preview', { format: 'csv', text: csv.body });
    expect(preview.status).toBe(200);
    expect(preview.body.valid.map((v: { notes: string }) => v.notes)).toEqual(values.map((v) => v.trim()));
    expect(preview.body.valid[6].phone).toBe('+1 555 0100');
  });

  it("quotes and neutralises a teammate's formula after a semicolon, for spreadsheets that split on ; or ,, in French and English", async () => {
    const owner = await signedInClient(server, 'semiowner');
    const teammate = await signedInClient(server, 'semimate');
    const team = (await owner.client.post('/api/teams', { name: 'Semicolons' })).body.id;
    // An admin may change a teammate's team contact (shared/roles.ts).
    await joinTeam(owner.client, team, { client: teammate.client, id: teammate.user.id }, 'admin');
    const contact = (await owner.client.post('/api/contacts', { name: 'Café Claire', teamId: team })).body.id;
    const notes = "met at cafe;=cmd|' /C calc'!A0";
    expect((await teammate.client.put(`/api/contacts/${contact}`, { notes })).status).toBe(200);
    const risky = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;
    const { client: importer } = await signedInClient(server, 'semireader');
    for (const language of ['fr', 'en']) {
      expect((await owner.client.put('/api/account/language', { language })).status).toBe(200);
      const csv = String((await owner.client.get('/api/account/export/contacts.csv')).body);
      expect(csv.toLowerCase()).toContain(language === 'fr' ? 'nom,' : 'name,');
      for (const delimiter of [';', ',']) {
        const records: string[][] = parse(csv, { delimiter, bom: true, relax_quotes: true, relax_column_count: true, record_delimiter: ['\r\n', '\n', '\r'] });
        expect(
          records.flat().filter((field) => risky.test(field)),
          `${language}, split on ${delimiter}`,
        ).toEqual([]);
      }
      const preview = await importer.post('/api/account/import/preview', { format: 'csv', text: csv });
      expect(preview.body.valid.map((v: { name: string; notes: string }) => [v.name, v.notes])).toEqual([['Café Claire', notes]]);
    }
  });
});
