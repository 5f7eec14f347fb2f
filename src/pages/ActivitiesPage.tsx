// Activities: everything logged, newest first, with edit and delete; ?id= opens one for editing.
import { useState } from 'react';
import { ActivityItem } from '../components/ActivityItem';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { EmptyState } from '../components/EmptyState';
import { PlusIcon } from '../components/Icons';
import { Modal } from '../components/Modal';
import { PageHeader } from '../components/PageHeader';
import { RowMenu } from '../components/RowMenu';
import { Spinner } from '../components/Spinner';
import { ActivityForm, type Activity } from '../forms/ActivityForm';
import { useEditParam } from '../hooks/useEditParam';
import { useWrite } from '../hooks/useWrite';
import { activityTypeLabel } from '../lib/labels';
import { failure, success } from '../lib/messages';
import { trpc } from '../lib/trpc';

const PAGE = 50;

export default function ActivitiesPage() {
  const list = trpc.activities.list.useInfiniteQuery(
    { limit: PAGE },
    { getNextPageParam: (last) => (last.length === PAGE ? last[last.length - 1].id : undefined), initialCursor: undefined },
  );
  const remove = trpc.activities.remove.useMutation();
  const write = useWrite();
  const edit = useEditParam();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Activity | null>(null);

  const activities = list.data?.pages.flat() ?? [];
  const editing = edit.id === null ? undefined : activities.find((a) => a.id === edit.id);
  const single = trpc.activities.byId.useQuery({ id: edit.id ?? 0 }, { enabled: edit.id !== null && !editing && !list.isLoading, retry: false });
  const editTarget = editing ?? single.data;

  async function confirmDelete() {
    if (!deleting) return;
    await write(() => remove.mutateAsync({ id: deleting.id }), { done: success.activityDeleted, failed: failure.deleteActivity, refresh: ['activities', 'dashboard'] }).catch(() => undefined);
    setDeleting(null);
  }

  return (
    <>
      <PageHeader
        title="Activities"
        subtitle="Every conversation and presentation you have logged."
        action={
          <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
            <PlusIcon /> Log Activity
          </button>
        }
      />
      {list.isLoading ? (
        <Spinner />
      ) : activities.length === 0 ? (
        <EmptyState
          title="No activities recorded yet."
          action={
            <button type="button" className="btn btn-outline btn-primary btn-sm" onClick={() => setCreating(true)}>
              Log your first activity
            </button>
          }
        />
      ) : (
        <ul className="flex flex-col gap-2">
          {activities.map((activity) => (
            <li key={activity.id} className="flex items-start gap-2 rounded-box border border-base-300 bg-base-100 p-3">
              <ActivityItem type={activity.type} contactName={activity.contactName} notes={activity.notes} date={activity.date} />
              <RowMenu
                label={`Actions for ${activityTypeLabel(activity.type)} with ${activity.contactName}`}
                items={[
                  { label: 'Edit', onSelect: () => edit.open(activity.id) },
                  { label: 'Delete', onSelect: () => setDeleting(activity), danger: true },
                ]}
              />
            </li>
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <div className="mt-4 flex justify-center">
          <button type="button" className="btn btn-ghost btn-sm" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
            {list.isFetchingNextPage ? 'Loading...' : 'Load more'}
          </button>
        </div>
      )}

      <Modal open={creating} title="Log Activity" onClose={() => setCreating(false)} wide>
        <ActivityForm onDone={() => setCreating(false)} />
      </Modal>
      <Modal open={Boolean(editTarget)} title="Edit Activity" onClose={edit.close} wide>
        {editTarget && <ActivityForm key={editTarget.id} activity={editTarget} onDone={edit.close} />}
      </Modal>
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete activity"
        message="Are you sure you want to delete this activity? This action cannot be undone."
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
