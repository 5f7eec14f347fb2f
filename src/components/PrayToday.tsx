// The Prayer Journal's 'Pray today' tab (issue 16): a few of the user's own active requests each day, the longest waiting
// first; 'I prayed' counts the prayer and checks it off, 'Not today' sets it aside and the next in turn takes its place.
// With prayer lists (issue 50 §5) the day's requests come under their list's name, each list giving its own count a day.
import { startOfDay } from 'date-fns';
import { useId, useState } from 'react';
import { t } from '../i18n';
import { PRAY_TODAY_MAX } from '../../shared/nudges';
import { useWrite } from '../hooks/useWrite';
import { PRAYED_TOAST_DURATION, failure, loadFailed, success } from '../lib/messages';
import { trpc, type RouterOutputs } from '../lib/trpc';
import { ContactLink } from './ContactLink';
import { EmptyState } from './EmptyState';
import { LoadGate } from './LoadGate';
import { contactNameShown } from '../../shared/vocabulary';
import { useOutboxCreate } from '../forms/useOutboxCreate';
import { offline } from '../lib/offlineMessages';
import { newIdempotencyKey } from '../lib/outbox';

type TodayItem = RouterOutputs['prayerRequests']['today']['items'][number];

const COUNTS = Array.from({ length: PRAY_TODAY_MAX }, (_, i) => i + 1);

/** The list for the user's own day: their local midnight, fixed while the screen is open. */
export function usePrayToday() {
  const [todayStart] = useState(() => startOfDay(new Date()));
  return trpc.prayerRequests.today.useQuery({ todayStart });
}

/** 'I prayed' on a request: counts the prayer, with the toast that says so; Pray today's rows and the journal's cards alike. */
export function usePrayFor() {
  const pray = trpc.prayerRequests.pray.useMutation();
  const write = useWrite();
  const outbox = useOutboxCreate();
  return (request: { id: number; contactName?: string | null; request?: string }) => {
    // Offline (issue 51 §5: a praying partner on a phone), the press waits in the outbox under a key of its own.
    if (outbox.offline) {
      const about = request.contactName ?? request.request ?? '';
      void outbox.keep({ kind: 'pray', input: { id: request.id }, contactName: about }, offline.keptPrayed, failure.countPrayer, newIdempotencyKey());
      return;
    }
    void write(() => pray.mutateAsync({ id: request.id }), {
      kind: 'prayer',
      done: () => ({ title: success.prayerCounted, description: success.prayedDescription, duration: PRAYED_TOAST_DURATION }),
      failed: failure.countPrayer,
    }).catch(() => undefined);
  };
}

function CheckIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-4 w-4"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d="M5 12l5 5L20 7" />
    </svg>
  );
}

export function PrayToday({ activeCount, onAdd }: { activeCount: number | undefined; onAdd(): void }) {
  const today = usePrayToday();
  const prayFor = usePrayFor();
  const notToday = trpc.prayerRequests.notToday.useMutation();
  const setCount = trpc.prayerRequests.setTodayCount.useMutation();
  const write = useWrite();
  const countId = useId();
  const items = today.data?.items ?? [];
  const left = items.filter((item) => !item.prayedToday).length;

  const setAside = (item: TodayItem) =>
    void write(() => notToday.mutateAsync({ id: item.id }), {
      kind: 'prayer',
      done: t('Set aside for another day'),
      failed: t('Failed to set the request aside. Please try again.'),
    }).catch(() => undefined);

  const changeCount = (count: number) =>
    void write(() => setCount.mutateAsync({ count }), {
      kind: 'prayer',
      done: t('{count, plural, one {Pray today now shows # request a day} other {Pray today now shows # requests a day}}', { count }),
      failed: t('Failed to save your settings. Please try again.'),
    }).catch(() => undefined);

  // Named by its person, or by its own words when it is about no one person.
  const about = (item: TodayItem) => (item.contactId === null ? item.request : contactNameShown(item.contactName));
  // The server answers the requests in no list first, then each list's: consecutive items of one list are its group.
  const groups: { listId: number | null; name: string | null; items: TodayItem[] }[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last && last.listId === item.listId) last.items.push(item);
    else groups.push({ listId: item.listId, name: item.listName, items: [item] });
  }
  const grouped = groups.some((group) => group.listId !== null);

  const row = (item: TodayItem) => (
    <li key={item.id} className={`flex flex-col gap-3 py-4 sm:flex-row sm:items-start ${item.prayedToday ? 'text-base-content/70' : ''}`}>
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span
          className={`mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full border ${item.prayedToday ? 'border-success bg-success text-success-content' : 'border-base-300'}`}
          aria-hidden="true"
        >
          {item.prayedToday && <CheckIcon />}
        </span>
        <div className="min-w-0 flex-1">
          {item.contactId !== null && (
            <p dir="auto" className="font-semibold wrap-anywhere">
              <ContactLink contactId={item.contactId} name={contactNameShown(item.contactName)} />
            </p>
          )}
          <p dir="auto" className="mt-0.5 line-clamp-4 wrap-anywhere whitespace-pre-line">
            {item.request}
          </p>
        </div>
      </div>
      {item.prayedToday ? (
        <span className="badge shrink-0 badge-soft badge-success ms-9 sm:ms-0">{t('Prayed today')}</span>
      ) : (
        <div className="ms-9 flex shrink-0 gap-2 sm:ms-0">
          <button type="button" className="btn btn-primary btn-sm" aria-label={t('I prayed: {name}', { name: about(item) })} onClick={() => prayFor(item)}>
            {t('I prayed')}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" aria-label={t('Not today: {name}', { name: about(item) })} onClick={() => setAside(item)}>
            {t('Not today')}
          </button>
        </div>
      )}
    </li>
  );

  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="pray-today-heading">
      <div className="card-body gap-2 p-5 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id="pray-today-heading" className="font-semibold">
              {t('Pray today')}
            </h2>
            <p className="text-sm text-base-content/75">{t('A few requests each day, so everyone is prayed for in turn.')}</p>
          </div>
          <div className="flex items-center gap-2">
            <label htmlFor={countId} className="text-sm text-base-content/75">
              {grouped ? t('Requests a day outside the lists') : t('Requests a day')}
            </label>
            <select
              id={countId}
              className="select select-sm w-20"
              value={today.data?.count ?? ''}
              disabled={!today.data || setCount.isPending}
              onChange={(e) => changeCount(Number(e.target.value))}
            >
              {!today.data && <option value="" />}
              {COUNTS.map((count) => (
                <option key={count} value={count}>
                  {count}
                </option>
              ))}
            </select>
          </div>
        </div>
        <LoadGate loads={[today]} failed={loadFailed.prayers}>
          {items.length === 0 ? (
            activeCount === 0 ? (
              <EmptyState
                title={t('Nothing to pray for yet')}
                text={t('Add a prayer request, and a few will come here each day.')}
                action={
                  <button type="button" className="btn btn-outline btn-sm btn-primary" onClick={onAdd}>
                    {t('Add Prayer Request')}
                  </button>
                }
              />
            ) : (
              <EmptyState title={t('Nothing more for today')} text={t('The requests you set aside come back on another day.')} />
            )
          ) : (
            <>
              {left === 0 && (
                <div role="status" className="mt-2 rounded-box bg-success/10 px-4 py-3 text-sm">
                  <p className="font-semibold">{t("You have prayed for today's list.")}</p>
                  <p className="text-base-content/75">{t('Thank you. New requests come up tomorrow.')}</p>
                </div>
              )}
              {grouped ? (
                groups.map((group) => (
                  <section key={group.listId ?? 'none'} className="mt-3" aria-label={group.name ?? t('Not in a list')}>
                    <h3 dir="auto" className="border-b border-base-200 pb-1 text-sm font-semibold text-base-content/80 wrap-anywhere">
                      {group.name ?? t('Not in a list')}
                    </h3>
                    <ul className="divide-y divide-base-200">{group.items.map(row)}</ul>
                  </section>
                ))
              ) : (
                <ul className="divide-y divide-base-200" aria-label={t('Pray today')}>
                  {items.map(row)}
                </ul>
              )}
            </>
          )}
        </LoadGate>
      </div>
    </section>
  );
}
