// Settings → Reminders: the daily digest (on or off, its hour in the user's time zone), where it arrives (email, push to
// this device), what it holds, and discreet wording. Saved with the button; push on this device applies at once, since
// it needs the browser's permission and this device's subscription. Email goes only to a confirmed address.
import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { remindersUpdateInput } from '../../shared/schemas/reminders';
import { useFailureToast } from '../hooks/useFailureToast';
import { useToast } from '../hooks/useToast';
import { formattingLocale, t } from '../i18n';
import { currentSubscription, pushSupport, subscribeThisDevice, unsubscribeThisDevice, type PushSupport } from '../lib/push';
import { trpc, type RouterOutputs } from '../lib/trpc';
import { hourLabels, matchingZones, zoneOptions } from '../lib/zones';
import { Field } from '../forms/Field';
import { SelectField } from '../forms/Fields';
import { useFormState } from '../forms/useFormState';
import { emailConfirmationNote, ResendButton, useUnconfirmedEmail } from './EmailConfirmation';
import { Spinner } from './Spinner';

type Reminders = RouterOutputs['reminders']['get'];
type Form = Pick<Reminders, 'remindersOn' | 'hour' | 'byEmail' | 'includeFollowUps' | 'includeAttention' | 'includePrayers' | 'discreet'> & {
  timeZone: string;
};

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

interface ToggleProps {
  label: string;
  checked: boolean;
  disabled?: boolean;
  note?: ReactNode;
  /** A control below the note, given the note's id to point at. */
  action?: (noteId: string) => ReactNode;
  onChange(checked: boolean): void;
}

function Toggle({ label, checked, disabled, note, action, onChange }: ToggleProps) {
  const noteId = useId();
  return (
    <div className="flex flex-col gap-1 py-1">
      <label className={`flex items-center gap-3 text-sm font-medium ${disabled ? 'cursor-not-allowed opacity-70' : 'cursor-pointer'}`}>
        <input
          type="checkbox"
          className="toggle toggle-primary toggle-sm shrink-0"
          checked={checked}
          disabled={disabled}
          aria-describedby={note ? noteId : undefined}
          onChange={(e) => onChange(e.target.checked)}
        />
        {label}
      </label>
      {note && (
        <p id={noteId} className="ms-12 text-sm wrap-anywhere text-base-content/75">
          {note}
        </p>
      )}
      {action && <div className="ms-12 mt-1">{action(noteId)}</div>}
    </div>
  );
}

function PushToggle({ byPush, onSaved }: { byPush: boolean; onSaved(next: Reminders): void }) {
  const { toast } = useToast();
  const utils = trpc.useUtils();
  const subscribe = trpc.push.subscribe.useMutation();
  const unsubscribe = trpc.push.unsubscribe.useMutation();
  const update = trpc.reminders.update.useMutation();
  const [support, setSupport] = useState<PushSupport>(pushSupport);
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    currentSubscription().then(
      (found) => live && setSubscribed(found !== null),
      () => live && setSubscribed(false),
    );
    return () => {
      live = false;
    };
  }, []);

  async function turnOn() {
    setFailed(false);
    const { publicKey } = await utils.push.publicKey.fetch();
    const result = await subscribeThisDevice(publicKey);
    if (!result.ok) {
      if (result.reason === 'denied') setSupport('denied');
      else setFailed(true);
      return;
    }
    const { endpoint, keys } = result.subscription;
    await subscribe.mutateAsync({ endpoint: endpoint ?? '', keys: { p256dh: keys?.p256dh ?? '', auth: keys?.auth ?? '' } });
    if (!byPush) onSaved(await update.mutateAsync({ byPush: true }));
    setSubscribed(true);
    toast({ title: t('Push notifications are on for this device'), variant: 'success' });
  }

  async function turnOff() {
    const endpoint = await unsubscribeThisDevice();
    if (endpoint) await unsubscribe.mutateAsync({ endpoint });
    setSubscribed(false);
    toast({ title: t('Push notifications are off for this device'), variant: 'success' });
  }

  async function change(on: boolean) {
    setBusy(true);
    try {
      await (on ? turnOn() : turnOff());
    } catch (error) {
      console.error(error);
      if (on) setFailed(true);
      else toast({ title: t('Error'), description: t('Failed to save your reminders. Please try again.'), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  }

  const note =
    support === 'unsupported'
      ? t('This browser cannot receive push notifications. On an iPhone or iPad, add Sower to the Home Screen and open it from there.')
      : support === 'denied'
        ? t("Notifications are blocked for Sower in this browser. Allow them in the browser's site settings, then turn this on again.")
        : failed
          ? t('This device could not subscribe to push notifications (its push service did not answer). Try again later, or use email.')
          : t('Your browser asks for permission the first time. Turning it off here stops notifications on this device only.');

  return (
    <div aria-busy={busy || subscribed === null}>
      <Toggle
        label={t('By push notification on this device')}
        checked={byPush && subscribed === true}
        disabled={busy || subscribed === null || support !== 'supported'}
        note={<span role={failed || support === 'denied' ? 'alert' : undefined}>{note}</span>}
        onChange={(on) => void change(on)}
      />
    </div>
  );
}

function ReminderForm({ saved }: { saved: Reminders }) {
  const { toast } = useToast();
  const failed = useFailureToast();
  const utils = trpc.useUtils();
  const update = trpc.reminders.update.useMutation();
  const detected = useMemo(() => browserZone(), []);
  const {
    values: form,
    set: setValue,
    errors,
    submit,
  } = useFormState<Form>({
    remindersOn: saved.remindersOn,
    hour: saved.hour,
    timeZone: saved.timeZone ?? detected,
    byEmail: saved.byEmail,
    includeFollowUps: saved.includeFollowUps,
    includeAttention: saved.includeAttention,
    includePrayers: saved.includePrayers,
    discreet: saved.discreet,
  });
  const set =
    <K extends keyof Form>(key: K) =>
    (value: Form[K]) =>
      setValue(key, value);
  // Settings → This device turns the discreet wording on with the discreet install: the form shows what was saved, so
  // saving it later does not turn the wording off again.
  const [savedDiscreet, setSavedDiscreet] = useState(saved.discreet);
  if (saved.discreet !== savedDiscreet) {
    setSavedDiscreet(saved.discreet);
    setValue('discreet', saved.discreet);
  }
  const locale = formattingLocale();
  const hours = useMemo(() => hourLabels(locale).map((label, hour) => ({ value: String(hour), label })), [locale]);
  // Every zone named in the reader's language with its offset; built once per language (the saved zone is always in it).
  const allZones = useMemo(() => zoneOptions(locale, saved.timeZone ?? detected), [locale, saved.timeZone, detected]);
  const [zoneQuery, setZoneQuery] = useState('');
  const shownZones = useMemo(() => {
    const found = matchingZones(allZones, zoneQuery);
    // The chosen zone stays in the list (first), so the picker never shows a value it does not hold.
    const chosen = allZones.find((option) => option.zone === form.timeZone);
    return chosen && !found.includes(chosen) ? [chosen, ...found] : found;
  }, [allZones, zoneQuery, form.timeZone]);
  const zoneName = (zone: string) => allZones.find((option) => option.zone === zone)?.label ?? zone.replace(/_/g, ' ');
  const zoneNoteId = useId();

  const onSaved = (next: Reminders) => utils.reminders.get.setData(undefined, next);
  // Reminder emails go only to a confirmed address (issue 27).
  const unconfirmed = useUnconfirmedEmail();

  // Email stays as it was while this server cannot send it (its toggle shows off and cannot change).
  const save = submit(
    remindersUpdateInput,
    (v) => ({ ...v, byEmail: saved.emailAvailable ? v.byEmail : saved.byEmail }),
    async (input) => {
      try {
        onSaved(await update.mutateAsync(input));
        toast({ title: t('Reminders saved'), variant: 'success' });
      } catch (error) {
        failed(error, t('Failed to save your reminders. Please try again.'));
        throw error;
      }
    },
  );

  const next =
    saved.remindersOn && saved.nextDigestAt
      ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(saved.nextDigestAt))
      : null;
  const legend = 'text-sm font-semibold mb-1';

  return (
    <form method="post" noValidate onSubmit={save} className="flex flex-col gap-5">
      <Toggle
        label={t('Send me a daily digest')}
        checked={form.remindersOn}
        onChange={set('remindersOn')}
        note={next ? t('Next digest: {when}', { when: next }) : undefined}
      />

      <fieldset className="flex flex-col gap-3">
        <legend className={legend}>{t('When')}</legend>
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-[10rem_1fr]">
          <SelectField
            name="hour"
            label={t('Hour')}
            value={String(form.hour)}
            options={hours}
            error={errors.hour}
            onChange={(e) => set('hour')(Number(e.target.value))}
          />
          <Field label={t('Time zone')} error={errors.timeZone} className="min-w-0">
            {(control) => (
              <>
                <input
                  type="search"
                  className="input input-sm w-full"
                  aria-label={t('Search by city, country or offset')}
                  aria-controls={control.id}
                  placeholder={t('Search by city, country or offset')}
                  value={zoneQuery}
                  onChange={(e) => {
                    setZoneQuery(e.target.value);
                    // The first zone found becomes the choice, as typing in a list box does.
                    const first = matchingZones(allZones, e.target.value)[0];
                    if (first && e.target.value.trim()) set('timeZone')(first.zone);
                  }}
                />
                <select
                  {...control}
                  name="timeZone"
                  className="select w-full"
                  value={form.timeZone}
                  aria-describedby={[zoneNoteId, control['aria-describedby']].filter(Boolean).join(' ')}
                  onChange={(e) => set('timeZone')(e.target.value)}
                >
                  {shownZones.map((option) => (
                    <option key={option.zone} value={option.zone}>
                      {option.label}
                    </option>
                  ))}
                </select>
                <p id={zoneNoteId} className="flex flex-wrap items-center gap-x-2 text-sm text-base-content/75">
                  <span>{t('This device is in {zone}.', { zone: zoneName(detected) })}</span>
                  {form.timeZone !== detected && (
                    <button type="button" className="btn btn-link btn-sm h-auto min-h-0 p-0" onClick={() => set('timeZone')(detected)}>
                      {t("Use this device's time zone")}
                    </button>
                  )}
                </p>
              </>
            )}
          </Field>
        </div>
      </fieldset>

      <fieldset className="flex flex-col">
        <legend className={legend}>{t('How it arrives')}</legend>
        <Toggle
          label={t('By email')}
          checked={saved.emailAvailable && form.byEmail}
          disabled={!saved.emailAvailable}
          note={
            !saved.emailAvailable
              ? t('Email is not set up on this server, so reminders cannot go out by email. The administrator can set SMTP_URL to turn it on.')
              : unconfirmed
                ? emailConfirmationNote(unconfirmed)
                : undefined
          }
          action={unconfirmed ? (noteId) => <ResendButton describedBy={noteId} /> : undefined}
          onChange={set('byEmail')}
        />
        <PushToggle byPush={saved.byPush} onSaved={onSaved} />
      </fieldset>

      <fieldset className="flex flex-col">
        <legend className={legend}>{t('What it holds')}</legend>
        <Toggle label={t('Due and overdue follow-ups')} checked={form.includeFollowUps} onChange={set('includeFollowUps')} />
        <Toggle label={t('Contacts who need attention')} checked={form.includeAttention} onChange={set('includeAttention')} />
        <Toggle label={t("Today's prayer list")} checked={form.includePrayers} onChange={set('includePrayers')} />
      </fieldset>

      <fieldset className="flex flex-col">
        <legend className={legend}>{t('Wording')}</legend>
        <Toggle
          label={t('Discreet wording')}
          checked={form.discreet}
          onChange={set('discreet')}
          note={t('Says only how many reminders you have, without names or texts.')}
        />
      </fieldset>

      <div>
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {update.isPending ? t('Saving...') : t('Save Reminders')}
        </button>
      </div>
    </form>
  );
}

export function ReminderSettings() {
  const reminders = trpc.reminders.get.useQuery();
  if (reminders.isLoading) return <Spinner />;
  if (reminders.isError || !reminders.data)
    return (
      <p role="alert" className="alert alert-error">
        {t('We could not load your reminder settings. Please try again.')}
      </p>
    );
  return <ReminderForm saved={reminders.data} />;
}
