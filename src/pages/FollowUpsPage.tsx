// Follow-ups: Pending (Overdue, Today, Upcoming) and Completed tabs; complete, snooze, edit, delete; ?id= opens one.
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';
import { t } from '../i18n';
import { CalendarFeed } from '../components/CalendarFeed';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { EmptyState } from '../components/EmptyState';
import { FollowUpItem } from '../components/FollowUpItem';
import { PlusIcon } from '../components/Icons';
import { LoadMore } from '../components/LoadMore';
import { Modal } from '../components/Modal';
import { PageHeader } from '../components/PageHeader';
import { RowMenu, type RowMenuItem } from '../components/RowMenu';
import { TeamMark } from '../components/team-work/TeamMark';
import { useSpace } from '../hooks/useTeams';
import { useMayChange } from '../components/team-work/rights';
import { SeriesScopeDialog } from '../components/SeriesScopeDialog';
import { LoadGate } from '../components/LoadGate';
import { TabBar } from '../components/TabBar';
import { FollowUpForm, type FollowUp } from '../forms/FollowUpForm';
import { useEditedRow } from '../hooks/useEditedRow';
import { useOutbox } from '../hooks/useOutbox';
import { WaitingToSync } from '../components/WaitingToSync';
import { useTabParam } from '../hooks/useTabParam';
import { useWrite } from '../hooks/useWrite';
import { confirmDelete, emptyHelp, failure, loadFailed, nextFollowUp, notFound, success } from '../lib/messages';
import { startOfToday, startOfTomorrow } from '../lib/days';
import { trpc } from '../lib/trpc';
import type { FollowUpScope, FollowUpSection } from '../../shared/lists';
import { nextPageAfterLastId } from '../lib/ids';
import { addDaysFromToday, formatDay, fromDateInputValue, toDateInputValue } from '../lib/dates';
import { browserTimeZone } from '../lib/repeat';
import { TextField } from '../forms/TextField';
import { contactNameShown } from '../../shared/vocabulary';

// A heavy user's follow-ups load a page at a time, each group on its own.
const PAGE = 50;

/** One group of the screen, paged by the server in that group's order, within the user's own today. */
function useSection(section: FollowUpSection, team: 'mine' | number | undefined) {
  // Only the browser knows where the user's day starts; on a new day the next render asks again.
  const day = section === 'completed' ? {} : { todayStart: startOfToday(), tomorrowStart: startOfTomorrow() };
  return trpc.followUps.list.useInfiniteQuery(
    { section, team, ...day, limit: PAGE },
    { getNextPageParam: nextPageAfterLastId(PAGE), placeholderData: keepPreviousData },
  );
}

type SectionList = ReturnType<typeof useSection>;

const isEmpty = (list: SectionList) => !list.data?.pages.some((page) => page.length > 0);

/**
 * The server sends the single-event file as an attachment, so following the link downloads it and stays here. It
 * carries the browser's zone, so the event is on the day this page shows.
 */
function downloadIcs(id: number) {
  const zone = browserTimeZone();
  const link = document.createElement('a');
  link.href = `/api/followups/${id}/ics${zone ? `?timeZone=${encodeURIComponent(zone)}` : ''}`;
  link.download = `follow-up-${id}.ics`;
  link.click();
}

const TABS = ['pending', 'completed'] as const;

export default function FollowUpsPage() {
  const [tab, setTab] = useTabParam(TABS);
  // The space the switcher chose (issue 48): the tabs and their counts hold its follow-ups only.
  const team = useSpace();
  const overdue = useSection('overdue', team);
  const today = useSection('today', team);
  const upcoming = useSection('upcoming', team);
  const completed = useSection('completed', team);
  // The badges count every follow-up the filter shows, not only the loaded pages.
  const counts = trpc.followUps.counts.useQuery(team === undefined ? undefined : { team }, { placeholderData: keepPreviousData });
  const complete = trpc.followUps.complete.useMutation();
  const remove = trpc.followUps.remove.useMutation();
  const mayChange = useMayChange();
  const snooze = trpc.followUps.snooze.useMutation();
  const write = useWrite();
  const [creating, setCreating] = useState(false);
  const [nextWith, setNextWith] = useState<{ id: number; name: string } | null>(null);
  const [deleting, setDeleting] = useState<FollowUp | null>(null);
  const [snoozing, setSnoozing] = useState<FollowUp | null>(null);
  const [snoozeDay, setSnoozeDay] = useState('');
  const waiting = useOutbox('followUp');

  // Each heading names a group (plural in other languages), apart from the 'Overdue' badge of one follow-up.
  const pendingGroups = [
    { title: t('{items, select, other {Overdue}}', { items: 'followUps' }), list: overdue },
    { title: t('Today'), list: today },
    { title: t('Upcoming'), list: upcoming },
  ];
  const shown = tab === 'pending' ? pendingGroups.map((g) => g.list) : [completed];
  const { editing, open, close } = useEditedRow(
    [overdue, today, upcoming, completed],
    (id, options) => trpc.followUps.byId.useQuery({ id }, options),
    notFound.followUp,
  );

  // Completing one offers the next step with the same person, in the toast.
  const markCompleted = (followUp: FollowUp) =>
    // The browser's zone: a repeating one's next date is counted where the user is.
    void write(() => complete.mutateAsync({ id: followUp.id, timeZone: browserTimeZone() }), {
      kind: 'followUp',
      done: ({ next }) =>
        next
          ? {
              title: success.followUpCompleted,
              description: nextFollowUp.scheduled(formatDay(next.date)),
              action: { label: nextFollowUp.open, onSelect: () => open(next.id) },
            }
          : {
              title: success.followUpCompleted,
              action: { label: nextFollowUp.offer, onSelect: () => setNextWith({ id: followUp.contactId, name: contactNameShown(followUp.contactName) }) },
            },
      failed: failure.completeFollowUp,
    }).catch(() => undefined);

  async function removeFollowUp(followUp: FollowUp, scope: FollowUpScope = 'one') {
    await write(() => remove.mutateAsync({ id: followUp.id, scope }), {
      kind: 'followUp',
      done: success.followUpDeleted,
      failed: failure.deleteFollowUp,
    }).catch(() => undefined);
    setDeleting(null);
  }

  /** Moves a pending follow-up to a later day (local noon, as the form stores a day), nothing else. */
  async function snoozeUntil(followUp: FollowUp, until: Date) {
    await write(() => snooze.mutateAsync({ id: followUp.id, until }), {
      kind: 'followUp',
      done: t('Snoozed until {date}', { date: formatDay(until) }),
      failed: t('Could not snooze the follow-up. Please try again.'),
    }).catch(() => undefined);
  }

  function openSnoozeDialog(followUp: FollowUp) {
    setSnoozeDay(toDateInputValue(addDaysFromToday(2)));
    setSnoozing(followUp);
  }

  // Completing and snoozing change the follow-up too: offered, like editing, only where the role allows (shared/roles.ts).
  const menu = (followUp: FollowUp): RowMenuItem[] => {
    const changes = mayChange(followUp);
    // What is done needs no place in a calendar: both are offered only while the follow-up is pending.
    const pending = followUp.completed
      ? []
      : [
          ...(changes
            ? [
                { label: t('Mark as completed'), onSelect: () => markCompleted(followUp) },
                { label: t('Snooze until tomorrow'), onSelect: () => void snoozeUntil(followUp, addDaysFromToday(1)) },
                { label: t('Snooze for a week'), onSelect: () => void snoozeUntil(followUp, addDaysFromToday(7)) },
                { label: t('Snooze until a date…'), onSelect: () => openSnoozeDialog(followUp) },
              ]
            : []),
          { label: t('Add to calendar'), onSelect: () => downloadIcs(followUp.id) },
        ];
    const edits = changes
      ? [
          { label: t('Edit'), onSelect: () => open(followUp.id) },
          { label: t('Delete'), onSelect: () => setDeleting(followUp), danger: true },
        ]
      : [];
    return [...pending, ...edits];
  };

  const rows = (list: SectionList) => (
    <>
      <ul className="flex flex-col gap-2">
        {list.data?.pages.flat().map((followUp) => (
          <li key={followUp.id} className="flex items-start gap-1 rounded-box border border-base-300 bg-base-100 p-3 sm:gap-2 sm:p-4">
            <FollowUpItem
              contactId={followUp.contactId}
              contactName={contactNameShown(followUp.contactName)}
              description={followUp.description}
              type={followUp.type}
              date={followUp.date}
              completed={followUp.completed}
              repeat={followUp.repeatEvery && followUp.repeatUnit ? { every: followUp.repeatEvery, unit: followUp.repeatUnit } : null}
              team={<TeamMark teamId={followUp.teamId} />}
            />
            {menu(followUp).length > 0 && (
              <RowMenu label={t('Actions for follow-up with {name}', { name: contactNameShown(followUp.contactName) })} items={menu(followUp)} />
            )}
          </li>
        ))}
      </ul>
      <LoadMore list={list} />
    </>
  );

  // As before paging, a group shows only when it has rows.
  const section = ({ title, list }: { title: string; list: SectionList }) =>
    !isEmpty(list) && (
      <section key={title} className="mb-6" aria-label={title}>
        <h2 className="mb-2 text-sm font-semibold tracking-wide text-base-content/75 uppercase">{title}</h2>
        {rows(list)}
      </section>
    );

  return (
    <>
      <PageHeader
        title={t('Follow-ups')}
        subtitle={t('The next step with each person, so nobody is forgotten.')}
        action={
          <div className="flex flex-wrap gap-2">
            <CalendarFeed />
            <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
              <PlusIcon /> {t('Schedule Follow-up')}
            </button>
          </div>
        }
      />
      <WaitingToSync
        entries={waiting}
        row={(entry) => (
          <FollowUpItem
            contactId={Number(entry.input.contactId)}
            contactName={entry.contactName}
            description={entry.input.description}
            type={entry.input.type ?? 'phone'}
            date={new Date(entry.input.date)}
            repeat={entry.input.repeat ? { every: entry.input.repeat.every, unit: entry.input.repeat.unit } : null}
          />
        )}
      />
      <TabBar<'pending' | 'completed'>
        label={t('Follow-ups')}
        active={tab}
        onChange={setTab}
        tabs={[
          // A list's name (a tab, a heading) is its own message: other languages say it in the plural ('Completados').
          { key: 'pending', label: t('{items, select, other {Pending}}', { items: 'followUps' }), count: counts.data?.pending },
          { key: 'completed', label: t('{items, select, goals {Completed} other {Completed}}', { items: 'followUps' }), count: counts.data?.completed },
        ]}
      >
        <LoadGate loads={shown} failed={loadFailed.followUps}>
          {tab === 'pending' ? (
            shown.every(isEmpty) ? (
              <EmptyState
                title={t('No pending follow-ups')}
                text={emptyHelp.pendingFollowUps}
                action={
                  <button type="button" className="btn btn-outline btn-sm btn-primary" onClick={() => setCreating(true)}>
                    {emptyHelp.firstFollowUp}
                  </button>
                }
              />
            ) : (
              pendingGroups.map(section)
            )
          ) : isEmpty(completed) ? (
            <EmptyState title={t('No completed follow-ups')} text={emptyHelp.completedFollowUps} />
          ) : (
            rows(completed)
          )}
        </LoadGate>
      </TabBar>

      <Modal open={creating} title={t('Schedule Follow-up')} onClose={() => setCreating(false)}>
        <FollowUpForm onDone={() => setCreating(false)} />
      </Modal>
      <Modal open={Boolean(nextWith)} title={nextWith ? nextFollowUp.title(nextWith.name) : ''} onClose={() => setNextWith(null)}>
        {nextWith && <FollowUpForm key={nextWith.id} defaultContactId={nextWith.id} onDone={() => setNextWith(null)} />}
      </Modal>
      <Modal open={Boolean(editing)} title={t('Edit Follow-up')} onClose={close}>
        {editing && <FollowUpForm key={editing.id} followUp={editing} onDone={close} />}
      </Modal>
      <SeriesScopeDialog
        open={Boolean(deleting?.repeatEvery && deleting.seriesId)}
        title={t('Delete a repeating follow-up')}
        message={t('Delete this follow-up only, or this one and the later ones of its series? Completed ones are kept.')}
        busy={remove.isPending}
        danger
        onChoose={(scope) => deleting && void removeFollowUp(deleting, scope)}
        onCancel={() => setDeleting(null)}
      />
      <Modal open={Boolean(snoozing)} title={t('Snooze follow-up')} onClose={() => setSnoozing(null)}>
        <form
          method="post"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const until = fromDateInputValue(snoozeDay);
            if (!snoozing || Number.isNaN(until.getTime())) return;
            void snoozeUntil(snoozing, until).then(() => setSnoozing(null));
          }}
        >
          <TextField
            name="until"
            type="date"
            label={t('Until')}
            min={toDateInputValue(addDaysFromToday(1))}
            value={snoozeDay}
            onChange={(e) => setSnoozeDay(e.target.value)}
          />
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={() => setSnoozing(null)}>
              {t('Cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={snooze.isPending || !snoozeDay}>
              {t('Snooze')}
            </button>
          </div>
        </form>
      </Modal>
      <ConfirmDialog
        open={Boolean(deleting && !(deleting.repeatEvery && deleting.seriesId))}
        title={t('Delete follow-up')}
        message={confirmDelete.followUp}
        busy={remove.isPending}
        onConfirm={() => deleting && void removeFollowUp(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
