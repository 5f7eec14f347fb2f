// Follow-ups: Pending (Overdue, Today, Upcoming) and Completed tabs; complete, edit, delete; ?id= opens one.
import { useEffect, useState } from 'react';
import { CalendarFeed } from '../components/CalendarFeed';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { EmptyState } from '../components/EmptyState';
import { FollowUpItem } from '../components/FollowUpItem';
import { PlusIcon } from '../components/Icons';
import { Modal } from '../components/Modal';
import { PageHeader } from '../components/PageHeader';
import { RowMenu, type RowMenuItem } from '../components/RowMenu';
import { Spinner } from '../components/Spinner';
import { TabBar } from '../components/TabBar';
import { FollowUpForm, type FollowUp } from '../forms/FollowUpForm';
import { useEditParam } from '../hooks/useEditParam';
import { useWrite } from '../hooks/useWrite';
import { confirmDelete, failure, success } from '../lib/messages';
import { groupFollowUps } from '../lib/ordering';
import { trpc } from '../lib/trpc';

/** The server sends the single-event file as an attachment, so following the link downloads it and stays here. */
function downloadIcs(id: number) {
  const link = document.createElement('a');
  link.href = `/api/followups/${id}/ics`;
  link.download = `follow-up-${id}.ics`;
  link.click();
}

export default function FollowUpsPage() {
  const [tab, setTab] = useState<'pending' | 'completed'>('pending');
  const list = trpc.followUps.list.useQuery();
  const complete = trpc.followUps.complete.useMutation();
  const remove = trpc.followUps.remove.useMutation();
  const write = useWrite();
  const edit = useEditParam();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<FollowUp | null>(null);

  const groups = groupFollowUps(list.data ?? []);
  const pendingCount = groups.overdue.length + groups.today.length + groups.upcoming.length;
  const editing = edit.id === null ? undefined : list.data?.find((f) => f.id === edit.id);
  const { close } = edit;
  const missing = edit.id !== null && list.isSuccess && !editing;

  // A link to a follow-up that is gone (or never was) opens nothing, so it should not stay in the address.
  useEffect(() => {
    if (missing) close();
  }, [missing, close]);

  const markCompleted = (followUp: FollowUp) =>
    void write(() => complete.mutateAsync({ id: followUp.id }), { kind: 'followUp', done: success.followUpCompleted, failed: failure.completeFollowUp }).catch(() => undefined);

  async function removeFollowUp(followUp: FollowUp) {
    await write(() => remove.mutateAsync({ id: followUp.id }), { kind: 'followUp', done: success.followUpDeleted, failed: failure.deleteFollowUp }).catch(() => undefined);
    setDeleting(null);
  }

  const menu = (followUp: FollowUp): RowMenuItem[] => [
    ...(followUp.completed ? [] : [{ label: 'Mark as completed', onSelect: () => markCompleted(followUp) }]),
    { label: 'Add to calendar', onSelect: () => downloadIcs(followUp.id) },
    { label: 'Edit', onSelect: () => edit.open(followUp.id) },
    { label: 'Delete', onSelect: () => setDeleting(followUp), danger: true },
  ];

  const rows = (items: FollowUp[]) => (
    <ul className="flex flex-col gap-2">
      {items.map((followUp) => (
        <li key={followUp.id} className="flex items-start gap-1 rounded-box border border-base-300 bg-base-100 p-3 sm:gap-2 sm:p-4">
          <FollowUpItem contactId={followUp.contactId} contactName={followUp.contactName} description={followUp.description} type={followUp.type} date={followUp.date} completed={followUp.completed} />
          <RowMenu label={`Actions for follow-up with ${followUp.contactName}`} items={menu(followUp)} />
        </li>
      ))}
    </ul>
  );

  const section = (title: string, items: FollowUp[]) =>
    items.length > 0 && (
      <section className="mb-6" aria-label={title}>
        <h2 className="mb-2 text-sm font-semibold tracking-wide text-base-content/75 uppercase">{title}</h2>
        {rows(items)}
      </section>
    );

  return (
    <>
      <PageHeader
        title="Follow-ups"
        subtitle="The next step with each person, so nobody is forgotten."
        action={
          <div className="flex flex-wrap gap-2">
            <CalendarFeed />
            <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
              <PlusIcon /> Schedule Follow-up
            </button>
          </div>
        }
      />
      <TabBar<'pending' | 'completed'>
        label="Follow-ups"
        active={tab}
        onChange={setTab}
        tabs={[
          { key: 'pending', label: 'Pending', count: pendingCount },
          { key: 'completed', label: 'Completed', count: groups.completed.length },
        ]}
      >
        {list.isLoading ? (
          <Spinner />
        ) : list.isError ? (
          <p role="alert" className="alert alert-error">
            We could not load your follow-ups. Please try refreshing the page.
          </p>
        ) : tab === 'pending' ? (
          pendingCount === 0 ? (
            <EmptyState title="No pending follow-ups" />
          ) : (
            <>
              {section('Overdue', groups.overdue)}
              {section('Today', groups.today)}
              {section('Upcoming', groups.upcoming)}
            </>
          )
        ) : groups.completed.length === 0 ? (
          <EmptyState title="No completed follow-ups" />
        ) : (
          rows(groups.completed)
        )}
      </TabBar>

      <Modal open={creating} title="Schedule Follow-up" onClose={() => setCreating(false)}>
        <FollowUpForm onDone={() => setCreating(false)} />
      </Modal>
      <Modal open={Boolean(editing)} title="Edit Follow-up" onClose={edit.close}>
        {editing && <FollowUpForm key={editing.id} followUp={editing} onDone={edit.close} />}
      </Modal>
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete follow-up"
        message={confirmDelete.followUp}
        busy={remove.isPending}
        onConfirm={() => deleting && void removeFollowUp(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
