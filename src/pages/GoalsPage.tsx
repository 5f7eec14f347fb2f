// Goals: Active goals with progress and Completed ones; complete, edit, delete.
import { format } from 'date-fns';
import { useState } from 'react';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { EmptyState } from '../components/EmptyState';
import { GoalProgress } from '../components/GoalProgress';
import { PlusIcon } from '../components/Icons';
import { Modal } from '../components/Modal';
import { PageHeader } from '../components/PageHeader';
import { RowMenu } from '../components/RowMenu';
import { Spinner } from '../components/Spinner';
import { TabBar } from '../components/TabBar';
import { GoalForm, type Goal } from '../forms/GoalForm';
import { useWrite } from '../hooks/useWrite';
import { goalPercentage } from '../lib/goals';
import { goalTypeLabel } from '../lib/labels';
import { failure, success } from '../lib/messages';
import { trpc } from '../lib/trpc';

export default function GoalsPage() {
  const [tab, setTab] = useState<'active' | 'completed'>('active');
  const list = trpc.goals.list.useQuery();
  const complete = trpc.goals.complete.useMutation();
  const remove = trpc.goals.remove.useMutation();
  const write = useWrite();
  const [form, setForm] = useState<{ goal?: Goal } | null>(null);
  const [deleting, setDeleting] = useState<Goal | null>(null);

  const active = (list.data ?? []).filter((g) => !g.completed);
  const completed = (list.data ?? []).filter((g) => g.completed);

  async function confirmDelete() {
    if (!deleting) return;
    await write(() => remove.mutateAsync({ id: deleting.id }), { done: success.goalDeleted, failed: failure.deleteGoal, refresh: ['goals', 'dashboard'] }).catch(() => undefined);
    setDeleting(null);
  }

  const card = (goal: Goal) => (
    <li key={goal.id} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-5">
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <h2 className="font-semibold break-words">{goal.title}</h2>
            <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-base-content/75">
              <span className="badge badge-outline badge-sm">{goalTypeLabel(goal.type)}</span>
              <span>Target {goal.targetCount}</span>
              {goal.deadline && <span>Due {format(goal.deadline, 'MMM d, yyyy')}</span>}
            </div>
          </div>
          <RowMenu
            label={`Actions for ${goal.title}`}
            items={[
              ...(goal.completed
                ? []
                : [
                    {
                      label: 'Mark as completed',
                      onSelect: () =>
                        void write(() => complete.mutateAsync({ id: goal.id }), { done: success.goalCompleted, failed: failure.completeGoal, refresh: ['goals', 'dashboard'] }).catch(() => undefined),
                    },
                  ]),
              { label: 'Edit', onSelect: () => setForm({ goal }) },
              { label: 'Delete', onSelect: () => setDeleting(goal), danger: true },
            ]}
          />
        </div>
        {goal.description && <p className="text-sm break-words text-base-content/80">{goal.description}</p>}
        {goal.completed ? (
          <div>
            <progress className="progress w-full progress-success" value={1} max={1} aria-label={`${goal.title}: completed`} />
            <p className="mt-1 text-xs text-base-content/70">
              {goal.currentCount} of {goal.targetCount}
            </p>
          </div>
        ) : (
          <GoalProgress goalId={goal.id} title="Progress" current={goal.currentCount} target={goal.targetCount} percentage={goalPercentage(goal.currentCount, goal.targetCount)} />
        )}
      </div>
    </li>
  );

  return (
    <>
      <PageHeader
        title="Goals"
        subtitle="Set a target, and let your logged activities move it."
        action={
          <button type="button" className="btn btn-primary" onClick={() => setForm({})}>
            <PlusIcon /> Create Goal
          </button>
        }
      />
      <TabBar<'active' | 'completed'>
        label="Goals"
        active={tab}
        onChange={setTab}
        tabs={[
          { key: 'active', label: 'Active', count: active.length },
          { key: 'completed', label: 'Completed', count: completed.length },
        ]}
      />
      <div role="tabpanel" aria-labelledby={`tab-${tab}`}>
        {list.isLoading ? (
          <Spinner />
        ) : (tab === 'active' ? active : completed).length === 0 ? (
          <EmptyState title={tab === 'active' ? 'No active goals' : 'No completed goals yet'} />
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">{(tab === 'active' ? active : completed).map(card)}</ul>
        )}
      </div>

      <Modal open={Boolean(form)} title={form?.goal ? 'Edit Goal' : 'Create Goal'} onClose={() => setForm(null)}>
        {form && <GoalForm key={form.goal?.id ?? 'new'} goal={form.goal} onDone={() => setForm(null)} />}
      </Modal>
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete goal"
        message="Are you sure you want to delete this goal? This action cannot be undone."
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
