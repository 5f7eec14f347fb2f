// When a repeating follow-up's next one falls (issue 16), in the user's own time zone: pure, so server, tests and ICS agree.
import { TZDate } from '@date-fns/tz';
import type { RepeatBasis, RepeatUnit } from './nudges';

/** How a follow-up repeats: every `every` days, weeks or months, counted from its date or from its completion. */
export interface Repeat {
  every: number;
  unit: RepeatUnit;
  from: RepeatBasis;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Days in a month (0-based month) of the proleptic Gregorian calendar. */
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month + 1, 0)).getUTCDate();

/** The wall-clock parts of a moment in a time zone. */
function wallClock(at: Date, timeZone: string) {
  const local = new TZDate(at.getTime(), timeZone);
  return {
    year: local.getFullYear(),
    month: local.getMonth(),
    day: local.getDate(),
    time: [local.getHours(), local.getMinutes(), local.getSeconds(), local.getMilliseconds()] as const,
  };
}

/**
 * A wall-clock time in a time zone as a moment. Days past the month's end roll into the next month (as Date does);
 * a time the clocks skip (spring forward) becomes the moment it would have been, an hour later on the wall.
 */
function moment(year: number, month: number, day: number, time: readonly [number, number, number, number], timeZone: string): Date {
  return new Date(new TZDate(year, month, day, ...time, timeZone).getTime());
}

/**
 * `count` intervals after `start`, keeping its wall-clock time in `timeZone` across daylight-saving changes. Months
 * clamp to the month's end (Jan 31 + 1 month = Feb 28 or 29); a series counts every instance from its anchor, so a
 * clamped month does not shorten the later ones (Jan 31 → Feb 28 → Mar 31).
 */
export function addInterval(start: Date, unit: RepeatUnit, count: number, timeZone: string): Date {
  const { year, month, day, time } = wallClock(start, timeZone);
  if (unit === 'month') {
    const target = month + count;
    const targetYear = year + Math.floor(target / 12);
    const targetMonth = ((target % 12) + 12) % 12;
    return moment(targetYear, targetMonth, Math.min(day, daysInMonth(targetYear, targetMonth)), time, timeZone);
  }
  return moment(year, month, day + count * (unit === 'week' ? 7 : 1), time, timeZone);
}

/** The `index`th instance (0 = the anchor itself) of a date-based series. */
export function occurrence(anchor: Date, every: number, unit: RepeatUnit, index: number, timeZone: string): Date {
  return addInterval(anchor, unit, index * every, timeZone);
}

/**
 * A date-based series' first instance strictly after `after`: the series' schedule is fixed by its anchor, so a
 * snoozed or moved instance does not shift the ones after it.
 */
export function nextOccurrence(anchor: Date, every: number, unit: RepeatUnit, after: Date, timeZone: string): Date {
  // An estimate of the index from the elapsed time, a little low, then step forward: a few steps at most.
  let index: number;
  if (unit === 'month') {
    const a = wallClock(anchor, timeZone);
    const b = wallClock(after, timeZone);
    index = Math.floor(((b.year - a.year) * 12 + (b.month - a.month)) / every) - 1;
  } else {
    index = Math.floor((after.getTime() - anchor.getTime()) / (every * (unit === 'week' ? 7 : 1) * DAY_MS)) - 1;
  }
  index = Math.max(0, index);
  let next = occurrence(anchor, every, unit, index, timeZone);
  while (next.getTime() <= after.getTime()) next = occurrence(anchor, every, unit, ++index, timeZone);
  return next;
}

/**
 * A completion-based series' next instance: the day the follow-up was completed (in the user's zone), at this one's
 * time of day, plus the interval.
 */
export function nextAfterCompletion(date: Date, completedAt: Date, every: number, unit: RepeatUnit, timeZone: string): Date {
  const done = wallClock(completedAt, timeZone);
  const { time } = wallClock(date, timeZone);
  return addInterval(moment(done.year, done.month, done.day, time, timeZone), unit, every, timeZone);
}

/** What a follow-up carries about its series, as stored (db/schema.ts followUps). */
export interface SeriesFields {
  date: Date;
  repeatEvery: number | null;
  repeatUnit: RepeatUnit | null;
  repeatFrom: RepeatBasis | null;
  repeatAnchor: Date | null;
}

/** The repeat of a stored follow-up, or null when it does not repeat. */
export function repeatOf(fields: Pick<SeriesFields, 'repeatEvery' | 'repeatUnit' | 'repeatFrom'>): Repeat | null {
  return fields.repeatEvery && fields.repeatUnit && fields.repeatFrom ? { every: fields.repeatEvery, unit: fields.repeatUnit, from: fields.repeatFrom } : null;
}

/** The date of the follow-up that comes after this one when it is completed at `completedAt`, or null when it does not repeat. */
export function nextDate(followUp: SeriesFields, completedAt: Date, timeZone: string): Date | null {
  const repeat = repeatOf(followUp);
  if (!repeat) return null;
  return repeat.from === 'completion'
    ? nextAfterCompletion(followUp.date, completedAt, repeat.every, repeat.unit, timeZone)
    : nextOccurrence(followUp.repeatAnchor ?? followUp.date, repeat.every, repeat.unit, followUp.date, timeZone);
}
