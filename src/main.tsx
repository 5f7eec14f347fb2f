// Starts the client: the theme, the language, the query cache (the server's, over a rendered screen), then the app.
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { preloadDashboardPage, preloadPageOf } from './App';
import { Root } from './Root';
import { activateLocale, carryRememberedLocale, initialLocale } from './i18n';
import { isLocale } from '../shared/i18n';
import { createQueryClient } from './lib/queryClient';
import { registerServiceWorker } from './lib/serviceWorker';
import { hydrateServerState, writeTimeZoneCookie } from './lib/serverState';
import { holdEarlyTaps } from './lib/earlyTaps';
import { applySavedThemeChoice, followThemeChoiceOfOtherTabs } from './lib/theme';
import { syncDiscreetInstall } from './lib/discreet';
import { signedInUser, storedUserId } from './lib/session';
import { startVisit } from './lib/startVisit';
import { createTrpcClient } from './lib/trpc';
import { readSavedTeamId, teamIdOfCookie } from './lib/space';
import './index.css';

// Before React renders anything, so a dark choice never flashes light (the CSP allows no inline script in index.html).
applySavedThemeChoice();
followThemeChoiceOfOtherTabs();
writeTimeZoneCookie();
carryRememberedLocale();
syncDiscreetInstall();

const queryClient = createQueryClient();
// A screen the server rendered (issue 32) comes with the cache it was made from: the first render is the server's,
// in its language, and asks for none of that again.
const rendered = hydrateServerState(queryClient);
// Until it has hydrated, a tap on the rendered screen is held and given again (src/lib/earlyTaps.ts).
if (rendered) holdEarlyTaps();
const pageLocale = document.documentElement.lang;

// This device's or the browser's language; another than English fetches its catalogue beside the page's code, and the
// first render waits for it (never English first, then a flash into the reader's language). Over a rendered screen,
// the language it was rendered in, and the screen's code too: hydrating waits for both, so nothing suspends.
const firstLocale = rendered && isLocale(pageLocale) ? pageLocale : initialLocale();
const ready = Promise.all([
  activateLocale(firstLocale).catch((error) => console.warn('The language could not be loaded', error)),
  rendered || firstLocale !== 'en' ? preloadPageOf(window.location.pathname) : undefined,
]);

const trpcClient = createTrpcClient();
startVisit(queryClient, trpcClient, preloadDashboardPage);

// What the remembered user last saw, back in the cache before the first render (decision 027), so a restart offline
// shows it; nobody remembered (a first visit, after logout), nothing of it is loaded. A slow disk does not hold the first
// render for long: what comes back later still shows as soon as it is there.
// Over a rendered screen, after hydrating: what comes back is older than the server's and cannot change the first render.
const RESTORE_WAIT_MS = 1500;
const restore = () =>
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
const restored = rendered ? undefined : restore();

registerServiceWorker();

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const app = (
  <StrictMode>
    <Root
      queryClient={queryClient}
      trpcClient={trpcClient}
      router={(app) => <BrowserRouter>{app}</BrowserRouter>}
      // Over a rendered screen, the space the server rendered it in (its cookie); else the device's saved team.
      savedTeamId={rendered ? teamIdOfCookie() : readSavedTeamId()}
    />
  </StrictMode>
);

void Promise.all([ready, restored]).then(() => {
  if (!rendered) return createRoot(root).render(app);
  hydrateRoot(root, app);
  const pageUser = signedInUser(queryClient);
  const kept = storedUserId();
  // Only the page's own user's reads come back. Kept for someone else, or the server found nobody signed in where this
  // device kept someone's reads (their session expired, or ended elsewhere): what was kept goes, as when the session
  // check answers 401 or names another user.
  if (kept !== undefined && kept === pageUser?.id) void restore();
  else if (kept !== undefined)
    void import('./lib/persistedCache')
      .then(({ dropKeptQueries }) => dropKeptQueries())
      .catch((error) => console.warn('The data kept on this device could not be deleted', error));
});
