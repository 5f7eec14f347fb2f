// When a user last had contact with a person: one definition for the contact list (its 'Last contact' and its order),
// the contact's page and who needs attention (server/nudges/attention.ts), so that none of them says another thing.
import { sql, type SQL } from 'drizzle-orm';
import { activities, activityContacts, contacts, followUps } from '../../db/schema';
import { canRead, type Who } from '../access';
import { halfDay } from './calendarDays';

/**
 * When `who` last had contact with the person of the outer query's contacts row, among the rows `who` may read: their
 * latest activity dated up to today (a day's noon at most 12 h after `now`, calendarDays.ts), as its first person or
 * one of its other people (issue 50 §4), or completed follow-up, which counts when it was completed (a follow-up dated
 * in 2200 and completed today is a contact today; one completed before completed_at was kept counts by its date);
 * never later than `now`, and null when there is none. Each part reads only the person's own rows, through their
 * (contact, …, date) index; a person who is one of no activity's other people (their count, migration 0031) reads
 * no activity_contacts at all.
 */
export function lastContactAt(who: Who, now: SQL | number): SQL {
  return sql`min((select max(d) from (
    select max(${activities.date}) as d from ${activities} indexed by activities_contact_date_idx
      where ${activities.contactId} = ${contacts.id} and ${activities.date} <= ${now} + ${halfDay} and ${canRead(activities, who)}
    union all
    select case when ${contacts.alsoThereCount} > 0 then (select max(ac.date) from ${activityContacts} ac
      where ac.contact_id = ${contacts.id} and ac.date <= ${now} + ${halfDay}
        and exists (select 1 from ${activities} where ${activities.id} = ac.activity_id and ${canRead(activities, who)})) end
    union all
    select max(coalesce(${followUps.completedAt}, ${followUps.date})) from ${followUps} indexed by follow_ups_contact_date_idx
      where ${followUps.contactId} = ${contacts.id} and ${followUps.completed} = 1 and ${canRead(followUps, who)})), ${now})`;
}
