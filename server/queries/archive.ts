// Issue 50 §7: an archived contact leaves the lists, the nudges, Pray today, the calendar, the upcoming dates and the
// quick search unless they are asked for: one condition says it for all of them.
import { sql, type SQL } from 'drizzle-orm';
import { contacts } from '../../db/schema';

/** The query's contacts row is not archived (in a left join, no contact at all passes too). */
export const notArchived: SQL = sql`${contacts.archivedAt} is null`;

/** The archived contacts when asked for, else those not archived. */
export const archivedOrNot = (archived: boolean | undefined): SQL => (archived ? sql`${contacts.archivedAt} is not null` : notArchived);
