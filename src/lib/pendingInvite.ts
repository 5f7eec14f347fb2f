// An invite link opened by a guest (/invite/:code): its code waits in this tab's sessionStorage through sign-in or
// registration, never in the /login URL (where a referrer or the history would carry it), and leads back afterwards.
const KEY = 'pendingInvite';

/** Remembers the code while the guest signs in or registers. */
export function holdInvite(code: string) {
  try {
    sessionStorage.setItem(KEY, code);
  } catch {
    // Storage unavailable (privacy modes): the guest comes back by opening the link again.
  }
}

/** Where to go once signed in: the invite waiting in this tab, else home. Read, not taken: a render may run twice. */
export function pathAfterSignIn(): string {
  try {
    const code = sessionStorage.getItem(KEY);
    return code ? `/invite/${encodeURIComponent(code)}` : '/';
  } catch {
    return '/';
  }
}

/** The invite page, signed in, has the guest back: the detour is over. */
export function releaseInvite() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // See holdInvite.
  }
}
