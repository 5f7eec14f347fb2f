// Pray today (issue 16): each day a few of the user's own active prayer requests, the longest waiting first, so every
// request comes up in turn. 'I prayed' (prayerRequests.pray) and 'Not today' both move a request to the back of the
// rotation (rotated_at = now); one prayed today stays in the day's list, shown as prayed, so the list can be finished.
// With prayer lists (issue 50 §5) each list takes its own turns: `per_day` of its requests a day, and the requests in no
// list take the user's Pray today count. The rotation lives in the rows (rotated_at), so a restart changes nothing, and
// days without opening the app skip no one: whoever waited longest comes first, however many days went by.
import { TZDate } from '@date-fns/tz';
import { startOfDay } from 'date-fns';
import { and, asc, eq, gte, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { canRead, decidedInSql, readableContactName } from '../access';
import type { Queryable, Tx } from '../../db/client';
import { contacts, prayerLists, prayerRequests } from '../../db/schema';
import { MAX_PRAYER_LISTS } from '../../shared/schemas/prayerLists';
import { readSettings } from './settings';
import type { DigestPrayer } from './digest';
import { notArchived } from '../queries/archive';

export interface PrayTodayItem {
  id: number;
  contactId: number | null;
  /** Null where the user may no longer read the contact (server/access.ts readableContactName), or for no one person. */
  contactName: string | null;
  request: string;
  prayedCount: number;
  lastPrayedAt: Date | null;
  /** The user's prayer list it came from; null: the requests in no list. */
  listId: number | null;
  listName: string | null;
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
 * One rotation's turn for the day that began at `dayStart` (`among`: a list's requests, or those in no list): first the
 * requests already prayed for that day (in the order they were prayed), then, up to `count` in all, the active requests
 * not yet handled that day, the longest waiting first (never handled first, then by when they last left the list). A
 * request set aside with 'Not today' is in neither. Two short reads, each stopping at `count`.
 */
async function turn(db: Queryable, userId: number, among: SQL, since: Date, count: number) {
  // Their own that they may still read: never a request they wrote in a team they have left (issue 30); never one about
  // an archived person (issue 50 §7). A request about no one person has no contact row: the left join's null passes.
  const mine = and(eq(prayerRequests.createdBy, userId), among, canRead(prayerRequests, decidedInSql(userId)), eq(prayerRequests.answered, false), notArchived);
  const select = () => db.select(itemColumns(userId)).from(prayerRequests).leftJoin(contacts, eq(contacts.id, prayerRequests.contactId));
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

/**
 * The user's list for the day that began at `dayStart`: `count` (their Pray today count) of the requests in no list,
 * then each of their prayer lists by name, `per_day` of its requests (turn above). Each list's reads go along
 * prayer_requests_list_idx (list_id, answered, rotated_at), the requests in no list along prayer_requests_rotation_idx.
 */
export async function prayTodayList(db: Queryable, userId: number, dayStart: number, count: number): Promise<PrayTodayItem[]> {
  const since = new Date(dayStart);
  const lists = await db
    .select({ id: prayerLists.id, name: prayerLists.name, perDay: prayerLists.perDay })
    .from(prayerLists)
    .where(and(eq(prayerLists.createdBy, userId), isNull(prayerLists.teamId)))
    .orderBy(asc(sql`${prayerLists.name} collate nocase`), asc(prayerLists.id))
    .limit(MAX_PRAYER_LISTS);
  const unlisted = (await turn(db, userId, isNull(prayerRequests.listId), since, count)).map((row) => ({ ...row, listId: null, listName: null }));
  const listed: PrayTodayItem[] = [];
  for (const list of lists)
    for (const row of await turn(db, userId, eq(prayerRequests.listId, list.id), since, list.perDay))
      listed.push({ ...row, listId: list.id, listName: list.name });
  return [...unlisted, ...listed];
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
export async function prayTodayForDigest(db: Queryable, userId: number, now: number, timeZone: string): Promise<DigestPrayer[]> {
  const { prayTodayCount } = await readSettings(db, userId);
  const list = await prayTodayList(db, userId, dayStartIn(now, timeZone), prayTodayCount);
  return list
    .filter((item) => !item.prayedToday)
    .map(({ id, request, contactId, contactName }) => ({ id, request, contactName, ...(contactId === null ? { aboutNoOne: true } : {}) }));
}
