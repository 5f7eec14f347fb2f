// The app lock (issues 33, 47): with a PIN set, Sower covers the screen with a neutral lock after the chosen time without a
// touch or as soon as it is hidden, locks the session on the server and drops what it holds in memory; any answer 423
// (the server's idle rule, another tab) closes it too. The PIN is checked by the server, so unlocking needs a connection.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { LOCKED_SEEN_EVERY_MS } from '../../shared/appLock';
import { useOnline } from '../hooks/useOnline';
import { t } from '../i18n';
import { isLockClosed, isLockedAnswer, lockAndForget, openLock, subscribeLock } from '../lib/appLock';
import { fieldErrors, httpStatus, isNetworkFailure, serverIssues } from '../lib/errors';
import { sessionQuery } from '../lib/session';
import { trpc } from '../lib/trpc';
import { anyValues, useFormState } from '../forms/useFormState';
import { useForgetThisDevice } from './DeviceSettings';

/** How often the time without a touch is looked at. */
const CHECK_EVERY_MS = 5_000;
const TOUCHES = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

/** The lock screen while the lock is closed on this device, else the app (signed in or not: RequireAuth is inside). */
export function LockGate({ children }: { children: ReactNode }) {
  // The server's render knows nothing of this device: it never rendered a locked session's screen (firstScreen.ts).
  const closed = useSyncExternalStore(subscribeLock, isLockClosed, () => false);
  return closed ? <LockScreen /> : children;
}

/** The lock call sent when the lock screen showed or the connection came back: an unlock waits for it (one lock screen at a time). */
let lockCall: Promise<unknown> = Promise.resolve();

/** Watches, for a signed-in user with a PIN, for the time without a touch and the page being hidden. */
export function AppLock({ children }: { children: ReactNode }) {
  const status = trpc.account.pin.status.useQuery();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const enabled = status.data?.enabled ?? false;
  const idleMs = (status.data?.idleMinutes ?? 5) * 60_000;
  const lock = useCallback(() => lockAndForget(queryClient), [queryClient]);

  useEffect(() => {
    if (!enabled) return;
    let lastTouch = Date.now();
    let lastSeen = lastTouch;
    const touched = () => {
      lastTouch = Date.now();
      // The server locks the session after the idle time since its last request: a touch is one, at most this often,
      // so someone reading a long page without loading anything is seen while they touch it (the server may lock up to
      // twice LOCKED_SEEN_EVERY_MS before this page would, once the touches stop).
      if (lastTouch - lastSeen < LOCKED_SEEN_EVERY_MS) return;
      lastSeen = lastTouch;
      // A request of its own (the cache would join one already under way, sent before the touch); its 423 locks too.
      void utils.client.account.pin.status.query().then(
        (fresh) => utils.account.pin.status.setData(undefined, fresh),
        (error: unknown) => isLockedAnswer(error) && lock(),
      );
    };
    const hidden = () => document.visibilityState === 'hidden' && lock();
    for (const name of TOUCHES) window.addEventListener(name, touched, { passive: true });
    document.addEventListener('visibilitychange', hidden);
    const timer = setInterval(() => Date.now() - lastTouch >= idleMs && lock(), CHECK_EVERY_MS);
    return () => {
      for (const name of TOUCHES) window.removeEventListener(name, touched);
      document.removeEventListener('visibilitychange', hidden);
      clearInterval(timer);
    };
  }, [enabled, idleMs, lock, utils]);

  return children;
}

function LockScreen() {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  // Never retried: a try whose answer was lost may have been counted, and a second would count again.
  const verify = trpc.account.pin.verify.useMutation({ retry: false });
  const lockSession = trpc.account.pin.lock.useMutation();
  const online = useOnline();
  const { forget, forgetting } = useForgetThisDevice();
  const { values, set, errors, setErrors, submit } = useFormState({ pin: '' });
  const error = errors.pin;
  const needsConnection = t('Unlocking needs a connection: your PIN is checked by the server. Connect to the internet, then unlock.');

  useEffect(() => {
    const before = document.title;
    document.title = t('Locked');
    return () => void (document.title = before);
  }, []);

  /**
   * The lock is open again: who is signed in is asked first (a locked session's check answered 423, and the screens
   * behind the lock would otherwise send the person to /login), then what the screens show.
   */
  const opened = useCallback(async () => {
    await queryClient.fetchQuery({ ...sessionQuery(utils.client), staleTime: 0 }).catch(() => undefined);
    openLock();
    void queryClient.invalidateQueries();
  }, [queryClient, utils]);

  // The server's lock follows this device's: asked when the lock shows, and again once the connection is back (a lock
  // closed offline). No lock on the account any more (removed on another device), or no session: the lock opens, and
  // whoever is signed in, if anyone, is asked again.
  // An unlock waits for it: sent after the server's lock call, a PIN checked first would be locked again by that call's
  // late arrival, and the screens behind would meet the lock again (as a slow connection coming back can order them).
  const { mutateAsync: lockOnServer } = lockSession;
  useEffect(() => {
    if (!online) return;
    lockCall = lockOnServer(undefined).catch((failure: unknown) => {
      const status = httpStatus(failure);
      if (status === 409 || status === 401) void opened();
    });
  }, [online, lockOnServer, opened]);

  // The PIN's only rule is the server's (the button waits for four digits): this screen loads no schema library.
  const unlock = submit(
    anyValues<{ pin: string }>(),
    (v) => v,
    async ({ pin }) => {
      try {
        await lockCall;
        await verify.mutateAsync({ pin });
        await opened();
      } catch (failure) {
        set('pin', '');
        const status = httpStatus(failure);
        // Signed out (too many wrong PINs) or no lock any more: nothing left to unlock.
        if (status === 401 || status === 409) return opened();
        setErrors({
          pin: isNetworkFailure(failure) ? needsConnection : (fieldErrors(serverIssues(failure)).pin ?? t('Could not unlock. Please try again.')),
        });
      }
    },
  );

  return (
    <main className="flex min-h-dvh items-center justify-center bg-base-200 p-6">
      <div className="card w-full max-w-sm bg-base-100 shadow-sm">
        <form method="post" noValidate className="card-body gap-4" onSubmit={unlock} aria-labelledby="lock-title">
          <h1 id="lock-title" className="card-title text-xl">
            {t('Locked')}
          </h1>
          <p className="text-sm text-base-content/70">{t('Enter your PIN to continue.')}</p>
          <label className="flex flex-col gap-1">
            <span className="text-sm font-medium">{t('PIN')}</span>
            <input
              className={`input w-full ${error ? 'input-error' : ''}`}
              type="password"
              inputMode="numeric"
              autoComplete="off"
              maxLength={8}
              value={values.pin}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'lock-error' : online ? undefined : 'lock-offline'}
              onChange={(e) => set('pin', e.target.value)}
            />
          </label>
          {error && (
            <p id="lock-error" role="alert" className="text-sm text-error">
              {error}
            </p>
          )}
          {/* Said at once, before any try: offline no PIN can be checked, as nothing to check one against is kept here. */}
          {!online && !error && (
            <p id="lock-offline" role="status" className="rounded-box bg-warning/15 p-3 text-sm">
              {needsConnection}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={!online || verify.isPending || lockSession.isPending || values.pin.length < 4}>
            {t('Unlock')}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" disabled={forgetting} onClick={() => void forget()}>
            {t('Forget this device')}
          </button>
        </form>
      </div>
    </main>
  );
}
