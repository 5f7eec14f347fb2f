// Settings → Needs attention: after how many days without a touch a contact of each status needs attention.
import { useEffect, useState } from 'react';
import { ATTENTION_DAYS_MAX, ATTENTION_DAYS_MIN, defaultAttentionDays } from '../../shared/nudges';
import { formOrder, spiritualStatusLabel, type SpiritualStatus } from '../../shared/vocabulary';
import { useFailureToast } from '../hooks/useFailureToast';
import { useInvalidate } from '../hooks/useInvalidate';
import { useToast } from '../hooks/useToast';
import { t } from '../i18n';
import { trpc } from '../lib/trpc';
import { TextField } from '../forms/TextField';
import { Spinner } from './Spinner';

type Days = Record<SpiritualStatus, string>;

const asText = (days: Record<SpiritualStatus, number>) => Object.fromEntries(Object.entries(days).map(([status, value]) => [status, String(value)])) as Days;
const isDays = (text: string) => /^\d{1,3}$/.test(text) && Number(text) >= ATTENTION_DAYS_MIN && Number(text) <= ATTENTION_DAYS_MAX;

export function AttentionSettings() {
  const saved = trpc.attention.settings.useQuery();
  const update = trpc.attention.updateSettings.useMutation();
  const invalidate = useInvalidate();
  const { toast } = useToast();
  const failed = useFailureToast();
  const [days, setDays] = useState<Days | null>(null);
  const [errors, setErrors] = useState<Partial<Record<SpiritualStatus, string>>>({});
  useEffect(() => {
    if (saved.data && !days) setDays(asText(saved.data.days));
  }, [saved.data, days]);

  if (!days) return saved.isError ? <p className="text-sm text-error">{t('We could not load these settings.')}</p> : <Spinner />;

  const message = t('A whole number of days from {min} to {max}', { min: ATTENTION_DAYS_MIN, max: ATTENTION_DAYS_MAX });
  async function save(next: Days) {
    const wrong = Object.fromEntries(formOrder.spiritualStatus.filter((status) => !isDays(next[status])).map((status) => [status, message]));
    setErrors(wrong);
    if (Object.keys(wrong).length) return;
    try {
      const result = await update.mutateAsync({ days: Object.fromEntries(Object.entries(next).map(([status, text]) => [status, Number(text)])) });
      setDays(asText(result.days));
      toast({ title: t('Attention settings saved'), variant: 'success' });
      void invalidate('attention');
    } catch (error) {
      failed(error, t('Could not save your attention settings. Please try again.'));
    }
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void save(days);
      }}
    >
      <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
        {formOrder.spiritualStatus.map((status) => (
          <TextField
            key={status}
            name={`attention-${status}`}
            type="number"
            inputMode="numeric"
            min={ATTENTION_DAYS_MIN}
            max={ATTENTION_DAYS_MAX}
            step={1}
            label={spiritualStatusLabel(status)}
            hint={t('{count, plural, one {Default: # day} other {Default: # days}}', { count: defaultAttentionDays[status] })}
            value={days[status]}
            error={errors[status]}
            onChange={(e) => setDays({ ...days, [status]: e.target.value })}
          />
        ))}
      </div>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <button type="button" className="btn btn-ghost" disabled={update.isPending} onClick={() => void save(asText(defaultAttentionDays))}>
          {t('Reset to defaults')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={update.isPending}>
          {update.isPending ? t('Saving...') : t('Save')}
        </button>
      </div>
    </form>
  );
}
