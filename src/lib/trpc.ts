// The typed tRPC client: React hooks for AppRouter, its input/output types, and the HTTP link to /trpc.
import { httpBatchLink, httpLink, splitLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import superjson from 'superjson';
import { isUnbatchable, MAX_BATCH_CALLS } from '../../shared/batching';
import type { AppRouter } from '../../server/routers';
import { currentLocale } from '../i18n';

export const trpc = createTRPCReact<AppRouter>();

export type RouterInputs = inferRouterInputs<AppRouter>;
export type RouterOutputs = inferRouterOutputs<AppRouter>;

export function createTrpcClient() {
  // The language on screen is the one the server answers in (its messages, for a visitor or before the account's is saved).
  const fetchWithCookies: typeof fetch = (url, options) => {
    const headers = new Headers(options?.headers);
    headers.set('Accept-Language', currentLocale());
    return fetch(url, { ...options, headers, credentials: 'include' });
  };
  return trpc.createClient({
    links: [
      splitLink({
        // The server refuses these in a batch (shared/batching.ts).
        condition: (op) => isUnbatchable(op.path),
        true: httpLink({ url: '/trpc', transformer: superjson, fetch: fetchWithCookies }),
        false: httpBatchLink({
          url: '/trpc',
          transformer: superjson,
          maxItems: MAX_BATCH_CALLS,
          // A dashboard batches several reads into one GET; past this length they split, so no proxy refuses the URL.
          maxURLLength: 2083,
          fetch: fetchWithCookies,
        }),
      }),
    ],
  });
}
