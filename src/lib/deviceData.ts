// What this device holds of the user (issue 33): the switch that keeps nothing, and 'Forget this device', which wipes it.
import { dropKeptQueries, stopKeeping } from './persistedCache';
import { remember } from './session';

/** 'Keep data on this device' turned off: what was kept of the reads and the remembered profile go now. */
export async function forgetKeptData() {
  remember(null);
  await dropKeptQueries();
}

function deleteDatabase(name: string) {
  return new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(name);
    // Blocked means another tab still has it open: it closes on the version change (outbox.ts, persistedCache.ts).
    request.onsuccess = request.onerror = () => resolve();
  });
}

/**
 * Everything of Sower on this device, in one go, after the session has ended: every IndexedDB database, every cache
 * (the app's own code included: it is fetched again), the service worker, local and session storage.
 */
export async function wipeThisDevice() {
  // A kept read written after the database is deleted would create it again (seen in tests/e2e/device.spec.ts).
  await stopKeeping();
  const names = (await indexedDB.databases?.().catch(() => null))?.flatMap((db) => (db.name ? [db.name] : [])) ?? ['sower-cache', 'sower-outbox'];
  await Promise.all(names.map(deleteDatabase));
  if ('caches' in window) await Promise.all((await caches.keys()).map((key) => caches.delete(key)));
  if ('serviceWorker' in navigator) await Promise.all((await navigator.serviceWorker.getRegistrations()).map((registration) => registration.unregister()));
  localStorage.clear();
  sessionStorage.clear();
}
