// Sower's service worker: keeps the built app shell (index.html and the hashed assets) so the app opens offline.
// It never stores an answer from /api or /trpc: those hold one user's data, and the next person on this browser
// must not read them from a cache after logout.
//
// Bundled at build time (scripts/sw-precache.ts) with Workbox's precaching, which keeps each file of the build by its
// own revision: a release downloads only the files whose revision changed (hashed assets never change under their
// name) and drops those no longer listed. The list replaces self.__WB_MANIFEST.
import { matchPrecache, precache } from 'workbox-precaching';
import { DISCREET_FLAG, DISCREET_NOSCRIPT, discreetPage } from '../shared/discreet';

precache(self.__WB_MANIFEST);

const SHELL = '/index.html';

self.addEventListener('install', () => self.skipWaiting());

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      // The whole-build caches of the workers before Workbox (one per release, named sower-shell-<version>).
      .then((names) => Promise.all(names.filter((name) => name.startsWith('sower-shell-')).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** The kept shell, in the discreet look when this device chose the discreet install (src/lib/discreet.ts). */
async function offlinePage() {
  const shell = await matchPrecache(SHELL);
  if (!shell) return Response.error();
  // Looked up by its cache's name, which opens no cache: a device that never chose it keeps Workbox's alone.
  const discreet = await caches.match(DISCREET_FLAG.path, { cacheName: DISCREET_FLAG.cache }).catch(() => undefined);
  if (!discreet) return shell;
  return new Response(discreetPage(await shell.text(), DISCREET_NOSCRIPT), { headers: { 'Content-Type': 'text/html; charset=utf-8' } });
}

/** Paths whose answers belong to a user or to this moment: always the network, never a cache. */
const isLive = (path) => path.startsWith('/api/') || path === '/api' || path.startsWith('/trpc') || path === '/healthz' || path === '/sw.js';

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isLive(url.pathname)) return;

  if (request.mode === 'navigate') {
    // Online, the server's page (the newest release); offline, the shell this worker keeps, for every route.
    event.respondWith(fetch(request).catch(offlinePage));
    return;
  }

  // Hashed assets, icons and the manifest: the kept copy first; anything else of the shell from the network.
  event.respondWith(matchPrecache(request).then((hit) => hit ?? fetch(request)));
});

// Web Push (issue 16): the server's message is small JSON {title, body, url, tag, icon?}; a newer one with the same tag
// replaces the notification before it. Only a path of this app is ever opened, or shown as the icon: a discreet
// reminder names its own neutral icon (issue 33), every other one has Sower's.
const appPath = (url) => (typeof url === 'string' && /^\/(?![/\\])/.test(url) ? url : '/');

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data.text() };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Sower';
  const icon = typeof message.icon === 'string' && message.icon ? appPath(message.icon) : '/icons/icon-192.png';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' && message.tag ? message.tag : 'sower',
      data: { url: appPath(message.url) },
      icon,
      badge: icon,
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(appPath(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (!open) return self.clients.openWindow(target);
      // navigate() works only on a window this worker controls; any other is left as it is and the screen opens anew.
      return open
        .focus()
        .then((focused) => (focused.url === target ? focused : focused.navigate(target)))
        .catch(() => self.clients.openWindow(target));
    }),
  );
});
