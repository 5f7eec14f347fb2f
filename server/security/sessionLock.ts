// The app lock on the server (issue 47): when a session is locked, and the 423 every call but a few answers then.
import { TRPCError } from '@trpc/server';
import { msg } from '../../shared/i18n';
import { HttpError } from '../errors';

/** What the session read tells about its lock (server/security/auth.ts). */
export interface SessionLockState {
  /** The account has a PIN: without one no session is ever locked. */
  pinSet: boolean;
  /** Minutes without being seen after which the server locks the session. */
  idleMinutes: number;
  /** When the session was locked (by its page or by the idle rule), or null. */
  lockedAt: Date | null;
  lastSeenAt: Date;
}

/**
 * Whether the session was locked before this request, and whether the idle rule locks it now: the idle time has passed
 * since it was last seen. "Last seen" is at most shared/appLock.ts LOCKED_SEEN_EVERY_MS behind the last request, so the rule locks
 * between the idle time less that and the idle time after it, never later.
 */
export function lockOf(state: SessionLockState, now: Date): { locked: boolean; idleNow: boolean } {
  if (!state.pinSet) return { locked: false, idleNow: false };
  if (state.lockedAt) return { locked: true, idleNow: false };
  const idleNow = now.getTime() - state.lastSeenAt.getTime() >= state.idleMinutes * 60_000;
  return { locked: idleNow, idleNow };
}

/**
 * The procedures a locked session may call: the PIN's check, and locking again. Signing out (auth.logout, which
 * "Forget this device" calls) is public, so it needs no place here; everything else answers 423, reads of who is
 * signed in (auth.me) and of the lock's settings (account.pin.status) too: whoever holds a locked phone learns
 * nothing of the account, not even its name.
 */
export const OPEN_WHILE_LOCKED: ReadonlySet<string> = new Set(['account.pin.verify', 'account.pin.lock']);

export const SESSION_LOCKED = msg('This session is locked. Enter your PIN to continue.');

/** The 423 of a locked session: tRPC has no code for it, so its FORBIDDEN carries the HttpError that says 423. */
export const sessionLocked = () => new TRPCError({ code: 'FORBIDDEN', message: SESSION_LOCKED, cause: new HttpError(423, 'LOCKED', SESSION_LOCKED) });
