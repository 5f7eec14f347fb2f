// Settings → Needs attention: after how many days without a touch a contact of each status needs attention.
import { attentionDaysInput } from '../../shared/schemas/attention';
import { ATTENTION_DAYS_MAX, ATTENTION_DAYS_MIN, defaultAttentionDays } from '../../shared/nudges';
import { formOrder, spiritualStatusLabel, spiritualStatuses, type SpiritualStatus } from '../../shared/vocabulary';
import { DATES_AHEAD_DEFAULT, DATES_AHEAD_MAX } from '../../shared/contactDates';
import { useFailureToast } from '../hooks/useFailureToast';
import { useInvalidate } from '../hooks/useInvalidate';
import { useToast } from '../hooks/useToast';
import { t } from '../i18n';
import { trpc } from '../lib/trpc';
import { TextField } from '../forms/TextField';
import { useFormState } from '../forms/useFormState';
import { Spinner } from './Spinner';

type Days = Record<SpiritualStatus, number>;
// Each field is named by its path in the input (days.seeking), so the schema's and the server's messages land under it.
const field = (status: SpiritualStatus) => `days.${status}` as const;
type Texts = Record<ReturnType<typeof field> | 'datesAheadDays', string>;
type Saved = { days: Days; datesAheadDays: number };

const asTexts = ({ days, datesAheadDays }: Saved) =>
  ({ ...Object.fromEntries(spiritualStatuses.map((status) => [field(status), String(days[status])])), datesAheadDays: String(datesAheadDays) }) as Texts;
const asInput = (texts: Texts) => ({
  days: Object.fromEntries(spiritualStatuses.map((status) => [status, Number(texts[field(status)])])),
  datesAheadDays: Number(texts.datesAheadDays),
});

export function AttentionSettings() {
  const saved = trpc.attention.settings.useQuery();
  if (!saved.data) return saved.isError ? <p className="text-sm text-error">{t('We could not load these settings.')}</p> : <Spinner />;
  return <AttentionForm saved={saved.data} />;
}

function AttentionForm({ saved }: { saved: Saved }) {
  const update = trpc.attention.updateSettings.useMutation();
  const utils = trpc.useUtils();
  const invalidate = useInvalidate();
  const { toast } = useToast();
  const failed = useFailureToast();
  const { values, set, errors, setErrors, submit } = useFormState(asTexts(saved));

  async function save(input: { days: Partial<Days>; datesAheadDays?: number }) {
    try {
      const result = await update.mutateAsync(input);
      for (const [key, text] of Object.entries(asTexts(result))) set(key as keyof Texts, text);
      toast({ title: t('Attention settings saved'), variant: 'success' });
      void invalidate('attention');
      void utils.contacts.upcomingDates.invalidate();
    } catch (error) {
      failed(error, t('Could not save your attention settings. Please try again.'));
      throw error;
    }
  }

  function reset() {
    setErrors({});
    void save({ days: defaultAttentionDays, datesAheadDays: DATES_AHEAD_DEFAULT }).catch(() => undefined);
  }

  return (
    <form method="post" noValidate onSubmit={submit(attentionDaysInput, asInput, save)}>
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {formOrder.spiritualStatus.map((status) => (
          <TextField
            key={status}
            name={field(status)}
            type="number"
            inputMode="numeric"
            min={ATTENTION_DAYS_MIN}
            max={ATTENTION_DAYS_MAX}
            step={1}
            label={spiritualStatusLabel(status)}
            hint={t('{count, plural, one {Default: # day} other {Default: # days}}', { count: defaultAttentionDays[status] })}
            value={values[field(status)]}
            error={errors[field(status)]}
            onChange={(e) => set(field(status), e.target.value)}
          />
        ))}
      </div>
      <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          name="datesAheadDays"
          type="number"
          inputMode="numeric"
          min={0}
          max={DATES_AHEAD_MAX}
          step={1}
          label={t('Show important dates this many days ahead')}
          hint={t('{count, plural, one {Default: # day} other {Default: # days}}', { count: DATES_AHEAD_DEFAULT })}
          value={values.datesAheadDays}
          error={errors.datesAheadDays}
          onChange={(e) => set('datesAheadDays', e.target.value)}
        />
      </div>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-ghost" disabled={update.isPending} onClick={reset}>
          {t('Reset to defaults')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {update.isPending ? t('Saving...') : t('Save')}
        </button>
      </div>
    </form>
  );
}
