// The dashboard's and the digest's upcoming important dates (issue 50 §6): of the contacts a reader may read, not
// archived, falling from one day to some days later.
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { contactDates, contacts } from '../../db/schema';
import { addDays, daysBetween, isLeapYear, nextOccurrence, UPCOMING_DATES_MAX, yearsOn } from '../../shared/contactDates';
import { canRead, type Who } from '../access';
import { notArchived } from '../queries/archive';

/**
 * The month-days ('MM-DD') from `today` to `daysAhead` days later, with 29 February on a 28 February of a year that
 * has none (a yearly 29 February falls there). At most 62 values, whatever the account holds.
 */
function monthDaysAhead(today: string, daysAhead: number) {
  const days = new Set<string>();
  for (let i = 0; i <= daysAhead; i++) {
    const day = addDays(today, i);
    days.add(day.slice(5));
    if (day.slice(5) === '02-28' && !isLeapYear(Number(day.slice(0, 4)))) days.add('02-29');
  }
  return [...days];
}

/**
 * The dates of the contacts the reader may read, not archived, falling from `today` to `daysAhead` days later, soonest
 * first, at most UPCOMING_DATES_MAX: yearly ones by month and day, once ones by the day itself.
 */
export async function upcomingDates(db: Queryable, who: Who, today: string, daysAhead: number) {
  const last = addDays(today, daysAhead);
  const monthDays = monthDaysAhead(today, daysAhead);
  const rows = await db
    .select({
      // A date as contacts.dates answers it (schemas/answers.ts contactDateRow), with its person.
      id: contactDates.id,
      kind: contactDates.kind,
      label: contactDates.label,
      date: contactDates.date,
      yearly: contactDates.yearly,
      contactId: contacts.id,
      name: contacts.name,
    })
    .from(contactDates)
    .innerJoin(contacts, eq(contacts.id, contactDates.contactId))
    .where(
      and(
        canRead(contacts, who),
        notArchived,
        sql`((${contactDates.yearly} = 1 and substr(${contactDates.date}, 6) in (${sql.join(
          monthDays.map((day) => sql`${day}`),
          sql`, `,
        )})) or (${contactDates.yearly} = 0 and ${contactDates.date} between ${today} and ${last}))`,
      ),
    );
  return rows
    .map(({ contactId, name, ...date }) => {
      const on = nextOccurrence(date, today)!;
      return { ...date, contact: { id: contactId, name }, on, inDays: daysBetween(today, on), years: yearsOn(date, on) };
    })
    .filter((item) => item.inDays <= daysAhead)
    .sort((a, b) => a.inDays - b.inDays || a.contact.name.localeCompare(b.contact.name) || a.id - b.id)
    .slice(0, UPCOMING_DATES_MAX);
}
