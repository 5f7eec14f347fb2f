// Activities: everything logged, newest first, filtered by type, contact and dates in the URL; edit and delete; ?id= opens one for editing.
import { keepPreviousData } from '@tanstack/react-query';
import { addDays } from 'date-fns';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { t } from '../i18n';
import { activityTypes, isOneOf, contactNameShown } from '../../shared/vocabulary';
import { ActivityItem } from '../components/ActivityItem';
import { activityTitle } from '../lib/activityTitle';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { EmptyState } from '../components/EmptyState';
import { PlusIcon } from '../components/Icons';
import { LoadMore } from '../components/LoadMore';
import { Modal } from '../components/Modal';
import { NoMatches } from '../components/NoMatches';
import { PageHeader } from '../components/PageHeader';
import { RowMenu } from '../components/RowMenu';
import { Spinner } from '../components/Spinner';
import { LoadFailed } from '../components/LoadGate';
import { ActivityForm, type Activity } from '../forms/ActivityForm';
import { SelectField } from '../forms/Fields';
import { activityTypeOptions } from '../forms/options';
import { TextField } from '../forms/TextField';
import { useEditedRow } from '../hooks/useEditedRow';
import { useOutbox } from '../hooks/useOutbox';
import { WaitingToSync } from '../components/WaitingToSync';
import { useUrlFilters } from '../hooks/useUrlFilters';
import { useWrite } from '../hooks/useWrite';
import { dayStart } from '../lib/dates';
import { confirmDelete, failure, loadFailed, notFound, success } from '../lib/messages';
import { offline } from '../lib/offlineMessages';
import { trpc } from '../lib/trpc';
import { parseId, nextPageAfterLastId } from '../lib/ids';
import { TeamMark } from '../components/team-work/TeamMark';
import { useSpace } from '../hooks/useTeams';
import { useMayChange } from '../components/team-work/rights';

// A long history loads a page at a time rather than all at once.
const PAGE = 50;

/** The URL's filters as the list's input; 'to' is inclusive on screen and exclusive on the server. */
function listFilter(filters: Record<'type' | 'contactId' | 'from' | 'to', string>) {
  const from = dayStart(filters.from);
  const toDay = dayStart(filters.to);
  const to = toDay && addDays(toDay, 1);
  const datesReversed = Boolean(from && to && from >= to);
  return {
    type: isOneOf(activityTypes, filters.type) ? filters.type : undefined,
    contactId: parseId(filters.contactId) ?? undefined,
    // Reversed dates would match nothing; the form says why instead, and the dates wait until they make sense.
    from: datesReversed ? undefined : from,
    to: datesReversed ? undefined : to,
    datesReversed,
  };
}

export default function ActivitiesPage() {
  const [filters, setFilters] = useUrlFilters(['type', 'contactId', 'from', 'to'] as const);
  // The space the switcher chose (issue 48): the list shows its activities only.
  const space = useSpace();
  const { datesReversed, ...filter } = { ...listFilter(filters), team: space };
  const filtered = Object.values(filters).some(Boolean) || filter.team !== undefined;
  const clearFilters = () => setFilters({ type: '', contactId: '', from: '', to: '' });
  const contacts = trpc.contacts.names.useQuery();
  const list = trpc.activities.list.useInfiniteQuery(
    { ...filter, limit: PAGE },
    { getNextPageParam: nextPageAfterLastId(PAGE), placeholderData: keepPreviousData },
  );
  const remove = trpc.activities.remove.useMutation();
  const mayChange = useMayChange();
  const write = useWrite();
  const [params, setParams] = useSearchParams();
  // ?new=1 (the installed app's 'Log Activity' shortcut) opens the form at once.
  const [creating, setCreating] = useState(() => params.get('new') === '1');
  const [deleting, setDeleting] = useState<Activity | null>(null);
  const waiting = useOutbox('activity');

  // The shortcut's parameter has done its job; left in the address, a reload would open the form again.
  useEffect(() => {
    if (params.has('new')) setParams((p) => (p.delete('new'), p), { replace: true });
  }, [params, setParams]);

  const activities = list.data?.pages.flat() ?? [];
  const typeOptions = [{ value: '', label: t('All types') }, ...activityTypeOptions];
  // Looking at one person's activities, a new one is most likely with them too.
  const filteredContact = contacts.data?.find((c) => c.id === filter.contactId);
  // A contact named in the URL but not among the user's contacts still shows as chosen rather than as 'All'.
  const contactOptions = [
    { value: '', label: t('All contacts') },
    ...(contacts.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
    ...(filter.contactId && contacts.data && !contacts.data.some((c) => c.id === filter.contactId)
      ? [{ value: String(filter.contactId), label: t('Unknown contact') }]
      : []),
  ];
  const { editing, open, close } = useEditedRow([list], (id, options) => trpc.activities.byId.useQuery({ id }, options), notFound.activity);

  async function removeActivity(activity: Activity) {
    await write(() => remove.mutateAsync({ id: activity.id }), { kind: 'activity', done: success.activityDeleted, failed: failure.deleteActivity }).catch(
      () => undefined,
    );
    setDeleting(null);
  }

  return (
    <>
      <PageHeader
        title={t('Activities')}
        subtitle={t('Every conversation and presentation, newest first.')}
        action={
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            <PlusIcon /> {t('Log Activity')}
          </button>
        }
      />
      {(filtered || activities.length > 0) && (
        <div role="search" aria-label={t('Filter activities')} className="mb-4 rounded-box border border-base-300 bg-base-100 p-3 sm:p-4">
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
            <SelectField name="type" label={t('Type')} value={filter.type ?? ''} options={typeOptions} onChange={(e) => setFilters({ type: e.target.value })} />
            <SelectField
              name="contactId"
              label={t('Contact')}
              value={filter.contactId ? String(filter.contactId) : ''}
              options={contactOptions}
              onChange={(e) => setFilters({ contactId: e.target.value })}
            />
            <TextField
              name="from"
              type="date"
              label={t('From')}
              value={filters.from}
              max={filters.to || undefined}
              onChange={(e) => setFilters({ from: e.target.value })}
            />
            <TextField
              name="to"
              type="date"
              label={t('To')}
              value={filters.to}
              min={filters.from || undefined}
              error={datesReversed ? t('The end date must be on or after the start date.') : undefined}
              onChange={(e) => setFilters({ to: e.target.value })}
            />
          </div>
          {filtered && (
            <div className="mt-3 flex justify-end">
              <button type="button" className="btn btn-ghost btn-sm" onClick={clearFilters}>
                {t('Clear filters')}
              </button>
            </div>
          )}
        </div>
      )}
      <WaitingToSync
        entries={waiting}
        row={(entry) => (
          <ActivityItem
            type={entry.input.type ?? 'conversation'}
            contactName={entry.contactName ?? entry.input.contactName ?? ''}
            notes={entry.input.notes ?? null}
            date={new Date(entry.input.date ?? entry.queuedAt)}
          />
        )}
      />
      {list.isLoading ? (
        <Spinner />
      ) : list.isError && !list.data ? (
        <LoadFailed message={loadFailed.activities} onRetry={() => void list.refetch()} />
      ) : list.isPending ? (
        // Paused: the app opened offline, so nothing was fetched yet; the list comes when the connection does.
        <p className="alert">{offline.listOffline}</p>
      ) : activities.length === 0 && filtered ? (
        <NoMatches title={t('No activities match these filters.')} text={t('Try another type, contact or date range.')} onClear={clearFilters} />
      ) : activities.length === 0 && waiting.length === 0 ? (
        <EmptyState
          title={t('No activities recorded yet.')}
          action={
            <button type="button" className="btn btn-outline btn-primary btn-sm" onClick={() => setCreating(true)}>
              {t('Log your first activity')}
            </button>
          }
        />
      ) : (
        <ul className="flex flex-col gap-2">
          {activities.map((activity) => (
            <li key={activity.id} className="flex items-start gap-1 rounded-box border border-base-300 bg-base-100 p-3 sm:gap-2 sm:p-4">
              <ActivityItem
                type={activity.type}
                contactId={activity.contactId}
                contactName={contactNameShown(activity.contactName)}
                notes={activity.notes}
                date={activity.date}
                others={activity.others}
                team={<TeamMark teamId={activity.teamId} />}
                expandable
              />
              {mayChange(activity) && (
                <RowMenu
                  label={t('Actions for {name}', { name: activityTitle(activity.type, contactNameShown(activity.contactName)) })}
                  items={[
                    { label: t('Edit'), onSelect: () => open(activity.id) },
                    { label: t('Delete'), onSelect: () => setDeleting(activity), danger: true },
                  ]}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      <LoadMore list={list} />

      <Modal open={creating} title={t('Log Activity')} onClose={() => setCreating(false)} wide>
        <ActivityForm forContact={filteredContact} onDone={() => setCreating(false)} />
      </Modal>
      <Modal open={Boolean(editing)} title={t('Edit Activity')} onClose={close} wide>
        {editing && <ActivityForm key={editing.id} activity={editing} onDone={close} />}
      </Modal>
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('Delete activity')}
        message={confirmDelete.activity}
        busy={remove.isPending}
        onConfirm={() => deleting && void removeActivity(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
