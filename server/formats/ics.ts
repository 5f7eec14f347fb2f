// Writes follow-ups as iCalendar (RFC 5545): the private feed and the single-event "Add to calendar" file.
import { followUpCalendarWords, HIDDEN_CONTACT_NAME, type FollowUpType } from '../../shared/vocabulary';
import { msg, type Locale } from '../../shared/i18n';
import { nextOccurrence, repeatOf, type Repeat } from '../../shared/recurrence';
import type { RepeatBasis, RepeatUnit } from '../../shared/nudges';
import { translate } from '../i18n';
import { TZDate } from '@date-fns/tz';

/** What a follow-up must carry to become a calendar event. */
export interface CalendarFollowUp {
  id: number;
  date: Date;
  type: FollowUpType;
  description: string;
  /** Null where the reader may not read the contact (server/access.ts readableContactName). */
  contactName: string | null;
  /** A repeating one's series (db/schema.ts followUps); left out or null for one that does not repeat. */
  repeatEvery?: number | null;
  repeatUnit?: RepeatUnit | null;
  repeatFrom?: RepeatBasis | null;
  repeatAnchor?: Date | null;
  /** A completed one is only itself: its series goes on in its next one. */
  completed?: boolean;
}

/** The name a subscribed feed shows in calendar apps (in English; the feed writes it in its owner's language). */
export const FEED_NAME = msg('Sower follow-ups');

const CRLF = '\r\n';
const MAX_LINE_OCTETS = 75;

/**
 * A positive offset from an all-day event's start (local midnight of that day, in the subscriber's own zone):
 * 09:00 on the day itself. Apple Calendar writes exactly this for its "On day of event (9 AM)" alert; a negative
 * trigger such as -PT9H would fire at 15:00 the day before.
 */
export const REMINDER_TRIGGER = 'PT9H';

/** TEXT escaping (RFC 5545 §3.3.11): backslash, semicolon, comma, newlines as \n; other control characters dropped. */
export function escapeText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

/**
 * Folds one content line (RFC 5545 §3.1): no physical line longer than 75 octets of UTF-8, breaks only between
 * characters (never inside a multi-byte sequence), each continuation starting with one space that counts
 * toward its 75 octets.
 */
export function foldLine(line: string): string {
  // Most lines are short: 75 UTF-16 units are at most 75 octets only when every unit is ASCII; a quick count decides.
  if (line.length <= MAX_LINE_OCTETS / 3 || (line.length <= MAX_LINE_OCTETS && Buffer.byteLength(line, 'utf8') <= MAX_LINE_OCTETS)) return line;
  const lines: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    if (octets + size > MAX_LINE_OCTETS) {
      lines.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join(CRLF);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A UTC date-time, as DTSTAMP needs it: YYYYMMDDTHHMMSSZ. */
export function utcStamp(instant: Date): string {
  return (
    `${pad(instant.getUTCFullYear(), 4)}${pad(instant.getUTCMonth() + 1)}${pad(instant.getUTCDate())}` +
    `T${pad(instant.getUTCHours())}${pad(instant.getUTCMinutes())}${pad(instant.getUTCSeconds())}Z`
  );
}

/**
 * The calendar day a follow-up is on, as a DATE value (YYYYMMDD), `daysLater` days on: the day the instant falls on
 * in `timeZone`, the reader's zone (the browser's for a downloaded file, the saved one for the feed), where Sower
 * shows them the same day.
 *
 * The client stores a follow-up's day as local noon of the chosen day. Without a zone the UTC date is taken: noon
 * from UTC-11 to UTC+12 is between 00:00 and 23:00 UTC of that same day, so it is right there; only UTC-12 and
 * UTC+13/+14 need the zone (noon in Kiritimati is 22:00 UTC the day before, the same instant as noon in Honolulu
 * that day, so the instant alone cannot tell). A DATE value is "floating": every subscriber sees the same day
 * wherever they are.
 */
export function calendarDate(instant: Date, daysLater = 0, timeZone?: string): string {
  const { year, month, day } = dayParts(instant, timeZone);
  const date = new Date(Date.UTC(year, month, day + daysLater));
  return `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}`;
}

/** The year, month (0-based) and day of an instant in a time zone, or in UTC without one. */
function dayParts(instant: Date, timeZone?: string) {
  if (!timeZone) return { year: instant.getUTCFullYear(), month: instant.getUTCMonth(), day: instant.getUTCDate() };
  const local = new TZDate(instant.getTime(), timeZone);
  return { year: local.getFullYear(), month: local.getMonth(), day: local.getDate() };
}

/** An event's title in the language: what kind of follow-up, and with whom ('Phone call: Maria'). */
export function followUpSummary(followUp: Pick<CalendarFollowUp, 'type' | 'contactName'>, locale: Locale): string {
  return translate(locale, '{type}: {name}', {
    type: translate(locale, followUpCalendarWords[followUp.type]),
    name: followUp.contactName ?? translate(locale, HIDDEN_CONTACT_NAME),
  });
}

/** Stable across feed refreshes and downloads, so calendars update the event instead of adding a copy. */
export const followUpUid = (id: number) => `followup-${id}@sower`;

const FREQUENCIES: Record<RepeatUnit, string> = { day: 'DAILY', week: 'WEEKLY', month: 'MONTHLY' };

/**
 * The RRULE of a date-based series from one of its instances on. Months from a day after the 28th take the last of
 * the days 28 up to the anchor's day that the month has (BYSETPOS=-1), so Feb gets its last day, as Sower's own
 * recurrence does (shared/recurrence.ts), and the later months their anchor day again.
 */
export function repeatRule(repeat: Repeat, anchor: Date, timeZone?: string): string {
  const rule = `RRULE:FREQ=${FREQUENCIES[repeat.unit]};INTERVAL=${repeat.every}`;
  const anchorDay = dayParts(anchor, timeZone).day;
  if (repeat.unit !== 'month' || anchorDay <= 28) return rule;
  const days = Array.from({ length: anchorDay - 27 }, (_, i) => 28 + i).join(',');
  return `${rule};BYMONTHDAY=${days};BYSETPOS=-1`;
}

const HALF_DAY_MS = 12 * 60 * 60 * 1000;

/**
 * A pending follow-up's events: itself, with an RRULE when it is an instance of a date-based series on the series'
 * schedule, so calendars show the dates to come. A snoozed instance (off the schedule) is one event, and the
 * schedule goes on in a second event from the series' next date after it, as Sower will schedule it. A
 * completion-based series has no dates to come until it is completed: only its next instance.
 *
 * Days are compared as calendar days in the reader's zone (calendarDate's note), as Sower counts the series there;
 * without one in UTC, which counts the same days, weeks and month days wherever local noon falls on that UTC day.
 */
function followUpEvents(followUp: CalendarFollowUp, context: EventContext): string[] {
  const repeat = repeatOf({ repeatEvery: followUp.repeatEvery ?? null, repeatUnit: followUp.repeatUnit ?? null, repeatFrom: followUp.repeatFrom ?? null });
  if (!repeat || repeat.from !== 'date' || followUp.completed) return followUpEvent(followUp, context);
  const zone = context.timeZone ?? 'UTC';
  const anchor = followUp.repeatAnchor ?? followUp.date;
  const onSchedule = nextOccurrence(anchor, repeat.every, repeat.unit, new Date(followUp.date.getTime() - HALF_DAY_MS), zone);
  const rule = repeatRule(repeat, anchor, context.timeZone);
  if (calendarDate(onSchedule, 0, context.timeZone) === calendarDate(followUp.date, 0, context.timeZone)) return followUpEvent(followUp, context, { rule });
  const later = nextOccurrence(anchor, repeat.every, repeat.unit, followUp.date, zone);
  return [...followUpEvent(followUp, context), ...followUpEvent({ ...followUp, date: later }, context, { rule, uid: `followup-${followUp.id}-later@sower` })];
}

/** What every event of one calendar shares: its stamp, its language, and the zone its days are counted in. */
interface EventContext {
  stamp: string;
  locale: Locale;
  timeZone?: string;
}

function followUpEvent(followUp: CalendarFollowUp, { stamp, locale, timeZone }: EventContext, extra: { rule?: string; uid?: string } = {}): string[] {
  const summary = escapeText(followUpSummary(followUp, locale));
  return [
    'BEGIN:VEVENT',
    `UID:${extra.uid ?? followUpUid(followUp.id)}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${calendarDate(followUp.date, 0, timeZone)}`,
    `DTEND;VALUE=DATE:${calendarDate(followUp.date, 1, timeZone)}`,
    ...(extra.rule ? [extra.rule] : []),
    `SUMMARY:${summary}`,
    `DESCRIPTION:${escapeText(followUp.description)}`,
    'STATUS:CONFIRMED',
    // All-day reminders should not mark the whole day busy.
    'TRANSP:TRANSPARENT',
    'BEGIN:VALARM',
    'ACTION:DISPLAY',
    `TRIGGER:${REMINDER_TRIGGER}`,
    `DESCRIPTION:${summary}`,
    'END:VALARM',
    'END:VEVENT',
  ];
}

export interface CalendarOptions {
  /** When the calendar was produced (DTSTAMP of every event). */
  now: Date;
  /** The language of the events' titles and of the calendar's name. */
  locale: Locale;
  /**
   * X-WR-CALNAME: the name a subscribed feed shows, an English text marked with msg() (FEED_NAME), written in
   * `locale`. Left out of a single-event file, so importing it adds the event to a calendar the user picks instead
   * of suggesting a new calendar.
   */
  name?: string;
  /** X-WR-CALDESC, already in `locale`: what the calendar holds (the feed says how far it reaches). */
  description?: string;
  /** The IANA zone whose days the events are on: the reader's saved one (calendarDate); UTC days without it. */
  timeZone?: string;
}

/**
 * RFC 5545 dates have four-digit years. Inputs are held to 1900-2200 (schemas/common.ts); a row stored before that
 * rule with a year outside 0001-9998 is left out of a calendar rather than written as an invalid date.
 */
function writableYear(date: Date) {
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9998;
}

const linesText = (lines: string[]) => (lines.length ? lines.map(foldLine).join(CRLF) + CRLF : '');

/** A calendar's opening lines, up to its first event: its name and description, when given, in `locale`. */
export function calendarStart({ locale, name, description }: CalendarOptions): string {
  return linesText([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Sower//Sower//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...(name ? [`X-WR-CALNAME:${escapeText(translate(locale, name))}`] : []),
    ...(description ? [`X-WR-CALDESC:${escapeText(description)}`] : []),
  ]);
}

/** The events of some follow-ups (those with a writable year), folded, each line ending in CRLF. */
export function calendarEvents(followUps: CalendarFollowUp[], { now, locale, timeZone }: Pick<CalendarOptions, 'now' | 'locale' | 'timeZone'>): string {
  const context = { stamp: utcStamp(now), locale, timeZone };
  return linesText(followUps.filter((followUp) => writableYear(followUp.date)).flatMap((followUp) => followUpEvents(followUp, context)));
}

/** A note on a day of the calendar, as an all-day event of its own (the feed's "more in Sower"). */
export function noteEvent(uid: string, day: Date, summary: string, description: string, now: Date, timeZone?: string): string {
  return linesText([
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `DTSTAMP:${utcStamp(now)}`,
    `DTSTART;VALUE=DATE:${calendarDate(day, 0, timeZone)}`,
    `DTEND;VALUE=DATE:${calendarDate(day, 1, timeZone)}`,
    `SUMMARY:${escapeText(summary)}`,
    `DESCRIPTION:${escapeText(description)}`,
    'TRANSP:TRANSPARENT',
    'END:VEVENT',
  ]);
}

/** A person's important date as the calendar writes it (issue 50 §6): `date` a calendar day 'YYYY-MM-DD'. */
export interface CalendarContactDate {
  id: number;
  label: string;
  date: string;
  yearly: boolean;
  /** Null in discreet mode: the event then names no one. */
  contactName: string | null;
}

/**
 * Important dates as all-day events: a yearly one from its first day with RRULE:FREQ=YEARLY (a 29 February as the last
 * day of every February, BYMONTHDAY=-1, so it falls on the 28th in other years), a once one on its day alone.
 */
export function contactDateEvents(dates: CalendarContactDate[], now: Date): string {
  const stamp = utcStamp(now);
  return linesText(
    dates.flatMap((date) => {
      const day = date.date.replaceAll('-', '');
      const next = new Date(Date.parse(`${date.date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');
      const rule = !date.yearly ? [] : date.date.endsWith('-02-29') ? ['RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1'] : ['RRULE:FREQ=YEARLY'];
      return [
        'BEGIN:VEVENT',
        `UID:date-${date.id}@sower`,
        `DTSTAMP:${stamp}`,
        `DTSTART;VALUE=DATE:${day}`,
        `DTEND;VALUE=DATE:${next}`,
        ...rule,
        `SUMMARY:${escapeText(date.contactName === null ? date.label : `${date.label}: ${date.contactName}`)}`,
        'TRANSP:TRANSPARENT',
        'END:VEVENT',
      ];
    }),
  );
}

export const CALENDAR_END = `END:VCALENDAR${CRLF}`;

/** A whole VCALENDAR object of the given follow-ups (those with a writable year), CRLF line endings, every line folded. */
export function followUpsCalendar(followUps: CalendarFollowUp[], options: CalendarOptions): string {
  return calendarStart(options) + calendarEvents(followUps, options) + CALENDAR_END;
}
