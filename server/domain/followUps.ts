// A follow-up's row as every list, the calendar and the account's export read it.
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { contacts, followUps } from '../../db/schema';
import { readableContactName, type Who } from '../access';
import * as answers from '../schemas/answers';

export const followUpColumns = answers.followUpRow.columns;

/** A follow-up with its contact's name (when the reader may read the contact), as every list shows it. */
export const followUpListColumns = (who: Who) => answers.followUpRow.select({ contactName: readableContactName(who) });

export function selectFollowUps(db: Queryable, who: Who) {
  return db.select(followUpListColumns(who)).from(followUps).innerJoin(contacts, eq(contacts.id, followUps.contactId));
}

/** Follow-ups as a calendar writes them (server/formats/ics.ts): with a date-based series' anchor, for its RRULE. */
export const calendarFollowUpColumns = (who: Who) => ({ ...followUpListColumns(who), repeatAnchor: followUps.repeatAnchor });

export function selectCalendarFollowUps(db: Queryable, who: Who) {
  return db.select(calendarFollowUpColumns(who)).from(followUps).innerJoin(contacts, eq(contacts.id, followUps.contactId));
}
