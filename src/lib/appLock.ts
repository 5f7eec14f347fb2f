// Whether this device shows the app lock (issues 33, 47). The lock itself is the session's, on the server, which answers
// 423 to nearly every call while it holds; this only remembers on the device that the lock is closed, so a reload or a
// new tab opens on the lock too, offline included, and closes it at once when any answer says 423.
import type { QueryClient } from '@tanstack/react-query';
import { httpStatus } from './errors';
import { procedureOf } from './persistence';

const KEY = 'sower:locked';
const listeners = new Set<() => void>();

export function isLockClosed(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
}

function setClosed(closed: boolean) {
  try {
    if (closed) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the lock holds for this page, and the server's holds anyway.
  }
  listeners.forEach((listener) => listener());
}

export const closeLock = () => setClosed(true);
export const openLock = () => setClosed(false);

/** Follows the lock in this tab and in the others (another tab locked or unlocked). */
export function subscribeLock(listener: () => void) {
  const fromOtherTab = (event: StorageEvent) => event.key === KEY && listener();
  listeners.add(listener);
  window.addEventListener('storage', fromOtherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromOtherTab);
  };
}

/** The server's answer for a locked session (server/security/sessionLock.ts). */
export const isLockedAnswer = (error: unknown) => httpStatus(error) === 423;

/** Closes the lock and drops what the app holds in memory of the user's, but who is signed in and the lock's settings. */
export function lockAndForget(queryClient: QueryClient) {
  closeLock();
  queryClient.removeQueries({ predicate: (query) => !['auth.me', 'account.pin.status'].includes(procedureOf(query.queryKey) ?? '') });
}

/**
 * The query cache's and the mutation cache's onError: a call answered 423 means the server locked the session (its
 * idle time passed, or another tab locked it). Deferred, as the cache is still notifying about the very call that failed.
 */
export function lockOnLockedAnswer(queryClient: QueryClient, error: unknown) {
  if (!isLockedAnswer(error)) return;
  closeLock();
  setTimeout(() => lockAndForget(queryClient), 0);
}
