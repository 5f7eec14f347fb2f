// A person's important dates (issue 50 §6) as calendar days 'YYYY-MM-DD', free of zod and of the database so a screen
// and the server count them alike. A yearly 29 February falls on 28 February in a year that has none (as the calendar
// feed's RRULE BYMONTHDAY=-1 does).
import type { ContactDateKind } from './vocabulary';

/** The most important dates one person holds. */
export const MAX_CONTACT_DATES = 30;
/** The longest label of a date. */
export const CONTACT_DATE_LABEL_MAX = 60;
/** The bounds of the dashboard's "days ahead" (user_settings.dates_ahead_days). */
export const DATES_AHEAD_MAX = 60;
/** The days ahead of a user who chose none (db/schema.ts user_settings.dates_ahead_days). */
export const DATES_AHEAD_DEFAULT = 14;
/** The most upcoming dates the dashboard lists. */
export const UPCOMING_DATES_MAX = 20;

/** A date as a file carries it (the JSON export, a vCard). */
export interface FileContactDate {
  kind: ContactDateKind;
  label: string;
  date: string;
  yearly: boolean;
}

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

export const isLeapYear = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The parts of a calendar day written 'YYYY-MM-DD' when it exists (no 30 February, no 29 February in 2026), else null. */
export function calendarDayParts(text: string): { year: number; month: number; day: number } | null {
  const match = dayPattern.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return null;
  const days = [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days ? { year, month, day } : null;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
export const dayText = (year: number, month: number, day: number) => `${pad(year, 4)}-${pad(month)}-${pad(day)}`;

/** The day a yearly date falls on in `year`: its month and day, 28 February for 29 February in a year without one. */
export function yearlyDayIn(date: string, year: number): string {
  const { month, day } = calendarDayParts(date)!;
  return month === 2 && day === 29 && !isLeapYear(year) ? dayText(year, 2, 28) : dayText(year, month, day);
}

/** The next day on or after `today` a date falls on: its yearly day this year or next, or a once date itself (null when past). */
export function nextOccurrence(date: { date: string; yearly: boolean }, today: string): string | null {
  if (!date.yearly) return date.date >= today ? date.date : null;
  const year = Number(today.slice(0, 4));
  const thisYear = yearlyDayIn(date.date, year);
  return thisYear >= today ? thisYear : yearlyDayIn(date.date, year + 1);
}

/** Whole days from `from` to `to`, both 'YYYY-MM-DD'. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The day `days` after `from`, 'YYYY-MM-DD'. */
export function addDays(from: string, days: number): string {
  return new Date(Date.parse(`${from}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** How many years a yearly date counts on its occurrence `on` ("turns 30"), null for a once date or one not yet begun. */
export function yearsOn(date: { date: string; yearly: boolean }, on: string): number | null {
  if (!date.yearly) return null;
  const years = Number(on.slice(0, 4)) - Number(date.date.slice(0, 4));
  return years > 0 ? years : null;
}

/** Today as 'YYYY-MM-DD' in the runtime's own time zone (a browser's). */
export function localToday(now = new Date()): string {
  return dayText(now.getFullYear(), now.getMonth() + 1, now.getDate());
}
