// 'Any changes spiritually?' (issue 16): after a few activities with a person since their status last changed, Sower asks;
// the answer is a journey step dated now, from their status to the one chosen (the same one when nothing changed), so
// the count starts again. Served as contacts.spiritualCheck and contacts.answerSpiritualCheck.
import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { activities, contacts, contactStatusChanges } from '../../db/schema';
import { msg } from '../../shared/i18n';
import { SPIRITUAL_CHECK_AFTER } from '../../shared/nextSteps';
import { canEdit, canRead, type Authority } from '../access';
import { idInput } from '../schemas/common';
import { spiritualCheckAnswerInput } from '../schemas/spiritualCheck';
import { protectedProcedure } from '../trpc';
import { recordStatusChanges } from './journey';
import { recordsOf } from './shared';

const contactStatus = recordsOf(contacts, msg('Contact not found'), (db, where) =>
  db.select({ id: contacts.id, spiritualStatus: contacts.spiritualStatus, createdAt: contacts.createdAt }).from(contacts).where(where),
);

/** An activity entered after the change but dated by its day (at local noon) may be dated a little before it. */
const SAME_DAY = 36 * 3_600_000;

/**
 * How many activities the user can read with the contact came after their status last changed (after the contact was
 * added when it never did): dated after it, or entered after it for the same day. Counted only up to
 * SPIRITUAL_CHECK_AFTER: one seek of contact_status_changes_contact_idx and a short range of activities_contact_date_idx.
 */
export async function activitiesSinceStatusChange(db: Queryable, contact: { id: number; createdAt: Date }, who: Authority): Promise<number> {
  const [last] = await db
    .select({ changedAt: contactStatusChanges.changedAt })
    .from(contactStatusChanges)
    .where(eq(contactStatusChanges.contactId, contact.id))
    .orderBy(desc(contactStatusChanges.changedAt), desc(contactStatusChanges.id))
    .limit(1);
  const since = last?.changedAt ?? contact.createdAt;
  const recent = db
    .select({ one: sql`1` })
    .from(activities)
    .where(
      and(
        eq(activities.contactId, contact.id),
        gt(activities.date, new Date(since.getTime() - SAME_DAY)),
        or(gt(activities.date, since), gt(activities.createdAt, since)),
        canRead(activities, who),
      ),
    )
    .limit(SPIRITUAL_CHECK_AFTER)
    .as('recent');
  const [row] = await db.select({ count: sql<number>`count(*)` }).from(recent);
  return Number(row.count);
}

/** Whether to ask about a contact: enough activities since the last change, and the user may change their status. */
async function checkOf(db: Queryable, contactId: number, who: Authority) {
  const contact = await contactStatus.read(db, contactId, who);
  const count = await activitiesSinceStatusChange(db, contact, who);
  const [editable] = count >= SPIRITUAL_CHECK_AFTER ? await db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.id, contactId), canEdit(contacts, who))) : [];
  return { id: contact.id, spiritualStatus: contact.spiritualStatus, activitiesSinceChange: count, ask: Boolean(editable) };
}

/** For the activity create's answer: whether its success toast asks 'Any changes spiritually?'. */
export async function askSpiritualChange(db: Queryable, contactId: number, who: Authority): Promise<boolean> {
  return (await checkOf(db, contactId, who)).ask;
}

export const spiritualCheckProcedures = {
  spiritualCheck: protectedProcedure.input(idInput).query(({ ctx, input }) => checkOf(ctx.database.read, input.id, ctx.authority)),

  /** The answer: the status now (changed or not) and a journey step dated now; 403 for a team viewer, 404 for others'. */
  answerSpiritualCheck: protectedProcedure.input(spiritualCheckAnswerInput).mutation(({ ctx, input }) =>
    ctx.database.write(async (tx) => {
      const before = await contactStatus.read(tx, input.id, ctx.authority);
      await contactStatus.update(tx, input.id, ctx.authority, before.spiritualStatus === input.status ? {} : { spiritualStatus: input.status });
      await recordStatusChanges(tx, ctx.user.id, [{ contactId: input.id, fromStatus: before.spiritualStatus, toStatus: input.status }]);
      return checkOf(tx, input.id, ctx.authority);
    }),
  ),
};
