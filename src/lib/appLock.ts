// Whether this device's app lock is closed (issue 33): a cookie, so a reload or a new tab opens on the lock too, and so
// the server sends a locked device a page without data (server/http/firstScreen.ts).
const COOKIE = 'sower_locked';

export function isLockClosed(): boolean {
  return typeof document !== 'undefined' && new RegExp(`(?:^|;\\s*)${COOKIE}=1(?:;|$)`).test(document.cookie);
}

export function closeLock() {
  document.cookie = `${COOKIE}=1; path=/; max-age=31536000; SameSite=Lax`;
}

export function openLock() {
  document.cookie = `${COOKIE}=; path=/; max-age=0; SameSite=Lax`;
}
