// Starts the client: data layer, router, toasts, auth and teams around the app, in the order each depends on.
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App, preloadDashboardPage } from './App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { Toaster } from './components/Toaster';
import { AuthProvider } from './hooks/useAuth';
import { TeamProvider } from './hooks/useTeams';
import { ToastProvider } from './hooks/useToast';
import { createQueryClient } from './lib/queryClient';
import { registerServiceWorker } from './lib/serviceWorker';
import { applyThemeChoice, followThemeChoiceOfOtherTabs, readThemeChoice } from './lib/theme';
import { startVisit } from './lib/startVisit';
import { createTrpcClient, trpc } from './lib/trpc';
import './index.css';

// Before React renders anything, so a dark choice never flashes light (the CSP allows no inline script in index.html).
applyThemeChoice(readThemeChoice());
followThemeChoiceOfOtherTabs();

const queryClient = createQueryClient();
const trpcClient = createTrpcClient();
startVisit(queryClient, trpcClient, preloadDashboardPage);

registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

createRoot(root).render(
  <StrictMode>
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <ToastProvider>
            <AuthProvider>
              <TeamProvider>
                <ErrorBoundary>
                  <App />
                </ErrorBoundary>
              </TeamProvider>
            </AuthProvider>
            {/* Outside the error boundary, so a toast can still explain what failed. */}
            <Toaster />
          </ToastProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </trpc.Provider>
  </StrictMode>,
);
