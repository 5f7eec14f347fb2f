// Prayer Journal: Active and Answered requests, a counter for each prayer, answers remembered.
import { format } from 'date-fns';
import { useState } from 'react';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ContactAvatar } from '../components/ContactAvatar';
import { EmptyState } from '../components/EmptyState';
import { PlusIcon } from '../components/Icons';
import { Modal } from '../components/Modal';
import { PageHeader } from '../components/PageHeader';
import { RowMenu } from '../components/RowMenu';
import { Spinner } from '../components/Spinner';
import { TabBar } from '../components/TabBar';
import { PrayerForm, type Prayer } from '../forms/PrayerForm';
import { useEditParam } from '../hooks/useEditParam';
import { useWrite } from '../hooks/useWrite';
import { failure, success } from '../lib/messages';
import { sortActivePrayers, sortAnsweredPrayers } from '../lib/ordering';
import { trpc } from '../lib/trpc';

export default function PrayerJournalPage() {
  const [tab, setTab] = useState<'active' | 'answered'>('active');
  const list = trpc.prayerRequests.list.useQuery();
  const pray = trpc.prayerRequests.pray.useMutation();
  const markAnswered = trpc.prayerRequests.markAnswered.useMutation();
  const remove = trpc.prayerRequests.remove.useMutation();
  const write = useWrite();
  const edit = useEditParam();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Prayer | null>(null);

  const active = sortActivePrayers((list.data ?? []).filter((p) => !p.answered));
  const answered = sortAnsweredPrayers((list.data ?? []).filter((p) => p.answered));
  const editing = edit.id === null ? undefined : list.data?.find((p) => p.id === edit.id);
  const refresh = ['prayerRequests', 'dashboard'] as const;

  const prayFor = (prayer: Prayer) =>
    void write(() => pray.mutateAsync({ id: prayer.id }), {
      done: () => ({ title: success.prayerCounted, description: success.prayedDescription, duration: 2000 }),
      failed: failure.countPrayer,
      refresh: [...refresh],
    }).catch(() => undefined);

  async function confirmDelete() {
    if (!deleting) return;
    await write(() => remove.mutateAsync({ id: deleting.id }), { done: success.prayerDeleted, failed: failure.deletePrayer, refresh: [...refresh] }).catch(() => undefined);
    setDeleting(null);
  }

  const card = (prayer: Prayer) => (
    <li key={prayer.id} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-5">
        <div className="flex items-start gap-3">
          <ContactAvatar name={prayer.contactName} size="sm" />
          <div className="min-w-0 flex-1">
            <h2 className="font-semibold break-words">{prayer.contactName}</h2>
            <p className="text-xs text-base-content/70">{format(prayer.date, 'MMM d, yyyy')}</p>
          </div>
          <RowMenu
            label={`Actions for prayer for ${prayer.contactName}`}
            items={[
              ...(prayer.answered
                ? []
                : [
                    {
                      label: 'Mark as answered',
                      onSelect: () =>
                        void write(() => markAnswered.mutateAsync({ id: prayer.id }), { done: success.prayerAnswered, failed: failure.answerPrayer, refresh: [...refresh] }).catch(() => undefined),
                    },
                  ]),
              { label: 'Edit', onSelect: () => edit.open(prayer.id) },
              { label: 'Delete', onSelect: () => setDeleting(prayer), danger: true },
            ]}
          />
        </div>
        <p className="break-words whitespace-pre-line">{prayer.request}</p>
        {prayer.answered ? (
          <div className="rounded-box bg-success/10 p-3 text-sm">
            <p className="font-medium">Answered: {format(prayer.answerDate ?? prayer.date, 'MMM d, yyyy')}</p>
            {prayer.answerNotes && (
              <>
                <p className="mt-2 text-xs font-semibold tracking-wide text-base-content/75 uppercase">How God answered</p>
                <p className="mt-0.5 break-words whitespace-pre-line">{prayer.answerNotes}</p>
              </>
            )}
          </div>
        ) : (
          <div className="flex items-center justify-between gap-3">
            <span className="text-sm text-base-content/75">
              Prayed <span className="font-semibold text-base-content">{prayer.prayedCount}</span> {prayer.prayedCount === 1 ? 'time' : 'times'}
            </span>
            <button type="button" className="btn btn-outline btn-primary btn-sm" aria-label={`I prayed for this (${prayer.contactName})`} onClick={() => prayFor(prayer)}>
              <PlusIcon /> Prayed
            </button>
          </div>
        )}
      </div>
    </li>
  );

  return (
    <>
      <PageHeader
        title="Prayer Journal"
        subtitle="Bring each person to God, and remember how he answers."
        action={
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            <PlusIcon /> Add Prayer Request
          </button>
        }
      />
      <TabBar<'active' | 'answered'>
        label="Prayer requests"
        active={tab}
        onChange={setTab}
        tabs={[
          { key: 'active', label: 'Active', count: active.length },
          { key: 'answered', label: 'Answered', count: answered.length },
        ]}
      />
      <div role="tabpanel" aria-labelledby={`tab-${tab}`}>
        {list.isLoading ? (
          <Spinner />
        ) : (tab === 'active' ? active : answered).length === 0 ? (
          <EmptyState title={tab === 'active' ? 'No active prayer requests' : 'No answered prayers yet'} />
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">{(tab === 'active' ? active : answered).map(card)}</ul>
        )}
      </div>

      <Modal open={creating} title="Add Prayer Request" onClose={() => setCreating(false)}>
        <PrayerForm onDone={() => setCreating(false)} />
      </Modal>
      <Modal open={Boolean(editing)} title="Edit Prayer Request" onClose={edit.close}>
        {editing && <PrayerForm key={editing.id} prayer={editing} onDone={edit.close} />}
      </Modal>
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete prayer request"
        message="Are you sure you want to delete this prayer request? This action cannot be undone."
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
