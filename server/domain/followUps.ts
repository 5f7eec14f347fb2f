// A follow-up's row as every list, the calendar and the account's export read it.
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { contacts, followUps } from '../../db/schema';
import { readableContactName, type Who } from '../access';

export const followUpColumns = {
  id: followUps.id,
  contactId: followUps.contactId,
  date: followUps.date,
  description: followUps.description,
  type: followUps.type,
  completed: followUps.completed,
  completedAt: followUps.completedAt,
  createdAt: followUps.createdAt,
  teamId: followUps.teamId,
  createdBy: followUps.createdBy,
  repeatEvery: followUps.repeatEvery,
  repeatUnit: followUps.repeatUnit,
  repeatFrom: followUps.repeatFrom,
  seriesId: followUps.seriesId,
};

/** A follow-up with its contact's name (when the reader may read the contact), as every list shows it. */
export const followUpListColumns = (who: Who) => ({ ...followUpColumns, contactName: readableContactName(who) });

export function selectFollowUps(db: Queryable, who: Who) {
  return db.select(followUpListColumns(who)).from(followUps).innerJoin(contacts, eq(contacts.id, followUps.contactId));
}

/** Follow-ups as a calendar writes them (server/formats/ics.ts): with a date-based series' anchor, for its RRULE. */
export function selectCalendarFollowUps(db: Queryable, who: Who) {
  return db
    .select({ ...followUpListColumns(who), repeatAnchor: followUps.repeatAnchor })
    .from(followUps)
    .innerJoin(contacts, eq(contacts.id, followUps.contactId));
}
