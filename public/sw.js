// Sower's service worker: keeps the built app shell (index.html and the hashed assets) so the app opens offline.
// It never stores an answer from /api or /trpc: those hold one user's data, and the next person on this browser
// must not read them from a cache after logout.

// Replaced at build time (scripts/sw-precache.ts) with this build's files and a hash of their contents, so every
// release changes these bytes and the browser installs the new worker.
const BUILD = { version: 'development', files: [] };

const CACHE = `sower-shell-${BUILD.version}`;
const SHELL = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(CACHE)
      // 'reload' skips the HTTP cache, so a stale index.html cannot end up next to new assets.
      .then((cache) => cache.addAll(BUILD.files.map((path) => new Request(path, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) => Promise.all(names.filter((name) => name.startsWith('sower-shell-') && name !== CACHE).map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

/** Paths whose answers belong to a user or to this moment: always the network, never a cache. */
const isLive = (path) => path.startsWith('/api/') || path === '/api' || path.startsWith('/trpc') || path === '/healthz' || path === '/sw.js';

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || isLive(url.pathname)) return;

  if (request.mode === 'navigate') {
    // Online, the server's page (the newest release); offline, the shell this worker keeps, for every route.
    event.respondWith(fetch(request).catch(() => caches.match(SHELL, { cacheName: CACHE }).then((hit) => hit ?? Response.error())));
    return;
  }

  // Hashed assets, icons and the manifest: the kept copy first; anything else of the shell from the network.
  event.respondWith(caches.match(request, { cacheName: CACHE }).then((hit) => hit ?? fetch(request)));
});
