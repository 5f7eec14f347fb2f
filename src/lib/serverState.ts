// What the server rendered the first screen from (issue 32): the query cache it dehydrated into the page, and the time
// zone it needs to write the next page's dates as this browser does.
import { hydrate, type QueryClient } from '@tanstack/react-query';
import superjson from 'superjson';
import { OFFSET_COOKIE, STATE_ELEMENT_ID } from '../../shared/firstScreen';

/**
 * The server's cache, put into this one; true when the page holds a rendered screen, which React then hydrates.
 * A page whose state cannot be read is rendered afresh by the client, as a page without one is.
 */
export function hydrateServerState(queryClient: QueryClient): boolean {
  const element = document.getElementById(STATE_ELEMENT_ID);
  if (!element?.textContent) return false;
  try {
    hydrate(queryClient, superjson.parse(element.textContent));
    return true;
  } catch (error) {
    console.warn('The page’s data could not be read', error);
    return false;
  } finally {
    element.remove();
  }
}

/**
 * The `tz` cookie: this browser's IANA time zone, read by the server to render the next page's dates and "today" as
 * this browser will (server/http/firstScreen.ts). Not a secret: no HttpOnly; written at each start, as zones change.
 */
export function writeTimeZoneCookie() {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (!zone) return;
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `tz=${encodeURIComponent(zone)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
  // Its offset now, minutes east: the server renders only where its rules for the zone agree (shared/firstScreen.ts).
  document.cookie = `${OFFSET_COOKIE}=${-new Date().getTimezoneOffset()}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}
