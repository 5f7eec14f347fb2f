// Contacts in and out of other apps as text: RFC 4180 CSV and vCard 3.0, read and written, mapped onto contact fields.
import { spiritualStatuses, spiritualStatusLabels, type SpiritualStatus } from '../../shared/vocabulary';
import { fmt, locales, msg, sourceLocale, type Locale } from '../../shared/i18n';
import { foldText } from '../../shared/fold';
import { translate } from '../i18n';
import { contactCreateInput } from '../schemas/contacts';
import { escapeText, foldLine } from './ics';
import { parse, type CsvError } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { nextTurn } from '../queries/turns';

const CRLF = '\r\n';

/** The contact fields a file can carry, as exported and as recognised on import. */
export interface ContactFields {
  name: string;
  email: string | null;
  phone: string | null;
  spiritualStatus: SpiritualStatus;
  notes: string | null;
}

/** A contact read from a file and validated; `row` is its line in a spreadsheet (header = 1) or its card number. */
export interface ContactDraft extends ContactFields {
  row: number;
}

/** `reason` is in English, marked (msg() or fmt()): whoever answers it translates it (server/i18n.ts translateMessage). */
export interface ImportProblem {
  row: number;
  reason: string;
}

/** Large enough for any address book a person keeps by hand, small enough for one write transaction. */
export const MAX_IMPORT_ROWS = 5000;

// ---------------------------------------------------------------------------------------------------------------
// CSV (RFC 4180)

export interface CsvParse {
  records: string[][];
  /** A quoted field ran to the end of the text: the record it began is not trustworthy and is left out. */
  unclosedQuote: boolean;
}

/** Text handed to the parser between two event-loop turns: 32 kB take 2-5 ms (about 75 ms for 1 MB in all). */
const PARSE_SLICE = 32 * 1024;

const noPause = () => undefined;

/**
 * Reads CSV with csv-parse (decision 017): fields separated by `delimiter`, records by CRLF, LF or CR, even mixed in one
 * file; a quoted field may hold delimiters, line breaks and doubled quotes (""). Leniently, a quote inside an unquoted
 * field is an ordinary character and rows may differ in length. The text goes in a slice at a time, with `pause`
 * awaited between slices, so a 1 MB file never holds the event loop long.
 */
export async function parseCsv(text: string, delimiter = ',', pause: () => unknown = noPause): Promise<CsvParse> {
  const records: string[][] = [];
  const parser = parse({
    delimiter,
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_quotes: true,
    relax_column_count: true,
    // Taken as they come, nothing kept in the stream's buffer: what was read before an unclosed quote stays.
    on_record: (record: string[]) => void records.push(record),
  });
  const finished = new Promise<boolean>((resolve, reject) => {
    parser.on('end', () => resolve(false));
    parser.on('error', (error: CsvError) => (error.code === 'CSV_QUOTE_NOT_CLOSED' ? resolve(true) : reject(error)));
  });
  parser.resume();
  for (let from = 0; from < text.length; from += PARSE_SLICE) {
    parser.write(text.slice(from, from + PARSE_SLICE));
    await pause();
  }
  parser.end();
  return { records, unclosedQuote: await finished };
}

/** The delimiter the header line uses most: comma, or the semicolon and tab that spreadsheets in many locales write. */
export function detectDelimiter(text: string): string {
  const headerLine = text.split(/\r\n|\r|\n/, 1)[0].replace(/"[^"]*"/g, '');
  let best = ',';
  let bestCount = 0;
  for (const candidate of [',', ';', '\t']) {
    const count = headerLine.split(candidate).length - 1;
    if (count > bestCount) [best, bestCount] = [candidate, count];
  }
  return best;
}

/**
 * Where a spreadsheet may start a field or a record: the comma, the semicolon (the separator of French, Spanish and
 * Portuguese spreadsheets), tab and line breaks. A reader that splits on another character than the file's takes a
 * quote in the middle of its field as text, so a semicolon inside a quoted cell of this comma-separated file starts a
 * field for it all the same: every text after one of these counts as the start of a cell.
 */
const cellStarts = /(?<=[,;\t\r\n])/;
const hasCellStart = /[,;\t\r\n]/;

/**
 * What a spreadsheet runs as a formula at the start of a cell, after any quotes: =, +, -, @, a tab or a carriage
 * return, and their fullwidth forms (Apple Numbers reads ＝ as =). Such a start gets a leading apostrophe, which
 * spreadsheets show as text; so does one that starts with an apostrophe, so that reading the file back (`fromCsvCell`)
 * takes exactly one off wherever one was added and every value comes back as it was.
 */
const formulaStart = /^"*[=+\-@\t\r'\uFF1D\uFF0B\uFF0D\uFF20]/;
const neutralisedStart = /^'"*[=+\-@\t\r'\uFF1D\uFF0B\uFF0D\uFF20]/;

const neutralise = (part: string) => (formulaStart.test(part) ? `'${part}` : part);
const restore = (part: string) => (neutralisedStart.test(part) ? part.slice(1) : part);

/** A cell's text with every start of a cell in it neutralised (the apostrophes it adds are never where a cell starts). */
export function toCsvCell(value: string) {
  return hasCellStart.test(value) ? value.split(cellStarts).map(neutralise).join('') : neutralise(value);
}

export function fromCsvCell(value: string) {
  return hasCellStart.test(value) ? value.split(cellStarts).map(restore).join('') : restore(value);
}

/**
 * Records as CSV text with csv-stringify: every cell neutralised, quoted when it holds a quote, a comma, a semicolon, a
 * tab or a line break (quotes doubled), so a spreadsheet that splits on any of them keeps a cell whole that starts its
 * line; CRLF after every record (RFC 4180 §2).
 */
export function writeCsv(records: string[][]): string {
  // quote_record_delimiter: given a record_delimiter, csv-stringify would otherwise quote only that sequence (CRLF),
  // and a note's lone LF or CR would end the record for every reader.
  return stringify(records, { record_delimiter: 'windows', quote_record_delimiter: true, quoted_match: /[;\t]/, cast: { string: toCsvCell } });
}

// ---------------------------------------------------------------------------------------------------------------
// Fields of a file onto Sower's contact fields

type ColumnField = keyof ContactFields | 'firstName' | 'lastName';
/** A column Sower knows and leaves out: the creation date its own export writes (a contact imported is added now). */
type KnownColumn = ColumnField | 'createdAt';

/**
 * The column titles of an exported file, in English (also how the import knows them): an export writes them in the
 * user's language (contactsToCsv), and the import knows them in every language (columnWords).
 */
const columnTitles = {
  name: msg('name'),
  email: msg('email'),
  phone: msg('phone'),
  spiritualStatus: msg('spiritualStatus'),
  notes: msg('notes'),
  createdAt: msg('createdAt'),
};

/**
 * How a word of a file is compared (issue 28): folded (case, accents, Arabic letter forms; shared/fold.ts) and with
 * anything but letters and digits left out, so 'ESTADO', 'Estado' and 'estado', 'E-mail' and 'email', 'En recherche'
 * and 'en  recherche', 'new_believer' and 'New Believer' are one word.
 */
const wordKey = (text: string) => foldText(text).replace(/[^\p{L}\p{N}]/gu, '');

interface WordList<Value extends string> {
  value: Value;
  /** Catalogue texts (marked with msg()), read in every language Sower speaks. */
  translated: string[];
  /** Words read in English only (the usual titles of other apps' files, the machine keys). */
  english: string[];
}

/**
 * What a file's words are read as: every list's words in every language, folded (wordKey). A word that two values'
 * lists hold is read as the first one listed ('Nombre' is the name, not the first name); `collisions` says which.
 * `written` keeps each value's words as written, per language, for the help.
 */
function vocabulary<Value extends string>(lists: WordList<Value>[]) {
  const lookup = new Map<string, Value>();
  const collisions: { word: string; values: [Value, Value] }[] = [];
  const written = lists.map(({ value, translated, english }) => {
    const byLocale = Object.fromEntries(
      locales.map((locale) => [locale, [...translated.map((text) => translate(locale, text)), ...(locale === sourceLocale ? english : [])]]),
    ) as Record<Locale, string[]>;
    for (const word of Object.values(byLocale).flat()) {
      const key = wordKey(word);
      const known = lookup.get(key);
      if (!key) continue;
      if (known === undefined) lookup.set(key, value);
      else if (known !== value && !collisions.some((c) => c.word === key)) collisions.push({ word: key, values: [known, value] });
    }
    return { value, byLocale };
  });
  /** Each value's words in `locale` first, then English, then the other languages; each once, and only those read as it. */
  const wordsFor = (locale: Locale) =>
    written.map(({ value, byLocale }) => {
      const seen = new Set<string>();
      const order = [locale, sourceLocale, ...locales.filter((other) => other !== locale && other !== sourceLocale)];
      const words = order.flatMap((language) => byLocale[language]).filter((word) => {
        const key = wordKey(word);
        if (seen.has(key) || lookup.get(key) !== value) return false;
        seen.add(key);
        return true;
      });
      return { value, words };
    });
  return { read: (text: string) => lookup.get(wordKey(text)), collisions, wordsFor };
}

/**
 * The column titles read for each field, in the order a title is claimed: the export's own titles and the forms' labels
 * in every language ('estado', 'Estado espiritual', 'statut', 'الحالة'), and the usual English titles of other apps.
 */
const columnWords = vocabulary<KnownColumn>([
  { value: 'name', translated: [columnTitles.name, msg('Name')], english: ['full name', 'display name'] },
  { value: 'email', translated: [columnTitles.email, msg('Email')], english: ['e-mail', 'email address', 'mail'] },
  { value: 'phone', translated: [columnTitles.phone, msg('Phone')], english: ['telephone', 'phone number', 'tel', 'mobile', 'mobile phone'] },
  { value: 'spiritualStatus', translated: [columnTitles.spiritualStatus, msg('Spiritual status'), msg('Status')], english: ['spiritual status'] },
  { value: 'notes', translated: [columnTitles.notes, msg('Notes')], english: ['note', 'comments'] },
  // A language whose word for 'First name' is its word for the name column ('Nombre') keeps that word for the name.
  { value: 'firstName', translated: [msg('First name')], english: ['given name'] },
  { value: 'lastName', translated: [msg('Last name')], english: ['family name', 'surname'] },
  { value: 'createdAt', translated: [columnTitles.createdAt], english: ['created at'] },
]);

/** A column's title without a closing remark in parentheses ('phone (mobile)', the export's 'createdAt (UTC)'). */
const withoutRemark = (title: string) => title.replace(/\s*\([^()]*\)\s*$/, '');

/**
 * The status words read: each status's label in every catalogue (so a changed translation is still read), in English,
 * and its machine key ('new_believer').
 */
const statusWords = vocabulary<SpiritualStatus>(
  spiritualStatuses.map((status) => ({ value: status, translated: [spiritualStatusLabels[status]], english: [status] })),
);

/** Words two statuses would both claim (a translation that gave two statuses one word): none, a unit test checks. */
export const statusWordCollisions = statusWords.collisions;

/** The status a word names in any language, case, accents and separators folded; undefined for any other word. */
export const readStatus = (text: string | undefined): SpiritualStatus | undefined => (text === undefined ? undefined : statusWords.read(text));

/** A status word in any language and usual spelling ('New Believer', 'buscando', 'NEW_BELIEVER'); anything else is unknown. */
export function statusFromText(text: string | undefined): SpiritualStatus {
  return readStatus(text) ?? 'unknown';
}

/**
 * What the import reads, in the words of `locale` first (then English, then the other languages): the help Settings
 * shows beside the file picker, from the very tables the import reads with.
 */
export function importHelp(locale: Locale) {
  const columns = columnWords.wordsFor(locale);
  return {
    columns: columns.filter((c) => c.value !== 'createdAt').map(({ value, words }) => ({ field: value as ColumnField, words })),
    /** Known and left out: the export's creation date. */
    ignoredColumns: columns.find((c) => c.value === 'createdAt')!.words,
    statuses: statusWords.wordsFor(locale).map(({ value, words }) => ({ status: value, words })),
  };
}

/** Enough to show what is wrong, few enough for any file: the rest of a kind is only counted. */
export const MAX_WARNINGS_PER_KIND = 50;

/** A value the import cannot read, kept and said in the preview: a column it does not read, a status word it does not know. */
export type ImportWarning = { kind: 'column'; row: number; column: number; value: string } | { kind: 'status'; row: number; name: string; value: string };

/** The first warnings of each kind, and how many of each there are. */
class Warnings {
  readonly shown: ImportWarning[] = [];
  readonly counts = { column: 0, status: 0 };
  add(warning: ImportWarning) {
    if (++this.counts[warning.kind] <= MAX_WARNINGS_PER_KIND) this.shown.push(warning);
  }
}

/** Which column holds each field; the first matching column wins, and every other column is warned about. */
function columnsOf(header: string[], headerRow: number, warnings: Warnings): Partial<Record<ColumnField, number>> {
  const columns: Partial<Record<KnownColumn, number>> = {};
  header.forEach((title, index) => {
    const field = columnWords.read(withoutRemark(title));
    if (field !== undefined && columns[field] === undefined) columns[field] = index;
    else if (title.trim()) warnings.add({ kind: 'column', row: headerRow, column: index + 1, value: title.trim() });
  });
  return columns;
}

interface RawContact {
  row: number;
  name?: string;
  email?: string;
  phone?: string;
  status?: string;
  notes?: string;
}

/** Validates one raw row with the same schema contacts.create uses, so an imported contact obeys the same rules. */
function toDraft(raw: RawContact): ContactDraft | ImportProblem {
  const parsed = contactCreateInput.safeParse({
    name: raw.name ?? '',
    email: raw.email,
    phone: raw.phone,
    spiritualStatus: statusFromText(raw.status),
    notes: raw.notes,
  });
  if (!parsed.success) return { row: raw.row, reason: parsed.error.issues[0]?.message ?? msg('Invalid row') };
  const { name, email, phone, spiritualStatus, notes } = parsed.data;
  return { row: raw.row, name, email, phone, spiritualStatus, notes };
}

/** A status written in the row that no language's word names ('curious'): imported as unknown, and said. */
function unreadStatus(raw: RawContact, draft: ContactDraft): ImportWarning | undefined {
  const written = raw.status?.trim();
  return written && readStatus(written) === undefined ? { kind: 'status', row: draft.row, name: draft.name, value: written } : undefined;
}

const isBlank = (raw: RawContact) => ![raw.name, raw.email, raw.phone, raw.status, raw.notes].some((v) => v?.trim());

const TOO_MANY_ROWS = fmt('Only {max} contacts can be imported at once; this row and the ones after it were left out', { max: MAX_IMPORT_ROWS });

/** Keeps blank rows out and caps the count: the rows to validate (a problem names the first row left out). */
function rowsToValidate(raws: RawContact[], problems: ImportProblem[]) {
  const filled = raws.filter((raw) => !isBlank(raw));
  if (filled.length > MAX_IMPORT_ROWS)
    problems.push({ row: filled[MAX_IMPORT_ROWS].row, reason: TOO_MANY_ROWS });
  return filled.slice(0, MAX_IMPORT_ROWS);
}

/** Rows validated between two event-loop turns: 500 take about 5 ms. */
const VALIDATE_SLICE = 500;

/** Splits the rows into valid drafts and problems; with `pause`, waits for it after every slice of rows. */
async function draftsInTurns(file: RawFile, pause: () => Promise<void>): Promise<ImportRead> {
  const drafts: ContactDraft[] = [];
  const rows = rowsToValidate(file.raws, file.problems);
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % VALIDATE_SLICE === 0) await pause();
    sortRow(rows[i], drafts, file);
  }
  return readOf(file, drafts);
}

function draftsOf(file: RawFile): ImportRead {
  const drafts: ContactDraft[] = [];
  for (const raw of rowsToValidate(file.raws, file.problems)) sortRow(raw, drafts, file);
  return readOf(file, drafts);
}

const readOf = ({ problems, warnings }: RawFile, drafts: ContactDraft[]): ImportRead => ({
  drafts,
  problems: problems.sort((a, b) => a.row - b.row),
  warnings: warnings.shown,
  warningCounts: warnings.counts,
});

function sortRow(raw: RawContact, drafts: ContactDraft[], { problems, warnings }: RawFile) {
  const result = toDraft(raw);
  if ('reason' in result) return problems.push(result);
  drafts.push(result);
  const warning = unreadStatus(raw, result);
  if (warning) warnings.add(warning);
}

interface RawFile {
  raws: RawContact[];
  problems: ImportProblem[];
  warnings: Warnings;
}

/** What a file holds: valid contacts, rows left out and why, and the first values it could not read (with their counts). */
export interface ImportRead {
  drafts: ContactDraft[];
  problems: ImportProblem[];
  warnings: ImportWarning[];
  warningCounts: Record<ImportWarning['kind'], number>;
}

/** Reads contacts from CSV whose first record names the columns. */
export async function contactsFromCsv(text: string): Promise<ImportRead> {
  return draftsOf(await csvRows(text));
}

async function csvRows(text: string, pause?: () => unknown): Promise<RawFile> {
  const warnings = new Warnings();
  const body = text.replace(/^\uFEFF/, '');
  const { records, unclosedQuote } = await parseCsv(body, detectDelimiter(body), pause);
  const problems: ImportProblem[] = [];
  // Blank lines before the header are skipped; rows are then numbered as a spreadsheet shows them.
  const headerIndex = records.findIndex((record) => record.some((field) => field.trim() !== ''));
  const header = headerIndex < 0 ? [] : records[headerIndex];
  const rows = headerIndex < 0 ? [] : records.slice(headerIndex + 1);
  const columns = columnsOf(header, headerIndex + 1, warnings);
  /**
   * A name column beside a last-name column alone is the first name ('Nombre, Apellido'); beside a first-name column
   * alone, the last name ('Prénom, Nom'): in many languages the word for name is the word for one of its parts.
   */
  const withOtherPart = (name: string, cell: (field: ColumnField) => string | undefined) => {
    if (columns.name === undefined || (columns.firstName === undefined) === (columns.lastName === undefined)) return name;
    const other = cell(columns.firstName === undefined ? 'lastName' : 'firstName')?.trim();
    if (!other || !cell('name')?.trim()) return name;
    return columns.firstName === undefined ? `${name} ${other}` : `${other} ${name}`;
  };
  if (columns.name === undefined && columns.firstName === undefined && columns.lastName === undefined)
    return { raws: [], problems: [{ row: 1, reason: msg('The first row must name the columns, with one called name (and email, phone, status, notes)') }], warnings: new Warnings() };

  const raws = rows.map((record, index): RawContact => {
    const cell = (field: ColumnField) => {
      const column = columns[field];
      return column === undefined || record[column] === undefined ? undefined : fromCsvCell(record[column]);
    };
    const name = cell('name')?.trim() || [cell('firstName'), cell('lastName')].map((part) => part?.trim()).filter(Boolean).join(' ');
    return { row: headerIndex + index + 2, name: withOtherPart(name, cell), email: cell('email'), phone: cell('phone'), status: cell('spiritualStatus'), notes: cell('notes') };
  });
  // The parser leaves out the record whose quote never closed: it would have been the next row.
  if (unclosedQuote) problems.push({ row: headerIndex + rows.length + 2, reason: msg('A quoted field in this row is never closed') });
  return { raws, problems, warnings };
}

const BYTE_ORDER_MARK = '\uFEFF';

/** Date formats by language and zone, each made once (making one costs far more than using it); a zone Intl does not know is UTC. */
const dateFormats = new Map<string, { zone: string; format: Intl.DateTimeFormat }>();

function dateFormat(locale: Locale, timeZone: string | null) {
  const id = `${locale} ${timeZone ?? ''}`;
  let found = dateFormats.get(id);
  if (!found) {
    const options = { year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' } as const;
    try {
      found = { zone: timeZone ?? 'UTC', format: new Intl.DateTimeFormat(locale, { ...options, timeZone: timeZone ?? 'UTC' }) };
    } catch {
      found = { zone: 'UTC', format: new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }) };
    }
    dateFormats.set(id, found);
  }
  return found;
}

/**
 * The contacts as CSV records, after the header line unless `withHeader` is false (a later part of one file), for a
 * person and a spreadsheet rather than a program (the JSON export is the machine's): the column titles and status
 * words in `locale`, the dates in its form and in `timeZone` (UTC without one), the zone named in the date's title.
 * The import reads every language's titles and words back.
 */
export function contactsToCsv(contacts: (ContactFields & { createdAt: Date })[], locale: Locale, withHeader = true, timeZone: string | null = null): string {
  const { name, email, phone, spiritualStatus, notes, createdAt } = columnTitles;
  const dates = dateFormat(locale, timeZone);
  const header = [name, email, phone, spiritualStatus, notes].map((title) => translate(locale, title));
  header.push(`${translate(locale, createdAt)} (${dates.zone})`);
  // The file opens with a byte order mark, so spreadsheet apps read it as UTF-8 (accents, Arabic) instead of guessing.
  return (withHeader ? BYTE_ORDER_MARK : '') + writeCsv([
    ...(withHeader ? [header] : []),
    ...contacts.map((c) => [c.name, c.email ?? '', c.phone ?? '', translate(locale, spiritualStatusLabels[c.spiritualStatus]), c.notes ?? '', dates.format.format(c.createdAt)]),
  ]);
}

// ---------------------------------------------------------------------------------------------------------------
// vCard (RFC 2426, version 3.0; 2.1's quoted-printable values are read too, since phones still export them)

interface VcardProperty {
  name: string;
  params: string[];
  value: string;
}

/** Splits on `separator` where it is not escaped with a backslash. */
function splitUnescaped(text: string, separator: string): string[] {
  const parts: string[] = [];
  let current = '';
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\' && i + 1 < text.length) {
      current += text[i] + text[i + 1];
      i++;
    } else if (text[i] === separator) {
      parts.push(current);
      current = '';
    } else current += text[i];
  }
  parts.push(current);
  return parts;
}

/** TEXT unescaping: \n or \N is a line break, \, \; \\ are the character itself. */
export function unescapeVcardText(value: string): string {
  return value.replace(/\\([nN,;\\:])/g, (_, char: string) => (char === 'n' || char === 'N' ? '\n' : char));
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const hex = value.slice(i + 1, i + 3);
    if (value[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(value[i], 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

const isQuotedPrintable = (params: string[]) => params.some((p) => /^(encoding=)?quoted-printable$/i.test(p));

/** One content line: `[group.]NAME[;param...]:value`; the colon is the first one outside a quoted parameter. */
function propertyOf(line: string): VcardProperty | null {
  let inQuotes = false;
  let colon = -1;
  for (let i = 0; i < line.length && colon < 0; i++) {
    if (line[i] === '"') inQuotes = !inQuotes;
    else if (line[i] === ':' && !inQuotes) colon = i;
  }
  if (colon < 0) return null;
  const [nameWithGroup, ...params] = line.slice(0, colon).split(';');
  return { name: nameWithGroup.split('.').pop()!.toUpperCase(), params, value: line.slice(colon + 1) };
}

/**
 * Logical lines: a line starting with a space or tab continues the previous one (RFC 2425 §5.8.1 unfolding);
 * a quoted-printable value ending in '=' continues on the next line (a soft line break).
 */
function unfoldVcard(text: string): string[] {
  const lines: string[] = [];
  for (const physical of text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/)) {
    const previous = lines.length ? lines[lines.length - 1] : undefined;
    if (previous !== undefined && (physical.startsWith(' ') || physical.startsWith('\t'))) {
      lines[lines.length - 1] = previous + physical.slice(1);
    } else if (previous !== undefined && previous.endsWith('=') && isQuotedPrintable(propertyOf(previous)?.params ?? [])) {
      lines[lines.length - 1] = previous.slice(0, -1) + physical;
    } else lines.push(physical);
  }
  return lines;
}

/** The value of a property as text: quoted-printable decoded, TEXT escapes undone. */
function textOf(property: VcardProperty): string {
  const raw = isQuotedPrintable(property.params) ? decodeQuotedPrintable(property.value) : property.value;
  return unescapeVcardText(raw);
}

/** N is family;given;additional;prefixes;suffixes; a person's name reads prefixes given additional family suffixes. */
function nameFromN(property: VcardProperty): string {
  const raw = isQuotedPrintable(property.params) ? decodeQuotedPrintable(property.value) : property.value;
  const [family, given, additional, prefixes, suffixes] = splitUnescaped(raw, ';').map((part) =>
    splitUnescaped(part, ',').map(unescapeVcardText).join(' ').trim(),
  );
  return [prefixes, given, additional, family, suffixes].filter(Boolean).join(' ');
}

/** Reads every BEGIN:VCARD … END:VCARD block; `row` is the card's number in the file. */
export function contactsFromVcard(text: string): ImportRead {
  return draftsOf(vcardRows(text));
}

function vcardRows(text: string): RawFile {
  const raws: RawContact[] = [];
  let card: VcardProperty[] | null = null;
  const finish = (properties: VcardProperty[]) => {
    const first = (name: string) => properties.find((p) => p.name === name);
    const fn = first('FN');
    const n = first('N');
    const tel = first('TEL');
    const name = (fn && textOf(fn).trim()) || (n ? nameFromN(n) : '');
    raws.push({
      row: raws.length + 1,
      name,
      email: first('EMAIL') && textOf(first('EMAIL')!).replace(/^mailto:/i, ''),
      phone: tel && textOf(tel).replace(/^tel:/i, ''),
      status: first('X-SOWER-STATUS') && textOf(first('X-SOWER-STATUS')!),
      notes: first('NOTE') && textOf(first('NOTE')!),
    });
  };
  for (const line of unfoldVcard(text)) {
    const property = propertyOf(line);
    if (!property) continue;
    const marker = property.value.trim().toUpperCase();
    if (property.name === 'BEGIN' && marker === 'VCARD') card = [];
    else if (property.name === 'END' && marker === 'VCARD' && card) {
      finish(card);
      card = null;
    } else card?.push(property);
  }
  // A file cut off before its last END:VCARD still holds that card.
  if (card) finish(card);
  if (!raws.length) return { raws: [], problems: [{ row: 1, reason: msg('No contact cards found (each starts with BEGIN:VCARD)') }], warnings: new Warnings() };
  return { raws, problems: [], warnings: new Warnings() };
}

/** Words before a name that are honorifics and after it that are suffixes, compared without dots and case. */
const NAME_PREFIXES = new Set(['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'rev', 'fr', 'sr', 'br', 'prof', 'pastor']);
const NAME_SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'v', 'vi', 'phd', 'md', 'esq', 'dds', 'dmin']);
const nameWordKey = (word: string) => word.toLowerCase().replace(/[.,]/g, '');

/** A word of a plain name: letters (with their marks), and the apostrophes, hyphens and dots names and honorifics hold. */
const plainWord = /^[\p{L}\p{M}'’.-]+$/u;

/**
 * A single name as N's parts (family;given;additional;prefixes;suffixes; RFC 6350 §6.2.2). A name of plain words, one
 * space apart: honorifics at the start and suffixes at the end ('III', 'Jr.') kept as such, the last remaining word
 * the family name, the first the given name, any between additional. 'Sr' is a suffix at the end and a prefix (Sister)
 * at the start. Any other name ('Don Ramón (vecino del 3º)', 'Smith, John', one with an emoji or a line break) cannot
 * be split sanely: all of it is the given name. Read back (nameFromN), either gives the name as it was.
 */
function structuredName(name: string): [family: string, given: string, additional: string, prefixes: string, suffixes: string] {
  const trimmed = name.trim();
  const words = trimmed.split(' ');
  if (!words.every((word) => plainWord.test(word))) return ['', trimmed, '', '', ''];
  const prefixes: string[] = [];
  const suffixes: string[] = [];
  while (words.length > 1 && NAME_PREFIXES.has(nameWordKey(words[0]))) prefixes.push(words.shift()!);
  while (words.length > 1 && NAME_SUFFIXES.has(nameWordKey(words[words.length - 1]))) suffixes.unshift(words.pop()!);
  const family = words.length > 1 ? words.pop()! : '';
  const [given = '', ...additional] = words;
  return [family, given, additional.join(' '), prefixes.join(' '), suffixes.join(' ')];
}

export function contactsToVcard(contacts: ContactFields[]): string {
  return contacts
    .map((contact) => {
      const [family, given, additional, prefixes, suffixes] = structuredName(contact.name);
      const lines = [
        'BEGIN:VCARD',
        'VERSION:3.0',
        `FN:${escapeText(contact.name)}`,
        `N:${[family, given, additional, prefixes, suffixes].map(escapeText).join(';')}`,
        contact.email ? `EMAIL;TYPE=INTERNET:${escapeText(contact.email)}` : null,
        contact.phone ? `TEL:${escapeText(contact.phone)}` : null,
        contact.notes ? `NOTE:${escapeText(contact.notes)}` : null,
        `X-SOWER-STATUS:${contact.spiritualStatus}`,
        'END:VCARD',
      ];
      return lines
        .filter((line): line is string => line !== null)
        .map((line) => foldLine(line) + CRLF)
        .join('');
    })
    .join('');
}

/** Reads an import file of either format. */
/** Reads a file's contacts, validating them a slice per event-loop turn (5,000 rows take about 50 ms to check). */
export async function contactsFromFile(format: 'csv' | 'vcard', text: string) {
  return draftsInTurns(format === 'csv' ? await csvRows(text, nextTurn) : vcardRows(text), nextTurn);
}
