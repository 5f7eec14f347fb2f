// Week boundaries in a zone for the weekly charts: the browser's own (dashboard), or the zone a team page asks in (a TZDate `now`, server).
import { addWeeks, startOfWeek } from 'date-fns';

/** Weeks start on Monday (ISO 8601), so a weekend's conversations land in the week they end. */
export const WEEK_STARTS_ON = 1;

/**
 * The start of each of the last `weeks` weeks (the current one last) and the start of next week: `weeks + 1`
 * local midnights. addWeeks moves by calendar days, so a week across a daylight-saving change is 167 or 169 hours.
 */
export function weekBoundaries(weeks: number, now: Date = new Date()): Date[] {
  const current = startOfWeek(now, { weekStartsOn: WEEK_STARTS_ON });
  return Array.from({ length: weeks + 1 }, (_, i) => addWeeks(current, i - weeks + 1));
}
