// The route table: /login on its own, every other screen inside the signed-in shell, each page loaded on demand.
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AppShell } from './components/AppShell';
import { RequireAuth } from './components/RequireAuth';
import { Spinner } from './components/Spinner';

const LoginPage = lazy(() => import('./pages/LoginPage'));
const DashboardPage = lazy(() => import('./pages/DashboardPage'));
const ActivitiesPage = lazy(() => import('./pages/ActivitiesPage'));
const ContactsPage = lazy(() => import('./pages/ContactsPage'));
const ContactDetailPage = lazy(() => import('./pages/ContactDetailPage'));
const FollowUpsPage = lazy(() => import('./pages/FollowUpsPage'));
const PrayerJournalPage = lazy(() => import('./pages/PrayerJournalPage'));
const GoalsPage = lazy(() => import('./pages/GoalsPage'));
const ResourcesPage = lazy(() => import('./pages/ResourcesPage'));
const ResourceDetailPage = lazy(() => import('./pages/ResourceDetailPage'));
const SettingsPage = lazy(() => import('./pages/SettingsPage'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

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
