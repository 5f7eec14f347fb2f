// A user's prayer lists (issue 50 §5), as the lists' router and the prayer requests' writes reach them.
import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { prayerLists } from '../../db/schema';
import { msg } from '../../shared/i18n';
import { notFound } from '../access';

export const PRAYER_LIST_NOT_FOUND = msg('Prayer list not found');

/** The user's own lists: by author, and in no team (a list is never a team's). */
export const ownLists = (userId: number) => and(eq(prayerLists.createdBy, userId), isNull(prayerLists.teamId));

/** That `listId` is one of the user's own lists, in the write's transaction: else 404, as for any row of someone else's. */
export async function assertOwnList(tx: Tx, listId: number, userId: number) {
  const [row] = await tx
    .select({ id: prayerLists.id })
    .from(prayerLists)
    .where(and(eq(prayerLists.id, listId), ownLists(userId)));
  if (!row) throw notFound(PRAYER_LIST_NOT_FOUND);
}
