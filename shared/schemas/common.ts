// Building blocks shared by the entity schemas: ids, dates, bounded texts, paging.
import { z } from 'zod';
import { fmt, msg } from '../i18n';
import { isTimeZone } from '../timeZone';

export { LIMITS } from './limits';

export const id = z.coerce
  .number({ error: msg('Invalid id') })
  .int(msg('Invalid id'))
  .positive(msg('Invalid id'))
  .max(Number.MAX_SAFE_INTEGER, msg('Invalid id'));

export const idInput = z.strictObject({ id });

/**
 * An update's `contactId` for a follow-up or prayer request: SPEC §"API" has the client send the whole record back, its
 * contact too, so the unchanged one is taken; another is refused (CONTACT_STAYS), never ignored (issue 47).
 */
export const sameContactId = id.optional();
export const CONTACT_STAYS = msg('A follow-up or prayer request stays with its contact: add a new one for the other contact');

/**
 * Control characters but tab, line feed and carriage return (C0, DEL, C1). SQLite ends a text at NUL when reading it,
 * so 'a\u0000b' would be stored whole and read back as 'a'; the others have no place in what people write.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
/** Half of a surrogate pair without its other half: not a character at all (JSON can carry one). */
const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Text a person could have typed: no control characters but tab and line breaks, no unpaired surrogate halves. */
export function isPlainText(text: string) {
  return !controlCharacters.test(text) && !loneSurrogate.test(text);
}

/** The refusal of a field's text with control characters; `label` is a marked text (msg('Notes')), fixed at load. */
export const notPlainText = (label: string) => fmt('{label} contains characters that are not allowed', { label });

/** The template of notPlainText, for a refusal worded per request (server/trpc.ts translates it there). */
export const NOT_PLAIN_TEXT = msg('{label} contains characters that are not allowed');

/** The refusal of a field that has no label of its own below (a key the schemas do not know, an item of a list). */
export const FIELD_NOT_PLAIN_TEXT = msg('This field contains characters that are not allowed');

/**
 * The labels of the text fields people type, by input key, for a refusal worded before the schema has read the input
 * (server/trpc.ts). A closed table: a key that comes with a request is looked up here and nowhere else, so no key
 * ('__proto__', 'toString', a catalogue message) is ever taken for a message id.
 */
export const fieldLabels: ReadonlyMap<string, string> = new Map([
  ['name', msg('Name')],
  ['contactName', msg('Contact name')],
  ['email', msg('Email')],
  ['phone', msg('Phone')],
  ['notes', msg('Notes')],
  ['description', msg('Description')],
  ['title', msg('Title')],
  ['request', msg('Prayer request')],
  ['answerNotes', msg('Answer notes')],
  ['username', msg('Username')],
  ['firstName', msg('First name')],
  ['lastName', msg('Last name')],
  ['q', msg('Search')],
]);

/** A field's length cap; `label` is a marked text (msg('Notes')). */
const tooLongText = (label: string, max: number) => fmt('{label} must be at most {max} characters', { label, max });

/**
 * A required text, trimmed, with the spec's message when empty and a length cap. `message` and `label` are marked
 * texts (msg('Name is required'), msg('Name')), translated where the error reaches the reader.
 */
export function requiredText(message: string, max: number, label: string) {
  return z.string({ error: message }).trim().min(1, message).max(max, tooLongText(label, max)).refine(isPlainText, notPlainText(label));
}

/** An optional text: empty becomes null, so clearing a field in a form clears it in the database. `label` is marked (msg()). */
export function optionalText(max: number, label: string) {
  return z
    .string()
    .trim()
    .max(max, tooLongText(label, max))
    .refine(isPlainText, notPlainText(label))
    .nullish()
    .transform((v) => (v ? v : null));
}

/**
 * The dates Sower keeps: from 1900 to the end of 2200. Beyond, a calendar feed would write a year of more than four
 * digits (RFC 5545 allows four) and a date picker cannot show it.
 */
export const EARLIEST_DATE = new Date(Date.UTC(1900, 0, 1));
export const LATEST_DATE = new Date(Date.UTC(2201, 0, 1) - 1);

const INVALID_DATE = msg('Invalid date format');

/**
 * Accepts a Date (tRPC/superjson) or an ISO 8601 string (REST) from 1900 to 2200; anything else is 'Invalid date
 * format'.
 */
export function dateInput(requiredMessage: string = msg('Date is required')) {
  return z
    .union([z.date(), z.string().trim().min(1, requiredMessage)], {
      error: (iss) => (iss.input === undefined || iss.input === null ? requiredMessage : INVALID_DATE),
    })
    .transform((value, ctx) => {
      const date = typeof value === 'string' ? parseIsoDate(value) : value;
      if (!date || Number.isNaN(date.getTime()) || date < EARLIEST_DATE || date > LATEST_DATE) {
        ctx.addIssue({ code: 'custom', message: INVALID_DATE });
        return z.NEVER;
      }
      return date;
    });
}

const isoDate = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

function parseIsoDate(text: string): Date | null {
  if (!isoDate.test(text)) return null;
  // Date rolls 2031-02-30 over into March; a day that does not exist in its month is not a date.
  const [year, month, day] = text.slice(0, 10).split('-').map(Number);
  const calendarDay = new Date(Date.UTC(year, month - 1, day));
  if (calendarDay.getUTCMonth() !== month - 1 || calendarDay.getUTCDate() !== day) return null;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

export const teamIdInput = id.nullish().transform((v) => v ?? null);

/**
 * A list's "Mine / team X" filter (issue 30): 'mine' for the caller's personal rows, a team's id for that team's rows
 * (none unless the caller is in the team); without it, every row the caller may read.
 */
const TEAM_FILTER = msg("Team must be 'mine' or a team's id");
export const teamFilter = z
  .union([z.literal('mine'), z.coerce.number({ error: TEAM_FILTER }).int(TEAM_FILTER).positive(TEAM_FILTER).max(Number.MAX_SAFE_INTEGER, TEAM_FILTER)], {
    error: TEAM_FILTER,
  })
  .optional();

/** A boolean from tRPC (true/false) or a REST query string ('true'/'false'). */
export const booleanFlag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')], {
  error: msg('Must be true or false'),
});

/** How many rows one answer may hold, 1 to `max`, with one set of messages for every list, page and search. */
export function limitField(max: number) {
  return z.coerce
    .number({ error: msg('Limit must be a number') })
    .int(msg('Limit must be a whole number'))
    .min(1, msg('Limit must be at least 1'))
    .max(max, fmt('Limit must be at most {max}', { max }));
}

/** The largest page a list answers; whole REST lists are also read in pages of this size. */
export const MAX_PAGE_ROWS = 1000;

/**
 * Keyset paging for lists: one page of `limit` rows (the largest page without it), the next starting after `cursor`,
 * the id of the last row the caller received. A REST list without a limit is every row, sent a page at a time.
 */
export const pageFields = {
  limit: limitField(MAX_PAGE_ROWS).optional(),
  cursor: id.optional(),
};

/** An IANA time zone name ('Europe/Paris'), as the reminder settings store it and the client sends its own. */
export const timeZoneName = () =>
  z
    .string({ error: msg('Time zone must be a time zone name such as Europe/Paris') })
    .refine(isTimeZone, msg('Time zone must be a time zone name such as Europe/Paris'));

/**
 * The browser's IANA time zone, where the user's days are (a repeating follow-up's next date, the day of a status
 * change); without it the user's saved zone, else UTC.
 */
export const timeZoneInput = timeZoneName().optional();

/**
 * Chosen by the client's offline outbox (decisions 006, 027); a replay with the same key answers the first result again.
 * Over REST the Idempotency-Key header is the same field.
 */
export const idempotencyKeyInput = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,100}$/, msg('Idempotency key must be 8 to 100 letters, digits, - or _'))
  .optional();
