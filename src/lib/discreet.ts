// Whether this device chose the discreet install (issue 33, shared/discreet.ts), and the page's head in that look. A
// setting of the device, not of the account: kept in localStorage and mirrored in a cookie, so the server sends the
// discreet page at first paint (server/http/page.ts). Safari may delete either after a week without a visit: each start
// writes both again from whichever is left (syncDiscreetInstall; docs/discreet-install.md).
import { DISCREET_COOKIE, DISCREET_FLAG, DISCREET_LOOK, isDiscreetCookie, SOWER_LOOK, type AppLook } from '../../shared/discreet';

const STORED = 'sower:discreet';
const YEAR_SECONDS = 365 * 24 * 60 * 60;

const listeners = new Set<() => void>();

export function subscribeDiscreetInstall(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** On when this device chose it: in localStorage, or in the cookie alone (localStorage cleared: 'Forget this device'). */
export function isDiscreetInstall(): boolean {
  if (typeof document === 'undefined') return false;
  try {
    if (localStorage.getItem(STORED) === '1') return true;
  } catch {
    // Storage refused (a private window): the cookie alone answers.
  }
  return isDiscreetCookie(document.cookie);
}

function writeCookie(on: boolean) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = on
    ? `${DISCREET_COOKIE}=1; path=/; max-age=${YEAR_SECONDS}; SameSite=Lax${secure}`
    : `${DISCREET_COOKIE}=; path=/; max-age=0; SameSite=Lax${secure}`;
}

/** The service worker reads no cookie: it finds the choice in a cache (shared/discreet.ts), for its offline page. */
function flagForWorker(on: boolean) {
  if (!('caches' in window)) return;
  (on ? caches.open(DISCREET_FLAG.cache).then((cache) => cache.put(DISCREET_FLAG.path, new Response('1'))) : caches.delete(DISCREET_FLAG.cache)).catch(
    (error: unknown) => console.warn('The service worker could not be told of the discreet install', error),
  );
}

/** The page's manifest, theme colour and icons in a look; the title is the screen's (src/hooks/useDocumentTitle.ts). */
function applyLook(look: AppLook) {
  const set = (selector: string, attribute: string, value: string) => document.head.querySelector(selector)?.setAttribute(attribute, value);
  set('link[rel="manifest"]', 'href', look.manifest);
  set('meta[name="theme-color"]', 'content', look.themeColor);
  set('link[rel="icon"]', 'href', look.icon);
  set('link[rel="apple-touch-icon"]', 'href', look.appleTouchIcon);
}

/** Turns the discreet install on or off on this device: the page changes at once, the next page comes so from the server. */
export function setDiscreetInstall(on: boolean) {
  try {
    if (on) localStorage.setItem(STORED, '1');
    else localStorage.removeItem(STORED);
  } catch {
    // The cookie still carries it.
  }
  writeCookie(on);
  flagForWorker(on);
  applyLook(on ? DISCREET_LOOK : SOWER_LOOK);
  listeners.forEach((listener) => listener());
}

/**
 * At start: the cookie and localStorage written again and the page in the discreet look, when this device chose it; a
 * page the service worker kept comes in Sower's look when the worker did not know yet, and changes here.
 */
export function syncDiscreetInstall() {
  if (isDiscreetInstall()) setDiscreetInstall(true);
}
