// The route table, from the page registry (src/pages/registry.tsx): guest pages on their own, every other screen
// inside the signed-in shell, each page loaded on demand.
import { Suspense, useState, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { RequireAuth } from './components/RequireAuth';
import { AppLock, LockGate } from './components/AppLock';
import { ScreenBoundary } from './components/ScreenBoundary';
import { Spinner } from './components/Spinner';
import { ScreenUnreachable } from './components/Unreachable';
import { lazyPart } from './lib/lazyPart';
import { GUEST_PATHS } from '../shared/firstScreen';
import { pathPattern, pages, type PageKey } from './pages/registry';

// The signed-in shell (navigation, user block, search) is code a guest at /login never needs: its own chunk, fetched
// at once on every other path, beside the session check, so a signed-in visit waits for it no longer than before.
const loadShell = () => import('./components/AppShell').then((module) => ({ default: module.AppShell }));
const AppShell = lazyPart(loadShell, ScreenUnreachable);
if (typeof window !== 'undefined' && !GUEST_PATHS.test(window.location.pathname)) void loadShell().catch(() => undefined);
let loadedDashboardPage: ComponentType | undefined;
const loadDashboardPage = () =>
  pages.dashboard.load().then((module) => {
    loadedDashboardPage = module.default;
    return module;
  });
const LazyDashboardPage = lazyPart(loadDashboardPage, ScreenUnreachable);
const NotFoundPage = lazyPart(() => import('./pages/NotFoundPage'), ScreenUnreachable);

/** Each page of the registry as a part loaded on demand, by the path it answers, so a visit can fetch it before the first render. */
const parts = (Object.keys(pages) as PageKey[]).map((key) => ({
  key,
  path: pages[key].path,
  pattern: pathPattern(pages[key].path),
  guest: 'guest' in pages[key],
  Page: key === 'dashboard' ? LazyDashboardPage : lazyPart(pages[key].load, ScreenUnreachable),
}));

/**
 * Fetches the code of the page a path opens (and the signed-in shell around it), beside a language's catalogue: the
 * first render waits for the catalogue, and without this the page's code would only be asked for after it. Settles
 * when it is here (or failed), so hydrating the server's HTML waits for it and nothing suspends.
 */
export function preloadPageOf(pathname: string): Promise<unknown> {
  const part = parts.find((page) => page.pattern.test(pathname))?.Page ?? NotFoundPage;
  return Promise.all([part.preload(), GUEST_PATHS.test(pathname) ? undefined : AppShell.preload()]);
}

/** Every page's code: the server loads it all before its first render. */
export function preloadEveryPage(): Promise<unknown> {
  return Promise.all([...parts.map((part) => part.Page), AppShell, NotFoundPage].map((part) => part.preload()));
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
      {parts
        .filter((part) => part.guest)
        .map(({ key, path, Page }) => (
          <Route
            key={key}
            path={path}
            element={
              <ScreenBoundary fallback={<Spinner fullScreen />}>
                <Page />
              </ScreenBoundary>
            }
          />
        ))}
      {/* The address people guess for signing up: the registration card (signed in, /login sends them home). */}
      <Route path="/register" element={<Navigate to="/login?mode=register" replace />} />
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
        {parts
          .filter((part) => !part.guest && part.key !== 'dashboard')
          .map(({ key, path, Page }) => (
            <Route key={key} path={path.slice(1)} element={<Page />} />
          ))}
        {/* Guests reach this too, and RequireAuth sends them to /login like any other screen. */}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
