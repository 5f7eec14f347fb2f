// The account's security log (issue 33): what happened to it that its owner may want to check, with the time and a
// coarse device name, kept for 90 days.
import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client';
import { securityEvents } from '../../db/schema';
import type { SecurityEventKind } from '../../shared/securityEvents';
import { deviceOf } from './device';

export const SECURITY_LOG_DAYS = 90;
const DAY_MS = 86_400_000;
/** Entries one answer holds, newest first: a day's failed sign-ins from one kind of device are one entry. */
export const SECURITY_LOG_MOST = 200;
/**
 * Entries one account keeps, newest first: signing in and out in a loop cannot grow the table without bound (a
 * sign-in is not rate-limited once the password is right). Far more than the answer shows, so the 90 days decide.
 */
export const SECURITY_LOG_KEPT = 1_000;
/** Old entries deleted in one write, so a sweep never holds the writer long. */
const SWEEP_ROWS = 1_000;

/**
 * Notes an event in the user's log, in the caller's write transaction. A failed sign-in from the same kind of device on
 * the same UTC day adds to that day's entry instead of a new one: guessing from many addresses makes a count grow, not
 * the log.
 */
export async function recordSecurityEvent(tx: Queryable, userId: number, event: SecurityEventKind, userAgent: string | undefined, now = new Date()) {
  const device = deviceOf(userAgent);
  if (event === 'sign-in-failed') {
    const dayStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
    const added = await tx
      .update(securityEvents)
      .set({ count: sql`${securityEvents.count} + 1`, at: now })
      .where(and(eq(securityEvents.userId, userId), eq(securityEvents.event, event), eq(securityEvents.device, device), gte(securityEvents.at, dayStart)))
      .returning({ id: securityEvents.id });
    if (added.length) return;
  }
  await tx.insert(securityEvents).values({ userId, event, at: now, device });
  // Past SECURITY_LOG_KEPT, the oldest go: a walk of the (user, at) index from the newest, usually deleting nothing.
  await tx.run(
    sql`delete from ${securityEvents} where ${securityEvents.id} in (
      select ${securityEvents.id} from ${securityEvents} where ${securityEvents.userId} = ${userId}
      order by ${securityEvents.at} desc, ${securityEvents.id} desc limit -1 offset ${SECURITY_LOG_KEPT})`,
  );
}

/** The newest entries of the last SECURITY_LOG_DAYS days. */
export function readSecurityLog(database: Database, userId: number, now = new Date()) {
  return database.read
    .select({ event: securityEvents.event, at: securityEvents.at, device: securityEvents.device, count: securityEvents.count })
    .from(securityEvents)
    .where(and(eq(securityEvents.userId, userId), gte(securityEvents.at, new Date(now.getTime() - SECURITY_LOG_DAYS * DAY_MS))))
    .orderBy(desc(securityEvents.at), desc(securityEvents.id))
    .limit(SECURITY_LOG_MOST) as Promise<{ event: SecurityEventKind; at: Date; device: string; count: number }[]>;
}

/** Deletes entries older than SECURITY_LOG_DAYS, SWEEP_ROWS at a time; how many went. */
export async function sweepSecurityLog(database: Database, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - SECURITY_LOG_DAYS * DAY_MS);
  let deleted = 0;
  for (;;) {
    const gone = await database.write((tx) =>
      tx
        .delete(securityEvents)
        .where(sql`${securityEvents.id} in (select ${securityEvents.id} from ${securityEvents} where ${lt(securityEvents.at, before)} limit ${SWEEP_ROWS})`)
        .returning({ id: securityEvents.id }),
    );
    deleted += gone.length;
    if (gone.length < SWEEP_ROWS) return deleted;
  }
}
