// Merging two contacts (issue 28): a duplicate's whole history moves to the contact kept, and the duplicate is removed,
// in one write transaction. Served as contacts.mergePreview and contacts.merge (POST /api/contacts/{id}/merge).
//
// What was decided, and why:
// - Who may: a user who may edit both (own contacts; a team's as its admin or member), decided inside the write's
//   transaction. An id the user cannot read is 404 with the same message as a missing one (whichever of the two it is);
//   two readable contacts of which one is not editable (a team viewer) are 403; a duplicate already merged is gone: 404.
// - Only contacts seen by exactly the same people (409 otherwise): both private to the user, or both in one team (a
//   personal contact is read by its creator, a team contact by the team's members, issue 30). Merging
//   a private contact into a team's would show its notes and history's ties to the team; merging a team's into a
//   private one, or across teams, would take the person away from people who could see them. Nobody learns about a
//   contact or loses one.
// - What moves: every row that points at the duplicate (db/schema.ts): activities, follow-ups (series included: the
//   series id is a follow-up's id and does not change), prayer requests, journey steps, and snoozes (a user who snoozed
//   both keeps the later end), and milestones (a kind both hold keeps the earlier day: it happened by then). Each moved
//   row keeps its own author and team, so who may read it does not change.
//   Last contact, next follow-up, needs attention, the calendar feed and goal progress are all counted on read, so they
//   follow the rows. Moved in slices of MOVE_SLICE rows, each an UPDATE by the duplicate's (contact, …) index, with a
//   turn of the event loop between slices: tens of thousands of activities do not hold the loop (the healthz bound in
//   tests/api/merge.test.ts).
// - The kept contact's fields win; an empty email or phone is filled from the duplicate, an 'unknown' status takes the
//   duplicate's, and the duplicate's notes are added after the kept one's (a blank line between; not when the kept
//   notes already hold them). If both notes together pass the notes limit the merge is refused (409) rather than cut.
//   It keeps the earlier 'added' date: the person was known since then, and a new-contact goal counts them once.
// - The journey: the duplicate's steps keep their dates and interleave with the kept one's (read by date). Its first
//   step ('Added as …') recorded the duplicate record, not a step of the person, and is dropped, except when the status
//   comes from the duplicate: then it says since when, as a step from Unknown.
// - The answer: the kept contact as contacts.byId answers it, and how many of each kind of row moved among those the
//   caller may read (a teammate's private activity moves too, but is not counted to someone who cannot see it).
import { and, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { TRPCError } from '@trpc/server';
import type { z } from 'zod';
import type { Queryable, Tx } from '../../db/client';
import {
  activities,
  activityContacts,
  contactDates,
  contactMilestones,
  contactRelationships,
  contactSnoozes,
  contactStatusChanges,
  contactTags,
  contacts,
  followUps,
  prayerRequests,
  type SpiritualStatus,
} from '../../db/schema';
import { msg } from '../../shared/i18n';
import { canEdit, canRead, denyWrite, notFound, type Authority } from '../access';
import { LIMITS } from '../../shared/schemas/limits';
import { contactMergeInput } from '../../shared/schemas/contacts';
import { MAX_CONTACT_DATES } from '../../shared/contactDates';
import { protectedProcedure } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { nextTurn } from '../queries/turns';
import { contactKeys } from '../queries/searchKeys';

const CONTACT_NOT_FOUND = msg('Contact not found');
const NOT_SAME_PEOPLE = msg('These two contacts are not shared with the same people, so they cannot be merged.');
const NOTES_TOO_LONG = msg('Together the two contacts’ notes are too long. Shorten one of them, then merge.');

/** Rows moved per UPDATE: a slice takes a few milliseconds, so a turn of the event loop comes often. */
const MOVE_SLICE = 2000;

/** The separator between the kept notes and the duplicate's. */
const NOTES_JOIN = '\n\n';

interface Side {
  id: number;
  teamId: number | null;
  createdBy: number;
  editable: boolean;
  name: string;
  email: string | null;
  phone: string | null;
  spiritualStatus: SpiritualStatus;
  notes: string | null;
  stayInTouchDays: number | null;
  createdAt: Date;
}

/** Whether two contacts are read by exactly the same people: a team contact's are its team's members, a personal one's its creator. */
function sameReaders(a: Side, b: Side) {
  return a.teamId === b.teamId && (a.teamId !== null || a.createdBy === b.createdBy);
}

/**
 * Both contacts, checked: 404 unless the user may read both (the same answer for a missing id and another person's),
 * 403 unless they may edit both, 409 unless the same people see both. In a write, `db` is its transaction.
 */
async function mergePair(db: Queryable, who: Authority, keptId: number, duplicateId: number): Promise<{ kept: Side; duplicate: Side }> {
  const rows = await db
    .select({
      ...answers.contactOwnRow.columns,
      createdBy: contacts.createdBy,
      editable: sql<number>`${canEdit(contacts, who)}`.mapWith(Boolean),
    })
    .from(contacts)
    .where(and(inArray(contacts.id, [keptId, duplicateId]), canRead(contacts, who)));
  const kept = rows.find((row) => row.id === keptId);
  const duplicate = rows.find((row) => row.id === duplicateId);
  if (!kept || !duplicate) throw notFound(CONTACT_NOT_FOUND);
  // Both readable: denyWrite answers 403 for a readable row.
  for (const side of [kept, duplicate]) if (!side.editable) await denyWrite(db, contacts, side.id, who, CONTACT_NOT_FOUND);
  if (!sameReaders(kept, duplicate)) throw new TRPCError({ code: 'CONFLICT', message: NOT_SAME_PEOPLE });
  return { kept, duplicate };
}

const blank = (text: string | null) => !text || !text.trim();

/** The kept contact's fields after the merge (see the decisions above); 409 when the notes would pass their limit. */
function mergedFields(kept: Side, duplicate: Side) {
  let notes = kept.notes;
  if (!blank(duplicate.notes)) {
    const added = duplicate.notes!.trim();
    if (blank(notes)) notes = added;
    else if (!notes!.includes(added)) notes = `${notes!.trimEnd()}${NOTES_JOIN}${added}`;
  }
  if (notes && notes.length > LIMITS.longText) throw new TRPCError({ code: 'CONFLICT', message: NOTES_TOO_LONG });
  const statusFromDuplicate = kept.spiritualStatus === 'unknown' && duplicate.spiritualStatus !== 'unknown';
  const email = blank(kept.email) ? duplicate.email : kept.email;
  const phone = blank(kept.phone) ? duplicate.phone : kept.phone;
  return {
    statusFromDuplicate,
    fields: {
      email,
      phone,
      spiritualStatus: statusFromDuplicate ? duplicate.spiritualStatus : kept.spiritualStatus,
      notes,
      // A rhythm (issue 50 §6) is the kept contact's, else the duplicate's.
      stayInTouchDays: kept.stayInTouchDays ?? duplicate.stayInTouchDays,
      createdAt: kept.createdAt <= duplicate.createdAt ? kept.createdAt : duplicate.createdAt,
      // The search key follows the texts the kept contact now holds (server/queries/searchKeys.ts).
      searchKey: contactKeys({ name: kept.name, email, phone, notes }).searchKey,
    },
  };
}

/** The tables whose rows hang off a contact by `contact_id` and move whole, each with the index it is found by. */
const movedTables = [
  { table: activities, index: 'activities_contact_date_idx' },
  { table: followUps, index: 'follow_ups_contact_date_idx' },
  { table: prayerRequests, index: 'prayer_requests_contact_idx' },
  { table: contactStatusChanges, index: 'contact_status_changes_contact_idx' },
] as const;

/** Moves every row of `table` from one contact to another, a slice per statement, yielding the loop between slices. */
async function moveRows(tx: Tx, { table, index }: (typeof movedTables)[number], from: number, to: number) {
  for (;;) {
    const result = await tx.run(sql`update ${table} set contact_id = ${to}
      where id in (select id from ${table} indexed by ${sql.raw(index)} where contact_id = ${from} limit ${MOVE_SLICE})`);
    if (result.rowsAffected < MOVE_SLICE) return;
    await nextTurn();
  }
}

/** How many rows of each kind hang off the contact among those `who` may read: what the merge moves, as they see it. */
async function readableCounts(db: Queryable, contactId: number, who: Authority, statusFromDuplicate: boolean) {
  const countOf = async (table: typeof activities | typeof followUps | typeof prayerRequests) =>
    (
      await db
        .select({ n: count() })
        .from(table)
        .where(and(eq(table.contactId, contactId), canRead(table, who)))
    )[0].n;
  const [steps] = await db
    .select({ n: count() })
    .from(contactStatusChanges)
    .where(and(eq(contactStatusChanges.contactId, contactId), statusFromDuplicate ? undefined : isNotNull(contactStatusChanges.fromStatus)));
  return { activities: await countOf(activities), followUps: await countOf(followUps), prayerRequests: await countOf(prayerRequests), statusChanges: steps.n };
}

/** The procedures, given how contacts.byId reads a contact (routers/contacts.ts), which both answer. */
export function mergeProcedures(readContact: (db: Queryable, id: number, who: Authority) => Promise<z.output<typeof answers.contact>>) {
  return {
    /**
     * What merging `duplicateId` into `id` would do: both contacts, and how many of the duplicate's activities,
     * follow-ups, prayer requests and journey steps (its 'Added as' step aside) would move, among those the user may
     * read. The same refusals as the merge itself, so the dialog can say so before anyone confirms.
     */
    mergePreview: protectedProcedure
      .input(contactMergeInput)
      .output(answer(answers.mergePreview))
      .query(async ({ ctx, input }) => {
        const db = ctx.database.read;
        const { kept, duplicate } = await mergePair(db, ctx.authority, input.id, input.duplicateId);
        return {
          kept: await readContact(db, input.id, ctx.authority),
          duplicate: await readContact(db, input.duplicateId, ctx.authority),
          moving: await readableCounts(db, duplicate.id, ctx.authority, mergedFields(kept, duplicate).statusFromDuplicate),
        };
      }),

    /** Merges `duplicateId` into `id` in one transaction (see the decisions at the top) and answers the kept contact. */
    merge: protectedProcedure
      .input(contactMergeInput)
      .output(answer(answers.merged))
      .mutation(({ ctx, input }) =>
        ctx.database.write(async (tx) => {
          const who = ctx.authority;
          const { kept, duplicate } = await mergePair(tx, who, input.id, input.duplicateId);
          const { fields, statusFromDuplicate } = mergedFields(kept, duplicate);
          const moved = await readableCounts(tx, duplicate.id, who, statusFromDuplicate);

          await tx.update(contacts).set(fields).where(eq(contacts.id, kept.id));
          const duplicateAdded = and(eq(contactStatusChanges.contactId, duplicate.id), isNull(contactStatusChanges.fromStatus));
          if (statusFromDuplicate) await tx.update(contactStatusChanges).set({ fromStatus: 'unknown' }).where(duplicateAdded);
          else await tx.delete(contactStatusChanges).where(duplicateAdded);
          for (const moving of movedTables) await moveRows(tx, moving, duplicate.id, kept.id);
          // A snooze is one per user and contact: a user who snoozed both keeps the later end. (`where true` lets SQLite
          // read the upsert after a select.)
          await tx.run(sql`insert into ${contactSnoozes} (user_id, contact_id, until)
          select user_id, ${kept.id}, until from ${contactSnoozes} where contact_id = ${duplicate.id} and true
          on conflict (user_id, contact_id) do update set until = max(until, excluded.until)`);
          await tx.run(sql`insert into ${contactMilestones} (contact_id, kind, date, set_by, set_at)
          select ${kept.id}, kind, date, set_by, set_at from ${contactMilestones} where contact_id = ${duplicate.id} and true
          on conflict (contact_id, kind) do update set date = min(date, excluded.date)`);
          // Its tags (issue 50): both are seen by the same people, so their tags are of one place.
          await tx.run(
            sql`insert or ignore into ${contactTags} (contact_id, tag_id) select ${kept.id}, tag_id from ${contactTags} where contact_id = ${duplicate.id}`,
          );
          // The activities it was one of the other people of (issue 50 §4), but none the kept one is already in.
          await tx.run(sql`update or ignore ${activityContacts} set contact_id = ${kept.id} where contact_id = ${duplicate.id}
          and not exists (select 1 from ${activities} where ${activities.id} = ${activityContacts.activityId} and ${activities.contactId} = ${kept.id})`);
          // Its links (issue 50), but none to the kept contact itself and none the kept one already has.
          await tx.run(
            sql`update or ignore ${contactRelationships} set contact_id = ${kept.id} where contact_id = ${duplicate.id} and related_id <> ${kept.id}`,
          );
          await tx.run(
            sql`update or ignore ${contactRelationships} set related_id = ${kept.id} where related_id = ${duplicate.id} and contact_id <> ${kept.id}`,
          );
          // Its important dates (issue 50 §6): those the kept contact has not (same day and label), up to a person's cap.
          await tx.run(sql`update ${contactDates} set contact_id = ${kept.id} where id in (
            select d.id from ${contactDates} d where d.contact_id = ${duplicate.id}
              and not exists (select 1 from ${contactDates} k where k.contact_id = ${kept.id} and k.date = d.date and k.label = d.label)
            order by d.id limit max(0, ${MAX_CONTACT_DATES} - (select count(*) from ${contactDates} where contact_id = ${kept.id})))`);
          // Nothing is left to cascade but the duplicate's own snoozes, milestones, tags, links and dates, copied above.
          await tx.delete(contacts).where(eq(contacts.id, duplicate.id));
          return { contact: await readContact(tx, kept.id, who), moved };
        }),
      ),
  };
}
