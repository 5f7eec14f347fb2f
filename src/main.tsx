// Starts the client: data layer, router, toasts, auth and teams around the app, in the order each depends on.
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, preloadDashboardPage, preloadPageOf } from './App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { Toaster } from './components/Toaster';
import { AuthProvider } from './hooks/useAuth';
import { TeamProvider } from './hooks/useTeams';
import { ToastProvider } from './hooks/useToast';
import { activateLocale, initialLocale } from './i18n';
import { InLocale, LocaleProvider } from './i18n/LocaleRoot';
import { createQueryClient } from './lib/queryClient';
import { registerServiceWorker } from './lib/serviceWorker';
import { applySavedThemeChoice, followThemeChoiceOfOtherTabs } from './lib/theme';
import { storedUserId } from './lib/session';
import { startVisit } from './lib/startVisit';
import { createTrpcClient, trpc } from './lib/trpc';
import './index.css';

// Before React renders anything, so a dark choice never flashes light (the CSP allows no inline script in index.html).
applySavedThemeChoice();
followThemeChoiceOfOtherTabs();

// This device's or the browser's language; another than English fetches its catalogue beside the page's code, and the
// first render waits for it (never English first, then a flash into the reader's language).
const firstLocale = initialLocale();
const ready = activateLocale(firstLocale).catch((error) => console.warn('The language could not be loaded', error));
if (firstLocale !== 'en') preloadPageOf(window.location.pathname);

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
startVisit(queryClient, trpcClient, preloadDashboardPage);

// What the remembered user last saw, back in the cache before the first render (decision 027), so a restart offline
// shows it; nobody remembered (a first visit, after logout), nothing of it is loaded. A slow disk does not hold the first
// render for long: what comes back later still shows as soon as it is there.
const RESTORE_WAIT_MS = 1500;
const restored =
  storedUserId() === undefined
    ? undefined
    : Promise.race([
        import('./lib/persistedCache')
          .then(({ restoreKeptQueries, keepQueries }) =>
            // Kept from here on: a session found ended (401) deletes what came back before anyone signs in.
            restoreKeptQueries(queryClient).finally(() => keepQueries(queryClient)),
          )
          .catch((error) => console.warn('The data kept on this device could not be read', error)),
        new Promise((resolve) => setTimeout(resolve, RESTORE_WAIT_MS)),
      ]);

registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

void Promise.all([ready, restored]).then(() =>
  createRoot(root).render(
    <StrictMode>
      <LocaleProvider>
        <trpc.Provider client={trpcClient} queryClient={queryClient}>
          <QueryClientProvider client={queryClient}>
            <BrowserRouter>
              <ToastProvider>
                <AuthProvider>
                  <TeamProvider>
                    <InLocale>
                      <ErrorBoundary>
                        <App />
                      </ErrorBoundary>
                    </InLocale>
                  </TeamProvider>
                </AuthProvider>
                {/* Outside the error boundary, so a toast can still explain what failed. */}
                <Toaster />
              </ToastProvider>
            </BrowserRouter>
          </QueryClientProvider>
        </trpc.Provider>
      </LocaleProvider>
    </StrictMode>,
  ),
);
