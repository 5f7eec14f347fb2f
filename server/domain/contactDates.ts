// A person's important dates (issue 50 §6): listed with the contact (whoever reads it), added and removed by whoever may
// change it (the caller checks the contact first), at most MAX_CONTACT_DATES each (the upcoming ones: nudges/upcomingDates.ts).
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { contactDates, contacts } from '../../db/schema';
import { fmt, msg } from '../../shared/i18n';
import { type FileContactDate, MAX_CONTACT_DATES } from '../../shared/contactDates';
import type { ContactDateKind } from '../../shared/vocabulary';
import { notFound } from '../access';
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
