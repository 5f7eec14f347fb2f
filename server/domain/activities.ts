// An activity's row with its contact's name, and the paged list of them, as the activities page, the dashboard and
// the account's export read them.
import { eq, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Placeholder } from 'drizzle-orm';
import { activities, activityContacts, contacts } from '../../db/schema';
import type { activityListInput } from '../../shared/schemas/activities';
import { canRead, readableContactName, type Who } from '../access';
import { decoded } from '../queries/rows';
import { definePagedList } from '../queries/paging';
import * as answers from '../schemas/answers';

/**
 * The activities about a person (issue 50 §4): those they are the first person of (one seek of the (contact, date)
 * index) and those they are one of the other people of (one seek of activity_contacts' (contact, date) index).
 */
export function aboutPerson(contactId: number | Placeholder): SQL {
  return or(
    eq(activities.contactId, contactId),
    sql`${activities.id} in (select ac.activity_id from ${activityContacts} ac where ac.contact_id = ${contactId})`,
  )!;
}

// Wrapped in an sql`` of their own, as the contact's columns are (domain/contacts.ts): inside these subqueries
// "contacts" is the subquery's own table, the other person; outside them the outer query's, the first person.
/** Whether the activity has other people at all: its own count (migration 0031), so one of one person seeks nothing more. */
const hasOthers = sql`${activities.othersCount} > 0`;

/**
 * Every person of the activity the reader may read, as the export carries them: the first person, then the others by
 * id. An activity of one person answers its first person's id alone (0 when unreadable, read as
 * none: never null, which drizzle hands to no decoder), with no JSON built or parsed. The answers derive the same list
 * from `contactName` and `others` instead (withContactIds): a subquery less to prepare on every list read.
 */
const contactIds = (who: Who) =>
  decoded(
    sql`${sql`case when ${hasOthers} then (select json_group_array(id order by n, id) from (select ${activities.contactId} as id, 0 as n where ${canRead(contacts, who)}
      union all select ac.contact_id, 1 from ${activityContacts} ac where ac.activity_id = ${activities.id}
        and exists (select 1 from ${contacts} where ${contacts.id} = ac.contact_id and ${canRead(contacts, who)})))
      when ${canRead(contacts, who)} then ${activities.contactId} else 0 end`}`,
    (value) => (typeof value === 'string' ? (JSON.parse(value) as number[]) : Number(value) === 0 ? [] : [Number(value)]),
  );

/**
 * The other people of the activity the reader may read, with their names, by id. Never null (drizzle hands a null to no
 * decoder): 0 where it has none, read as none.
 */
const others = (who: Who) =>
  decoded(
    sql`${sql`case when ${hasOthers} then (select json_group_array(json_array(${contacts.id}, ${contacts.name}) order by ${contacts.id}) from ${activityContacts} ac join ${contacts} on ${contacts.id} = ac.contact_id
      where ac.activity_id = ${activities.id} and ${canRead(contacts, who)}) else 0 end`}`,
    (value) => (typeof value === 'string' ? (JSON.parse(value) as [number, string][]).map(([id, name]) => ({ id, name })) : []),
  );

const allColumns = (who: Who) => answers.activityRow.select({ contactName: readableContactName(who), contactIds: contactIds(who), others: others(who) });

/** An activity with its contact's name (when the reader may read the contact) and its other people; withContactIds completes it. */
export const activityColumns = (who: Who) => {
  const { contactIds: _derived, ...columns } = allColumns(who);
  return columns;
};

type ActivitySelected = { contactId: number; contactName: string | null; others: { id: number; name: string }[] };

/**
 * The answer's `contactIds` from the row's own fields: the first person when the reader may read them (their name is
 * there: a contact's name is never null), then the others they may read.
 */
export const withContactIds = <Row extends ActivitySelected>(row: Row): Row & { contactIds: number[] } => {
  const others = row.others.map((other) => other.id);
  return { ...row, contactIds: row.contactName === null ? others : [row.contactId, ...others] };
};

/** An activity as the account's export carries it: its people by id (the file's contacts have their names). */
export const activityExportColumns = (who: Who) => {
  const { others: _names, ...columns } = allColumns(who);
  return columns;
};

type ActivityListInput = NonNullable<z.infer<typeof activityListInput>>;

/** The activities the user may read, newest first, filtered (rows without contactIds: activityPage adds them). */
export const activityList = definePagedList<ActivityListInput>()({
  table: activities,
  fields: activityColumns,
  select: (db, fields) => db.select(fields).from(activities).innerJoin(contacts, eq(contacts.id, activities.contactId)),
  values: ['type', 'contactId', 'from', 'to'],
  filters: (input) => [
    input.type !== undefined ? eq(activities.type, input.type) : undefined,
    input.contactId !== undefined ? aboutPerson(input.contactId) : undefined,
    input.from !== undefined ? gte(activities.date, input.from) : undefined,
    input.to !== undefined ? lt(activities.date, input.to) : undefined,
  ],
  order: () => ({ key: activities.date, direction: 'desc' }),
});

/** A page of activityList, as the procedures answer it. */
export const activityPage = async (...args: Parameters<typeof activityList.page>) => (await activityList.page(...args)).map(withContactIds);
