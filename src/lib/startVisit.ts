// What a visit starts before React's first render: the session check and, opening /, the dashboard's code and numbers.
import type { QueryClient } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import { startOfToday, startOfTomorrow } from './days';
import { sessionQuery } from './session';
import { trpc, type createTrpcClient } from './trpc';

/** The dashboard's summary input: upcoming follow-ups count from the start of the user's own day. */
export function dashboardSummaryInput() {
  return { upcomingFrom: startOfToday() };
}

/**
 * On a slow phone the first render of the whole tree costs a few hundred ms, and the shell's after that; what those
 * renders would ask for once mounted is asked for here instead, under the same query keys, so React Query hands the
 * mounted hooks the request already in flight (or its answer).
 * - the session check (AuthProvider's `auth.me`) at once; offline it is left to AuthProvider and the remembered user;
 * - opening /, the dashboard's code beside it, and its summary as soon as the session check says who is signed in
 *   (never before: a visitor's summary would only be a 401, and the shell renders only for a user anyway).
 */
export function startVisit(queryClient: QueryClient, client: ReturnType<typeof createTrpcClient>, preloadDashboardPage: () => void): Promise<unknown> | null {
  if (!navigator.onLine) return null;
  const session = queryClient.fetchQuery(sessionQuery(client));
  session.catch(() => undefined);
  if (window.location.pathname !== '/') return session;
  // On a timer after the session check's own (tRPC sends a batch from one), so that request leaves first.
  setTimeout(preloadDashboardPage);
  session.then(
    (user) => {
      if (!user) return;
      const input = dashboardSummaryInput();
      void queryClient.prefetchQuery({ queryKey: getQueryKey(trpc.dashboard.summary, input, 'query'), queryFn: () => client.dashboard.summary.query(input) });
      void queryClient.prefetchQuery({ queryKey: getQueryKey(trpc.teams.list, undefined, 'query'), queryFn: () => client.teams.list.query() });
      const due = { before: startOfTomorrow() };
      void queryClient.prefetchQuery({ queryKey: getQueryKey(trpc.insights.dueFollowUps, due, 'query'), queryFn: () => client.insights.dueFollowUps.query(due) });
    },
    () => undefined,
  );
  return session;
}

/**
 * How long the first render waits for the session check. index.html preloads it, so on a cold visit its answer is
 * usually here by the time the entry has run, and rendering once with the user known skips rendering the whole tree
 * for a spinner first (150-300 ms of a throttled phone's CPU). A slow answer never holds the page longer than this:
 * until then index.html's own 'Sower' is on screen.
 */
export const FIRST_RENDER_WAIT_MS = 200;

/** Resolves when the session check has answered (either way) or after FIRST_RENDER_WAIT_MS, whichever comes first. */
export function beforeFirstRender(session: Promise<unknown> | null): Promise<void> {
  if (!session) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, FIRST_RENDER_WAIT_MS);
    const answered = () => {
      clearTimeout(timer);
      resolve();
    };
    session.then(answered, answered);
  });
}
