// Activities: everything logged, newest first, with edit and delete; ?id= opens one for editing.
import { useEffect, useState } from 'react';
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
import { confirmDelete, failure, success } from '../lib/messages';
import { trpc } from '../lib/trpc';

// A long history loads a page at a time rather than all at once.
const PAGE = 50;

export default function ActivitiesPage() {
  const list = trpc.activities.list.useInfiniteQuery({ limit: PAGE }, { getNextPageParam: (last) => (last.length === PAGE ? last[last.length - 1].id : undefined) });
  const remove = trpc.activities.remove.useMutation();
  const write = useWrite();
  const edit = useEditParam();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Activity | null>(null);

  const activities = list.data?.pages.flat() ?? [];
  const listed = edit.id === null ? undefined : activities.find((a) => a.id === edit.id);
  // A deep link may name an activity beyond the loaded pages.
  const fetched = trpc.activities.byId.useQuery({ id: edit.id ?? 0 }, { enabled: edit.id !== null && !listed && !list.isLoading, retry: false });
  const editing = listed ?? (edit.id !== null ? fetched.data : undefined);
  const { close } = edit;

  // A link to an activity that is gone (or never was) opens nothing, so it should not stay in the address.
  useEffect(() => {
    if (fetched.isError) close();
  }, [fetched.isError, close]);

  async function removeActivity(activity: Activity) {
    await write(() => remove.mutateAsync({ id: activity.id }), { kind: 'activity', done: success.activityDeleted, failed: failure.deleteActivity }).catch(() => undefined);
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
      ) : list.isError ? (
        <p role="alert" className="alert alert-error">We could not load your activities. Please try refreshing the page.</p>
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
            <li key={activity.id} className="flex items-start gap-1 rounded-box border border-base-300 bg-base-100 p-3 sm:gap-2 sm:p-4">
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
      <Modal open={Boolean(editing)} title="Edit Activity" onClose={edit.close} wide>
        {editing && <ActivityForm key={editing.id} activity={editing} onDone={edit.close} />}
      </Modal>
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete activity"
        message={confirmDelete.activity}
        busy={remove.isPending}
        onConfirm={() => deleting && void removeActivity(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
