// CSV (RFC 4180, decision 017) and contacts as CSV: read with the columns named in any language, written in the reader's.
import { parse, type CsvError } from 'csv-parse';
import { stringify } from 'csv-stringify/sync';
import { spiritualStatusLabels } from '../../shared/vocabulary';
import type { Locale } from '../../shared/i18n';
import { msg } from '../../shared/i18n';
import { translate } from '../i18n';
import {
  columnsOf,
  columnTitles,
  draftsOf,
  Warnings,
  type ColumnField,
  type ContactFields,
  type ImportProblem,
  type ImportRead,
  type RawContact,
  type RawFile,
} from './contactImport';

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
 * return, and their fullwidth forms (Apple Numbers reads ＝ as =). Such a start, but for a phone number (`isPhone`), gets a leading apostrophe, which
 * spreadsheets show as text; so does one that starts with an apostrophe, so that reading the file back (`fromCsvCell`)
 * takes exactly one off wherever one was added and every value comes back as it was.
 */
const formulaStart = /^"*[=+\-@\t\r'\uFF1D\uFF0B\uFF0D\uFF20]/;
const neutralisedStart = /^'"*[=+\-@\t\r'\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * A phone number in international form, written as it is (an apostrophe before it would be shown and copied): a plus,
 * then a digit, then only digits, spaces, dots, a dash before a digit or space, and brackets holding only digits after a
 * digit (and maybe one space) ('+44 (0)20 7946 0958', '+1-555-010-0100'); at least 6 digits and at most 20. Nothing in it can name
 * a cell, a function or another sheet, so at worst a spreadsheet reads it as a number; '+1-2', '+1-(2)', '+123456 - (7)' and anything
 * with a letter, '=', '@', '+' or '*' after the first character keep the apostrophe. The separator that ends a part of
 * a cell (`cellStarts`) is not part of the number.
 */
const phoneShape = /^\+\d(?:[\d .]|-(?=[\d ])|(?<=\d ?)\(\d{1,5}\))*[,;\t\r\n]?$/;
const isPhone = (part: string) => {
  if (!phoneShape.test(part)) return false;
  const digits = part.replace(/\D/g, '').length;
  return digits >= 6 && digits <= 20;
};

const neutralise = (part: string) => (formulaStart.test(part) && !isPhone(part) ? `'${part}` : part);
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

/** Reads contacts from CSV whose first record names the columns. */
export async function contactsFromCsv(text: string): Promise<ImportRead> {
  return draftsOf(await csvRows(text));
}

export async function csvRows(text: string, pause?: () => unknown): Promise<RawFile> {
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
    return {
      raws: [],
      problems: [{ row: 1, reason: msg('The first row must name the columns, with one called name (and email, phone, status, notes)') }],
      warnings: new Warnings(),
    };

  const raws = rows.map((record, index): RawContact => {
    const cell = (field: ColumnField) => {
      const column = columns[field];
      return column === undefined || record[column] === undefined ? undefined : fromCsvCell(record[column]);
    };
    const name =
      cell('name')?.trim() ||
      [cell('firstName'), cell('lastName')]
        .map((part) => part?.trim())
        .filter(Boolean)
        .join(' ');
    return {
      row: headerIndex + index + 2,
      name: withOtherPart(name, cell),
      email: cell('email'),
      phone: cell('phone'),
      status: cell('spiritualStatus'),
      notes: cell('notes'),
      source: cell('source'),
      tags: cell('tags'),
    };
  });
  // The parser leaves out the record whose quote never closed: it would have been the next row.
  if (unclosedQuote) problems.push({ row: headerIndex + rows.length + 2, reason: msg('A quoted field in this row is never closed') });
  return { raws, problems, warnings };
}

const BYTE_ORDER_MARK = '\uFEFF';

/** A date and time as ISO 8601 in one zone, `2026-03-04 14:05` (issue 48): `zone` is the one named in the column's title. */
interface ZonedDates {
  zone: string;
  format: (date: Date) => string;
}

/** Date formats by zone, each made once (making one costs far more than using it); a zone Intl does not know is UTC. */
const dateFormats = new Map<string, ZonedDates>();

/**
 * Written alike in every language: a spreadsheet anywhere reads `2026-03-04` as 4 March, where `03/04/2026` is 3 April
 * in half the world and 4 March in the other. The parts come from Intl in western digits and a 24-hour clock.
 */
function dateFormat(timeZone: string | null): ZonedDates {
  const id = timeZone ?? '';
  let found = dateFormats.get(id);
  if (!found) {
    const options = {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      numberingSystem: 'latn',
    } as const;
    let zone = timeZone ?? 'UTC';
    let parts: Intl.DateTimeFormat;
    try {
      parts = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    } catch {
      zone = 'UTC';
      parts = new Intl.DateTimeFormat('en-US', { ...options, timeZone: zone });
    }
    const format = (date: Date) => {
      const part = Object.fromEntries(parts.formatToParts(date).map(({ type, value }) => [type, value]));
      return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
    };
    found = { zone, format };
    dateFormats.set(id, found);
  }
  return found;
}

/**
 * The contacts as CSV records, after the header line unless `withHeader` is false (a later part of one file), for a
 * person and a spreadsheet rather than a program (the JSON export is the machine's): the column titles and status
 * words in `locale`, the dates as ISO 8601 in `timeZone` (UTC without one), the zone named in the date's title.
 * The import reads every language's titles and words back (and leaves the date out: a contact imported is added now).
 */
export function contactsToCsv(contacts: (ContactFields & { createdAt: Date })[], locale: Locale, withHeader = true, timeZone: string | null = null): string {
  const { name, email, phone, spiritualStatus, notes, source, tags, createdAt } = columnTitles;
  const dates = dateFormat(timeZone);
  const header = [name, email, phone, spiritualStatus, notes, source, tags].map((title) => translate(locale, title));
  header.push(`${translate(locale, createdAt)} (${dates.zone})`);
  // The file opens with a byte order mark, so spreadsheet apps read it as UTF-8 (accents, Arabic) instead of guessing.
  return (
    (withHeader ? BYTE_ORDER_MARK : '') +
    writeCsv([
      ...(withHeader ? [header] : []),
      ...contacts.map((c) => [
        c.name,
        c.email ?? '',
        c.phone ?? '',
        translate(locale, spiritualStatusLabels[c.spiritualStatus]),
        c.notes ?? '',
        c.source ?? '',
        // One column, the names apart by '; ' (a tag's name holds no ';').
        (c.tags ?? []).join('; '),
        dates.format(c.createdAt),
      ]),
    ])
  );
}
