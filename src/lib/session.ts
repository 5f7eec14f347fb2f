// Who is signed in, as the query cache holds it: the auth.me answer, null once the server said nobody is; and what a 401 ends.
import { hashKey, queryOptions, type QueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import { getQueryKey } from '@trpc/react-query';
import type { AppRouter } from '../../server/routers';
import { isNetworkFailure, isUnauthorized } from './errors';
import { trpc, type RouterOutputs } from './trpc';
import { keepsDataOnDevice } from './persistence';

export type SessionUser = RouterOutputs['auth']['me'];

/** tRPC's own key for auth.me, so `utils.auth.me` reads and writes the same entry. */
const sessionKey = getQueryKey(trpc.auth.me, undefined, 'query');
const sessionHash = hashKey(sessionKey);

/**
 * The session check. A 401 is its answer, nobody (SPEC §8: a read may be configured to yield null on 401), kept in the
 * cache like a user is, so 'checked, signed out' needs no state of its own. No answer at all (offline, though the
 * browser may still say it is online: a weak signal, or the first moments of a page opened from the service worker)
 * is not 'signed out': the user remembered on this browser stands in, as offline; without one it stays a failure.
 */
export function sessionQuery(client: TRPCClient<AppRouter>) {
  return queryOptions({
    queryKey: sessionKey,
    queryFn: ({ signal }): Promise<SessionUser | null> =>
      client.auth.me.query(undefined, { signal }).catch((error: unknown) => {
        if (isUnauthorized(error)) return null;
        const remembered = isNetworkFailure(error) && !signal.aborted ? storedUser() : undefined;
        if (remembered) return remembered;
        throw error;
      }),
  });
}

export function signedInUser(queryClient: QueryClient): SessionUser | null {
  return queryClient.getQueryData<SessionUser | null>(sessionKey) ?? null;
}

/** The signed-in user, null for nobody, undefined while the session check has not answered yet. */
export function sessionUserOrUnknown(queryClient: QueryClient): SessionUser | null | undefined {
  return queryClient.getQueryData<SessionUser | null>(sessionKey);
}

/**
 * Who was signed in last on this browser (their public profile, never data), so the app can open offline after a
 * reload: the session cannot be checked without a connection, and the outbox and cached screens need a user.
 * Forgotten on logout and whenever the server answers 401.
 */
const REMEMBERED_USER = 'sower:user';

/** The remembered user, only while the browser says it is offline: online, the server is asked first. */
export function rememberedUser(): SessionUser | undefined {
  return navigator.onLine ? undefined : storedUser();
}

/** Whose data this browser may keep (decision 027): the user remembered here, online or not. */
export function storedUserId(): number | undefined {
  return storedUser()?.id;
}

function storedUser(): SessionUser | undefined {
  try {
    return (JSON.parse(localStorage.getItem(REMEMBERED_USER) ?? 'null') as SessionUser | null) ?? undefined;
  } catch {
    return undefined;
  }
}

export function remember(user: SessionUser | null) {
  try {
    if (user && keepsDataOnDevice()) localStorage.setItem(REMEMBERED_USER, JSON.stringify(user));
    else localStorage.removeItem(REMEMBERED_USER);
  } catch {
    // Storage refused (private mode, quota): the app still works online.
  }
}

/**
 * Signs the user out of this browser's cache: nobody in auth.me (RequireAuth then goes to /login) and nothing else
 * of theirs kept, read or pending, so the next person on a shared phone sees none of it.
 */
export function forgetSignedInUser(queryClient: QueryClient) {
  remember(null);
  queryClient.setQueryData<SessionUser | null>(sessionKey, null);
  queryClient.removeQueries({ predicate: (query) => query.queryHash !== sessionHash });
  queryClient.getMutationCache().clear();
}

const sessionEndedListeners = new Set<() => void>();

/** Tells the listener (AuthProvider, which owns the toast) each time a 401 ended the session. */
export function onSessionEnded(listener: () => void) {
  sessionEndedListeners.add(listener);
  return () => void sessionEndedListeners.delete(listener);
}

/**
 * The query cache's and the mutation cache's onError: any read or write answered 401 while someone is signed in
 * means the session ended elsewhere (expired, signed out or password changed on another device). Handled here,
 * once for every call: the first 401 signs the user out of the cache and is told; the ones after it find nobody.
 */
export function endSessionOnUnauthorized(queryClient: QueryClient, error: unknown) {
  if (!isUnauthorized(error) || signedInUser(queryClient) === null) return;
  remember(null);
  queryClient.setQueryData<SessionUser | null>(sessionKey, null);
  // Deferred: the cache is still notifying about the very call that failed.
  setTimeout(() => forgetSignedInUser(queryClient), 0);
  sessionEndedListeners.forEach((listener) => listener());
}
