// Pray today (issue 16): each day a few of the user's own active prayer requests, the longest waiting first, so every
// request comes up in turn. 'I prayed' (prayerRequests.pray) and 'Not today' both move a request to the back of the
// rotation (rotated_at = now); one prayed today stays in the day's list, shown as prayed, so the list can be finished.
import { TZDate } from '@date-fns/tz';
import { startOfDay } from 'date-fns';
import { and, asc, eq, gte, isNull, lt, or } from 'drizzle-orm';
import { canRead, decidedInSql, readableContactName } from '../access';
import type { Queryable, Tx } from '../../db/client';
import { contacts, prayerRequests } from '../../db/schema';
import { readSettings } from './settings';

export interface PrayTodayItem {
  id: number;
  contactId: number | null;
  /** Null where the user may no longer read the contact (server/access.ts readableContactName). */
  contactName: string | null;
  request: string;
  prayedCount: number;
  lastPrayedAt: Date | null;
  /** Prayed for since the day began: shown checked. */
  prayedToday: boolean;
}

const itemColumns = (userId: number) => ({
  id: prayerRequests.id,
  contactId: prayerRequests.contactId,
  contactName: readableContactName(decidedInSql(userId)),
  request: prayerRequests.request,
  prayedCount: prayerRequests.prayedCount,
  lastPrayedAt: prayerRequests.lastPrayedAt,
});

/** When the day that holds `now` began in a time zone, in ms since the epoch. */
export function dayStartIn(now: number, timeZone: string): number {
  return startOfDay(new TZDate(now, timeZone)).getTime();
}

/**
 * The user's list for the day that began at `dayStart`: first the requests already prayed for that day (in the order
 * they were prayed), then, up to `count` in all, the active requests not yet handled that day, the longest waiting first
 * (never handled first, then by when they last left the list). A request set aside with 'Not today' is in neither.
 * Two short reads along prayer_requests_rotation_idx (created_by, answered, rotated_at), each stopping at `count`.
 */
export async function prayTodayList(db: Queryable, userId: number, dayStart: number, count: number): Promise<PrayTodayItem[]> {
  // Their own that they may still read: never a request they wrote in a team they have left (issue 30).
  const mine = and(eq(prayerRequests.createdBy, userId), canRead(prayerRequests, decidedInSql(userId)), eq(prayerRequests.answered, false));
  const since = new Date(dayStart);
  const select = () => db.select(itemColumns(userId)).from(prayerRequests).innerJoin(contacts, eq(contacts.id, prayerRequests.contactId));
  // Praying also rotates, so a request prayed today was rotated today: the index narrows to today's rotations.
  const prayed = await select()
    .where(and(mine, gte(prayerRequests.rotatedAt, since), gte(prayerRequests.lastPrayedAt, since)))
    .orderBy(asc(prayerRequests.lastPrayedAt), asc(prayerRequests.id))
    .limit(count);
  const left = count - prayed.length;
  const waiting =
    left > 0
      ? await select()
          .where(and(mine, or(isNull(prayerRequests.rotatedAt), lt(prayerRequests.rotatedAt, since))))
          .orderBy(asc(prayerRequests.rotatedAt), asc(prayerRequests.id))
          .limit(left)
      : [];
  return [...prayed.map((row) => ({ ...row, prayedToday: true })), ...waiting.map((row) => ({ ...row, prayedToday: false }))];
}

/** The user's own request `id` set aside for today: to the back of the rotation. False when it is not theirs (or gone). */
export async function setAsideToday(tx: Tx, userId: number, id: number, now: number): Promise<boolean> {
  const rows = await tx
    .update(prayerRequests)
    .set({ rotatedAt: new Date(now) })
    .where(and(eq(prayerRequests.id, id), eq(prayerRequests.createdBy, userId)))
    .returning({ id: prayerRequests.id });
  return rows.length > 0;
}

/** For the daily digest: the requests of today's list (in the user's time zone) still to pray for. */
export async function prayTodayForDigest(
  db: Queryable,
  userId: number,
  now: number,
  timeZone: string,
): Promise<{ id: number; request: string; contactName: string | null }[]> {
  const { prayTodayCount } = await readSettings(db, userId);
  const list = await prayTodayList(db, userId, dayStartIn(now, timeZone), prayTodayCount);
  return list.filter((item) => !item.prayedToday).map(({ id, request, contactName }) => ({ id, request, contactName }));
}
