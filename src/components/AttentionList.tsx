// The Contacts screen's 'Needs attention' view (/contacts?attention=1): the user's contacts past their status's
// threshold, most overdue first, each with log an activity, schedule a follow-up, or snooze (with Undo).
import { addDays, addMonths, startOfDay } from 'date-fns';
import { Suspense, useState } from 'react';
import { SNOOZE_MAX_DAYS } from '../../shared/nudges';
import { useInvalidate } from '../hooks/useInvalidate';
import { useToast } from '../hooks/useToast';
import { t } from '../i18n';
import { formatDay, fromDateInputValue, toDateInputValue } from '../lib/dates';
import { nextPageAfterLastId } from '../lib/ids';
import { trpc, type RouterOutputs } from '../lib/trpc';
import { lazyPart } from '../lib/lazyPart';
import { TextField } from '../forms/TextField';
import { AttentionReason } from './AttentionReason';
import { ContactHeading } from './ContactHeading';
import { LoadGate } from './LoadGate';
import { LoadMore } from './LoadMore';
import { Modal } from './Modal';
import { RowMenu } from './RowMenu';
import { Spinner } from './Spinner';
import { PartUnreachable } from './Unreachable';

type ActivityFormProps = Parameters<typeof import('../forms/ActivityForm').ActivityForm>[0];
const ActivityForm = lazyPart<ActivityFormProps>(() => import('../forms/ActivityForm').then((module) => ({ default: module.ActivityForm })), PartUnreachable);
type FollowUpFormProps = Parameters<typeof import('../forms/FollowUpForm').FollowUpForm>[0];
const FollowUpForm = lazyPart<FollowUpFormProps>(() => import('../forms/FollowUpForm').then((module) => ({ default: module.FollowUpForm })), PartUnreachable);

type Item = RouterOutputs['attention']['list'][number];

const PAGE = 30;

/** A snooze's end: from now, or the start of a chosen day in the user's own time. */
const snoozeEnds = {
  day: () => addDays(new Date(), 1),
  week: () => addDays(new Date(), 7),
  month: () => addMonths(new Date(), 1),
};

/** Asks for the day a snooze ends: tomorrow at the earliest, within the longest snooze. */
function SnoozeUntilForm({ onSnooze, onCancel }: { onSnooze(until: Date): void; onCancel(): void }) {
  const tomorrow = toDateInputValue(addDays(new Date(), 1));
  const latest = toDateInputValue(addDays(new Date(), SNOOZE_MAX_DAYS - 1));
  const [value, setValue] = useState(toDateInputValue(addDays(new Date(), 14)));
  const [error, setError] = useState<string>();
  return (
    <form
      method="post"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const day = fromDateInputValue(value);
        if (Number.isNaN(day.getTime()) || value < tomorrow || value > latest)
          return setError(t('Choose a day from tomorrow to {date}', { date: formatDay(fromDateInputValue(latest)) }));
        onSnooze(startOfDay(day));
      }}
    >
      <TextField
        name="until"
        type="date"
        label={t('Snooze until')}
        min={tomorrow}
        max={latest}
        value={value}
        error={error}
        onChange={(e) => setValue(e.target.value)}
      />
      <div className="modal-action">
        <button type="button" className="btn btn-ghost" onClick={onCancel}>
          {t('Cancel')}
        </button>
        <button type="submit" className="btn btn-primary">
          {t('Snooze')}
        </button>
      </div>
    </form>
  );
}

export function AttentionList() {
  const list = trpc.attention.list.useInfiniteQuery({ limit: PAGE }, { getNextPageParam: nextPageAfterLastId(PAGE) });
  const snooze = trpc.attention.snooze.useMutation();
  const unsnooze = trpc.attention.unsnooze.useMutation();
  const invalidate = useInvalidate();
  const { toast } = useToast();
  // Rows just snoozed leave at once, before the list comes back without them; an undo brings them back.
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [logging, setLogging] = useState<Item | null>(null);
  const [scheduling, setScheduling] = useState<Item | null>(null);
  const [choosingDay, setChoosingDay] = useState<Item | null>(null);
  const rows = (list.data?.pages.flat() ?? []).filter((item) => !hidden.has(item.id));

  const show = (id: number, shown: boolean) =>
    setHidden((current) => {
      const next = new Set(current);
      if (shown) next.delete(id);
      else next.add(id);
      return next;
    });

  async function snoozeUntil(item: Item, until: Date) {
    show(item.id, false);
    try {
      await snooze.mutateAsync({ id: item.id, until });
    } catch (error) {
      show(item.id, true);
      console.error(error);
      toast({ title: t('Error'), description: t('Could not snooze {name}. Please try again.', { name: item.name }), variant: 'destructive' });
      return;
    }
    void invalidate('attention');
    toast({
      variant: 'success',
      title: t('{name} snoozed until {date}', { name: item.name, date: formatDay(until) }),
      action: {
        label: t('Undo'),
        onSelect: () =>
          void unsnooze
            .mutateAsync({ id: item.id })
            .then(() => {
              show(item.id, true);
              return invalidate('attention');
            })
            .catch((error: unknown) => {
              console.error(error);
              toast({ title: t('Error'), description: t('Could not undo the snooze. Please try again.'), variant: 'destructive' });
            }),
      },
    });
  }

  return (
    <>
      <LoadGate loads={[list]} failed={t('We could not load who needs attention.')}>
        {rows.length === 0 ? (
          <p className="rounded-box border border-base-300 bg-base-100 px-4 py-8 text-center text-base-content/75">
            {t('Nobody is waiting to hear from you today. Well done keeping in touch!')}
          </p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label={t('Contacts who need attention')}>
            {rows.map((item) => (
              <li key={item.id} className="card border border-base-300 bg-base-100">
                <div className="card-body flex-col gap-3 p-4 sm:flex-row sm:items-center">
                  <div className="flex min-w-0 flex-1 items-start gap-3">
                    <ContactHeading contactId={item.id} name={item.name} as="h2">
                      <AttentionReason item={item} />
                    </ContactHeading>
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <button
                      type="button"
                      className="btn min-h-11 btn-sm btn-primary sm:min-h-8"
                      onClick={() => setLogging(item)}
                      aria-label={t('Log an activity with {name}', { name: item.name })}
                    >
                      {t('Log activity')}
                    </button>
                    <button
                      type="button"
                      className="btn min-h-11 btn-outline btn-sm sm:min-h-8"
                      onClick={() => setScheduling(item)}
                      aria-label={t('Schedule a follow-up with {name}', { name: item.name })}
                    >
                      {t('Follow up')}
                    </button>
                    <RowMenu
                      text={t('Snooze')}
                      label={t('Snooze {name}', { name: item.name })}
                      items={[
                        { label: t('For 1 day'), onSelect: () => void snoozeUntil(item, snoozeEnds.day()) },
                        { label: t('For 1 week'), onSelect: () => void snoozeUntil(item, snoozeEnds.week()) },
                        { label: t('For 1 month'), onSelect: () => void snoozeUntil(item, snoozeEnds.month()) },
                        { label: t('Until a date…'), onSelect: () => setChoosingDay(item) },
                      ]}
                    />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </LoadGate>
      <LoadMore list={list} />

      <Modal open={Boolean(logging)} title={t('Log Activity')} onClose={() => setLogging(null)} wide>
        <Suspense fallback={<Spinner />}>
          {logging && <ActivityForm key={logging.id} forContact={{ id: logging.id, name: logging.name }} onDone={() => setLogging(null)} />}
        </Suspense>
      </Modal>
      <Modal open={Boolean(scheduling)} title={t('Schedule Follow-up')} onClose={() => setScheduling(null)}>
        <Suspense fallback={<Spinner />}>
          {scheduling && <FollowUpForm key={scheduling.id} defaultContactId={scheduling.id} onDone={() => setScheduling(null)} />}
        </Suspense>
      </Modal>
      <Modal open={Boolean(choosingDay)} title={choosingDay ? t('Snooze {name}', { name: choosingDay.name }) : ''} onClose={() => setChoosingDay(null)}>
        {choosingDay && (
          <SnoozeUntilForm
            key={choosingDay.id}
            onCancel={() => setChoosingDay(null)}
            onSnooze={(until) => {
              const item = choosingDay;
              setChoosingDay(null);
              void snoozeUntil(item, until);
            }}
          />
        )}
      </Modal>
    </>
  );
}
