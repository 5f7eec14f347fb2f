// What a person is told (issue 51 §3): the one way every part of the server (comments' mentions, assignments and their
// answers, the update-needed sweep, a member leaving or being removed) writes a notification, inside the transaction
// of the change it tells of, so that a change and its notification land together or not at all; and marking them read.
// What each says, and who may still see it, is server/queries/notifications.ts.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { notifications } from '../../db/schema';
import type { NotificationKind } from '../../shared/vocabulary';

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  teamId?: number | null;
  contactId?: number | null;
  commentId?: number | null;
  actorId?: number | null;
  detail?: Record<string, unknown> | null;
}

/** Rows per INSERT statement: well under SQLite's limit on bound parameters (8 a row). */
const INSERT_CHUNK = 500;

/** The notifications each user keeps: past this, a new one deletes their oldest (in the write that adds it). */
export const NOTIFICATIONS_KEPT = 500;

/** Writes the notifications, none when the list is empty; nobody is told of what they did themselves. */
export async function notify(tx: Tx, rows: NewNotification[]): Promise<void> {
  const told = rows.filter((row) => row.actorId == null || row.actorId !== row.userId);
  for (let start = 0; start < told.length; start += INSERT_CHUNK) await tx.insert(notifications).values(told.slice(start, start + INSERT_CHUNK));
  // Each user keeps their newest NOTIFICATIONS_KEPT: one seek in notifications_user_idx finds where the kept ones end.
  for (const userId of new Set(told.map((row) => row.userId)))
    await tx.run(
      sql`delete from ${notifications} where ${notifications.userId} = ${userId} and ${notifications.id} <= (select id from ${notifications} where ${notifications.userId} = ${userId} order by id desc limit 1 offset ${NOTIFICATIONS_KEPT})`,
    );
}

/** Marks the user's notifications read: those of `ids` that are theirs, or every one. */
export async function markRead(tx: Tx, userId: number, ids?: number[]) {
  await tx
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), ids ? inArray(notifications.id, ids.length ? ids : [0]) : undefined));
}
