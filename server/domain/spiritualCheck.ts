// Whether to ask 'Any changes spiritually?' about a contact (issue 16): the activities since their status last
// changed, in the user's days; asked by the spiritual check and by an activity's creation alike.
import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';
import { and, desc, eq, gt, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { activities, contacts, contactStatusChanges } from '../../db/schema';
import { msg } from '../../shared/i18n';
import { SPIRITUAL_CHECK_AFTER } from '../../shared/nextSteps';
import type { SpiritualCheckSince } from '../../shared/nudges';
import { canEdit, canRead, type Authority } from '../access';
import { readSettings } from '../nudges/settings';
import { recordsOf } from '../queries/records';
import { aboutPerson } from './activities';

export const contactStatus = recordsOf(contacts, msg('Contact not found'), (db, where) =>
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
    .where(and(aboutPerson(contactId), lt(activities.date, tomorrow), after, canRead(activities, who)))
    .limit(SPIRITUAL_CHECK_AFTER)
    .as('recent');
  const [row] = await db.select({ count: sql<number>`count(*)` }).from(recent);
  return { count: Number(row.count), since };
}

/** Whether to ask about a contact: enough activities since the last change, and the user may change their status. */
export async function checkOf(db: Queryable, contactId: number, who: Authority, sentZone: string | undefined) {
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
