// Goals: Active goals with progress and Completed ones; complete, edit, delete.
import { useState } from 'react';
import { t } from '../i18n';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { EmptyState } from '../components/EmptyState';
import { GoalProgress } from '../components/GoalProgress';
import { TeamGoalShares } from '../components/TeamGoalShares';
import { PlusIcon } from '../components/Icons';
import { Modal } from '../components/Modal';
import { PageHeader } from '../components/PageHeader';
import { RowMenu, type RowMenuItem } from '../components/RowMenu';
import { LoadGate } from '../components/LoadGate';
import { TabBar } from '../components/TabBar';
import { GoalForm, type Goal } from '../forms/GoalForm';
import { useEditedRow } from '../hooks/useEditedRow';
import { useTabParam } from '../hooks/useTabParam';
import { useWrite } from '../hooks/useWrite';
import { goalPercentage } from '../lib/goals';
import { goalTypeLabel } from '../../shared/vocabulary';
import { confirmDelete, emptyHelp, failure, goalPeriod, loadFailed, notFound, success } from '../lib/messages';
import { trpc } from '../lib/trpc';
import { formatDay } from '../lib/dates';

const TABS = ['active', 'completed'] as const;

export default function GoalsPage() {
  const [tab, setTab] = useTabParam(TABS);
  const list = trpc.goals.list.useQuery();
  const complete = trpc.goals.complete.useMutation();
  const remove = trpc.goals.remove.useMutation();
  const write = useWrite();
  // null: no form; {}: creating; { goal }: editing that goal.
  const [form, setForm] = useState<{ goal?: Goal } | null>(null);
  const [deleting, setDeleting] = useState<Goal | null>(null);
  // `?id=` (a search result, issue 50 §8) opens that goal for editing, as the other lists' links do.
  const linked = useEditedRow(
    [{ data: list.data && { pages: [list.data] }, isLoading: list.isLoading }],
    (id, options) => trpc.goals.byId.useQuery({ id }, options),
    notFound.goal,
  );

  const active = (list.data ?? []).filter((g) => !g.completed);
  const completed = (list.data ?? []).filter((g) => g.completed);
  const shown = tab === 'active' ? active : completed;

  const markCompleted = (goal: Goal) =>
    void write(() => complete.mutateAsync({ id: goal.id }), { kind: 'goal', done: success.goalCompleted, failed: failure.completeGoal }).catch(() => undefined);

  async function removeGoal(goal: Goal) {
    await write(() => remove.mutateAsync({ id: goal.id }), { kind: 'goal', done: success.goalDeleted, failed: failure.deleteGoal }).catch(() => undefined);
    setDeleting(null);
  }

  const menu = (goal: Goal): RowMenuItem[] => [
    ...(goal.completed ? [] : [{ label: t('Mark as completed'), onSelect: () => markCompleted(goal) }]),
    { label: t('Edit'), onSelect: () => setForm({ goal }) },
    { label: t('Delete'), onSelect: () => setDeleting(goal), danger: true },
  ];

  const card = (goal: Goal) => (
    <li key={goal.id} className="card border border-base-300 bg-base-100">
      <div className="card-body gap-3 p-5">
        <div className="flex items-start gap-3">
          <div className="min-w-0 flex-1">
            <h2 dir="auto" className="font-semibold wrap-anywhere">
              {goal.title}
            </h2>
            <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-base-content/75">
              <span className="badge badge-outline badge-sm badge-primary">{goalTypeLabel(goal.type)}</span>
              <span>{t('Target: {count}', { count: goal.targetCount })}</span>
              <span>{goalPeriod.since(formatDay(goal.startsOn ?? goal.createdAt))}</span>
              {goal.deadline && <span>{t('Deadline: {date}', { date: formatDay(goal.deadline) })}</span>}
            </div>
          </div>
          <RowMenu label={t('Actions for {name}', { name: goal.title })} items={menu(goal)} />
        </div>
        {goal.description && (
          <p dir="auto" className="text-sm wrap-anywhere text-base-content/80">
            {goal.description}
          </p>
        )}
        <TeamGoalShares shares={goal.shares} title={goal.title} />
        {goal.completed ? (
          <div>
            <progress className="progress w-full progress-success" value={1} max={1} aria-label={t('{title}: completed', { title: goal.title })} />
            <p className="mt-1 text-xs text-base-content/70">{t('{current} of {target}', { current: goal.currentCount, target: goal.targetCount })}</p>
          </div>
        ) : (
          <>
            <GoalProgress
              goalId={goal.id}
              title={goal.title}
              label={t('Progress')}
              current={goal.currentCount}
              target={goal.targetCount}
              percentage={goalPercentage(goal.currentCount, goal.targetCount)}
            />
            {goal.currentCount >= goal.targetCount && (
              <div className="flex flex-wrap items-center justify-between gap-2 rounded-box bg-success/10 px-3 py-2">
                <p className="text-sm font-medium">{goalPeriod.reached}</p>
                <button type="button" className="btn min-h-11 btn-sm btn-success" disabled={complete.isPending} onClick={() => markCompleted(goal)}>
                  {t('Mark as completed')}
                </button>
              </div>
            )}
          </>
        )}
      </div>
    </li>
  );

  return (
    <>
      <PageHeader
        title={t('Goals')}
        subtitle={t('Set a target, and let your logged activities move it.')}
        action={
          <button type="button" className="btn btn-primary" onClick={() => setForm({})}>
            <PlusIcon /> {t('Create Goal')}
          </button>
        }
      />
      <TabBar<'active' | 'completed'>
        label={t('Goals')}
        active={tab}
        onChange={setTab}
        tabs={[
          // A list's name (a tab, a heading) is its own message: other languages say it in the plural ('Completados').
          { key: 'active', label: t('Active'), count: list.data && active.length },
          { key: 'completed', label: t('{items, select, goals {Completed} other {Completed}}', { items: 'goals' }), count: list.data && completed.length },
        ]}
      >
        <LoadGate loads={[list]} failed={loadFailed.goals}>
          {shown.length === 0 ? (
            tab === 'active' ? (
              <EmptyState
                title={t('No active goals')}
                text={t('Set a goal to keep your gospel sharing on track.')}
                action={
                  <button type="button" className="btn btn-outline btn-sm btn-primary" onClick={() => setForm({})}>
                    {emptyHelp.firstGoal}
                  </button>
                }
              />
            ) : (
              <EmptyState title={t('No completed goals yet')} text={emptyHelp.completedGoals} />
            )
          ) : (
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2">{shown.map(card)}</ul>
          )}
        </LoadGate>
      </TabBar>

      <Modal open={Boolean(form)} title={form?.goal ? t('Edit Goal') : t('Create Goal')} onClose={() => setForm(null)}>
        {form && <GoalForm key={form.goal?.id ?? 'new'} goal={form.goal} onDone={() => setForm(null)} />}
      </Modal>
      <Modal open={Boolean(linked.editing) && !form} title={t('Edit Goal')} onClose={linked.close}>
        {linked.editing && !form && <GoalForm key={linked.editing.id} goal={linked.editing} onDone={linked.close} />}
      </Modal>
      <ConfirmDialog
        open={Boolean(deleting)}
        title={t('Delete goal')}
        message={confirmDelete.goal}
        busy={remove.isPending}
        onConfirm={() => deleting && void removeGoal(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
