// A person's rhythm and important dates on their page (issue 50 §6): "Stay in touch every N days" (off by default),
// and their birthday, spiritual birthday, baptism anniversary or any named day, yearly or once. Whoever may change the
// contact changes them; a team's viewer reads them.
import { useId, useState, type FormEvent } from 'react';
import { shownText } from '../../shared/i18n';
import { contactDateKindLabels, contactDateKinds, type ContactDateKind } from '../../shared/vocabulary';
import { CONTACT_DATE_LABEL_MAX, calendarDayParts } from '../../shared/contactDates';
import { useWrite } from '../hooks/useWrite';
import { t } from '../i18n';
import { dateLabel, dayLabel } from '../lib/contactDates';
import { failure } from '../lib/messages';
import { trpc } from '../lib/trpc';

/** The rhythms offered; a contact's own other value (set through the API) is offered too. */
const RHYTHMS = [7, 14, 30, 60, 90];

function StayInTouch({ contactId, name, days, changes }: { contactId: number; name: string; days: number | null; changes: boolean }) {
  const update = trpc.contacts.update.useMutation();
  const write = useWrite();
  const selectId = useId();
  if (!changes) return days ? <p className="text-sm">{t('Stay in touch every {count, plural, one {# day} other {# days}}', { count: days })}</p> : null;
  const choices = days && !RHYTHMS.includes(days) ? [...RHYTHMS, days].sort((a, b) => a - b) : RHYTHMS;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={selectId} className="text-sm font-medium">
        {t('Stay in touch with {name}', { name })}
      </label>
      <select
        id={selectId}
        className="select select-sm w-44"
        value={days ?? ''}
        onChange={(event) => {
          const value = event.target.value ? Number(event.target.value) : null;
          void write(() => update.mutateAsync({ id: contactId, stayInTouchDays: value }), {
            kind: 'contact',
            done: value ? t('Stay in touch every {count, plural, one {# day} other {# days}}', { count: value }) : t('No rhythm for {name}', { name }),
            failed: failure.updateContact,
          }).catch(() => undefined);
        }}
      >
        <option value="">{t('No rhythm')}</option>
        {choices.map((choice) => (
          <option key={choice} value={choice}>
            {t('Every {count, plural, one {# day} other {# days}}', { count: choice })}
          </option>
        ))}
      </select>
    </div>
  );
}

function AddDateForm({ contactId, onAdded }: { contactId: number; onAdded(answer: unknown): void }) {
  const add = trpc.contacts.addDate.useMutation();
  const utils = trpc.useUtils();
  const write = useWrite();
  const [kind, setKind] = useState<ContactDateKind>('birthday');
  const [label, setLabel] = useState(shownText(contactDateKindLabels.birthday));
  const [date, setDate] = useState('');
  const [yearly, setYearly] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const ids = { kind: useId(), label: useId(), date: useId(), yearly: useId(), error: useId() };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!label.trim()) return setError(t('Label is required'));
    if (!calendarDayParts(date)) return setError(t('Choose a day'));
    setError(null);
    void write(() => add.mutateAsync({ id: contactId, kind, label: label.trim(), date, yearly }), {
      kind: 'contact',
      done: t('Date added'),
      failed: failure.updateContact,
    })
      .then((answer) => {
        utils.contacts.dates.setData({ id: contactId }, answer);
        onAdded(answer);
        setDate('');
      })
      .catch(() => undefined);
  };

  return (
    <form method="post" noValidate className="flex flex-wrap items-end gap-2" onSubmit={submit} aria-describedby={error ? ids.error : undefined}>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.kind} className="text-xs font-medium">
          {t('Kind')}
        </label>
        <select
          id={ids.kind}
          className="select select-sm w-48 max-w-full"
          value={kind}
          onChange={(event) => {
            const next = event.target.value as ContactDateKind;
            setKind(next);
            setLabel(next === 'other' ? '' : shownText(contactDateKindLabels[next]));
            setYearly(true);
          }}
        >
          {contactDateKinds.map((value) => (
            <option key={value} value={value}>
              {shownText(contactDateKindLabels[value])}
            </option>
          ))}
        </select>
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={ids.label} className="text-xs font-medium">
          {t('Label')}
        </label>
        <input
          id={ids.label}
          className="input input-sm w-48 max-w-full"
          dir="auto"
          maxLength={CONTACT_DATE_LABEL_MAX}
          value={label}
          onChange={(event) => setLabel(event.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={ids.date} className="text-xs font-medium">
          {t('Date')}
        </label>
        <input
          id={ids.date}
          type="date"
          className="input input-sm w-44"
          min="1900-01-01"
          max="2200-12-31"
          value={date}
          onChange={(event) => setDate(event.target.value)}
        />
      </div>
      <label htmlFor={ids.yearly} className="flex min-h-8 items-center gap-2 text-sm">
        <input id={ids.yearly} type="checkbox" className="checkbox checkbox-sm" checked={yearly} onChange={(event) => setYearly(event.target.checked)} />
        {t('Every year')}
      </label>
      <button type="submit" className="btn btn-sm btn-outline">
        {t('Add date')}
      </button>
      {error && (
        <p id={ids.error} className="w-full text-sm text-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

export function ContactDates({ contact, changes }: { contact: { id: number; name: string; stayInTouchDays: number | null }; changes: boolean }) {
  const dates = trpc.contacts.dates.useQuery({ id: contact.id });
  const utils = trpc.useUtils();
  const remove = trpc.contacts.removeDate.useMutation();
  const write = useWrite();
  if (!changes && !contact.stayInTouchDays && !dates.data?.length) return null;
  return (
    <div className="flex flex-col gap-3">
      <h3 className="text-sm font-semibold">{t('Staying in touch')}</h3>
      <StayInTouch contactId={contact.id} name={contact.name} days={contact.stayInTouchDays} changes={changes} />
      {dates.data && dates.data.length > 0 && (
        <ul className="flex flex-col gap-1.5" aria-label={t('Important dates of {name}', { name: contact.name })}>
          {dates.data.map((date) => (
            <li key={date.id} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium" dir="auto">
                {dateLabel(date)}
              </span>
              <span className="text-base-content/75">
                {dayLabel(date.date)}
                {date.yearly ? ` · ${t('every year')}` : ''}
              </span>
              {changes && (
                <button
                  type="button"
                  className="btn btn-ghost btn-xs"
                  aria-label={t('Remove {label}', { label: dateLabel(date) })}
                  onClick={() =>
                    void write(() => remove.mutateAsync({ id: contact.id, dateId: date.id }), {
                      kind: 'contact',
                      done: t('Date removed'),
                      failed: failure.updateContact,
                    })
                      .then((answer) => utils.contacts.dates.setData({ id: contact.id }, answer))
                      .catch(() => undefined)
                  }
                >
                  ×
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {changes && <AddDateForm contactId={contact.id} onAdded={() => void utils.contacts.upcomingDates.invalidate()} />}
    </div>
  );
}
