// When a user's daily digest is due, in their own time zone: the next time the clock there shows their hour.
import { TZDate } from '@date-fns/tz';
import { addDays, format } from 'date-fns';

/** The day a moment falls on in a time zone, as YYYY-MM-DD. */
export function localDay(at: Date | number, timeZone: string): string {
  return format(new TZDate(typeof at === 'number' ? at : at.getTime(), timeZone), 'yyyy-MM-dd');
}

/**
 * The first moment strictly after `after` when the clock in `timeZone` shows `hour`:00. On a day the clocks skip that
 * hour (spring forward), the moment the skipped hour became: one hour later on the wall.
 */
export function nextDigestAt(after: Date | number, hour: number, timeZone: string): number {
  const start = new TZDate(typeof after === 'number' ? after : after.getTime(), timeZone);
  for (let offset = 0; offset <= 2; offset++) {
    const day = addDays(start, offset);
    const at = new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), hour, 0, 0, 0, timeZone);
    if (at.getTime() > start.getTime()) return at.getTime();
  }
  throw new Error('unreachable: a day has the hour within two days');
}
