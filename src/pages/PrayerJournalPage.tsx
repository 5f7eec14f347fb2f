// Prayer Journal: Active and Answered requests, a counter for each prayer, answers remembered. Requests may be about
// no one person and sit in the user's prayer lists (issue 50 §5): the lists are managed here, and `?list=<id>` shows one
// list's requests, its answered ones as its history.
import { keepPreviousData } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { t } from '../i18n';
import { prayerSections, type PrayerSection } from '../../shared/lists';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ContactHeading } from '../components/ContactHeading';
import { EmptyState } from '../components/EmptyState';
import { PlusIcon } from '../components/Icons';
import { LoadMore } from '../components/LoadMore';
import { PrayerAnswer } from '../components/PrayerAnswer';
import { Modal } from '../components/Modal';
import { PageHeader } from '../components/PageHeader';
import { RowMenu, type RowMenuItem } from '../components/RowMenu';
import { TeamMark } from '../components/team-work/TeamMark';
import { TeamPrayedLine } from '../components/team-work/TeamPrayedLine';
import { useSpace } from '../hooks/useTeams';
import { useMayChange, useMayPray } from '../components/team-work/rights';
import { LoadGate } from '../components/LoadGate';
import { TabBar } from '../components/TabBar';
import { PrayToday, usePrayFor, usePrayToday } from '../components/PrayToday';
import { PrayerForm, type Prayer } from '../forms/PrayerForm';
import { DeletePrayerList, PrayerListSettings, type PrayerList } from '../components/PrayerListSettings';
import { useEditedRow } from '../hooks/useEditedRow';
import { useOutbox } from '../hooks/useOutbox';
import { WaitingToSync } from '../components/WaitingToSync';
import { useTabParam } from '../hooks/useTabParam';
import { useWrite } from '../hooks/useWrite';
import { confirmDelete, emptyHelp, failure, loadFailed, notFound, success } from '../lib/messages';
import { trpc } from '../lib/trpc';
import { formatDay } from '../lib/dates';
import { nextPageAfterLastId } from '../lib/ids';
import { contactNameShown } from '../../shared/vocabulary';

// A long journal loads a page at a time, each tab on its own.
const PAGE = 50;

/** One tab, paged by the server in that tab's order (active by date, answered by answer date; newest first). */
function useTab(section: PrayerSection, team: 'mine' | number | undefined, list: number | undefined) {
  return trpc.prayerRequests.list.useInfiniteQuery(
    { section, team, list, limit: PAGE },
    { getNextPageParam: nextPageAfterLastId(PAGE), placeholderData: keepPreviousData },
  );
}

// Pray today (issue 16) follows the spec's two tabs; Active stays the default.
const TABS = [...prayerSections, 'today'] as const;

export default function PrayerJournalPage() {
  const [tab, setTab] = useTabParam(TABS);
  // The space the switcher chose (issue 48): the tabs and their counts hold its requests only.
  const team = useSpace();
  // One of the user's prayer lists, from the address (`?list=3`): its requests only.
  const [params, setParams] = useSearchParams();
  const lists = trpc.prayerLists.list.useQuery();
  const listParam = Number(params.get('list')) || undefined;
  const chosenList = lists.data?.find((list) => list.id === listParam);
  // Once the lists are known, a list that is gone (deleted) filters nothing.
  const listFilter = lists.data ? chosenList?.id : listParam;
  const chooseList = (id: string) =>
    setParams((p) => {
      if (id) p.set('list', id);
      else p.delete('list');
      return p;
    });
  const listFilterId = useId();
  const [managing, setManaging] = useState(false);
  const [deletingList, setDeletingList] = useState<PrayerList | null>(null);
  const active = useTab('active', team, listFilter);
  const answered = useTab('answered', team, listFilter);
  // The badges count every request the filter shows, not only the loaded pages; a list counts its own.
  const allCounts = trpc.prayerRequests.counts.useQuery(team === undefined ? undefined : { team }, { placeholderData: keepPreviousData });
  const counts = listFilter === undefined ? allCounts : { data: chosenList && { active: chosenList.active, answered: chosenList.answered } };
  const listName = (id: number | null) => (id === null ? undefined : lists.data?.find((list) => list.id === id)?.name);
  // Its badge: how many of today's list are still to pray for.
  const today = usePrayToday();
  const left = today.data?.items.filter((item) => !item.prayedToday).length;
  const prayFor = usePrayFor();
  const markAnswered = trpc.prayerRequests.markAnswered.useMutation();
  const remove = trpc.prayerRequests.remove.useMutation();
  const mayChange = useMayChange();
  const mayPray = useMayPray();
  const write = useWrite();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Prayer | null>(null);
  const waiting = useOutbox('prayer');

  const list = tab === 'active' ? active : answered;
  const shown = list.data?.pages.flat() ?? [];
  const { editing, open, close } = useEditedRow([active, answered], (id, options) => trpc.prayerRequests.byId.useQuery({ id }, options), notFound.prayer);

  const answer = (prayer: Prayer) =>
    void write(() => markAnswered.mutateAsync({ id: prayer.id }), { kind: 'prayer', done: success.prayerAnswered, failed: failure.answerPrayer }).catch(
      () => undefined,
    );

  async function removePrayer(prayer: Prayer) {
    await write(() => remove.mutateAsync({ id: prayer.id }), { kind: 'prayer', done: success.prayerDeleted, failed: failure.deletePrayer }).catch(
      () => undefined,
    );
    setDeleting(null);
  }

  const menu = (prayer: Prayer): RowMenuItem[] => [
    ...(prayer.answered ? [] : [{ label: t('Mark as answered'), onSelect: () => answer(prayer) }]),
    { label: t('Edit'), onSelect: () => open(prayer.id) },
    { label: t('Delete'), onSelect: () => setDeleting(prayer), danger: true },
  ];

  // Counting a prayer changes the request as editing does: offered only where the role allows (shared/roles.ts).
  const card = (prayer: Prayer) => {
    const inList = listName(prayer.listId);
    const dateLine = (
      <p className="flex flex-wrap items-center gap-2 text-xs text-base-content/70">
        {formatDay(prayer.date)}
        <TeamMark teamId={prayer.teamId} />
        {inList && (
          <span className="badge h-auto max-w-full badge-soft badge-sm py-0.5 wrap-anywhere" dir="auto">
            {inList}
          </span>
        )}
      </p>
    );
    // Named by its person, or by its own words when it is about no one person.
    const about = prayer.contactId === null ? prayer.request : contactNameShown(prayer.contactName);
    return (
      <li key={prayer.id} className="card border border-base-300 bg-base-100">
        <div className="card-body gap-3 p-5">
          <div className="flex items-start gap-3">
            {prayer.contactId === null ? (
              <div className="min-w-0 flex-1">
                <h2 className="sr-only">{t('Prayer for no one person')}</h2>
                {dateLine}
              </div>
            ) : (
              <ContactHeading contactId={prayer.contactId} name={contactNameShown(prayer.contactName)} as="h2">
                {dateLine}
              </ContactHeading>
            )}
            {mayChange(prayer) && <RowMenu label={t('Actions for prayer for {name}', { name: about })} items={menu(prayer)} />}
          </div>
          <p dir="auto" className="wrap-anywhere whitespace-pre-line">
            {prayer.request}
          </p>
          {prayer.answered ? (
            <PrayerAnswer answerDate={prayer.answerDate ?? prayer.date} answerNotes={prayer.answerNotes} />
          ) : (
            <div className="flex items-center justify-between gap-3 border-t border-base-200 pt-3">
              <span className="flex min-w-0 flex-col text-sm text-base-content/75" aria-live="polite">
                <span>{t('{count, plural, one {Prayed # time} other {Prayed # times}}', { count: prayer.prayedCount })}</span>
                <TeamPrayedLine prayer={prayer} />
              </span>
              {mayPray(prayer) && (
                <button
                  type="button"
                  className="btn btn-outline btn-primary btn-sm"
                  aria-label={t('I prayed for this ({name})', { name: about })}
                  onClick={() => prayFor(prayer)}
                >
                  <PlusIcon /> {t('Prayed')}
                </button>
              )}
            </div>
          )}
        </div>
      </li>
    );
  };

  return (
    <>
      <PageHeader
        title={t('Prayer Journal')}
        subtitle={t('Bring each person to God, and remember how he answers.')}
        action={
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            <PlusIcon /> {t('Add Prayer Request')}
          </button>
        }
      />
      <WaitingToSync
        entries={waiting}
        row={(entry) => (
          <div className="flex items-start gap-3">
            <ContactHeading contactId={entry.input.contactId == null ? null : Number(entry.input.contactId)} name={entry.contactName} weight="semibold">
              <p dir="auto" className="text-sm wrap-anywhere whitespace-pre-line">
                {entry.input.request}
              </p>
            </ContactHeading>
            <span className="shrink-0 text-xs text-base-content/70">{formatDay(new Date(entry.input.date ?? entry.queuedAt))}</span>
          </div>
        )}
      />
      <div className="mb-4 flex flex-wrap items-end gap-2">
        {tab !== 'today' && (lists.data?.length ?? 0) > 0 && (
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor={listFilterId} className="text-xs font-medium">
              {t('Prayer list')}
            </label>
            <select id={listFilterId} className="select select-sm max-w-64" value={listFilter ?? ''} onChange={(e) => chooseList(e.target.value)}>
              <option value="">{t('All requests')}</option>
              {lists.data?.map((list) => (
                <option key={list.id} value={list.id}>
                  {list.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setManaging(true)}>
          {t('Prayer lists')}
        </button>
      </div>
      <TabBar<(typeof TABS)[number]>
        label={t('Prayer requests')}
        active={tab}
        onChange={setTab}
        tabs={[
          // A list's name (a tab, a heading) is its own message: other languages say it in the plural ('Completados').
          { key: 'active', label: t('Active'), count: counts.data?.active },
          { key: 'answered', label: t('{items, select, other {Answered}}', { items: 'prayerRequests' }), count: counts.data?.answered },
          // Still to pray for today, not how many it lists: beside Active's count a bare '1' read as the same request
          // counted twice (issue 48), so it says what it counts.
          {
            key: 'today',
            label: t('Pray today'),
            count: left,
            countText: left === undefined ? undefined : t('{count, plural, one {# left} other {# left}}', { count: left }),
          },
        ]}
      >
        {tab === 'today' ? (
          <PrayToday activeCount={counts.data?.active} onAdd={() => setCreating(true)} />
        ) : (
          <LoadGate loads={[list]} failed={loadFailed.prayers}>
            {shown.length === 0 ? (
              tab === 'active' ? (
                <EmptyState
                  title={t('No active prayer requests')}
                  text={emptyHelp.activePrayers}
                  action={
                    <button type="button" className="btn btn-outline btn-sm btn-primary" onClick={() => setCreating(true)}>
                      {emptyHelp.firstPrayer}
                    </button>
                  }
                />
              ) : (
                <EmptyState title={t('No answered prayers yet')} text={emptyHelp.answeredPrayers} />
              )
            ) : (
              <>
                <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">{shown.map(card)}</ul>
                <LoadMore list={list} />
              </>
            )}
          </LoadGate>
        )}
      </TabBar>

      <Modal open={creating} title={t('Add Prayer Request')} onClose={() => setCreating(false)}>
        <PrayerForm defaultListId={chosenList?.id} onDone={() => setCreating(false)} />
      </Modal>
      <Modal open={managing} title={t('Prayer lists')} onClose={() => setManaging(false)} savedAsItGoes>
        <PrayerListSettings onDelete={setDeletingList} />
      </Modal>
      <DeletePrayerList list={deletingList} onDone={() => setDeletingList(null)} />
      <Modal open={Boolean(editing)} title={t('Edit Prayer Request')} onClose={close}>
        {editing && <PrayerForm key={editing.id} prayer={editing} onDone={close} />}
      </Modal>
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('Delete prayer request')}
        message={confirmDelete.prayer}
        busy={remove.isPending}
        onConfirm={() => deleting && void removePrayer(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
