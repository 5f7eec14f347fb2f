// 'Any changes spiritually?' (issue 16): after a few activities with a person since their status last changed, their page
// asks, with the status picker; the answer (a new status, or 'No change') is recorded on their journey as today.
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { t } from '../i18n';
import { spiritualStatusOptions } from '../forms/options';
import { useWrite } from '../hooks/useWrite';
import { failure } from '../lib/messages';
import { trpc } from '../lib/trpc';
import type { SpiritualStatus } from '../../shared/vocabulary';
import type { SpiritualCheckSince } from '../../shared/nudges';
import { browserTimeZone } from '../lib/repeat';

/** The address that opens a contact's page at the question (the Log Activity toast's action). */
export const spiritualCheckPath = (contactId: number) => `/contacts/${contactId}?check=spiritual`;

/** Why Sower asks, from what it counted: only a status that did change is said to have changed. */
function promptOf(since: SpiritualCheckSince, name: string): string {
  switch (since) {
    case 'changed':
      return t('You have spent time with {name} several times since their status last changed. Where are they now?', { name });
    case 'checked':
      return t('You have spent time with {name} several times since you last reviewed their status. Where are they now?', { name });
    case 'added':
      return t('You have spent time with {name} several times, and their status has stayed the same since they were added to Sower. Where are they now?', {
        name,
      });
  }
}

export function SpiritualCheck({ contactId, name }: { contactId: number; name: string }) {
  const check = trpc.contacts.spiritualCheck.useQuery({ id: contactId, timeZone: browserTimeZone() });
  const answer = trpc.contacts.answerSpiritualCheck.useMutation();
  const write = useWrite();
  const selectId = useId();
  const select = useRef<HTMLSelectElement>(null);
  const [params] = useSearchParams();
  const [status, setStatus] = useState<SpiritualStatus | null>(null);
  const asked = params.get('check') === 'spiritual';
  const ask = check.data?.ask;

  // Opened from the toast: bring the question into view, the picker ready.
  useEffect(() => {
    if (!asked || !ask || !select.current) return;
    select.current.scrollIntoView({ block: 'center' });
    select.current.focus();
  }, [asked, ask]);

  if (!check.data?.ask) return null;
  const current = check.data.spiritualStatus;
  const chosen = status ?? current;

  const record = (to: SpiritualStatus) =>
    void write(() => answer.mutateAsync({ id: contactId, status: to, timeZone: browserTimeZone() }), {
      kind: 'contact',
      done: to === current ? t('Noted: no change for now') : t('Spiritual status updated'),
      failed: failure.updateContact,
    })
      .then(() => setStatus(null))
      .catch(() => undefined);

  return (
    <section className="rounded-box border border-primary/40 bg-primary/5 p-5" aria-labelledby="spiritual-check-heading">
      <h2 id="spiritual-check-heading" className="font-semibold">
        {t('Any changes spiritually?')}
      </h2>
      <p className="mt-1 text-sm text-base-content/80">{promptOf(check.data.since, name)}</p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div className="flex min-w-0 flex-1 basis-48 flex-col gap-1.5">
          <label htmlFor={selectId} className="text-sm font-medium">
            {t('Spiritual status')}
          </label>
          <select ref={select} id={selectId} className="select w-full" value={chosen} onChange={(e) => setStatus(e.target.value as SpiritualStatus)}>
            {spiritualStatusOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-2">
          <button type="button" className="btn btn-primary" disabled={answer.isPending || chosen === current} onClick={() => record(chosen)}>
            {t('Save status')}
          </button>
          <button type="button" className="btn btn-outline" disabled={answer.isPending} onClick={() => record(current)}>
            {t('No change')}
          </button>
        </div>
      </div>
    </section>
  );
}
