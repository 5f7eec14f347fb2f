// A person's important dates (issue 50 §6): listed with the contact (whoever reads it), added and removed by whoever may
// change it (the caller checks the contact first), at most MAX_CONTACT_DATES each; and the dashboard's upcoming ones.
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { contactDates, contacts } from '../../db/schema';
import { fmt, msg } from '../../shared/i18n';
import {
  addDays,
  daysBetween,
  type FileContactDate,
  isLeapYear,
  MAX_CONTACT_DATES,
  nextOccurrence,
  UPCOMING_DATES_MAX,
  yearsOn,
} from '../../shared/contactDates';
import type { ContactDateKind } from '../../shared/vocabulary';
import { canRead, notFound, type Who } from '../access';
import { fieldInvalid } from '../errors';
import * as answers from '../schemas/answers';
import { decoded } from '../queries/rows';

export const CONTACT_DATE_NOT_FOUND = msg('Date not found');
const TOO_MANY = fmt('At most {max} dates for one person', { max: MAX_CONTACT_DATES });

/** A contact's dates by day of the year, then label. */
export async function datesOf(db: Queryable, contactId: number) {
  return db
    .select(answers.contactDateRow.columns)
    .from(contactDates)
    .where(eq(contactDates.contactId, contactId))
    .orderBy(sql`substr(${contactDates.date}, 6)`, asc(contactDates.label), asc(contactDates.id))
    .limit(MAX_CONTACT_DATES);
}

/** Adds a date to a contact the caller may change (checked by the caller, in the same write); past the cap is a 400. */
export async function addContactDate(tx: Tx, contactId: number, userId: number, date: { label: string; date: string; yearly: boolean; kind: ContactDateKind }) {
  const [{ n }] = await tx.select({ n: count() }).from(contactDates).where(eq(contactDates.contactId, contactId));
  if (n >= MAX_CONTACT_DATES) throw fieldInvalid({ field: 'date', message: TOO_MANY });
  await tx.insert(contactDates).values({ contactId, createdBy: userId, ...date });
}

/** Removes one of the contact's dates; 404 for a date of another contact. */
export async function removeContactDate(tx: Tx, contactId: number, dateId: number) {
  const removed = await tx
    .delete(contactDates)
    .where(and(eq(contactDates.id, dateId), eq(contactDates.contactId, contactId)))
    .returning({ id: contactDates.id });
  if (!removed.length) throw notFound(CONTACT_DATE_NOT_FOUND);
}

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
    .select({ ...answers.contactDateRow.columns, contactId: contacts.id, name: contacts.name })
    .from(contactDates)
    .innerJoin(contacts, eq(contacts.id, contactDates.contactId))
    .where(
      and(
        canRead(contacts, who),
        sql`${contacts.archivedAt} is null`,
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

/** The outer query's contact's dates, as one JSON value decoded (for the exports: at most MAX_CONTACT_DATES each). */
export const contactDatesColumn = decoded(
  sql`${sql`(select json_group_array(json_object('kind', ${contactDates.kind}, 'label', ${contactDates.label}, 'date', ${contactDates.date},
    'yearly', ${contactDates.yearly})) from ${contactDates} where ${contactDates.contactId} = ${contacts.id})`}`,
  (value) => (JSON.parse(String(value ?? '[]')) as FileContactDate[]).map((date) => ({ ...date, yearly: Boolean(date.yearly) })),
);

/** Adds the dates a file brought to contacts just created (each contact's first MAX_CONTACT_DATES), one statement per 500. */
export async function insertFileDates(tx: Tx, userId: number, rows: { contactId: number; dates: FileContactDate[] }[]) {
  const values = rows.flatMap(({ contactId, dates }) => dates.slice(0, MAX_CONTACT_DATES).map((date) => ({ ...date, contactId, createdBy: userId })));
  for (let start = 0; start < values.length; start += 500) await tx.insert(contactDates).values(values.slice(start, start + 500));
}
