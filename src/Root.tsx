// The whole app around its routes: data layer, router, toasts, auth and teams, in the order each depends on. The
// browser (main.tsx) and the server (entry-server.tsx) render this same tree, so hydrating finds what was sent.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { App } from './App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { Toaster } from './components/Toaster';
import { AuthProvider } from './hooks/useAuth';
import { TeamProvider } from './hooks/useTeams';
import { ToastProvider } from './hooks/useToast';
import { InLocale, LocaleProvider } from './i18n/LocaleRoot';
import { trpc } from './lib/trpc';

interface RootProps {
  queryClient: QueryClient;
  trpcClient: ReturnType<typeof trpc.createClient>;
  /** The router around the app: the browser's history, or the server's one URL. */
  router(app: ReactNode): ReactNode;
  /** The saved team the first render starts from (TeamProvider): the server's and the hydrating browser's alike. */
  savedTeamId?: number | null;
}

export function Root({ queryClient, trpcClient, router, savedTeamId }: RootProps) {
  return (
    <LocaleProvider>
      <trpc.Provider client={trpcClient} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          {router(
            <ToastProvider>
              <AuthProvider>
                <TeamProvider savedTeamId={savedTeamId}>
                  <InLocale>
                    <ErrorBoundary>
                      <App />
                    </ErrorBoundary>
                  </InLocale>
                </TeamProvider>
              </AuthProvider>
              {/* Outside the error boundary, so a toast can still explain what failed. */}
              <Toaster />
            </ToastProvider>,
          )}
        </QueryClientProvider>
      </trpc.Provider>
    </LocaleProvider>
  );
}
