// Contacts: the people a user shares with, each with a spiritual status.
import { and, asc, count, desc, eq, sql, type Placeholder } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { activities, contactMilestones, contacts, followUps, prayerRequests, users, type SpiritualStatus } from '../../db/schema';
import { mayChange, roleCan } from '../../shared/roles';
import { TRPCError } from '@trpc/server';
import { assertSpace, canEdit, canRead, inScope, notFound, teamRole, type Authority, type TeamScope } from '../access';
import { idInput } from '../../shared/schemas/common';
import {
  contactCountInput,
  contactArchiveInput,
  contactCreateInput,
  contactListInput,
  contactSameNameInput,
  contactTimelineInput,
  contactUpdateInput,
  milestoneClearInput,
  milestoneSetInput,
} from '../../shared/schemas/contacts';
import type { ContactSort } from '../../shared/lists';
import type { MilestoneKind } from '../../shared/vocabulary';
import { protectedProcedure, router } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { contactHistory, recordStatusChanges } from '../domain/journey';
import { CONTACT_NOT_FOUND, contactRecords, contactSummaryColumns, insertContact, nameKey, sortKey } from '../domain/contacts';
import { contactMatches, contactMatching, contactSearch } from '../queries/matching';
import { definePagedList } from '../queries/paging';
import { carriesTags, setContactTags, tagKeysOf, tagNamesOf } from '../domain/tags';
import { addRelationship, generations, relationshipsOf, removeRelationship } from '../domain/relationships';
import { relationshipAddInput, relationshipRemoveInput } from '../../shared/schemas/relationships';
import { addContactDate, datesOf, removeContactDate } from '../domain/contactDates';
import { upcomingDates } from '../nudges/upcomingDates';
import { contactDateAddInput, contactDateRemoveInput, upcomingDatesInput } from '../../shared/schemas/contactDates';
import { readSettings } from '../nudges/settings';
import { localDay } from '../nudges/schedule';
import { rowsOf } from '../queries/rows';
import { MAX_IMPORT_ROWS } from '../formats/contactImport';
import { msg } from '../../shared/i18n';
import { afterUpdate, contactKeys } from '../queries/searchKeys';
import { foldText } from '../../shared/fold';
import { archivedOrNot } from '../queries/archive';

/** 'Assigned to me': the contacts the reader looks after (in the list's order through contacts_assignee_sort_idx). */
const assignedToMe = (assignedTo: 'me' | undefined, userId: number | Placeholder) => (assignedTo === 'me' ? eq(contacts.assignedTo, userId) : undefined);

/** The milestone filter (issue 51 §1): the contact has `kind`, dated in [from, to) where given; one seek of its key. */
type MilestoneFilter = { milestone?: MilestoneKind | 'any' | Placeholder; milestoneFrom?: Date | Placeholder; milestoneTo?: Date | Placeholder };
const hasMilestone = ({ milestone, milestoneFrom, milestoneTo }: MilestoneFilter) =>
  milestone === undefined
    ? undefined
    : sql`exists (select 1 from ${contactMilestones} where ${contactMilestones.contactId} = ${contacts.id} and (${milestone} = 'any' or ${contactMilestones.kind} = ${milestone})${
        milestoneFrom === undefined ? sql`` : sql` and ${contactMilestones.date} >= ${milestoneFrom}`
      }${milestoneTo === undefined ? sql`` : sql` and ${contactMilestones.date} < ${milestoneTo}`})`;

/** What the team, text, status, assignment, tag, archive and milestone filters of the list and the count ask for. */
function contactFilters(
  filter: ({ team?: TeamScope; q?: string; status?: SpiritualStatus; assignedTo?: 'me'; tag?: string[]; archived?: boolean } & MilestoneFilter) | undefined,
  who: Authority,
) {
  const userId = who.userId;
  return [
    filter?.team === undefined ? undefined : inScope(contacts, who, filter.team),
    filter?.q ? contactMatches(filter.q) : undefined,
    filter?.status ? eq(contacts.spiritualStatus, filter.status) : undefined,
    assignedToMe(filter?.assignedTo, userId),
    filter?.tag?.length ? carriesTags(tagKeysOf(filter.tag), who) : undefined,
    archivedOrNot(filter?.archived),
    filter ? hasMilestone(filter) : undefined,
  ];
}

/** A contacts page as its query is built: the search as contactSearch's terms. */
type ContactPageInput = {
  team?: 'mine' | number;
  sort?: ContactSort;
  status?: SpiritualStatus;
  assignedTo?: 'me';
  tagKeys?: string;
  archived?: boolean;
  milestone?: MilestoneKind | 'any';
  milestoneFrom?: Date;
  milestoneTo?: Date;
  term?: string;
  digits?: string;
  cursor?: number;
  limit?: number;
};

/** The contacts the user may read, filtered and in the asked order (its plan is checked in the tests). */
export const contactList = definePagedList<ContactPageInput>()({
  table: contacts,
  fields: contactSummaryColumns,
  select: (db, fields) => db.select(fields).from(contacts),
  values: ['status', 'term', 'digits', 'tagKeys', 'milestone', 'milestoneFrom', 'milestoneTo'],
  filters: (input, who) => [
    input.term === undefined ? undefined : contactMatching({ term: input.term, digits: input.digits }),
    input.status === undefined ? undefined : eq(contacts.spiritualStatus, input.status),
    assignedToMe(input.assignedTo, who.userId),
    input.tagKeys === undefined ? undefined : carriesTags(input.tagKeys, who),
    archivedOrNot(input.archived),
    hasMilestone(input),
  ],
  order: (input, who) => ({ key: sortKey(input.sort ?? 'name', who), direction: 'asc' }),
});

/** A list's input as the page takes it. */
export const contactPageInput = ({ q, tag, ...input }: NonNullable<z.infer<typeof contactListInput>>): ContactPageInput => ({
  ...input,
  ...(q ? contactSearch(q) : {}),
  ...(tag?.length ? { tagKeys: tagKeysOf(tag) } : {}),
});

// With its team, so a form can say a record about the contact goes to that team (issue 30).
const contactNameColumns = answers.contactNameRow.columns;

/** The most contacts contacts.sameName answers: enough to choose from, bounded however many share a name. */
export const MAX_SAME_NAME = 5;

/**
 * What deleting a contact takes with it (issue 30): the activities, follow-ups and prayer requests about the person
 * that others than the caller wrote, counted per author (each table through its (contact, …) index, so the cost is the
 * contact's own records). Every such record counts, whoever may read it: the deletion takes them all.
 */
async function othersRecords(db: Queryable, contactId: number, userId: number) {
  const rows = await db.all<{ id: number; first_name: string; last_name: string; n: number }>(sql`
    select ${users.id} as id, ${users.firstName} as first_name, ${users.lastName} as last_name, count(*) as n
    from (
      select ${activities.createdBy} as author from ${activities} where ${activities.contactId} = ${contactId} and ${activities.createdBy} <> ${userId}
      union all
      select ${followUps.createdBy} from ${followUps} where ${followUps.contactId} = ${contactId} and ${followUps.createdBy} <> ${userId}
      union all
      select ${prayerRequests.createdBy} from ${prayerRequests} where ${prayerRequests.contactId} = ${contactId} and ${prayerRequests.createdBy} <> ${userId}
    ) as written
    join ${users} on ${users.id} = written.author
    group by ${users.id}
    order by n desc, ${users.id}`);
  return rows.map((row) => ({ author: { id: Number(row.id), firstName: row.first_name, lastName: row.last_name }, count: Number(row.n) }));
}

/**
 * Whether the user may delete the contact, and what goes with it. A personal contact is its creator's; a team contact
 * may be deleted by whoever may change it (shared/roles.ts mayChange), but one on which others have written records only
 * by a role that may change any team row (an admin): a teammate's records never vanish because another member deleted
 * something. Undefined when the user may not read the contact.
 */
async function contactDeletion(db: Queryable, contactId: number, who: Authority) {
  const [contact] = await db
    .select({ teamId: contacts.teamId, createdBy: contacts.createdBy })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), canRead(contacts, who)));
  if (!contact) return undefined;
  const role = contact.teamId === null ? null : await teamRole(db, contact.teamId, who);
  const records = await othersRecords(db, contactId, who.userId);
  const allowed = mayChange(contact, who.userId, role) && (records.length === 0 || roleCan(role, 'changeAny'));
  return { allowed, records, changeable: mayChange(contact, who.userId, role) };
}

const OTHERS_RECORDS = msg('Only a team admin can delete a contact that teammates have written about');

/** The most contact names one answer holds. */
export const MAX_CONTACT_NAMES = MAX_IMPORT_ROWS;

export const contactsRouter = router({
  list: protectedProcedure
    .input(contactListInput)
    .output(answer(answers.contact.array()))
    .query(async ({ ctx, input }) => {
      await assertSpace(ctx.database.read, ctx.authority, input?.team);
      return contactList.page(ctx.database.read, ctx.authority, input && contactPageInput(input));
    }),

  /**
   * Readable contacts' ids and names, alphabetically, for the forms' contact pickers: a small payload, bounded like
   * every answer (the first MAX_CONTACT_NAMES; as many as one import brings).
   */
  names: protectedProcedure
    .output(answer(answers.contactNames))
    .query(({ ctx }) =>
      rowsOf(
        contactNameColumns,
        ctx.database.read
          .select(contactNameColumns)
          .from(contacts)
          .where(canRead(contacts, ctx.authority))
          .orderBy(asc(nameKey), asc(contacts.id))
          .limit(MAX_CONTACT_NAMES),
      ),
    ),

  /**
   * The readable contacts whose name folds to the same key as `name` (shared/fold.ts: 'Lucia Fernandez' is 'Lucía
   * Fernández'), for the forms' question before a second contact of that name is created: at most MAX_SAME_NAME, the
   * caller's own first, then those they may edit, oldest first. That order is the one activity logging by name takes
   * (activities.ts resolveContact), so the first one `editable` is the contact a typed name is logged with. Through the
   * name-key indexes: one seek.
   */
  sameName: protectedProcedure
    .input(contactSameNameInput)
    .output(answer(answers.sameNameContacts))
    .query(async ({ ctx, input }) => {
      const who = ctx.authority;
      const editable = sql<number>`${canEdit(contacts, who)}`;
      const rows = await ctx.database.read
        .select({ id: contacts.id, name: contacts.name, spiritualStatus: contacts.spiritualStatus, teamId: contacts.teamId, editable })
        .from(contacts)
        .where(and(canRead(contacts, who), eq(contacts.nameKey, foldText(input.name))))
        .orderBy(desc(sql`${contacts.createdBy} = ${who.userId}`), desc(editable), asc(contacts.id))
        .limit(MAX_SAME_NAME);
      return rows.map((row) => ({ ...row, editable: Boolean(row.editable) }));
    }),

  /** How many contacts the same filter finds, for "N contacts match". */
  count: protectedProcedure
    .input(contactCountInput)
    .output(answer(answers.contactCount))
    .query(async ({ ctx, input }) => {
      await assertSpace(ctx.database.read, ctx.authority, input?.team);
      const [row] = await ctx.database.read
        .select({ count: count() })
        .from(contacts)
        .where(and(canRead(contacts, ctx.authority), ...contactFilters(input, ctx.authority)));
      return { count: row.count };
    }),

  byId: protectedProcedure
    .input(idInput)
    .output(answer(answers.contact))
    .query(({ ctx, input }) => contactRecords.read(ctx.database.read, input.id, ctx.authority)),

  /**
   * The contact with its journey (oldest first) and a page of its activities, follow-ups, prayers and status changes,
   * newest first; `nextCursor` continues with older ones.
   */
  timeline: protectedProcedure
    .input(contactTimelineInput)
    .output(answer(answers.contactTimeline))
    .query(async ({ ctx, input }) => {
      const contact = await contactRecords.read(ctx.database.read, input.id, ctx.authority);
      return { contact, ...(await contactHistory(ctx.database.read, contact.id, ctx.authority, input)) };
    }),

  // A new person has had no contact and has no follow-up yet: the same shape the list and the contact's page answer.
  create: protectedProcedure
    .input(contactCreateInput)
    .output(answer(answers.createdContact))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        const { tags: names, ...values } = input;
        const contact = await insertContact(tx, ctx.authority, values);
        if (names?.length) await setContactTags(tx, contact, ctx.user.id, names);
        return {
          ...contact,
          assignedTo: null,
          assignmentStatus: null,
          updateNeeded: false as const,
          lastContactAt: null,
          nextFollowUpAt: null,
          milestones: [] as [],
          tags: names?.length ? await tagNamesOf(tx, contact.id, ctx.authority) : [],
        };
      }),
    ),

  update: protectedProcedure
    .input(contactUpdateInput)
    .output(answer(answers.contact))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        const { id, tags: names, ...changes } = input;
        const [before] = await tx
          .select({
            status: contacts.spiritualStatus,
            name: contacts.name,
            email: contacts.email,
            phone: contacts.phone,
            notes: contacts.notes,
            source: contacts.source,
            teamId: contacts.teamId,
          })
          .from(contacts)
          .where(and(eq(contacts.id, id), canEdit(contacts, ctx.authority)));
        // The keys follow the texts, in the same statement (a contact the user may not edit is refused by update anyway).
        const keys = before && contactKeys(afterUpdate(before, changes));
        await contactRecords.update(tx, id, ctx.authority, { ...changes, ...keys });
        if (names) await setContactTags(tx, { id, teamId: before.teamId }, ctx.user.id, names);
        // A journey step only for a status that really changed (updateOwned has refused any other caller).
        if (before && changes.spiritualStatus && changes.spiritualStatus !== before.status)
          await recordStatusChanges(tx, ctx.user.id, [{ contactId: id, fromStatus: before.status, toStatus: changes.spiritualStatus }]);
        return contactRecords.read(tx, id, ctx.authority);
      }),
    ),

  /**
   * Archives the contact with a reason (issue 50 §7): they leave the lists, needs attention and Pray today, stay in
   * what was counted, and come back with restore. Whoever may change the contact may. Answers the contact.
   */
  archive: protectedProcedure
    .input(contactArchiveInput)
    .output(answer(answers.contact))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        await contactRecords.update(tx, input.id, ctx.authority, { archivedAt: new Date(), archiveReason: input.reason, archiveNote: input.note ?? null });
        return contactRecords.read(tx, input.id, ctx.authority);
      }),
    ),

  /** Brings an archived contact back (issue 50 §7); one not archived is answered as it is. */
  restore: protectedProcedure
    .input(idInput)
    .output(answer(answers.contact))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        await contactRecords.update(tx, input.id, ctx.authority, { archivedAt: null, archiveReason: null, archiveNote: null });
        return contactRecords.read(tx, input.id, ctx.authority);
      }),
    ),

  /**
   * Sets a faith milestone on the day given (now when none is), or moves it to that day (issue 50): whoever may change
   * the contact may (a team viewer is refused with 403, someone who cannot read it gets 404). Answers the contact.
   */
  setMilestone: protectedProcedure
    .input(milestoneSetInput)
    .output(answer(answers.contact))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        await contactRecords.update(tx, input.id, ctx.authority, {});
        const set = { date: input.date ?? new Date(), setBy: ctx.user.id, setAt: new Date() };
        await tx
          .insert(contactMilestones)
          .values({ contactId: input.id, kind: input.kind, ...set })
          .onConflictDoUpdate({ target: [contactMilestones.contactId, contactMilestones.kind], set });
        return contactRecords.read(tx, input.id, ctx.authority);
      }),
    ),

  /** Clears a faith milestone (nothing to clear is not an error: the answer is the contact as it is). */
  clearMilestone: protectedProcedure
    .input(milestoneClearInput)
    .output(answer(answers.contact))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        await contactRecords.update(tx, input.id, ctx.authority, {});
        await tx.delete(contactMilestones).where(and(eq(contactMilestones.contactId, input.id), eq(contactMilestones.kind, input.kind)));
        return contactRecords.read(tx, input.id, ctx.authority);
      }),
    ),

  /** The contact's links to people the caller may read (issue 50), the kind as this contact sees it. */
  relationships: protectedProcedure
    .input(idInput)
    .output(answer(answers.relationships))
    .query(async ({ ctx, input }) => {
      await contactRecords.read(ctx.database.read, input.id, ctx.authority);
      return relationshipsOf(ctx.database.read, input.id, ctx.authority);
    }),

  /**
   * Links the contact to another (issue 50): whoever may change the contact, to a person they may read (404 otherwise);
   * answers the contact's links.
   */
  addRelationship: protectedProcedure
    .input(relationshipAddInput)
    .output(answer(answers.relationships))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        await contactRecords.update(tx, input.id, ctx.authority, {});
        await contactRecords.read(tx, input.contactId, ctx.authority);
        await addRelationship(tx, input.id, input.contactId, input.kind, ctx.user.id);
        return relationshipsOf(tx, input.id, ctx.authority);
      }),
    ),

  /** Removes one of the contact's links (issue 50); answers the contact's links. */
  removeRelationship: protectedProcedure
    .input(relationshipRemoveInput)
    .output(answer(answers.relationships))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        await contactRecords.update(tx, input.id, ctx.authority, {});
        await removeRelationship(tx, input.id, input.relationshipId, ctx.authority);
        return relationshipsOf(tx, input.id, ctx.authority);
      }),
    ),

  /** The contact's important dates (issue 50 §6): whoever reads the contact reads them. */
  dates: protectedProcedure
    .input(idInput)
    .output(answer(answers.contactDatesList))
    .query(async ({ ctx, input }) => {
      await contactRecords.read(ctx.database.read, input.id, ctx.authority);
      return datesOf(ctx.database.read, input.id);
    }),

  /** Adds an important date (issue 50 §6): whoever may change the contact; answers the contact's dates. */
  addDate: protectedProcedure
    .input(contactDateAddInput)
    .output(answer(answers.contactDatesList))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        const { id, ...date } = input;
        await contactRecords.update(tx, id, ctx.authority, {});
        await addContactDate(tx, id, ctx.user.id, date);
        return datesOf(tx, id);
      }),
    ),

  /** Removes one of the contact's important dates (issue 50 §6); answers the contact's dates. */
  removeDate: protectedProcedure
    .input(contactDateRemoveInput)
    .output(answer(answers.contactDatesList))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        await contactRecords.update(tx, input.id, ctx.authority, {});
        await removeContactDate(tx, input.id, input.dateId);
        return datesOf(tx, input.id);
      }),
    ),

  /**
   * The important dates of the people the caller reads (archived ones aside) from `today` (the caller's own day; else
   * the day in their reminder time zone, else UTC) to their "days ahead" setting, soonest first (issue 50 §6).
   */
  upcomingDates: protectedProcedure
    .input(upcomingDatesInput)
    .output(answer(answers.upcomingDates))
    .query(async ({ ctx, input }) => {
      const settings = await readSettings(ctx.database.read, ctx.user.id);
      const today = input?.today ?? localDay(Date.now(), settings.timeZone ?? 'UTC');
      const items = await upcomingDates(ctx.database.read, ctx.authority, today, settings.datesAheadDays);
      return { today, daysAhead: settings.datesAheadDays, items };
    }),

  /** The generation tree of the "discipled by" links the caller may read (issue 50). */
  generations: protectedProcedure.output(answer(answers.generations)).query(({ ctx }) => generations(ctx.database.read, ctx.authority)),

  /** What deleting the contact takes with it, and whether the caller may (see contactDeletion). */
  deletionImpact: protectedProcedure
    .input(idInput)
    .output(answer(answers.deletionImpact))
    .query(async ({ ctx, input }) => {
      const deletion = await contactDeletion(ctx.database.read, input.id, ctx.authority);
      if (!deletion) throw notFound(CONTACT_NOT_FOUND);
      return { allowed: deletion.allowed, records: deletion.records };
    }),

  remove: protectedProcedure
    .input(idInput)
    .output(answer(answers.removed))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        // Decided inside the write, so a record a teammate adds a moment before is counted.
        const deletion = await contactDeletion(tx, input.id, ctx.authority);
        if (deletion?.changeable && !deletion.allowed) throw new TRPCError({ code: 'FORBIDDEN', message: OTHERS_RECORDS });
        return contactRecords.remove(tx, input.id, ctx.authority);
      }),
    ),
});
