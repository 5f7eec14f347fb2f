// Registers the service worker (public/sw.js) in production builds, where the hashed shell it keeps exists.
export function registerServiceWorker() {
  // In development Vite serves unhashed modules that change on every edit; a cached shell would only get in the way.
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch((error) => console.warn('The service worker could not be registered', error));
  });
}
