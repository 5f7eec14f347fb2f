// Settings → App lock (issue 33): a PIN of 4 to 8 digits and how long without a touch before Sower locks, set and
// removed with the password; 'Lock now', which locks the session on the server (issue 47).
import { useState } from 'react';
import { z } from 'zod';
import { useFailureToast } from '../hooks/useFailureToast';
import { useToast } from '../hooks/useToast';
import { msg, t } from '../i18n';
import { closeLock } from '../lib/appLock';
import { currentPasswordField, pinSchema } from '../../shared/schemas/account';
import { trpc } from '../lib/trpc';
import { FieldGroup, SubmitButton } from '../forms/Fields';
import { CurrentPasswordField } from '../forms/PasswordFields';
import { TextField } from '../forms/TextField';
import { useFormState } from '../forms/useFormState';
import { Spinner } from './Spinner';
import { LOCK_IDLE_MINUTES } from '../../shared/appLock';

const setSchema = z
  .object({
    pin: pinSchema,
    confirmPin: z.string(),
    idleMinutes: z.coerce.number().pipe(z.literal(LOCK_IDLE_MINUTES)),
    password: currentPasswordField,
  })
  .refine((v) => v.pin === v.confirmPin, { message: msg("PINs don't match"), path: ['confirmPin'] });
const removeSchema = z.object({ password: currentPasswordField });
const LOCK_NOW_WAIT_MS = 3000;

export function AppLockSettings() {
  const status = trpc.account.pin.status.useQuery();
  const utils = trpc.useUtils();
  const refresh = () => {
    void utils.account.pin.status.invalidate();
    void utils.account.securityLog.invalidate();
  };
  if (!status.data) return status.isError ? <p className="text-sm text-error">{t('We could not load these settings.')}</p> : <Spinner />;
  if (status.data.enabled) return <LockOn idleMinutes={status.data.idleMinutes} onRemoved={refresh} />;
  return <SetPin onSet={refresh} />;
}

function SetPin({ onSet }: { onSet(): void }) {
  const set = trpc.account.pin.set.useMutation();
  const { toast } = useToast();
  const failed = useFailureToast();
  const {
    values,
    set: setValue,
    field,
    submit,
  } = useFormState(
    { pin: '', confirmPin: '', idleMinutes: '5', password: '' },
    { failed: (error) => failed(error, t('Could not set the PIN. Please try again.')) },
  );
  const onSubmit = submit(
    setSchema,
    (v) => v,
    async ({ pin, idleMinutes, password }) => {
      await set.mutateAsync({ pin, password, idleMinutes });
      toast({ title: t('App lock is on'), variant: 'success' });
      onSet();
    },
  );
  return (
    <form method="post" noValidate onSubmit={onSubmit}>
      <FieldGroup>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField type="password" inputMode="numeric" autoComplete="off" maxLength={8} label={t('PIN (4 to 8 digits)')} {...field('pin')} />
          <TextField type="password" inputMode="numeric" autoComplete="off" maxLength={8} label={t('Confirm PIN')} {...field('confirmPin')} />
        </div>
        <label className="flex flex-col gap-1">
          <span className="text-sm font-medium">{t('Lock after')}</span>
          <select className="select w-full" value={values.idleMinutes} onChange={(e) => setValue('idleMinutes', e.target.value)}>
            {LOCK_IDLE_MINUTES.map((minutes) => (
              <option key={minutes} value={minutes}>
                {t('{count, plural, one {# minute without a touch} other {# minutes without a touch}}', { count: minutes })}
              </option>
            ))}
          </select>
        </label>
        <CurrentPasswordField {...field('password')} />
      </FieldGroup>
      <SubmitButton busy={set.isPending} label={t('Set PIN')} busyLabel={t('Checking...')} />
    </form>
  );
}

function LockOn({ idleMinutes, onRemoved }: { idleMinutes: number; onRemoved(): void }) {
  const [removing, setRemoving] = useState(false);
  const utils = trpc.useUtils();
  /**
   * Locks now: the session on the server first, so the reload's page comes without data (a slow connection is waited
   * for LOCK_NOW_WAIT_MS at most: the lock screen asks the server again once it shows), then the page reloads closed,
   * so nothing of the user is left in memory.
   */
  async function lockNow() {
    await Promise.race([utils.client.account.pin.lock.mutate().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, LOCK_NOW_WAIT_MS))]);
    closeLock();
    window.location.reload();
  }
  const remove = trpc.account.pin.remove.useMutation();
  const { toast } = useToast();
  const failed = useFailureToast();
  const { field, submit } = useFormState({ password: '' }, { failed: (error) => failed(error, t('Could not remove the lock. Please try again.')) });
  const onSubmit = submit(
    removeSchema,
    (v) => v,
    async (input) => {
      await remove.mutateAsync(input);
      toast({ title: t('App lock removed'), variant: 'success' });
      onRemoved();
    },
  );
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">
        {t(
          '{count, plural, one {On: Sower locks after # minute without a touch, and whenever it is hidden.} other {On: Sower locks after # minutes without a touch, and whenever it is hidden.}}',
          {
            count: idleMinutes,
          },
        )}
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        {!removing && (
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setRemoving(true)}>
            {t('Remove the lock')}
          </button>
        )}
        <button type="button" className="btn btn-primary btn-sm" onClick={() => void lockNow()}>
          {t('Lock now')}
        </button>
      </div>
      {removing && (
        <form method="post" noValidate onSubmit={onSubmit}>
          <CurrentPasswordField {...field('password')} />
          <SubmitButton busy={remove.isPending} label={t('Remove the lock')} busyLabel={t('Checking...')} />
        </form>
      )}
    </div>
  );
}
