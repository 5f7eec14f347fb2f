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
import { applyThemeChoice, followThemeChoiceOfOtherTabs, readThemeChoice } from './lib/theme';
import { startVisit } from './lib/startVisit';
import { createTrpcClient, trpc } from './lib/trpc';
import './index.css';

// Before React renders anything, so a dark choice never flashes light (the CSP allows no inline script in index.html).
applyThemeChoice(readThemeChoice());
followThemeChoiceOfOtherTabs();

// This device's or the browser's language; another than English fetches its catalogue beside the page's code, and the
// first render waits for it (never English first, then a flash into the reader's language).
const firstLocale = initialLocale();
const ready = activateLocale(firstLocale).catch((error) => console.warn('The language could not be loaded', error));
if (firstLocale !== 'en') preloadPageOf(window.location.pathname);

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
startVisit(queryClient, trpcClient, preloadDashboardPage);

registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

void ready.then(() =>
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
