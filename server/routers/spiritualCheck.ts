// 'Any changes spiritually?' (issue 16): after a few activities with a person since their status last changed, Sower asks;
// the answer is a journey step dated now, from their status to the one chosen (the same one when nothing changed), so
// the count starts again. Served as contacts.spiritualCheck and contacts.answerSpiritualCheck.
import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';
import { and, desc, eq, gt, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { activities, contacts, contactStatusChanges } from '../../db/schema';
import { msg } from '../../shared/i18n';
import { SPIRITUAL_CHECK_AFTER } from '../../shared/nextSteps';
import { canEdit, canRead, type Authority } from '../access';
import { readSettings } from '../nudges/settings';
import { spiritualCheckAnswerInput, spiritualCheckInput } from '../../shared/schemas/spiritualCheck';
import type { SpiritualCheckSince } from '../../shared/nudges';
import { protectedProcedure } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { recordStatusChanges } from './journey';
import { recordsOf } from '../queries/records';

const contactStatus = recordsOf(contacts, msg('Contact not found'), (db, where) =>
  db.select({ id: contacts.id, spiritualStatus: contacts.spiritualStatus }).from(contacts).where(where),
);

/** The zone the user's days are read in: the one the browser sent, else their saved one, else UTC. */
async function zoneOf(db: Queryable, userId: number, sent: string | undefined): Promise<string> {
  return sent ?? (await readSettings(db, userId)).timeZone ?? 'UTC';
}

/**
 * How many activities the user can read with the contact happened since their status last changed, counted only up to
 * SPIRITUAL_CHECK_AFTER, and from what. Activities carry a day (the form sends its local noon) and a change an instant,
 * so they are compared by the user's day in `timeZone`: an activity counts when dated on a later day than the change,
 * or on its day and logged after it (noon of the day a 'No change' was answered may still be ahead of the answer).
 * While the status never changed (only the step that added the person, or no step at all), every activity counts:
 * backdated ones, and the one that added them. Never one dated after today: it has not happened yet.
 * One seek of contact_status_changes_contact_idx and a short range of activities_contact_date_idx.
 */
export async function activitiesSinceStatusChange(db: Queryable, contactId: number, who: Authority, timeZone: string, now = Date.now()) {
  const [last] = await db
    .select({ changedAt: contactStatusChanges.changedAt, fromStatus: contactStatusChanges.fromStatus, toStatus: contactStatusChanges.toStatus })
    .from(contactStatusChanges)
    .where(eq(contactStatusChanges.contactId, contactId))
    .orderBy(desc(contactStatusChanges.changedAt), desc(contactStatusChanges.id))
    .limit(1);
  const since: SpiritualCheckSince = !last || last.fromStatus === null ? 'added' : last.fromStatus === last.toStatus ? 'checked' : 'changed';
  const dayStart = (at: number) => startOfDay(new TZDate(at, timeZone));
  const tomorrow = addDays(dayStart(now), 1);
  let after: SQL | undefined;
  if (last && since !== 'added') {
    const changeDay = dayStart(last.changedAt.getTime());
    after = and(gte(activities.date, changeDay), or(gte(activities.date, addDays(changeDay, 1)), gt(activities.createdAt, last.changedAt)));
  }
  const recent = db
    .select({ one: sql`1` })
    .from(activities)
    .where(and(eq(activities.contactId, contactId), lt(activities.date, tomorrow), after, canRead(activities, who)))
    .limit(SPIRITUAL_CHECK_AFTER)
    .as('recent');
  const [row] = await db.select({ count: sql<number>`count(*)` }).from(recent);
  return { count: Number(row.count), since };
}

/** Whether to ask about a contact: enough activities since the last change, and the user may change their status. */
async function checkOf(db: Queryable, contactId: number, who: Authority, sentZone: string | undefined) {
  const contact = await contactStatus.read(db, contactId, who);
  const { count, since } = await activitiesSinceStatusChange(db, contactId, who, await zoneOf(db, who.userId, sentZone));
  const [editable] =
    count >= SPIRITUAL_CHECK_AFTER
      ? await db
          .select({ id: contacts.id })
          .from(contacts)
          .where(and(eq(contacts.id, contactId), canEdit(contacts, who)))
      : [];
  return { id: contact.id, spiritualStatus: contact.spiritualStatus, activitiesSinceChange: count, ask: Boolean(editable), since };
}

/** For the activity create's answer: whether its success toast asks 'Any changes spiritually?'. */
export async function askSpiritualChange(db: Queryable, contactId: number, who: Authority, timeZone: string | undefined): Promise<boolean> {
  return (await checkOf(db, contactId, who, timeZone)).ask;
}

export const spiritualCheckProcedures = {
  spiritualCheck: protectedProcedure
    .input(spiritualCheckInput)
    .output(answer(answers.spiritualCheck))
    .query(({ ctx, input }) => checkOf(ctx.database.read, input.id, ctx.authority, input.timeZone)),

  /** The answer: the status now (changed or not) and a journey step dated now; 403 for a team viewer, 404 for others'. */
  answerSpiritualCheck: protectedProcedure
    .input(spiritualCheckAnswerInput)
    .output(answer(answers.spiritualCheck))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        const before = await contactStatus.read(tx, input.id, ctx.authority);
        await contactStatus.update(tx, input.id, ctx.authority, before.spiritualStatus === input.status ? {} : { spiritualStatus: input.status });
        await recordStatusChanges(tx, ctx.user.id, [{ contactId: input.id, fromStatus: before.spiritualStatus, toStatus: input.status }]);
        return checkOf(tx, input.id, ctx.authority, input.timeZone);
      }),
    ),
};
