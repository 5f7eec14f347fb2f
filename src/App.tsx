// The route table: /login, /confirm-email and the password-reset pages on their own, every other screen inside the signed-in shell, each page loaded on demand.
import { Suspense, useState, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { RequireAuth } from './components/RequireAuth';
import { AppLock, LockGate } from './components/AppLock';
import { ScreenBoundary } from './components/ScreenBoundary';
import { Spinner } from './components/Spinner';
import { ScreenUnreachable } from './components/Unreachable';
import { lazyPart } from './lib/lazyPart';
import { GUEST_PATHS } from '../shared/firstScreen';

// Each page's code, by the paths it answers (the route table below), so a visit can fetch it before the first render.
const pages = {
  login: () => import('./pages/LoginPage'),
  activities: () => import('./pages/ActivitiesPage'),
  contacts: () => import('./pages/ContactsPage'),
  contact: () => import('./pages/ContactDetailPage'),
  followUps: () => import('./pages/FollowUpsPage'),
  prayers: () => import('./pages/PrayerJournalPage'),
  goals: () => import('./pages/GoalsPage'),
  resources: () => import('./pages/ResourcesPage'),
  resource: () => import('./pages/ResourceDetailPage'),
  settings: () => import('./pages/SettingsPage'),
  teams: () => import('./pages/TeamsPage'),
  team: () => import('./pages/TeamPage'),
  invite: () => import('./pages/InvitePage'),
  confirmEmail: () => import('./pages/ConfirmEmailPage'),
  forgotPassword: () => import('./pages/ForgotPasswordPage'),
  resetPassword: () => import('./pages/ResetPasswordPage'),
};
const pagePaths: [RegExp, keyof typeof pages][] = [
  [/^\/login$/, 'login'],
  [/^\/activities$/, 'activities'],
  [/^\/contacts$/, 'contacts'],
  [/^\/contacts\/[^/]+$/, 'contact'],
  [/^\/followups$/, 'followUps'],
  [/^\/prayer-journal$/, 'prayers'],
  [/^\/goals$/, 'goals'],
  [/^\/resources$/, 'resources'],
  [/^\/resources\/[^/]+$/, 'resource'],
  [/^\/settings$/, 'settings'],
  [/^\/settings\/teams$/, 'teams'],
  [/^\/settings\/teams\/[^/]+$/, 'team'],
  [/^\/invite\/[^/]+$/, 'invite'],
  [/^\/confirm-email$/, 'confirmEmail'],
  [/^\/forgot-password$/, 'forgotPassword'],
  [/^\/reset-password$/, 'resetPassword'],
];

const LoginPage = lazyPart(pages.login, ScreenUnreachable);
// The signed-in shell (navigation, user block, search) is code a guest at /login never needs: its own chunk, fetched
// at once on every other path, beside the session check, so a signed-in visit waits for it no longer than before.
const loadShell = () => import('./components/AppShell').then((module) => ({ default: module.AppShell }));
const AppShell = lazyPart(loadShell, ScreenUnreachable);
if (typeof window !== 'undefined' && !GUEST_PATHS.test(window.location.pathname)) void loadShell().catch(() => undefined);
let loadedDashboardPage: ComponentType | undefined;
const loadDashboardPage = () =>
  import('./pages/DashboardPage').then((module) => {
    loadedDashboardPage = module.default;
    return module;
  });
const LazyDashboardPage = lazyPart(loadDashboardPage, ScreenUnreachable);
const ActivitiesPage = lazyPart(pages.activities, ScreenUnreachable);
const ContactsPage = lazyPart(pages.contacts, ScreenUnreachable);
const ContactDetailPage = lazyPart(pages.contact, ScreenUnreachable);
const FollowUpsPage = lazyPart(pages.followUps, ScreenUnreachable);
const PrayerJournalPage = lazyPart(pages.prayers, ScreenUnreachable);
const GoalsPage = lazyPart(pages.goals, ScreenUnreachable);
const ResourcesPage = lazyPart(pages.resources, ScreenUnreachable);
const ResourceDetailPage = lazyPart(pages.resource, ScreenUnreachable);
const SettingsPage = lazyPart(pages.settings, ScreenUnreachable);
const TeamsPage = lazyPart(pages.teams, ScreenUnreachable);
const TeamPage = lazyPart(pages.team, ScreenUnreachable);
const InvitePage = lazyPart(pages.invite, ScreenUnreachable);
const ConfirmEmailPage = lazyPart(pages.confirmEmail, ScreenUnreachable);
const ForgotPasswordPage = lazyPart(pages.forgotPassword, ScreenUnreachable);
const ResetPasswordPage = lazyPart(pages.resetPassword, ScreenUnreachable);
const NotFoundPage = lazyPart(() => import('./pages/NotFoundPage'), ScreenUnreachable);

const parts: Record<keyof typeof pages, { preload(): Promise<void> }> = {
  login: LoginPage,
  activities: ActivitiesPage,
  contacts: ContactsPage,
  contact: ContactDetailPage,
  followUps: FollowUpsPage,
  prayers: PrayerJournalPage,
  goals: GoalsPage,
  resources: ResourcesPage,
  resource: ResourceDetailPage,
  settings: SettingsPage,
  teams: TeamsPage,
  team: TeamPage,
  invite: InvitePage,
  confirmEmail: ConfirmEmailPage,
  forgotPassword: ForgotPasswordPage,
  resetPassword: ResetPasswordPage,
};

/**
 * Fetches the code of the page a path opens (and the signed-in shell around it), beside a language's catalogue: the
 * first render waits for the catalogue, and without this the page's code would only be asked for after it. Settles
 * when it is here (or failed), so hydrating the server's HTML waits for it and nothing suspends.
 */
export function preloadPageOf(pathname: string): Promise<unknown> {
  const page = pagePaths.find(([path]) => path.test(pathname))?.[1];
  const part = pathname === '/' ? LazyDashboardPage : page ? parts[page] : NotFoundPage;
  return Promise.all([part.preload(), GUEST_PATHS.test(pathname) ? undefined : AppShell.preload()]);
}

/** Every page's code: the server loads it all before its first render. */
export function preloadEveryPage(): Promise<unknown> {
  return Promise.all([...Object.values(parts), AppShell, LazyDashboardPage, NotFoundPage].map((part) => part.preload()));
}

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
          <ScreenBoundary fallback={<Spinner fullScreen />}>
            <LoginPage />
          </ScreenBoundary>
        }
      />
      {/* The address people guess for signing up: the registration card (signed in, /login sends them home). */}
      <Route path="/register" element={<Navigate to="/login?mode=register" replace />} />
      {/* An email-confirmation link's page, signed in or not: the link's token is the credential. */}
      <Route
        path="/confirm-email"
        element={
          <ScreenBoundary fallback={<Spinner fullScreen />}>
            <ConfirmEmailPage />
          </ScreenBoundary>
        }
      />
      {/* "Forgot password?" and where its link lands, signed in or not: the link's token is the credential. */}
      <Route
        path="/forgot-password"
        element={
          <ScreenBoundary fallback={<Spinner fullScreen />}>
            <ForgotPasswordPage />
          </ScreenBoundary>
        }
      />
      <Route
        path="/reset-password"
        element={
          <ScreenBoundary fallback={<Spinner fullScreen />}>
            <ResetPasswordPage />
          </ScreenBoundary>
        }
      />
      {/* An invite link's page, signed in or not: a guest is asked to sign in or register and comes back to it. */}
      <Route
        path="/invite/:code"
        element={
          <ScreenBoundary fallback={<Spinner fullScreen />}>
            <InvitePage />
          </ScreenBoundary>
        }
      />
      {/* The shell holds its own Suspense, so the sidebar stays put while a page loads. */}
      <Route
        element={
          // The lock before the session check: a locked session's check answers 423, and shows the lock, not /login.
          <LockGate>
            <RequireAuth>
              <AppLock>
                <Suspense fallback={<Spinner fullScreen />}>
                  <AppShell />
                </Suspense>
              </AppLock>
            </RequireAuth>
          </LockGate>
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
        <Route path="settings/teams" element={<TeamsPage />} />
        <Route path="settings/teams/:teamId" element={<TeamPage />} />
        {/* Guests reach this too, and RequireAuth sends them to /login like any other screen. */}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
