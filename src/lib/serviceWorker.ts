// Registers the service worker (sw/sw.js, bundled into dist/sw.js) in production builds, where the hashed shell it keeps exists.

/**
 * Installing the worker fetches every file of the build (about 250 kB gzipped) and stores it; started at `load`, that
 * competed on a slow phone with the first screen's own requests and rendering. A few seconds on, in an idle moment,
 * it costs the first screen nothing, and the app still works offline from the second visit.
 */
const REGISTER_AFTER_LOAD_MS = 3000;
const RETRY_AFTER_FAILURE_MS = 60_000;

export function registerServiceWorker() {
  // In development Vite serves unhashed modules that change on every edit; a cached shell would only get in the way.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // Offline, fetching sw.js can only fail (and Chromium reports that as a console error): wait for the connection. A
  // fetch that loses the connection half-way fails all the same (the browser logs its own error for it): the app is
  // no worse off than before, and tries again a minute on.
  const register = () => {
    if (!navigator.onLine) return window.addEventListener('online', register, { once: true });
    navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
      console.warn('The service worker could not be registered; trying again later', error);
      window.setTimeout(register, RETRY_AFTER_FAILURE_MS);
    });
  };
  const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(register, { timeout: 2000 }) : register());
  window.addEventListener('load', () => setTimeout(whenIdle, REGISTER_AFTER_LOAD_MS));
}
