// The route table: /login on its own, every other screen inside the signed-in shell, each page loaded on demand.
import { Suspense, useState, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AppShell } from './components/AppShell';
import { RequireAuth } from './components/RequireAuth';
import { Spinner } from './components/Spinner';
import { ScreenUnreachable } from './components/Unreachable';
import { lazyPart } from './lib/lazyPart';

const LoginPage = lazyPart(() => import('./pages/LoginPage'), ScreenUnreachable);
let loadedDashboardPage: ComponentType | undefined;
const loadDashboardPage = () =>
  import('./pages/DashboardPage').then((module) => {
    loadedDashboardPage = module.default;
    return module;
  });
const LazyDashboardPage = lazyPart(loadDashboardPage, ScreenUnreachable);
const ActivitiesPage = lazyPart(() => import('./pages/ActivitiesPage'), ScreenUnreachable);
const ContactsPage = lazyPart(() => import('./pages/ContactsPage'), ScreenUnreachable);
const ContactDetailPage = lazyPart(() => import('./pages/ContactDetailPage'), ScreenUnreachable);
const FollowUpsPage = lazyPart(() => import('./pages/FollowUpsPage'), ScreenUnreachable);
const PrayerJournalPage = lazyPart(() => import('./pages/PrayerJournalPage'), ScreenUnreachable);
const GoalsPage = lazyPart(() => import('./pages/GoalsPage'), ScreenUnreachable);
const ResourcesPage = lazyPart(() => import('./pages/ResourcesPage'), ScreenUnreachable);
const ResourceDetailPage = lazyPart(() => import('./pages/ResourceDetailPage'), ScreenUnreachable);
const SettingsPage = lazyPart(() => import('./pages/SettingsPage'), ScreenUnreachable);
const NotFoundPage = lazyPart(() => import('./pages/NotFoundPage'), ScreenUnreachable);

/** Opening / (a returning user's usual start), the dashboard's code downloads beside the session check (startVisit). */
export function preloadDashboardPage() {
  void loadDashboardPage();
}

/**
 * The dashboard, rendered directly once preloaded: a lazy component suspends at least once even when its code is
 * here, and React holds back revealing suspended content for up to 300 ms, while the page's reads wait for it to mount.
 */
function DashboardPage() {
  const [Page] = useState(() => loadedDashboardPage ?? LazyDashboardPage);
  return <Page />;
}

export function App() {
  return (
    <Routes>
      <Route
        path="/login"
        element={
          <Suspense fallback={<Spinner fullScreen />}>
            <LoginPage />
          </Suspense>
        }
      />
      {/* The shell holds its own Suspense, so the sidebar stays put while a page loads. */}
      <Route
        element={
          <RequireAuth>
            <AppShell />
          </RequireAuth>
        }
      >
        <Route index element={<DashboardPage />} />
        <Route path="activities" element={<ActivitiesPage />} />
        <Route path="contacts" element={<ContactsPage />} />
        <Route path="contacts/:id" element={<ContactDetailPage />} />
        <Route path="followups" element={<FollowUpsPage />} />
        <Route path="prayer-journal" element={<PrayerJournalPage />} />
        <Route path="goals" element={<GoalsPage />} />
        <Route path="resources" element={<ResourcesPage />} />
        <Route path="resources/:id" element={<ResourceDetailPage />} />
        <Route path="settings" element={<SettingsPage />} />
        {/* Guests reach this too, and RequireAuth sends them to /login like any other screen. */}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
