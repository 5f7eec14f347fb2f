// A contact as every screen shows it (with when the person was last contacted and the next follow-up), read through
// the reader's authority, and added: the rules contacts, activity logging, imports and merging share.
import { sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client';
import { contactMilestones, contacts, followUps, users } from '../../db/schema';
import type { ContactSort } from '../../shared/lists';
import { milestoneKinds, type MilestoneKind } from '../../shared/vocabulary';
import { msg } from '../../shared/i18n';
import { assertCanCreateIn, canRead, type Authority, type Who } from '../access';
import { recordsOf } from '../queries/records';
import { decoded, packed, rowsOf } from '../queries/rows';
import { sqlNow } from '../queries/calendarDays';
import { lastContactAt } from '../queries/lastContact';
import { nextTurn } from '../queries/turns';
import { contactKeys } from '../queries/searchKeys';
import * as answers from '../schemas/answers';
import { needsUpdate } from './assignments';
import { recordStatusChanges } from './journey';
import { contactTagsFrom, sortedTagNames } from './tags';

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

/**
 * The member who looks after the contact (issue 30), read by its primary key: always a member of the contact's team
 * (contacts.assign checks it, removal from the team and taking the contact back clear it), so its readers are the
 * assignee's teammates.
 */
const assignedToJson = sql`(select json_object('id', ${users.id}, 'firstName', ${users.firstName}, 'lastName', ${users.lastName}) from ${users} where ${users.id} = ${contacts.assignedTo})`;

type Contact = z.output<typeof answers.contact>;
type Rare = Pick<Contact, 'archivedAt' | 'archiveReason' | 'archiveNote' | 'stayInTouchDays' | 'assignmentStatus' | 'assignedTo'>;

/**
 * The columns nearly every contact leaves empty, packed into one value (server/queries/rows.ts), 0 when all are empty:
 * its archive (issue 50 §7), its rhythm (§6) and its assignment (issue 51 §2: its status, the assignee and whether an
 * update is needed, which is false for a contact nobody is assigned).
 */
const rare = packed(
  sql`${sql`case when ${contacts.archivedAt} is null and ${contacts.archiveReason} is null and ${contacts.archiveNote} is null
    and ${contacts.stayInTouchDays} is null and ${contacts.assignedTo} is null and ${contacts.assignmentStatus} is null then 0
    else json_array(${contacts.archivedAt}, ${contacts.archiveReason}, ${contacts.archiveNote}, ${contacts.stayInTouchDays},
      ${contacts.assignmentStatus}, json(${assignedToJson}), ${needsUpdate(sqlNow)}) end`}`,
  (value, row) => {
    if (typeof value !== 'string') {
      Object.assign(row, {
        archivedAt: null,
        archiveReason: null,
        archiveNote: null,
        stayInTouchDays: null,
        assignmentStatus: null,
        assignedTo: null,
        updateNeeded: false,
      });
      return;
    }
    const [archivedAt, archiveReason, archiveNote, stayInTouchDays, assignmentStatus, assignedTo, updateNeeded] = JSON.parse(value) as [
      number | null,
      Rare['archiveReason'],
      string | null,
      number | null,
      Rare['assignmentStatus'],
      Rare['assignedTo'],
      number,
    ];
    row.archivedAt = archivedAt === null ? null : new Date(archivedAt);
    Object.assign(row, { archiveReason, archiveNote, stayInTouchDays, assignmentStatus, assignedTo, updateNeeded: updateNeeded === 1 });
  },
);

/**
 * The contact's milestones (issue 50; at most one of each kind, sorted here in the kinds' order) and the names of the
 * tags the reader sees on it (in their folded order), read as one packed value: one JSON array of [0, kind, date] and
 * [1, name_key, name].
 */
function story(who: Who) {
  return packed(
    sql`${sql`(select json_group_array(json_array(k, a, b)) from (
      select 0 as k, ${contactMilestones.kind} as a, ${contactMilestones.date} as b from ${contactMilestones} where ${contactMilestones.contactId} = ${contacts.id}
      union all select 1, t.name_key, t.name ${contactTagsFrom(who)}))`}`,
    (value, row) => {
      const entries = value === '[]' || typeof value !== 'string' ? [] : (JSON.parse(value) as [0 | 1, string, string | number][]);
      row.milestones = entries
        .filter(([k]) => k === 0)
        .map(([, kind, date]) => ({ kind: kind as MilestoneKind, date: new Date(date) }))
        .sort((a, b) => milestoneKinds.indexOf(a.kind) - milestoneKinds.indexOf(b.kind));
      row.tags = sortedTagNames(entries.filter(([k]) => k === 1).map(([, key, name]) => [key, String(name)]));
    },
  );
}

/**
 * A contact as the list and the contact's page show it: with when they were last contacted, the next follow-up, its
 * milestones and tags. Two of its keys are packed values (`$rare`, `$story`): it is read through rowsOf or
 * decodeRows, which answer every field of answers.contact.
 */
export function contactSummaryColumns(who: Who) {
  const { archivedAt: _at, archiveReason: _reason, archiveNote: _note, stayInTouchDays: _days, ...columns } = answers.contactOwnRow.columns;
  const selection = {
    ...columns,
    $rare: rare,
    // Wrapped in an sql`` of their own: drizzle writes the columns at the top of a one-table select's field without
    // their table's name, which inside these subqueries would name the subquery's table ("id" for "contacts"."id").
    lastContactAt: decoded(sql`${lastContact(who)}`, asDate),
    nextFollowUpAt: decoded(sql`${nextFollowUpAt(who)}`, asDate),
    $story: story(who),
  };
  return selection as unknown as ContactSelection;
}

/** The selection's type as answers.contactRow declares it: the rows decodeRows answers for it. */
type ContactSelection = ReturnType<
  typeof answers.contactRow.select<{
    assignedTo: SQL<Contact['assignedTo']>;
    updateNeeded: SQL<boolean>;
    lastContactAt: SQL<Date | null>;
    nextFollowUpAt: SQL<Date | null>;
    milestones: SQL<Contact['milestones']>;
    tags: SQL<string[]>;
  }>
>;

/** Each order's key; none is null, so keyset paging can compare it (never contacted first, none scheduled last). */
export function sortKey(sort: ContactSort, who: Who) {
  if (sort === 'lastContact') return sql`coalesce(${lastContact(who)}, -1)`;
  if (sort === 'nextFollowUp') return sql`coalesce(${nextFollowUpAt(who)}, 9007199254740991)`;
  return nameKey;
}

export const CONTACT_NOT_FOUND = msg('Contact not found');

export const contactRecords = recordsOf(contacts, CONTACT_NOT_FOUND, (db, where, who) => {
  const fields = contactSummaryColumns(who);
  return rowsOf<Contact>(fields, db.select(fields).from(contacts).where(where));
});

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
