// Activities: logged outreach, created in one transaction with an optional contact, follow-up and prayer request.
import { and, asc, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Queryable, Tx } from '../../db/client';
import { activities, activityContacts, contacts, followUps, prayerRequests } from '../../db/schema';
import { TRPCError } from '@trpc/server';
import { assertSpace, canRead, canWriteAbout, type Authority, type Who } from '../access';
import { fieldInvalid } from '../errors';
import { onceForKey } from '../idempotency';
import { activityCreateInput, activityListInput, activityUpdateInput } from '../../shared/schemas/activities';
import { idInput } from '../../shared/schemas/common';
import { activityTypeLabels } from '../../shared/vocabulary';
import { translate } from '../i18n';
import { protectedProcedure, router } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { activityColumns, activityPage, withContactIds } from '../domain/activities';
import { insertContact } from '../domain/contacts';
import { followUpColumns } from '../domain/followUps';
import { prayerColumns } from '../domain/prayerRequests';
import { recordsOf } from '../queries/records';
import { recordContact } from '../domain/contactTeam';
import { askSpiritualChange } from '../domain/spiritualCheck';
import { msg } from '../../shared/i18n';
import { foldText } from '../../shared/fold';
import { activityKeys, afterUpdate, followUpKeys, prayerKeys } from '../queries/searchKeys';

/** A follow-up's values with its search key. */
const withFollowUpKeys = <T extends { description: string }>(values: T) => ({ ...values, ...followUpKeys(values) });

function selectActivities(db: Queryable, who: Who) {
  return db.select(activityColumns(who)).from(activities).innerJoin(contacts, eq(contacts.id, activities.contactId));
}

const activityRecords = recordsOf(activities, msg('Activity not found'), async (db, where, who) =>
  (await selectActivities(db, who).where(where)).map(withContactIds),
);

/**
 * The contact an activity is about: an id the user can see, or a typed name matched by its folded key (case, accents
 * and Arabic letter forms aside: shared/fold.ts) among the contacts they may write about, preferring their own; otherwise a new
 * contact with status unknown, in `teamId`. The activity goes to the contact's team (records follow their contact:
 * contactTeam.ts), where the user must be able to create.
 */
async function resolveContact(tx: Tx, who: Authority, input: { contactId?: number; contactName?: string; teamId: number | null }) {
  const { userId } = who;
  if (input.contactId !== undefined) return { contact: await recordContact(tx, input.contactId, who), created: false };
  const name = (input.contactName ?? '').trim();
  const [existing] = await tx
    .select({ id: contacts.id, name: contacts.name, teamId: contacts.teamId })
    .from(contacts)
    // Only among contacts the user may write about: a name typed by a team's viewer never lands on the team's contact
    // (their activity would go to the team, where they may not write), a member's lands on a teammate's.
    .where(and(canWriteAbout(contacts, who), eq(contacts.nameKey, foldText(name))))
    .orderBy(desc(sql`${contacts.createdBy} = ${userId}`), asc(contacts.id))
    .limit(1);
  if (existing) return { contact: await recordContact(tx, existing.id, who), created: false };
  const created = await insertContact(tx, who, { name, spiritualStatus: 'unknown', teamId: input.teamId });
  return { contact: { id: created.id, name: created.name, teamId: created.teamId }, created: true };
}

const NOT_TOGETHER = msg('Everyone in one activity must be in the same place as its first person: all personal contacts, or all of one team');

/**
 * The other people of an activity (issue 50 §4), checked as its first person is: each a contact the user may write a
 * record about, and in the first person's place (personal, or the same team), so a team's activity never names a
 * personal contact and a personal one never a team's. The first person is left out; each is checked in the write's
 * transaction.
 */
async function resolveOthers(tx: Tx, who: Authority, ids: number[], first: { id: number; teamId: number | null }) {
  const others = ids.filter((contactId) => contactId !== first.id);
  for (const contactId of others) {
    const other = await recordContact(tx, contactId, who);
    if (other.teamId !== first.teamId) throw fieldInvalid({ field: 'contactIds', message: NOT_TOGETHER });
  }
  return others;
}

/**
 * Sets an activity's other people to `others`: those the user may read and left out leave it, the new ones join, with
 * the activity's date. A person the user may not read (taken back by their author since) is neither shown nor touched.
 */
async function setOthers(tx: Tx, activityId: number, others: number[], who: Who) {
  const readable = sql`exists (select 1 from ${contacts} where ${contacts.id} = ${activityContacts.contactId} and ${canRead(contacts, who)})`;
  await tx
    .delete(activityContacts)
    .where(and(eq(activityContacts.activityId, activityId), others.length ? notInArray(activityContacts.contactId, others) : undefined, readable));
  if (!others.length) return;
  const [{ date }] = await tx.select({ date: activities.date }).from(activities).where(eq(activities.id, activityId));
  await tx
    .insert(activityContacts)
    .values(others.map((contactId) => ({ activityId, contactId, date })))
    .onConflictDoNothing();
}

/** Whether the user wrote the activity. */
async function isAuthor(tx: Tx, id: number, who: Authority) {
  const [row] = await tx.select({ createdBy: activities.createdBy }).from(activities).where(eq(activities.id, id));
  return row?.createdBy === who.userId;
}

export const activitiesRouter = router({
  list: protectedProcedure
    .input(activityListInput)
    .output(answer(answers.activity.array()))
    .query(async ({ ctx, input }) => {
      await assertSpace(ctx.database.read, ctx.authority, input?.team);
      return activityPage(ctx.database.read, ctx.authority, input);
    }),

  byId: protectedProcedure
    .input(idInput)
    .output(answer(answers.activity))
    .query(({ ctx, input }) => activityRecords.read(ctx.database.read, input.id, ctx.authority)),

  create: protectedProcedure
    .input(activityCreateInput)
    .output(answer(answers.createdActivity))
    .mutation(({ ctx, input }) =>
      // An outbox replay with the same key answers the first result and creates nothing.
      ctx.database.write((tx) =>
        onceForKey(tx, ctx.user.id, input.idempotencyKey, input, async () => {
          const userId = ctx.user.id;
          const who = ctx.authority;
          const { contact, created } = await resolveContact(tx, who, input);
          const teamId = contact.teamId;
          const others = await resolveOthers(tx, who, input.contactIds ?? [], contact);
          const date = input.date ?? new Date();
          const description = input.description ?? translate(ctx.locale, activityTypeLabels[input.type]);
          const [activity] = await tx
            .insert(activities)
            .values({
              contactId: contact.id,
              type: input.type,
              date,
              description,
              notes: input.notes,
              ...activityKeys({ notes: input.notes, description }),
              teamId,
              createdBy: userId,
            })
            .returning({ id: activities.id });
          await setOthers(tx, activity.id, others, who);

          const ownership = { contactId: contact.id, teamId, createdBy: userId };
          const followUp = input.followUp
            ? (
                await tx
                  .insert(followUps)
                  .values(
                    withFollowUpKeys({
                      ...ownership,
                      ...input.followUp,
                      description: input.followUp.description ?? translate(ctx.locale, 'Follow-up for activity'),
                    }),
                  )
                  .returning(followUpColumns)
              )[0]
            : null;
          const request = input.prayer && (input.prayer.request ?? translate(ctx.locale, 'Prayer related to activity'));
          const prayerRequest = request
            ? // Asked for during the conversation: the prayer request is dated with the activity, not the day it was typed in.
              (
                await tx
                  .insert(prayerRequests)
                  .values({ ...ownership, request, ...prayerKeys({ request }), date })
                  .returning(prayerColumns)
              )[0]
            : null;
          return {
            ...(await activityRecords.read(tx, activity.id, who)),
            newContact: created,
            followUp: followUp && { ...followUp, contactName: contact.name },
            prayerRequest: prayerRequest && { ...prayerRequest, contactName: contact.name, listId: null },
            // Its success toast asks 'Any changes spiritually?' after enough activities since the status last changed.
            askSpiritualChange: await askSpiritualChange(tx, contact.id, who, input.timeZone),
          };
        }),
      ),
    ),

  update: protectedProcedure
    .input(activityUpdateInput)
    .output(answer(answers.updatedActivity))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        const { id, contactName, contactId, contactIds, ...changes } = input;
        const current = await activityRecords.read(tx, id, ctx.authority);
        const contactChanged = contactId !== undefined || (contactName !== undefined && foldText(contactName) !== foldText(current.contactName ?? ''));
        const target = contactChanged ? await resolveContact(tx, ctx.authority, { contactId, contactName, teamId: current.teamId }) : undefined;
        // It goes where its new contact is; only its author moves it to another team or out of one, so an admin's edit
        // never puts a teammate's activity where its author cannot read the contact.
        if (target && target.contact.teamId !== current.teamId && !(await isAuthor(tx, id, ctx.authority)))
          throw new TRPCError({ code: 'FORBIDDEN', message: msg('Only its author can move an activity to a contact of another team or a personal one') });
        // The search key follows the notes and description (kept as they were where the update leaves them).
        const keys =
          changes.notes !== undefined || changes.description !== undefined
            ? activityKeys(afterUpdate({ notes: current.notes, description: current.description }, changes))
            : undefined;
        await activityRecords.update(tx, id, ctx.authority, { ...changes, ...keys, contactId: target?.contact.id, teamId: target?.contact.teamId });
        // Given, the other people are set; else those there stay, and must still be in the first person's place.
        const first = target?.contact ?? { id: current.contactId, teamId: current.teamId };
        const others = contactIds ?? (target ? current.contactIds.filter((other) => other !== current.contactId) : undefined);
        if (others) await setOthers(tx, id, await resolveOthers(tx, ctx.authority, others, first), ctx.authority);
        // Said back, so the form can tell the user a name it did not know became a new contact.
        return { ...(await activityRecords.read(tx, id, ctx.authority)), newContact: target?.created ?? false };
      }),
    ),

  remove: protectedProcedure
    .input(idInput)
    .output(answer(answers.removed))
    .mutation(({ ctx, input }) => ctx.database.write((tx) => activityRecords.remove(tx, input.id, ctx.authority))),
});
