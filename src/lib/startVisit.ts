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
export function startVisit(queryClient: QueryClient, client: ReturnType<typeof createTrpcClient>, preloadDashboardPage: () => void) {
  if (!navigator.onLine) return;
  const session = queryClient.fetchQuery(sessionQuery(client));
  if (window.location.pathname !== '/') {
    session.catch(() => undefined);
    return;
  }
  // On a timer after the session check's own (tRPC sends a batch from one), so that request leaves first.
  setTimeout(preloadDashboardPage);
  session.then(
    (user) => {
      if (!user) return;
      const input = dashboardSummaryInput();
      void queryClient.prefetchQuery({ queryKey: getQueryKey(trpc.dashboard.summary, input, 'query'), queryFn: () => client.dashboard.summary.query(input) });
      void queryClient.prefetchQuery({ queryKey: getQueryKey(trpc.teams.list, undefined, 'query'), queryFn: () => client.teams.list.query() });
      const due = { before: startOfTomorrow() };
      void queryClient.prefetchQuery({
        queryKey: getQueryKey(trpc.insights.dueFollowUps, due, 'query'),
        queryFn: () => client.insights.dueFollowUps.query(due),
      });
    },
    () => undefined,
  );
}
