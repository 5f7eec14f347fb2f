// Settings → This device (issue 33): whether what Sower shows and what is typed offline is kept on this device, the
// discreet install (a neutral name and icon, to choose before installing), and 'Forget this device', which ends the
// session and wipes everything of Sower here in one tap.
import { useId, useState, useSyncExternalStore } from 'react';
import { useFailureToast } from '../hooks/useFailureToast';
import { t } from '../i18n';
import { isDiscreetInstall, setDiscreetInstall, subscribeDiscreetInstall } from '../lib/discreet';
import { keepsDataOnDevice, setKeepsDataOnDevice } from '../lib/persistence';
import { trpc } from '../lib/trpc';

const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** 'Forget this device': the session ends on the server (if it can be reached), then nothing of Sower stays here. */
export function useForgetThisDevice() {
  const logout = trpc.auth.logout.useMutation();
  const [forgetting, setForgetting] = useState(false);
  async function forget() {
    setForgetting(true);
    await logout.mutateAsync().catch((error: unknown) => console.warn('The session could not be ended on the server', error));
    const { wipeThisDevice } = await import('../lib/deviceData');
    await wipeThisDevice();
    // A fresh page: nothing the app held in memory survives either.
    window.location.replace('/login');
  }
  return { forget, forgetting };
}

/**
 * The discreet install's switch: the page changes at once; turned on, the account's reminders take the discreet wording
 * too (a push on this device's lock screen must not say more than its icon). Turned off, the wording stays as it is:
 * the person changes it under Reminders if they want to.
 */
function useDiscreetInstall() {
  const discreet = useSyncExternalStore(subscribeDiscreetInstall, isDiscreetInstall, () => false);
  const utils = trpc.useUtils();
  const reminders = trpc.reminders.update.useMutation();
  const failed = useFailureToast();
  function toggle(next: boolean) {
    setDiscreetInstall(next);
    if (!next) return;
    reminders.mutate(
      { discreet: true },
      {
        onSuccess: (saved) => utils.reminders.get.setData(undefined, saved),
        onError: (error) => failed(error, t('Reminders could not be set to discreet wording. Turn it on under Reminders.')),
      },
    );
  }
  return { discreet, toggle };
}

export function DeviceSettings() {
  // The server renders the switch on (it cannot know this device); the device's own answer follows at hydration.
  const keep = useSyncExternalStore(subscribe, keepsDataOnDevice, () => true);
  const { forget, forgetting } = useForgetThisDevice();
  const discreetInstall = useDiscreetInstall();
  const id = useId();

  // The switch flips at once (the setting is written synchronously); deleting what was kept follows.
  function toggle(next: boolean) {
    setKeepsDataOnDevice(next);
    listeners.forEach((listener) => listener());
    if (!next)
      void import('../lib/deviceData')
        .then(({ forgetKeptData }) => forgetKeptData())
        .catch((error: unknown) => console.warn('What was kept on this device could not be deleted', error));
  }

  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-start gap-3">
        <input
          id={`${id}-keep`}
          type="checkbox"
          className="toggle toggle-primary mt-0.5"
          checked={keep}
          aria-describedby={`${id}-hint`}
          onChange={(e) => toggle(e.target.checked)}
        />
        <div>
          <label htmlFor={`${id}-keep`} className="block cursor-pointer text-sm font-medium">
            {t('Keep data on this device for offline use')}
          </label>
          <p id={`${id}-hint`} className="text-xs text-base-content/70">
            {keep
              ? t('What you last saw stays readable offline, and what you add offline is sent when you are back.')
              : t('Nothing of yours is stored on this device beyond the app itself. Offline, you cannot add anything.')}
          </p>
        </div>
      </div>
      <div className="flex items-start gap-3">
        <input
          id={`${id}-discreet`}
          type="checkbox"
          className="toggle toggle-primary mt-0.5"
          checked={discreetInstall.discreet}
          aria-describedby={`${id}-discreet-hint`}
          onChange={(e) => discreetInstall.toggle(e.target.checked)}
        />
        <div>
          <label htmlFor={`${id}-discreet`} className="block cursor-pointer text-sm font-medium">
            {t('Discreet app name and icon')}
          </label>
          <p id={`${id}-discreet-hint`} className="text-xs text-base-content/70">
            {t(
              'Shows a plain name and icon instead of Sower, and reminders say only how many there are. Turn it on before adding Sower to the home screen: browsers keep the name and icon from the time of install.',
            )}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-base-300 pt-4">
        <p className="text-sm text-base-content/70">{t('Signs you out and removes everything Sower stored on this device.')}</p>
        <button type="button" className="btn btn-outline btn-error btn-sm" disabled={forgetting} onClick={() => void forget()}>
          {forgetting ? t('Forgetting...') : t('Forget this device')}
        </button>
      </div>
    </div>
  );
}
