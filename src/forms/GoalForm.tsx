// Create or edit a goal: title, description, type, target, start and deadline; progress and completion when editing.
// Progress is counted from the activities in the goal's period (server/routers/goals.ts); a typed progress is sent only
// when the user changed it, so editing a title or type never freezes the old count into an adjustment.
import { goalCreateInput, goalUpdateInput, START_AFTER_DEADLINE, startsAfterDeadline } from '../../shared/schemas/goals';
import { useWrite } from '../hooks/useWrite';
import { t } from '../i18n';
import { issueText } from '../i18n/issues';
import { addMonthsFromToday, fromDateInputValue, toDateInputValue } from '../lib/dates';
import { failure, goalPeriod, success } from '../lib/messages';
import { trpc, type RouterOutputs } from '../lib/trpc';
import { CheckboxField, FieldGroup, FormActions, SelectField, TextAreaField } from './Fields';
import { goalTypeOptions } from './options';
import { TextField } from './TextField';
import { useFormState } from './useFormState';

export type Goal = RouterOutputs['goals']['list'][number];

export function GoalForm({ goal, onDone }: { goal?: Goal; onDone(): void }) {
  const initialProgress = String(goal?.currentCount ?? 0);
  const initialStart = toDateInputValue(goal?.startsOn ?? goal?.createdAt ?? new Date());
  const { values, set, errors, submit } = useFormState({
    title: goal?.title ?? '',
    description: goal?.description ?? '',
    type: goal?.type ?? 'conversation',
    targetCount: String(goal?.targetCount ?? 10),
    startsOn: initialStart,
    deadline: toDateInputValue(goal?.deadline ?? addMonthsFromToday(1)),
    currentCount: initialProgress,
    completed: goal?.completed ?? false,
  });
  const create = trpc.goals.create.useMutation();
  const update = trpc.goals.update.useMutation();
  const write = useWrite();
  const toInput = (v: typeof values) => ({
    title: v.title,
    description: v.description,
    type: v.type || undefined,
    targetCount: v.targetCount === '' ? undefined : Number(v.targetCount),
    deadline: v.deadline ? fromDateInputValue(v.deadline) : undefined,
    // Unchanged, the start stays what it was (a goal without one counts from its creation).
    startsOn: v.startsOn && v.startsOn !== initialStart ? fromDateInputValue(v.startsOn) : undefined,
    currentCount: goal && v.currentCount !== initialProgress ? (v.currentCount === '' ? Number.NaN : Number(v.currentCount)) : undefined,
    completed: v.completed,
  });
  const periodErrors = (v: typeof values): Record<string, string> =>
    v.startsOn && v.deadline && startsAfterDeadline(fromDateInputValue(v.startsOn), fromDateInputValue(v.deadline))
      ? { startsOn: issueText(START_AFTER_DEADLINE) }
      : {};

  const onSubmit = goal
    ? submit(
        goalUpdateInput.required({ title: true, description: true, type: true, targetCount: true, deadline: true }),
        (v) => ({ ...toInput(v), id: goal.id }),
        async (input) => {
          await write(() => update.mutateAsync(input), { done: success.goalUpdated, failed: failure.updateGoal, kind: 'goal' });
          onDone();
        },
        periodErrors,
      )
    : submit(
        goalCreateInput,
        toInput,
        async (input) => {
          await write(() => create.mutateAsync(input), { done: success.goalCreated, failed: failure.createGoal, kind: 'goal' });
          onDone();
        },
        periodErrors,
      );

  return (
    <form method="post" noValidate onSubmit={onSubmit}>
      <FieldGroup>
        <TextField name="title" label={t('Title')} value={values.title} error={errors.title} onChange={(e) => set('title', e.target.value)} />
        <TextAreaField
          name="description"
          label={t('Description')}
          value={values.description}
          error={errors.description}
          onChange={(e) => set('description', e.target.value)}
        />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <SelectField
            name="type"
            label={t('Type')}
            value={values.type}
            options={goalTypeOptions}
            error={errors.type}
            onChange={(e) => set('type', e.target.value as typeof values.type)}
          />
          <TextField
            name="targetCount"
            type="number"
            inputMode="numeric"
            min={1}
            label={t('Target')}
            value={values.targetCount}
            error={errors.targetCount}
            onChange={(e) => set('targetCount', e.target.value)}
          />
        </div>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            name="startsOn"
            type="date"
            label={goalPeriod.startLabel}
            hint={goalPeriod.startHint}
            value={values.startsOn}
            error={errors.startsOn}
            onChange={(e) => set('startsOn', e.target.value)}
          />
          <TextField
            name="deadline"
            type="date"
            label={t('Deadline')}
            value={values.deadline}
            error={errors.deadline}
            onChange={(e) => set('deadline', e.target.value)}
          />
        </div>
        {goal && (
          <TextField
            name="currentCount"
            type="number"
            inputMode="numeric"
            min={0}
            label={t('Current progress')}
            value={values.currentCount}
            error={errors.currentCount}
            onChange={(e) => set('currentCount', e.target.value)}
          />
        )}
        <CheckboxField name="completed" label={t('Mark goal as completed')} checked={values.completed} onChange={(v) => set('completed', v)} />
      </FieldGroup>
      <FormActions
        busy={create.isPending || update.isPending}
        submitLabel={goal ? t('Save Changes') : t('Create Goal')}
        busyLabel={t('Saving...')}
        onCancel={onDone}
      />
    </form>
  );
}
