// What the app lock's server and page agree on (issues 33, 47): the idle times offered, and how finely a session with a PIN
// is seen.

/** The times without a touch after which Sower may lock, in minutes: the settings offer these and the server takes only these. */
export const LOCK_IDLE_MINUTES = [1, 5, 15] as const;

/**
 * How stale a session's "last seen" may get before a request writes it again, for an account with a PIN: the server's
 * idle rule reads it (server/security/sessionLock.ts), so it must be finer than the shortest idle time (1 minute). The
 * page sends a request on a touch at most this often (src/components/AppLock.tsx), so a person touching the screen
 * without loading anything is seen too.
 */
export const LOCKED_SEEN_EVERY_MS = 10_000;
