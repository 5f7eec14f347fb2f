// Calendar-day date helpers: relative labels, follow-up due badges, and <input type="date"> conversion.
// English keeps the spec's forms ('Mar 11, 2031'); another language gets its own from Intl, with its own digits.
import { addDays, addMonths, differenceInCalendarDays, format, isValid, set, startOfDay } from 'date-fns';
import { currentLocale, formattingLocale, t } from '../i18n';

export type DueBadgeTone = 'error' | 'warning' | 'success' | 'neutral';

// Noon rather than midnight: a day's noon stays on the same calendar day when the Date is viewed from any
// time zone within ±12 hours, and it never falls into a DST gap (those happen around midnight or 02:00).
function atLocalNoon(date: Date): Date {
  return set(date, { hours: 12, minutes: 0, seconds: 0, milliseconds: 0 });
}

export function activityDateLabel(date: Date, now: Date = new Date()): string {
  const daysAgo = differenceInCalendarDays(now, date);
  if (daysAgo === 0) return t('Today');
  if (daysAgo === 1) return t('Yesterday');
  // A future-dated activity would otherwise read "-2 days ago"; it gets its plain date instead.
  if (daysAgo > 1 && daysAgo < 7) return t('{days, plural, one {# day ago} other {# days ago}}', { days: daysAgo });
  return formatDay(date);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** Intl's formatter for a language and form, made once (making one costs far more than using it). */
function dayFormat(locale: string, form: 'day' | 'monthDay'): Intl.DateTimeFormat {
  const key = `${locale} ${form}`;
  let found = dayFormats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, form === 'day' ? { month: 'short', day: 'numeric', year: 'numeric' } : { month: 'short', day: 'numeric' });
    dayFormats.set(key, found);
  }
  return found;
}

/** A calendar date as the spec writes it everywhere a day is shown: 'Mar 11, 2031' (in English). */
export function formatDay(date: Date): string {
  return currentLocale() === 'en' ? format(date, 'MMM d, yyyy') : dayFormat(formattingLocale(), 'day').format(date);
}

/** A day without its year: 'Mar 11' (in English). */
export function formatMonthDay(date: Date): string {
  return currentLocale() === 'en' ? format(date, 'MMM d') : dayFormat(formattingLocale(), 'monthDay').format(date);
}

/** A day after tomorrow or later (an invalid date is not). */
export function isMoreThanADayAhead(date: Date, now: Date = new Date()): boolean {
  return isValid(date) && differenceInCalendarDays(date, now) > 1;
}

/** How late an overdue follow-up is, beside the spec's 'Overdue' badge. */
export function overdueBy(date: Date, now: Date = new Date()): string | null {
  const daysLate = differenceInCalendarDays(now, date);
  if (daysLate < 1) return null;
  return t('{days, plural, one {# day overdue} other {# days overdue}}', { days: daysLate });
}

export function followUpDueBadge(date: Date, now: Date = new Date()): { label: string; tone: DueBadgeTone } {
  const daysUntil = differenceInCalendarDays(date, now);
  if (daysUntil < 0) return { label: t('Overdue'), tone: 'error' };
  if (daysUntil === 0) return { label: t('Today'), tone: 'error' };
  if (daysUntil === 1) return { label: t('Tomorrow'), tone: 'warning' };
  if (daysUntil <= 3) return { label: t('{days, plural, one {In # day} other {In # days}}', { days: daysUntil }), tone: 'success' };
  return { label: formatMonthDay(date), tone: 'neutral' };
}

// A cleared date input yields an Invalid Date in form state; rendering it back must give an empty input,
// not throw from format() in the middle of a render.
export function toDateInputValue(date: Date): string {
  return isValid(date) ? format(date, 'yyyy-MM-dd') : '';
}

const DATE_INPUT_VALUE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function fromDateInputValue(value: string): Date {
  const match = DATE_INPUT_VALUE.exec(value);
  if (!match) return new Date(NaN);
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(2000, 0, 1, 12);
  // setFullYear, unlike the Date constructor, does not map years 0-99 onto 1900-1999.
  date.setFullYear(year, month - 1, day);
  // Date rolls 2026-02-30 over into March; a rolled-over day means the text named no real day.
  if (date.getMonth() !== month - 1 || date.getDate() !== day) return new Date(NaN);
  return date;
}

// Form defaults (follow-up 7 days ahead, goal deadline one month ahead) start from these.
export function addDaysFromToday(days: number, now: Date = new Date()): Date {
  return atLocalNoon(addDays(now, days));
}

// addMonths clamps to the month's last day, so Jan 31 + 1 month is Feb 28 rather than early March.
export function addMonthsFromToday(months: number, now: Date = new Date()): Date {
  return atLocalNoon(addMonths(now, months));
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** A moment with its day and time, as the reader's language writes them: 'Mar 11, 2031, 3:04 PM' in English. */
export function formatDateTime(date: Date): string {
  const locale = formattingLocale();
  let found = dateTimeFormats.get(locale);
  if (!found) {
    found = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    dateTimeFormats.set(locale, found);
  }
  return found.format(date);
}

/** A yyyy-MM-dd from the URL as the start of that local day, or undefined when it names no day. */
export function dayStart(value: string) {
  const date = fromDateInputValue(value);
  return Number.isNaN(date.getTime()) ? undefined : startOfDay(date);
}
