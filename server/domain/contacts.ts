// A contact as every screen shows it (with when the person was last contacted and the next follow-up), read through
// the reader's authority, and added: the rules contacts, activity logging, imports and merging share.
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { contactMilestones, contacts, followUps, users } from '../../db/schema';
import type { ContactSort } from '../../shared/lists';
import { milestoneKinds, type MilestoneKind } from '../../shared/vocabulary';
import { msg } from '../../shared/i18n';
import { assertCanCreateIn, canRead, type Authority, type Who } from '../access';
import { recordsOf } from '../queries/records';
import { decoded } from '../queries/rows';
import { sqlNow } from '../queries/calendarDays';
import { lastContactAt } from '../queries/lastContact';
import { nextTurn } from '../queries/turns';
import { contactKeys } from '../queries/searchKeys';
import * as answers from '../schemas/answers';
import { needsUpdate } from './assignments';
import { recordStatusChanges } from './journey';
import { contactTagNames } from './tags';

/** Contacts list alphabetically, ignoring case. */
export const nameKey = sql`lower(${contacts.name})`;

const asDate = (value: unknown) => (value === null || value === undefined ? null : new Date(Number(value)));

/**
 * Both dates name their index (INDEXED BY): with the reader's rule `created_by = ? or team_id in (…)` beside them,
 * SQLite otherwise walked every activity of the user (by owner and date) for each contact, 8 s for a page of 50 on the
 * bench's heavy user; through the person's own (contact, date) index it is one seek, 3 ms for the page.
 *
 * When the user last had contact with the person is server/queries/lastContact.ts's, as needs attention counts it.
 */
const lastContact = (who: Who) => lastContactAt(who, sqlNow);

/** The earliest follow-up with the person still to do (an overdue one included); null when none is scheduled. */
function nextFollowUpAt(who: Who) {
  return sql`(select min(${followUps.date}) from ${followUps} indexed by follow_ups_contact_date_idx
    where ${followUps.contactId} = ${contacts.id} and ${followUps.completed} = 0 and ${canRead(followUps, who)})`;
}

type Person = z.output<typeof answers.person>;

/**
 * The member who looks after the contact (issue 30), read by its primary key: always a member of the contact's team
 * (contacts.assign checks it, removal from the team and taking the contact back clear it), so its readers are the
 * assignee's teammates.
 */
const assignedTo = decoded(
  sql`${sql`(select json_object('id', ${users.id}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName}) from ${users} where ${users.id} = ${contacts.assignedTo})`}`,
  (value): Person | null => (value === null || value === undefined ? null : (JSON.parse(String(value)) as Person)),
);

/**
 * The contact's milestones (issue 50) as one JSON array (at most one of each kind), sorted here in the kinds' order.
 */
const milestones = decoded(
  sql`${sql`(select json_group_array(json_object('kind', ${contactMilestones.kind}, 'date', ${contactMilestones.date})) from ${contactMilestones} where ${contactMilestones.contactId} = ${contacts.id})`}`,
  (value) =>
    (JSON.parse(String(value ?? '[]')) as { kind: MilestoneKind; date: number }[])
      .map(({ kind, date }) => ({ kind, date: new Date(date) }))
      .sort((a, b) => milestoneKinds.indexOf(a.kind) - milestoneKinds.indexOf(b.kind)),
);

/** A contact as the list and the contact's page show it: with when they were last contacted, the next follow-up and its milestones. */
export function contactSummaryColumns(who: Who) {
  return answers.contactRow.select({
    assignedTo,
    updateNeeded: decoded(sql`${needsUpdate(sqlNow)}`, (value) => Number(value) === 1),
    // Wrapped in an sql`` of their own: drizzle writes the columns at the top of a one-table select's field without
    // their table's name, which inside these subqueries would name the subquery's table ("id" for "contacts"."id").
    lastContactAt: decoded(sql`${lastContact(who)}`, asDate),
    nextFollowUpAt: decoded(sql`${nextFollowUpAt(who)}`, asDate),
    milestones,
    tags: contactTagNames(who),
  });
}

/** Each order's key; none is null, so keyset paging can compare it (never contacted first, none scheduled last). */
export function sortKey(sort: ContactSort, who: Who) {
  if (sort === 'lastContact') return sql`coalesce(${lastContact(who)}, -1)`;
  if (sort === 'nextFollowUp') return sql`coalesce(${nextFollowUpAt(who)}, 9007199254740991)`;
  return nameKey;
}

export const CONTACT_NOT_FOUND = msg('Contact not found');

export const contactRecords = recordsOf(contacts, CONTACT_NOT_FOUND, (db, where, who) => db.select(contactSummaryColumns(who)).from(contacts).where(where));

type NewContact = Omit<typeof contacts.$inferInsert, 'createdBy' | 'id' | 'createdAt'>;

/** Rows per INSERT statement: well under SQLite's limit on bound parameters. */
const INSERT_CHUNK = 500;

/**
 * Inserts contacts, records each first status as the start of its journey, and counts them toward the user's
 * new-contact goals: a few statements for any number of rows, so a large import holds the writer only briefly.
 */
export async function insertContacts(tx: Tx, who: Authority, rows: NewContact[]) {
  const { userId } = who;
  for (const teamId of new Set(rows.map((row) => row.teamId ?? null))) await assertCanCreateIn(tx, teamId, who);
  const created: Awaited<ReturnType<typeof insertChunk>> = [];
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    if (start > 0) await nextTurn();
    const inserted = await insertChunk(tx, userId, rows.slice(start, start + INSERT_CHUNK));
    await recordStatusChanges(
      tx,
      userId,
      inserted.map((contact) => ({ contactId: contact.id, fromStatus: null, toStatus: contact.spiritualStatus })),
    );
    created.push(...inserted);
  }
  return created;
}

function insertChunk(tx: Tx, userId: number, rows: NewContact[]) {
  return tx
    .insert(contacts)
    .values(rows.map((row) => ({ ...row, ...contactKeys(row), createdBy: userId })))
    .returning(answers.contactOwnRow.columns);
}

/** One contact, as contacts.create and activity logging add it. */
export async function insertContact(tx: Tx, who: Authority, values: NewContact) {
  const [contact] = await insertContacts(tx, who, [values]);
  return contact;
}
