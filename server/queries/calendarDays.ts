// Calendar days in SQL. Dates are stored at local noon (src/lib/dates.ts) and the server knows no time zone, so a
// day is "its noon ± 12 h": a date is in the past or today once it is at most 12 h ahead of now, wherever the user is.
import { sql } from 'drizzle-orm';

/** A day in ms. The daily tallies (migration 0003) file a row under the day `ms / DAY_MS`. */
export const DAY_MS = 86_400_000;
export const HALF_DAY_MS = DAY_MS / 2;
export const halfDay = sql.raw(String(HALF_DAY_MS));

/** Now, in ms as dates are stored, read when the statement runs. */
export const sqlNow = sql`cast(unixepoch('subsecond') * 1000 as integer)`;

/** The latest stored date that can be today somewhere: now + 12 h, in ms. */
export const latestToday = sql`(${sqlNow} + ${halfDay})`;
