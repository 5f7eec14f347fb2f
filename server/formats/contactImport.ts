// Import planning: a file's columns and words mapped onto Sower's contact fields in every language, and its rows
// validated into contacts to add, with the rows left out and the values it could not read. csv.ts and vcard.ts read
// a file into rows; the export's column titles and status words are the ones read here.
import { contactDateKindLabels, spiritualStatuses, spiritualStatusLabels, type SpiritualStatus } from '../../shared/vocabulary';
import { calendarDayParts, type FileContactDate } from '../../shared/contactDates';
import { fmt, locales, msg, sourceLocale, type Locale } from '../../shared/i18n';
import { foldText } from '../../shared/fold';
import { translate } from '../i18n';
import { contactCreateInput } from '../../shared/schemas/contacts';

/** The contact fields a file can carry, as exported and as recognised on import. */
export interface ContactFields {
  name: string;
  email: string | null;
  phone: string | null;
  spiritualStatus: SpiritualStatus;
  notes: string | null;
  /** Issue 50: how the user met the person, and the tags' names (a file from before them has neither). */
  source?: string | null;
  tags?: string[];
  /** Issue 50 §6: important dates (a vCard's BDAY and ANNIVERSARY); a file from before them has none. */
  dates?: FileContactDate[];
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

export type ColumnField = Exclude<keyof ContactFields, 'dates'> | 'firstName' | 'lastName';
/** A column Sower knows and leaves out: the creation date its own export writes (a contact imported is added now). */
type KnownColumn = ColumnField | 'createdAt';

/**
 * The column titles of an exported file, in English (also how the import knows them): an export writes them in the
 * user's language (contactsToCsv), words in every language, English included (issue 48), and the import knows them in
 * every language (columnWords).
 */
export const columnTitles = {
  name: msg('Name'),
  email: msg('Email'),
  phone: msg('Phone'),
  spiritualStatus: msg('Spiritual status'),
  notes: msg('Notes'),
  source: msg('How we met'),
  tags: msg('Tags'),
  createdAt: msg('Created'),
};

/**
 * The titles exports wrote before issue 48 (the code names in English, lower-case words in the other languages): kept
 * in the catalogues so that a file exported then, in any language, is still read.
 */
const earlierColumnTitles = {
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
      const words = order
        .flatMap((language) => byLocale[language])
        .filter((word) => {
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
  { value: 'name', translated: [columnTitles.name, earlierColumnTitles.name], english: ['full name', 'display name'] },
  { value: 'email', translated: [columnTitles.email, earlierColumnTitles.email], english: ['e-mail', 'email address', 'mail'] },
  {
    value: 'phone',
    translated: [columnTitles.phone, earlierColumnTitles.phone],
    english: ['telephone', 'phone number', 'tel', 'mobile', 'mobile phone'],
  },
  { value: 'spiritualStatus', translated: [columnTitles.spiritualStatus, earlierColumnTitles.spiritualStatus, msg('Status')], english: [] },
  { value: 'notes', translated: [columnTitles.notes, earlierColumnTitles.notes], english: ['note', 'comments'] },
  { value: 'source', translated: [columnTitles.source], english: ['source', 'met through'] },
  { value: 'tags', translated: [columnTitles.tags], english: ['labels', 'categories', 'groups'] },
  // A language whose word for 'First name' is its word for the name column ('Nombre') keeps that word for the name.
  { value: 'firstName', translated: [msg('First name')], english: ['given name'] },
  { value: 'lastName', translated: [msg('Last name')], english: ['family name', 'surname'] },
  { value: 'createdAt', translated: [columnTitles.createdAt, earlierColumnTitles.createdAt], english: ['created at'] },
]);

/** A column's title without a closing remark in parentheses ('phone (mobile)', the export's 'Created (UTC)'). */
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
export class Warnings {
  readonly shown: ImportWarning[] = [];
  readonly counts = { column: 0, status: 0 };
  add(warning: ImportWarning) {
    if (++this.counts[warning.kind] <= MAX_WARNINGS_PER_KIND) this.shown.push(warning);
  }
}

/** Which column holds each field; the first matching column wins, and every other column is warned about. */
export function columnsOf(header: string[], headerRow: number, warnings: Warnings): Partial<Record<ColumnField, number>> {
  const columns: Partial<Record<KnownColumn, number>> = {};
  header.forEach((title, index) => {
    const field = columnWords.read(withoutRemark(title));
    if (field !== undefined && columns[field] === undefined) columns[field] = index;
    else if (title.trim()) warnings.add({ kind: 'column', row: headerRow, column: index + 1, value: title.trim() });
  });
  return columns;
}

export interface RawContact {
  row: number;
  name?: string;
  email?: string;
  phone?: string;
  status?: string;
  notes?: string;
  source?: string;
  /** Tag names as the file lists them, `;` or `,` between them. */
  tags?: string;
  /** A vCard's BDAY and ANNIVERSARY, as written ('1990-05-01', '19900501', with a time or not). */
  birthday?: string;
  anniversary?: string;
}

/** A date a vCard writes ('1990-05-01', '19900501', either with a time after it) as a calendar day; one without a year or not a day, none. */
function fileDay(text: string | undefined): string | null {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})(?:T.*)?$/.exec(text?.trim() ?? '');
  const day = match ? `${match[1]}-${match[2]}-${match[3]}` : null;
  return day && calendarDayParts(day) ? day : null;
}

/** The dates of a card: its birthday and its baptism anniversary, yearly, each labelled as Sower labels their kind. */
function datesOfRaw(raw: RawContact): FileContactDate[] {
  const birthday = fileDay(raw.birthday);
  const anniversary = fileDay(raw.anniversary);
  return [
    ...(birthday ? [{ kind: 'birthday' as const, label: contactDateKindLabels.birthday, date: birthday, yearly: true }] : []),
    ...(anniversary ? [{ kind: 'baptism' as const, label: contactDateKindLabels.baptism, date: anniversary, yearly: true }] : []),
  ];
}

/** A file's list of tags ('Family; Campus', a vCard's 'Family,Campus'): each name once, blanks left out. */
export const tagNamesInFile = (text: string | undefined) => [...new Set((text ?? '').split(/[;,]/).map((name) => name.trim()))].filter(Boolean);

/** Validates one raw row with the same schema contacts.create uses, so an imported contact obeys the same rules. */
function toDraft(raw: RawContact): ContactDraft | ImportProblem {
  const parsed = contactCreateInput.safeParse({
    name: raw.name ?? '',
    email: raw.email,
    phone: raw.phone,
    spiritualStatus: statusFromText(raw.status),
    notes: raw.notes,
    source: raw.source,
    tags: tagNamesInFile(raw.tags),
  });
  if (!parsed.success) return { row: raw.row, reason: parsed.error.issues[0]?.message ?? msg('Invalid row') };
  const { name, email, phone, spiritualStatus, notes, source, tags } = parsed.data;
  // Only when the file says them: a row without either is the contact it always was.
  const dates = datesOfRaw(raw);
  return {
    row: raw.row,
    name,
    email,
    phone,
    spiritualStatus,
    notes,
    ...(source ? { source } : {}),
    ...(tags?.length ? { tags } : {}),
    ...(dates.length ? { dates } : {}),
  };
}

/** A status written in the row that no language's word names ('curious'): imported as unknown, and said. */
function unreadStatus(raw: RawContact, draft: ContactDraft): ImportWarning | undefined {
  const written = raw.status?.trim();
  return written && readStatus(written) === undefined ? { kind: 'status', row: draft.row, name: draft.name, value: written } : undefined;
}

const isBlank = (raw: RawContact) => ![raw.name, raw.email, raw.phone, raw.status, raw.notes, raw.source, raw.tags].some((v) => v?.trim());

const TOO_MANY_ROWS = fmt('Only {max} contacts can be imported at once; this row and the ones after it were left out', { max: MAX_IMPORT_ROWS });

/** Keeps blank rows out and caps the count: the rows to validate (a problem names the first row left out). */
function rowsToValidate(raws: RawContact[], problems: ImportProblem[]) {
  const filled = raws.filter((raw) => !isBlank(raw));
  if (filled.length > MAX_IMPORT_ROWS) problems.push({ row: filled[MAX_IMPORT_ROWS].row, reason: TOO_MANY_ROWS });
  return filled.slice(0, MAX_IMPORT_ROWS);
}

/** Rows validated between two event-loop turns: 500 take about 5 ms. */
const VALIDATE_SLICE = 500;

/** Splits the rows into valid drafts and problems; with `pause`, waits for it after every slice of rows. */
export async function draftsInTurns(file: RawFile, pause: () => Promise<void>): Promise<ImportRead> {
  const drafts: ContactDraft[] = [];
  const rows = rowsToValidate(file.raws, file.problems);
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % VALIDATE_SLICE === 0) await pause();
    sortRow(rows[i], drafts, file);
  }
  return readOf(file, drafts);
}

export function draftsOf(file: RawFile): ImportRead {
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

export interface RawFile {
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
