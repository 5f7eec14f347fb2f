// What a person is told (issue 51 §3): the one way every part of the server (comments' mentions, assignments and their
// answers, the update-needed sweep, a member leaving or being removed) writes a notification, inside the transaction
// of the change it tells of, so that a change and its notification land together or not at all.
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

/** Writes the notifications, none when the list is empty; nobody is told of what they did themselves. */
export async function notify(tx: Tx, rows: NewNotification[]): Promise<void> {
  const told = rows.filter((row) => row.actorId == null || row.actorId !== row.userId);
  for (let start = 0; start < told.length; start += INSERT_CHUNK) await tx.insert(notifications).values(told.slice(start, start + INSERT_CHUNK));
}
