// Activities: logged outreach, created in one transaction with an optional contact, follow-up and prayer request.
import { and, asc, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { activities, contacts, followUps, prayerRequests } from '../../db/schema';
import { assertCanCreateIn, canEdit, canRead, notFound } from '../access';
import { onceForKey } from '../idempotency';
import { activityCreateInput, activityListInput, activityUpdateInput } from '../schemas/activities';
import { idInput } from '../schemas/common';
import { activityTypeLabels } from '../../shared/vocabulary';
import { protectedProcedure, router } from '../trpc';
import { afterCursor, limitOf, readablePage } from './paging';
import { insertContact } from './contacts';
import { followUpColumns } from './followUps';
import { prayerColumns } from './prayerRequests';
import { removeOwned, requireReadableContact, updateOwned } from './shared';
import { rowsOf } from '../rows';

export const activityColumns = {
  id: activities.id,
  type: activities.type,
  date: activities.date,
  description: activities.description,
  notes: activities.notes,
  contactId: activities.contactId,
  contactName: contacts.name,
  teamId: activities.teamId,
};

export function selectActivities(db: Queryable) {
  return db.select(activityColumns).from(activities).innerJoin(contacts, eq(contacts.id, activities.contactId));
}

async function loadActivity(db: Queryable, activityId: number, userId: number) {
  const [row] = await selectActivities(db).where(and(eq(activities.id, activityId), canRead(activities, userId)));
  if (!row) throw notFound('Activity');
  return row;
}

/**
 * The contact an activity is about: an id the user can see, or a typed name matched case-insensitively
 * (trimmed) among the contacts they can see, preferring their own; otherwise a new contact with status unknown.
 */
async function resolveContact(tx: Tx, userId: number, input: { contactId?: number; contactName?: string; teamId: number | null }) {
  if (input.contactId !== undefined) return { contact: await requireReadableContact(tx, input.contactId, userId), created: false };
  const name = (input.contactName ?? '').trim();
  const [existing] = await tx
    .select({ id: contacts.id, name: contacts.name })
    .from(contacts)
    // Only among contacts the user may change: a name typed by a team's viewer never lands on the team's contact,
    // whose deletion by an admin would take the viewer's activity with it.
    .where(and(canEdit(contacts, userId), sql`lower(trim(${contacts.name})) = lower(${name})`))
    .orderBy(desc(sql`${contacts.createdBy} = ${userId}`), asc(contacts.id))
    .limit(1);
  if (existing) return { contact: existing, created: false };
  const created = await insertContact(tx, userId, { name, spiritualStatus: 'unknown', teamId: input.teamId });
  return { contact: { id: created.id, name: created.name }, created: true };
}

export const activitiesRouter = router({
  list: protectedProcedure.input(activityListInput).query(({ ctx, input }) => {
    const order = [desc(activities.date), desc(activities.id)];
    const filters = [
      input?.type ? eq(activities.type, input.type) : undefined,
      input?.contactId ? eq(activities.contactId, input.contactId) : undefined,
      input?.from ? gte(activities.date, input.from) : undefined,
      input?.to ? lt(activities.date, input.to) : undefined,
      input?.cursor ? afterCursor(activities, activities.date, 'desc', input.cursor, ctx.user.id) : undefined,
    ];
    return rowsOf(
      selectActivities(ctx.database.read)
        .where(readablePage(activities, ctx.user.id, filters, order, limitOf(input)))
        .orderBy(...order)
        .limit(limitOf(input)),
    );
  }),

  byId: protectedProcedure.input(idInput).query(({ ctx, input }) => loadActivity(ctx.database.read, input.id, ctx.user.id)),

  create: protectedProcedure.input(activityCreateInput).mutation(({ ctx, input }) =>
    // An outbox replay with the same key answers the first result and creates nothing.
    ctx.database.write((tx) => onceForKey(tx, ctx.user.id, input.idempotencyKey, input, async () => {
      const userId = ctx.user.id;
      await assertCanCreateIn(tx, input.teamId, userId);
      const { contact, created } = await resolveContact(tx, userId, input);
      const date = input.date ?? new Date();
      const [activity] = await tx
        .insert(activities)
        .values({
          contactId: contact.id,
          type: input.type,
          date,
          description: input.description ?? activityTypeLabels[input.type],
          notes: input.notes,
          teamId: input.teamId,
          createdBy: userId,
        })
        .returning({ id: activities.id });

      const ownership = { contactId: contact.id, teamId: input.teamId, createdBy: userId };
      const followUp = input.followUp
        ? (await tx.insert(followUps).values({ ...ownership, ...input.followUp }).returning(followUpColumns))[0]
        : null;
      const prayerRequest = input.prayer
        ? // Asked for during the conversation: the prayer request is dated with the activity, not the day it was typed in.
          (await tx.insert(prayerRequests).values({ ...ownership, request: input.prayer.request, date }).returning(prayerColumns))[0]
        : null;
      return {
        ...(await loadActivity(tx, activity.id, userId)),
        newContact: created,
        followUp: followUp && { ...followUp, contactName: contact.name },
        prayerRequest: prayerRequest && { ...prayerRequest, contactName: contact.name },
      };
    })),
  ),

  update: protectedProcedure.input(activityUpdateInput).mutation(({ ctx, input }) =>
    ctx.database.write(async (tx) => {
      const { id, contactName, contactId, ...changes } = input;
      const current = await loadActivity(tx, id, ctx.user.id);
      const contactChanged =
        contactId !== undefined || (contactName !== undefined && contactName.trim().toLowerCase() !== current.contactName.trim().toLowerCase());
      const target = contactChanged ? await resolveContact(tx, ctx.user.id, { contactId, contactName, teamId: current.teamId }) : undefined;
      await updateOwned(tx, activities, id, ctx.user.id, { ...changes, contactId: target?.contact.id }, 'Activity');
      // Said back, so the form can tell the user a name it did not know became a new contact.
      return { ...(await loadActivity(tx, id, ctx.user.id)), newContact: target?.created ?? false };
    }),
  ),

  remove: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => ctx.database.write((tx) => removeOwned(tx, activities, input.id, ctx.user.id, 'Activity'))),
});
