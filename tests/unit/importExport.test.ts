import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import {
  importHelp,
  MAX_IMPORT_ROWS,
  MAX_WARNINGS_PER_KIND,
  readStatus,
  statusFromText,
  statusWordCollisions,
  type ContactFields,
} from '../../server/formats/contactImport';
import { contactsFromCsv, contactsToCsv, detectDelimiter, fromCsvCell, parseCsv, toCsvCell, writeCsv } from '../../server/formats/csv';
import { contactsFromVcard, contactsToVcard, unescapeVcardText } from '../../server/formats/vcard';
import { translate } from '../../server/i18n';
import { locales, type Locale } from '../../shared/i18n';
import { spiritualStatuses, spiritualStatusLabels } from '../../shared/vocabulary';

const lydia: ContactFields = {
  name: 'Lydia of Thyatira',
  email: 'lydia@example.com',
  phone: '+30 555 0101',
  spiritualStatus: 'new_believer',
  notes: 'Sells purple cloth, "the best"; line one\nline two',
};

describe('parseCsv (RFC 4180)', () => {
  it('splits fields and records on commas and CRLF', async () => {
    expect(await parseCsv('a,b,c\r\n1,2,3\r\n')).toEqual({
      records: [
        ['a', 'b', 'c'],
        ['1', '2', '3'],
      ],
      unclosedQuote: false,
    });
  });

  it('accepts LF and lone CR line endings and a last record without a line break', async () => {
    expect((await parseCsv('a,b\n1,2\r3,4')).records).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
  });

  it('reads quoted fields holding commas, line breaks and doubled quotes', async () => {
    expect((await parseCsv('"Smith, John","He said ""hi""","two\r\nlines"\r\n')).records).toEqual([['Smith, John', 'He said "hi"', 'two\r\nlines']]);
  });

  it('keeps empty fields, including quoted empty ones and a trailing empty field', async () => {
    expect((await parseCsv('a,,""\r\n,\r\n')).records).toEqual([
      ['a', '', ''],
      ['', ''],
    ]);
  });

  it('treats a quote inside an unquoted field as an ordinary character', async () => {
    expect((await parseCsv('5\'10",x')).records).toEqual([['5\'10"', 'x']]);
  });

  it('reports a quoted field that never closes', async () => {
    expect((await parseCsv('a,"never closed\r\nb')).unclosedQuote).toBe(true);
  });

  it('uses another delimiter when asked', async () => {
    expect((await parseCsv('a;"b;c"\n', ';')).records).toEqual([['a', 'b;c']]);
  });
});

describe('detectDelimiter', () => {
  it.each([
    ['name,email\n', ','],
    ['name;email;phone\n', ';'],
    ['name\temail\n', '\t'],
    ['"a;b",c\n', ','],
    ['name\n', ','],
  ])('finds the delimiter of %j', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });
});

describe('writing CSV', () => {
  it('quotes only fields that need it and doubles their quotes', async () => {
    expect(writeCsv([['plain', 'a,b', 'say "hi"', 'two\nlines', 'cr\rx', '']])).toBe('plain,"a,b","say ""hi""","two\nlines","cr\rx",\r\n');
  });

  it('ends every record with CRLF and reads back to the same records', async () => {
    const records = [
      ['name', 'notes'],
      ['A, B', 'x "y"\r\nz'],
      ['', ''],
    ];
    const text = writeCsv(records);
    expect(text.endsWith('\r\n')).toBe(true);
    expect((await parseCsv(text)).records).toEqual(records);
  });

  it('exports contacts with the documented header and round-trips through the importer', async () => {
    const createdAt = new Date('2026-11-22T10:00:00.000Z');
    const text = contactsToCsv(
      [
        { ...lydia, createdAt },
        { name: 'Cornelius', email: null, phone: null, spiritualStatus: 'unknown', notes: null, createdAt },
      ],
      'en',
    );
    // A byte order mark first, so spreadsheet apps read the file as UTF-8.
    // Column titles are words in English as in every language (issue 48), the date ISO 8601 in the zone the title names.
    expect(text.split('\r\n')[0]).toBe('\uFEFFName,Email,Phone,Spiritual status,Notes,How we met,Tags,Created (UTC)');
    expect(text.split('\r\n')[1].endsWith(',2026-11-22 10:00')).toBe(true);
    const { drafts, problems } = await contactsFromCsv(text);
    expect(problems).toEqual([]);
    expect(drafts).toEqual([
      { row: 2, ...lydia },
      { row: 3, name: 'Cornelius', email: null, phone: null, spiritualStatus: 'unknown', notes: null },
    ]);
  });
});

describe('contactsFromCsv', () => {
  it('matches header names case-insensitively, with their usual variants', async () => {
    const text = 'Full Name;E-Mail;Telephone;Spiritual Status;NOTES\r\nAnna;anna@example.com;555;Seeking;Prophetess\r\n';
    expect((await contactsFromCsv(text)).drafts).toEqual([
      { row: 2, name: 'Anna', email: 'anna@example.com', phone: '555', spiritualStatus: 'seeking', notes: 'Prophetess' },
    ]);
  });

  it('takes spiritualStatus or status and maps unknown words to unknown', async () => {
    const { drafts } = await contactsFromCsv('name,status\nA,new believer\nB,NEW-BELIEVER\nC,lost\nD,\n');
    expect(drafts.map((d) => d.spiritualStatus)).toEqual(['new_believer', 'new_believer', 'unknown', 'unknown']);
  });

  it('joins first and last name columns when there is no name column', async () => {
    expect((await contactsFromCsv('First Name,Last Name\nPriscilla,Tentmaker\n')).drafts[0].name).toBe('Priscilla Tentmaker');
  });

  it('ignores a byte order mark, blank lines and unknown columns', async () => {
    const { drafts, problems } = await contactsFromCsv('\uFEFFname,favourite colour\r\n\r\nDorcas,blue\r\n,\r\n');
    expect(problems).toEqual([]);
    expect(drafts).toEqual([{ row: 3, name: 'Dorcas', email: null, phone: null, spiritualStatus: 'unknown', notes: null }]);
  });

  it('reports rows the contact rules refuse, numbered as a spreadsheet shows them', async () => {
    const { drafts, problems } = await contactsFromCsv(`name,email\nGood,good@example.com\n,nobody@example.com\nBad,not-an-email\n${'x'.repeat(201)},\n`);
    expect(drafts.map((d) => d.row)).toEqual([2]);
    expect(problems).toEqual([
      { row: 3, reason: 'Name is required' },
      { row: 4, reason: 'Invalid email address' },
      { row: 5, reason: 'Name must be at most 200 characters' },
    ]);
  });

  it('numbers rows by record, so a quoted line break does not shift them', async () => {
    const { drafts } = await contactsFromCsv('name,notes\nA,"two\nlines"\nB,x\n');
    expect(drafts.map((d) => [d.row, d.name])).toEqual([
      [2, 'A'],
      [3, 'B'],
    ]);
  });

  it('needs a header naming a name column', async () => {
    expect(await contactsFromCsv('Anna,anna@example.com\n')).toEqual({
      drafts: [],
      problems: [{ row: 1, reason: 'The first row must name the columns, with one called name (and email, phone, status, notes)' }],
      warnings: [],
      warningCounts: { column: 0, status: 0 },
    });
  });

  it('reports the row whose quote never closes instead of importing it', async () => {
    const { drafts, problems } = await contactsFromCsv('name,notes\nA,ok\nB,"runs away\nC,x\n');
    expect(drafts.map((d) => d.name)).toEqual(['A']);
    expect(problems).toEqual([{ row: 3, reason: 'A quoted field in this row is never closed' }]);
  });

  it(`imports at most ${MAX_IMPORT_ROWS} rows and says where it stopped`, async () => {
    const text = 'name\n' + Array.from({ length: MAX_IMPORT_ROWS + 2 }, (_, i) => `P${i}`).join('\n');
    const { drafts, problems } = await contactsFromCsv(text);
    expect(drafts).toHaveLength(MAX_IMPORT_ROWS);
    expect(problems).toEqual([{ row: MAX_IMPORT_ROWS + 2, reason: expect.stringContaining(`Only ${MAX_IMPORT_ROWS} contacts`) }]);
  });
});

describe('statusFromText', () => {
  it.each([
    ['Exploring', 'exploring'],
    [' mature ', 'mature'],
    ['New Believer', 'new_believer'],
    ['constructor', 'unknown'],
    [undefined, 'unknown'],
  ])('reads %j as %s', (text, status) => {
    expect(statusFromText(text)).toBe(status);
  });
});

describe('writing vCard 3.0', () => {
  const text = contactsToVcard([lydia, { name: 'Cornelius', email: null, phone: null, spiritualStatus: 'unknown', notes: null }]);
  const unfolded = text.replace(/\r\n[ \t]/g, '');

  it('writes one card per contact with CRLF line ends and the Sower status', async () => {
    expect(text.match(/BEGIN:VCARD\r\nVERSION:3\.0\r\n/g)).toHaveLength(2);
    expect(text.endsWith('END:VCARD\r\n')).toBe(true);
    expect(unfolded).toContain('FN:Lydia of Thyatira\r\nN:;Lydia of Thyatira;;;\r\n');
    expect(unfolded).toContain('EMAIL;TYPE=INTERNET:lydia@example.com\r\n');
    expect(unfolded).toContain('TEL:+30 555 0101\r\n');
    expect(unfolded).toContain('X-SOWER-STATUS:new_believer\r\n');
    expect(unfolded).toContain('FN:Cornelius\r\nN:;Cornelius;;;\r\nX-SOWER-STATUS:unknown\r\n');
  });

  it.each([
    ['عبد الله بن سعيد', 'N:;عبد الله بن سعيد;;;'],
    ['Nguyễn Văn An', 'N:;Nguyễn Văn An;;;'],
    ['Dr. Martin Luther King Jr.', 'N:;Dr. Martin Luther King Jr.;;;'],
  ])('writes N with no guessed family name, the whole name given: %s', (name, n) => {
    const card = contactsToVcard([{ name, email: null, phone: null, spiritualStatus: 'unknown', notes: null }]).replace(/\r\n[ \t]/g, '');
    expect(card).toContain(`\r\n${n}\r\n`);
    expect(contactsFromVcard(card).drafts[0].name).toBe(name);
    // A program that reads only N gets the name as it was too.
    expect(contactsFromVcard(card.replace(/\r\nFN:[^\r]*/, '')).drafts[0].name).toBe(name);
  });

  it('escapes commas, semicolons, backslashes and line breaks (RFC 2426)', async () => {
    expect(unfolded).toContain('NOTE:Sells purple cloth\\, "the best"\\; line one\\nline two\r\n');
  });

  it('folds lines longer than 75 octets', async () => {
    const long = contactsToVcard([{ ...lydia, notes: 'ü'.repeat(100) }]);
    for (const line of long.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(contactsFromVcard(long).drafts[0].notes).toBe('ü'.repeat(100));
  });

  it('round-trips through the importer', async () => {
    expect(contactsFromVcard(text)).toEqual({
      drafts: [
        { row: 1, ...lydia },
        { row: 2, name: 'Cornelius', email: null, phone: null, spiritualStatus: 'unknown', notes: null },
      ],
      problems: [],
      warnings: [],
      warningCounts: { column: 0, status: 0 },
    });
  });
});

describe('contactsFromVcard', () => {
  it('unfolds continued lines and reads FN, EMAIL, TEL and NOTE with groups and parameters', async () => {
    const card = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Timothy of',
      '  Lystra',
      'item1.EMAIL;TYPE=INTERNET,pref:tim@example.com',
      'TEL;TYPE="cell,voice":+1 555 0199',
      'NOTE:Mother Eunice\\, grandmother Lois\\nfaithful',
      'END:VCARD',
    ].join('\r\n');
    expect(contactsFromVcard(card).drafts).toEqual([
      {
        row: 1,
        name: 'Timothy of Lystra',
        email: 'tim@example.com',
        phone: '+1 555 0199',
        spiritualStatus: 'unknown',
        notes: 'Mother Eunice, grandmother Lois\nfaithful',
      },
    ]);
  });

  it('builds the name from N when there is no FN', async () => {
    const card = 'BEGIN:VCARD\nVERSION:3.0\nN:Paulus;Sergius;;Proconsul;\nEND:VCARD\n';
    expect(contactsFromVcard(card).drafts[0].name).toBe('Proconsul Sergius Paulus');
  });

  it("reads vCard 2.1's quoted-printable values, soft line breaks included", async () => {
    const card = [
      'BEGIN:VCARD',
      'VERSION:2.1',
      'N;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:M=C3=BCller;J=C3=BCrgen;;;',
      'NOTE;ENCODING=QUOTED-PRINTABLE:first line=0D=0Asecond =',
      'line',
      'TEL;CELL:555',
      'END:VCARD',
    ].join('\r\n');
    expect(contactsFromVcard(card).drafts[0]).toMatchObject({ name: 'Jürgen Müller', notes: 'first line\r\nsecond line', phone: '555' });
  });

  it('strips tel: and mailto: prefixes of URI values', async () => {
    const card = 'BEGIN:VCARD\nVERSION:4.0\nFN:Titus\nTEL;VALUE=uri:tel:+1-555-0100\nEMAIL:mailto:titus@example.com\nEND:VCARD';
    expect(contactsFromVcard(card).drafts[0]).toMatchObject({ phone: '+1-555-0100', email: 'titus@example.com' });
  });

  it('reports a card without a name, numbered by its place in the file', async () => {
    const cards = 'BEGIN:VCARD\nFN:One\nEND:VCARD\nBEGIN:VCARD\nEMAIL:x@example.com\nEND:VCARD\n';
    expect(contactsFromVcard(cards)).toEqual({
      drafts: [expect.objectContaining({ row: 1, name: 'One' })],
      problems: [{ row: 2, reason: 'Name is required' }],
      warnings: [],
      warningCounts: { column: 0, status: 0 },
    });
  });

  it('says so when the text holds no card', async () => {
    expect(contactsFromVcard('name,email\nA,a@example.com').problems).toEqual([{ row: 1, reason: 'No contact cards found (each starts with BEGIN:VCARD)' }]);
  });

  it('undoes TEXT escapes', async () => {
    expect(unescapeVcardText('a\\,b\\;c\\\\d\\ne\\Nf')).toBe('a,b;c\\d\ne\nf');
  });
});

describe('formula cells in CSV', () => {
  const values = ['=1+1', '+1 555 0100 x', '-5', '@SUM(A1)', '\tx', '\rx', "'", "'=kept", "it's", 'plain', ''];
  /**
   * Texts with a formula after a character some spreadsheet splits fields or records on: a semicolon (the separator in
   * French, Spanish and Portuguese locales), a comma, a tab, a line break; after quotes; in fullwidth forms (Apple
   * Numbers reads ＝ as =).
   */
  const hidden = [
    "met at cafe;=cmd|' /C calc'!A0",
    'a,+1',
    'tab\t@SUM(A1)',
    'list:\n- bring a Bible\n- call Mom',
    'cr\r=1',
    'crlf\r\n+1',
    'quoted;"=1+1"',
    'quotes first;""""-2+3',
    "apostrophe;'=kept",
    "apostrophe;'plain",
    "apostrophe;''",
    '＝1+1',
    'x;＋1',
    'x,－1',
    'x\t＠A1',
    'a;;=b',
    ';=start',
    '"=quoted start',
    ';\t=tab then formula',
    'ok; fine, thanks',
  ];
  const risky = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

  it('writes no cell a spreadsheet would run, and reads every value back as it was', async () => {
    for (const value of [...values, ...hidden]) {
      expect(toCsvCell(value)).not.toMatch(/^"*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/);
      expect(fromCsvCell(toCsvCell(value)), JSON.stringify(value)).toBe(value);
    }
    const { records } = await parseCsv(writeCsv([values, hidden]));
    expect(records.map((record) => record.map(fromCsvCell))).toEqual([values, hidden]);
  });

  it('starts no field with a formula whether a spreadsheet splits on commas, semicolons or tabs, or ignores quotes', () => {
    const text = writeCsv([['name', 'notes'], ...hidden.map((value) => ['Claire', value]), ...hidden.map((value) => [value, 'x'])]);
    for (const delimiter of [',', ';', '\t']) {
      const records: string[][] = parse(text, { delimiter, relax_quotes: true, relax_column_count: true, record_delimiter: ['\r\n', '\n', '\r'] });
      expect(
        records.flat().filter((field) => risky.test(field)),
        `split on ${JSON.stringify(delimiter)}`,
      ).toEqual([]);
    }
    // A reader that takes no quote as a quote: every piece between separators, its leading quotes dropped.
    expect(text.split(/[,;\t\r\n]/).filter((piece) => risky.test(piece.replace(/^"+/, '')))).toEqual([]);
  });

  it('writes a phone number as it is, a formula that looks like one with the apostrophe, and reads both back', async () => {
    const phones = ['+1 555 0100', '+44 (0)20 7946 0958', '+1-555-010-0100', '+33 6.12.34.56.78', '+49 (30) 1234567', '+966501234567'];
    const formulas = [
      '+1-2',
      '+1-(2)',
      '+123456 - (7)',
      '+1 555 0100+1',
      '+1 555 0100*2',
      '+1 555 A1',
      '+1 (555) 0100)',
      '+1 555=0100',
      '+1 555@0100',
      '+(555) 0100 99',
      '+12345678901234567890123',
      "'+1 555 0100",
      '"+1 555 0100',
      '＋1 555 0100',
    ];
    for (const phone of phones) {
      expect(toCsvCell(phone)).toBe(phone);
      expect(toCsvCell(`met;${phone}`)).toBe(`met;${phone}`);
    }
    for (const formula of formulas) expect(toCsvCell(formula), formula).toBe(`'${formula}`);
    expect(toCsvCell('+1 555 0100;=x')).toBe("+1 555 0100;'=x");
    const { records } = await parseCsv(writeCsv([phones, formulas]));
    expect(records.map((record) => record.map(fromCsvCell))).toEqual([phones, formulas]);
  });

  it('quotes every cell holding a semicolon, a comma, a tab, a line break or a quote', () => {
    expect(writeCsv([['a;b', 'a,b', 'a\tb', 'a\nb', 'a\rb', 'a"b', 'plain']])).toBe('"a;b","a,b","a\tb","a\nb","a\rb","a""b",plain\r\n');
  });
});

describe('column titles in every language', () => {
  it('reads a spreadsheet headed in Spanish, French, Portuguese or Arabic, the name from its parts', async () => {
    const names = async (csv: string) => (await contactsFromCsv(csv)).drafts.map((d) => [d.name, d.email]);
    expect(await names('Nombre,Apellido,correo\nAna,Pérez,ana@example.com\n')).toEqual([['Ana Pérez', 'ana@example.com']]);
    expect(await names('Prénom,Nom,e-mail\nAnne,Martin,anne@example.com\n')).toEqual([['Anne Martin', 'anne@example.com']]);
    expect(await names('Nome,Sobrenome\nJoão,Silva\n')).toEqual([['João Silva', null]]);
    expect(await names('الاسم الأول,اسم العائلة\nنادية,حداد\n')).toEqual([['نادية حداد', null]]);
    // English as before: a name column alone, or first and last.
    expect(await names('name,email\nMaria Santos,m@example.com\n')).toEqual([['Maria Santos', 'm@example.com']]);
    expect(await names('First Name,Last Name\nMaria,Santos\n')).toEqual([['Maria Santos', null]]);
  });

  it('an export in a language reads back', async () => {
    for (const locale of ['es', 'pt-BR', 'fr', 'ar'] as const) {
      const csv = contactsToCsv(
        [
          {
            name: 'Maria Santos',
            email: 'maria@example.com',
            phone: '+1 555 0100',
            spiritualStatus: 'seeking',
            notes: 'Garden',
            createdAt: new Date(Date.UTC(2031, 2, 11)),
          },
        ],
        locale,
      );
      expect(csv.split('\r\n')[0]).not.toContain('spiritualStatus');
      const { drafts, problems } = await contactsFromCsv(csv);
      expect(problems).toEqual([]);
      expect(drafts.map(({ name, email, phone, spiritualStatus, notes }) => ({ name, email, phone, spiritualStatus, notes }))).toEqual([
        { name: 'Maria Santos', email: 'maria@example.com', phone: '+1 555 0100', spiritualStatus: 'seeking', notes: 'Garden' },
      ]);
    }
  });
});

describe('status words in every language (issue 28)', () => {
  it.each([
    ['Buscando', 'seeking'],
    ['buscando', 'seeking'],
    ['BUSCANDO', 'seeking'],
    ['Explorando', 'exploring'],
    ['Nuevo creyente', 'new_believer'],
    ['nuevo-creyente', 'new_believer'],
    ['Novo convertido', 'new_believer'],
    ['Desconhecido', 'unknown'],
    ['Découverte', 'exploring'],
    ['  DECOUVERTE ', 'exploring'],
    ['Maturité', 'mature'],
    ['maturite', 'mature'],
    ['بحث روحي', 'seeking'],
    ['نضج', 'mature'],
    ['إيمان حديث', 'new_believer'],
    ['ايمان  حديث', 'new_believer'],
    ['new_believer', 'new_believer'],
    ['growing', 'growing'],
    ['Growing', 'growing'],
  ])('reads %j as %s', (text, status) => {
    expect(readStatus(text)).toBe(status);
  });

  it('reads every status label of every catalogue, so a changed translation is still read', () => {
    for (const locale of locales)
      for (const status of spiritualStatuses) expect(readStatus(translate(locale, spiritualStatusLabels[status])), `${locale} ${status}`).toBe(status);
  });

  it('has no word two statuses claim in different languages', () => {
    expect(statusWordCollisions).toEqual([]);
  });

  it('answers undefined for a word it cannot read, never a key inherited from Object.prototype', () => {
    for (const word of ['curious', 'constructor', '__proto__', 'toString', '', '   ']) expect(readStatus(word)).toBeUndefined();
  });
});

describe('column names in every language (issue 28)', () => {
  const fieldsOf = async (header: string, row: string) => (await contactsFromCsv(`${header}\n${row}\n`)).drafts[0];

  it.each([
    'estado',
    'Estado',
    'ESTADO',
    'Estado espiritual',
    'statut',
    'Statut spirituel',
    'الحالة',
    'الحالة الروحية',
    'status',
    'Status espiritual',
    'spiritualStatus',
  ])('reads a status column named %j', async (title) => {
    expect(await fieldsOf(`nombre,${title}`, 'Ramón,Buscando')).toMatchObject({ name: 'Ramón', spiritualStatus: 'seeking' });
  });

  it('reads each column under its form label in every language, case and accents folded', async () => {
    for (const locale of locales) {
      const header = ['Name', 'Email', 'Phone', 'Status', 'Notes'].map((label) => translate(locale, label));
      for (const spelling of [header, header.map((title) => title.toUpperCase()), header.map((title) => title.normalize('NFD').replace(/\p{M}/gu, ''))]) {
        const { drafts, warnings } = await contactsFromCsv(writeCsv([spelling, ['Ana', 'ana@example.com', '555', translate(locale, 'Growing'), 'hi']]));
        expect(warnings, `${locale} ${spelling.join()}`).toEqual([]);
        expect(drafts[0], `${locale} ${spelling.join()}`).toMatchObject({
          name: 'Ana',
          email: 'ana@example.com',
          phone: '555',
          spiritualStatus: 'growing',
          notes: 'hi',
        });
      }
    }
  });
});

describe('preview warnings (issue 28)', () => {
  it('names the row and the value of every status it cannot read, and every column it does not read', async () => {
    const { drafts, warnings, warningCounts } = await contactsFromCsv(
      'nombre,estado,color favorito,correo,Correo\nRamón,Curioso,azul,r@example.com,x@example.com\nLucía,Buscando,,,\n',
    );
    expect(drafts.map((d) => [d.name, d.spiritualStatus])).toEqual([
      ['Ramón', 'unknown'],
      ['Lucía', 'seeking'],
    ]);
    expect(warnings).toEqual([
      { kind: 'column', row: 1, column: 3, value: 'color favorito' },
      { kind: 'column', row: 1, column: 5, value: 'Correo' },
      { kind: 'status', row: 2, name: 'Ramón', value: 'Curioso' },
    ]);
    expect(warningCounts).toEqual({ column: 2, status: 1 });
  });

  it('keeps the first warnings of each kind and counts the rest', async () => {
    const rows = Array.from({ length: 300 }, (_, i) => `P${i},odd${i}`);
    const header = ['name', 'status', ...Array.from({ length: 120 }, (_, i) => `extra${i}`)].join(',');
    const { warnings, warningCounts } = await contactsFromCsv(`${header}\n${rows.join('\n')}\n`);
    expect(warningCounts).toEqual({ column: 120, status: 300 });
    expect(warnings.filter((w) => w.kind === 'column')).toHaveLength(MAX_WARNINGS_PER_KIND);
    expect(warnings.filter((w) => w.kind === 'status')).toHaveLength(MAX_WARNINGS_PER_KIND);
    expect(warnings.find((w) => w.kind === 'status')).toEqual({ kind: 'status', row: 2, name: 'P0', value: 'odd0' });
  });

  it('warns about a vCard status it cannot read, naming the card', () => {
    const cards = 'BEGIN:VCARD\nFN:One\nX-SOWER-STATUS:Creciendo\nEND:VCARD\nBEGIN:VCARD\nFN:Two\nX-SOWER-STATUS:wandering\nEND:VCARD\n';
    const { drafts, warnings } = contactsFromVcard(cards);
    expect(drafts.map((d) => d.spiritualStatus)).toEqual(['growing', 'unknown']);
    expect(warnings).toEqual([{ kind: 'status', row: 2, name: 'Two', value: 'wandering' }]);
  });

  it('does not warn about the export’s own creation date column, in any language', async () => {
    for (const locale of locales) {
      const { warnings } = await contactsFromCsv(contactsToCsv([{ ...lydia, createdAt: new Date() }], locale, true, 'Europe/Madrid'));
      expect(warnings, locale).toEqual([]);
    }
  });
});

describe('the import help (issue 28)', () => {
  it('lists the user’s own words first, then English, and every word it lists is read as what it is listed for', async () => {
    for (const locale of locales) {
      const help = importHelp(locale);
      const status = help.columns.find((c) => c.field === 'spiritualStatus')!;
      expect(status.words[0]).toBe(translate(locale, 'Spiritual status'));
      expect(status.words.map((word) => word.toLowerCase())).toContain('status');
      for (const { field, words } of help.columns)
        for (const word of words) {
          const { drafts, warnings } = await contactsFromCsv(
            writeCsv(
              field === 'name'
                ? [[word], ['Ana']]
                : [
                    ['name', word],
                    ['Ana', field === 'email' ? 'a@example.com' : 'Growing'],
                  ],
            ),
          );
          expect(warnings, `${locale} ${field} ${word}`).toEqual([]);
          if (field === 'spiritualStatus') expect(drafts[0].spiritualStatus, word).toBe('growing');
        }
      for (const { status, words } of help.statuses) {
        expect(words[0]).toBe(translate(locale, spiritualStatusLabels[status]));
        expect(words.map((word) => word.toLowerCase().replace(' ', '_'))).toContain(status);
        for (const word of words) expect(readStatus(word), `${locale} ${word}`).toBe(status);
      }
    }
  });

  it('lists estado in Spanish and Buscando among the statuses', () => {
    const help = importHelp('es');
    expect(help.columns.find((c) => c.field === 'spiritualStatus')!.words).toEqual(expect.arrayContaining(['Estado', 'Estado espiritual']));
    expect(help.statuses.find((s) => s.status === 'seeking')!.words).toEqual(expect.arrayContaining(['Buscando', 'Seeking', 'Recherche', 'بحث روحي']));
  });
});

describe('CSV export in the user’s language and time zone (issue 28)', () => {
  const createdAt = new Date(Date.UTC(2031, 2, 11, 23, 30));
  const everyStatus = spiritualStatuses.map((spiritualStatus, i) => ({ ...lydia, name: `Persona ${i}`, spiritualStatus, createdAt }));

  it('writes status words and dates in the language and zone, the zone named in the header', async () => {
    const csv = contactsToCsv(everyStatus, 'es', true, 'America/Mexico_City');
    const { records } = await parseCsv(csv.replace(/^\uFEFF/, ''));
    expect(records[0]).toEqual([
      'Nombre',
      'Correo electrónico',
      'Teléfono',
      'Estado espiritual',
      'Notas',
      'Cómo nos conocimos',
      'Etiquetas',
      'Fecha de creación (America/Mexico_City)',
    ]);
    expect(records.slice(1).map((r) => r[3])).toEqual(['Explorando', 'Buscando', 'Nuevo creyente', 'Creciendo', 'Maduro', 'Desconocido']);
    // 23:30 UTC on 11 March is 17:30 on 11 March in Mexico City.
    expect(records[1][7]).toBe('2031-03-11 17:30');
    expect(csv).not.toMatch(/exploring|new_believer|2031-03-11T/);
  });

  it('labels the dates UTC for a user without a time zone', async () => {
    const { records } = await parseCsv(contactsToCsv(everyStatus, 'fr', true, null).replace(/^\uFEFF/, ''));
    expect(records[0][7]).toBe('Date de création (UTC)');
    expect(records[1][7]).toBe('2031-03-11 23:30');
  });

  it('titles every column with words and writes every date as ISO 8601, in every language (issue 48)', async () => {
    for (const locale of locales) {
      const { records } = await parseCsv(contactsToCsv(everyStatus, locale, true, 'Asia/Riyadh').replace(/^\uFEFF/, ''));
      expect(records[0], locale).toEqual([
        ...['Name', 'Email', 'Phone', 'Spiritual status', 'Notes', 'How we met', 'Tags'].map((label) => translate(locale, label)),
        `${translate(locale, 'Created')} (Asia/Riyadh)`,
      ]);
      expect(records[0].join(), locale).not.toMatch(/spiritualStatus|createdAt/);
      // 23:30 UTC on 11 March is 02:30 on 12 March in Riyadh, in western digits whatever the language.
      expect(new Set(records.slice(1).map((r) => r[7])), locale).toEqual(new Set(['2031-03-12 02:30']));
    }
  });

  it('writes midnight as 00:00, never 24:00', async () => {
    // 06:05 UTC is five past midnight in Mexico City (UTC−6).
    const csv = contactsToCsv([{ ...lydia, createdAt: new Date(Date.UTC(2031, 2, 11, 6, 5)) }], 'en', true, 'America/Mexico_City');
    expect((await parseCsv(csv.replace(/^\uFEFF/, ''))).records[1][7]).toBe('2031-03-11 00:05');
  });

  it('reads back in every language', async () => {
    for (const locale of locales) {
      const { drafts, problems, warnings } = await contactsFromCsv(contactsToCsv(everyStatus, locale, true, 'Asia/Riyadh'));
      expect([problems, warnings], locale).toEqual([[], []]);
      expect(
        drafts.map((d) => d.spiritualStatus),
        locale,
      ).toEqual([...spiritualStatuses]);
    }
  });
});

describe('files exported before issue 48', () => {
  // What contactsToCsv wrote then (each as main wrote it): code names in English, lower-case words elsewhere, dates in the language's own form.
  const oldFiles: [string, string, string][] = [
    ['en', 'name,email,phone,spiritualStatus,notes,createdAt (UTC)', '03/11/2031, 10:05 PM'],
    ['es', 'nombre,correo,teléfono,estado espiritual,notas,fecha de creación (Europe/Madrid)', '11/03/2031, 23:05'],
    ['pt-BR', 'nome,e-mail,telefone,status espiritual,observações,criado em (America/Sao_Paulo)', '11/03/2031, 19:05'],
    ['fr', 'nom,e-mail,téléphone,statut spirituel,notes,créé le (UTC)', '11/03/2031 22:05'],
    ['ar', 'الاسم,البريد الإلكتروني,الهاتف,الحالة الروحية,ملاحظات,تاريخ الإنشاء (Asia/Riyadh)', '12\u200f/03\u200f/2031، 01:05 ص'],
  ];

  it.each(oldFiles)('still reads a %s export with its old titles and localized dates', async (locale, header, date) => {
    const row = writeCsv([['Maria Santos', 'maria@example.com', '+1 555 0100', translate(locale as Locale, 'Seeking'), 'Garden', date]]);
    const { drafts, problems, warnings } = await contactsFromCsv(`\uFEFF${header}\r\n${row}`);
    expect([problems, warnings]).toEqual([[], []]);
    expect(drafts).toEqual([{ row: 2, name: 'Maria Santos', email: 'maria@example.com', phone: '+1 555 0100', spiritualStatus: 'seeking', notes: 'Garden' }]);
  });

  it('reads the old titles in every language, as their catalogues still translate them', async () => {
    for (const locale of locales) {
      const header = ['name', 'email', 'phone', 'spiritualStatus', 'notes'].map((title) => translate(locale, title));
      const { drafts, warnings } = await contactsFromCsv(
        writeCsv([
          [...header, `${translate(locale, 'createdAt')} (UTC)`],
          ['Ana', 'a@example.com', '555', 'Growing', 'hi', '2031-03-11 22:05'],
        ]),
      );
      expect(warnings, locale).toEqual([]);
      expect(drafts[0], locale).toMatchObject({ name: 'Ana', email: 'a@example.com', phone: '555', spiritualStatus: 'growing', notes: 'hi' });
    }
  });
});

describe('vCard N and FN (issue 28)', () => {
  const card = (name: string) => contactsToVcard([{ name, email: null, phone: null, spiritualStatus: 'unknown', notes: null }]).replace(/\r\n[ \t]/g, '');
  const nOf = (name: string) => /\r\nN:(.*)\r\n/.exec(card(name))![1];
  const withoutFn = (text: string) => text.replace(/\r\nFN:[^\r]*/, '');

  it('writes FN as typed and the whole name, escaped, as the given name, never a guessed family name', () => {
    expect(card('Don Ramón (vecino del 3º)')).toContain('\r\nFN:Don Ramón (vecino del 3º)\r\nN:;Don Ramón (vecino del 3º);;;\r\n');
    expect(nOf('Smith, John')).toBe(';Smith\\, John;;;');
    expect(nOf('a;b')).toBe(';a\\;b;;;');
    expect(nOf('back\\slash')).toBe(';back\\\\slash;;;');
    expect(nOf('two\nlines')).toBe(';two\\nlines;;;');
    expect(nOf('María 🌱 López')).toBe(';María 🌱 López;;;');
    expect(nOf('Ana María López')).toBe(';Ana María López;;;');
    expect(nOf('أحمد بن علي')).toBe(';أحمد بن علي;;;');
    expect(nOf("Seán O'Brien-Ní")).toBe(";Seán O'Brien-Ní;;;");
    expect(nOf('Cornelius')).toBe(';Cornelius;;;');
  });

  it.each([
    'Don Ramón (vecino del 3º)',
    'Smith, John',
    'a;b;c',
    'back\\slash \\n',
    'two\nlines',
    'مريم المجدلية',
    'أبو (الجار) ٣',
    'María 🌱 López 👨‍👩‍👧',
    'Cornelius',
    'Dr. Martin Luther King Jr.',
    ' , ; \\ ',
  ])('round-trips %j through export and import, with FN and with N only', (name) => {
    const text = card(name);
    expect(contactsFromVcard(text).drafts[0].name).toBe(name.trim());
    expect(contactsFromVcard(withoutFn(text)).drafts[0].name).toBe(name.trim());
  });

  it('imports other clients’ cards with N only or FN only', () => {
    expect(contactsFromVcard('BEGIN:VCARD\r\nVERSION:4.0\r\nN:Fernández;Lucía;;;\r\nEND:VCARD\r\n').drafts[0].name).toBe('Lucía Fernández');
    expect(contactsFromVcard('BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Lucía Fernández\r\nEND:VCARD\r\n').drafts[0].name).toBe('Lucía Fernández');
  });
});
