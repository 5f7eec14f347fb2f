// The query cache and its retry rules (SPEC §8 and §9): fresh for 5 minutes, no focus refetch, no retry on 4xx; a 401 on
// any call ends the session once, and a 423 closes the app lock, in the caches' onError.
import { MutationCache, onlineManager, QueryCache, QueryClient } from '@tanstack/react-query';
import { httpStatus } from './errors';
import { lockOnLockedAnswer } from './appLock';
import { endSessionOnUnauthorized } from './session';

const FIVE_MINUTES = 5 * 60 * 1000;
const FAILED_READ_RETRY_MS = 10_000;

// A 4xx is the server's considered answer (signed out, not found, invalid input); asking again cannot change it.
function isClientError(error: unknown): boolean {
  const status = httpStatus(error);
  return status !== undefined && status >= 400 && status < 500;
}

function failed(queryClient: QueryClient, error: unknown) {
  endSessionOnUnauthorized(queryClient, error);
  lockOnLockedAnswer(queryClient, error);
}

export function createQueryClient() {
  // React Query assumes it starts online and only learns otherwise from an 'offline' event; an app opened offline
  // (from the service worker's shell) must start paused, not fail every read and show errors.
  if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => failed(queryClient, error) }),
    mutationCache: new MutationCache({ onError: (error) => failed(queryClient, error) }),
    defaultOptions: {
      queries: {
        staleTime: FIVE_MINUTES,
        gcTime: FIVE_MINUTES,
        refetchOnWindowFocus: false,
        retry: (failureCount, error) => !isClientError(error) && failureCount < 2,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30000),
        // A read that failed for want of the server asks again by itself, so a screen recovers when it is back (a
        // stopped server sends the browser no 'online' event).
        refetchInterval: (query) => (query.state.status === 'error' && !isClientError(query.state.error) ? FAILED_READ_RETRY_MS : false),
      },
      mutations: {
        retry: (failureCount, error) => !isClientError(error) && failureCount < 1,
        retryDelay: 1000,
      },
    },
  });
  return queryClient;
}
