// The app lock (issue 33): with a PIN set, Sower covers the screen with a neutral lock after the chosen time without a
// touch or as soon as it is hidden, and drops what it holds in memory; the PIN is checked by the server.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { t } from '../i18n';
import { closeLock, isLockClosed, openLock } from '../lib/appLock';
import { fieldErrors, serverIssues } from '../lib/errors';
import { procedureOf } from '../lib/persistence';
import { trpc } from '../lib/trpc';
import { useForgetThisDevice } from './DeviceSettings';

/** How often the time without a touch is looked at. */
const CHECK_EVERY_MS = 5_000;
const TOUCHES = ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const;

export function AppLock({ children }: { children: ReactNode }) {
  const status = trpc.account.pin.status.useQuery();
  const queryClient = useQueryClient();
  const enabled = status.data?.enabled ?? false;
  const idleMs = (status.data?.idleMinutes ?? 5) * 60_000;
  // Closed on this device (a reload or a new tab while locked) before anything else is shown.
  const [locked, setLocked] = useState(isLockClosed);

  const lock = useCallback(() => {
    closeLock();
    setLocked(true);
    // Nothing of the user's stays in memory behind the lock but who they are and the lock itself.
    queryClient.removeQueries({ predicate: (query) => !['auth.me', 'account.pin.status'].includes(procedureOf(query.queryKey) ?? '') });
  }, [queryClient]);

  useEffect(() => {
    if (!enabled || locked) return;
    let lastTouch = Date.now();
    const touched = () => (lastTouch = Date.now());
    const hidden = () => document.visibilityState === 'hidden' && lock();
    for (const name of TOUCHES) window.addEventListener(name, touched, { passive: true });
    document.addEventListener('visibilitychange', hidden);
    const timer = setInterval(() => Date.now() - lastTouch >= idleMs && lock(), CHECK_EVERY_MS);
    return () => {
      for (const name of TOUCHES) window.removeEventListener(name, touched);
      document.removeEventListener('visibilitychange', hidden);
      clearInterval(timer);
    };
  }, [enabled, locked, idleMs, lock]);

  // The lock was removed (here or on another device): this device's closed lock no longer keeps its pages plain.
  const removed = status.data !== undefined && !status.data.enabled;
  useEffect(() => {
    if (removed && isLockClosed()) openLock();
  }, [removed]);

  if (locked && (enabled || !status.data)) return <LockScreen onUnlocked={() => setLocked(false)} />;
  return children;
}

function LockScreen({ onUnlocked }: { onUnlocked(): void }) {
  const verify = trpc.account.pin.verify.useMutation();
  const { forget, forgetting } = useForgetThisDevice();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const before = document.title;
    document.title = t('Locked');
    return () => void (document.title = before);
  }, []);

  async function unlock(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    try {
      await verify.mutateAsync({ pin });
      openLock();
      onUnlocked();
    } catch (failure) {
      setPin('');
      setError(fieldErrors(serverIssues(failure)).pin ?? t('Could not unlock. Please try again.'));
    }
  }

  return (
    <main className="flex min-h-dvh items-center justify-center bg-base-200 p-6">
      <div className="card w-full max-w-sm bg-base-100 shadow-sm">
        <form method="post" noValidate className="card-body gap-4" onSubmit={(e) => void unlock(e)} aria-labelledby="lock-title">
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
              value={pin}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'lock-error' : undefined}
              onChange={(e) => setPin(e.target.value)}
            />
          </label>
          {error && (
            <p id="lock-error" role="alert" className="text-sm text-error">
              {error}
            </p>
          )}
          <button type="submit" className="btn btn-primary" disabled={verify.isPending || pin.length < 4}>
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
