// Schedule or edit a follow-up; the contact is fixed once it exists, completion is set when editing.
import { followUpCreateInput, followUpUpdateInput } from '../../server/schemas/followUps';
import { useWrite } from '../hooks/useWrite';
import { t } from '../i18n';
import { addDaysFromToday, fromDateInputValue, toDateInputValue } from '../lib/dates';
import { failure, success } from '../lib/messages';
import { followUpTypeLabel, type FollowUpType } from '../../shared/vocabulary';
import { trpc, type RouterOutputs } from '../lib/trpc';
import { ContactSelect } from './ContactSelect';
import { CheckboxField, FieldGroup, FormActions, SelectField, TextAreaField } from './Fields';
import { followUpTypeOptions } from './options';
import { TextField } from './TextField';
import { useFormState } from './useFormState';

export type FollowUp = RouterOutputs['followUps']['list'][number];

/** What a new follow-up starts with (a suggested next step, issue 16): the user still confirms it. */
export interface FollowUpDefaults {
  date?: Date;
  type?: FollowUpType;
  description?: string;
}

export function FollowUpForm({ followUp, defaultContactId, defaults, onDone }: { followUp?: FollowUp; defaultContactId?: number; defaults?: FollowUpDefaults; onDone(): void }) {
  const { values, set, errors, submit } = useFormState({
    contactId: String(followUp?.contactId ?? defaultContactId ?? ''),
    date: toDateInputValue(followUp?.date ?? defaults?.date ?? addDaysFromToday(7)),
    type: followUp?.type ?? defaults?.type ?? 'phone',
    description: followUp?.description ?? defaults?.description ?? '',
    completed: followUp?.completed ?? false,
  });
  const create = trpc.followUps.create.useMutation();
  const update = trpc.followUps.update.useMutation();
  const write = useWrite();
  // A follow-up made from an activity may be a Bible Study, which this form's list (SPEC §2) does not offer: the saved
  // type is shown, and kept, rather than silently read as the first option.
  const savedType = followUp?.type ?? defaults?.type;
  const typeOptions =
    savedType && !followUpTypeOptions.some((o) => o.value === savedType) ? [...followUpTypeOptions, { value: savedType, label: followUpTypeLabel(savedType) }] : followUpTypeOptions;
  const toInput = (v: typeof values) => ({
    contactId: v.contactId ? Number(v.contactId) : undefined,
    date: v.date ? fromDateInputValue(v.date) : undefined,
    type: v.type,
    description: v.description,
  });
  const contactRequired = (v: typeof values): Record<string, string> => (v.contactId ? {} : { contactId: t('Contact is required') });

  const onSubmit = followUp
    ? // A cleared date must not be read as 'leave the date as it was'.
      submit(followUpUpdateInput.required({ date: true }), (v) => ({ ...toInput(v), contactId: undefined, id: followUp.id, completed: v.completed }), async (input) => {
        await write(() => update.mutateAsync(input), { done: success.followUpUpdated, failed: failure.updateFollowUp, kind: 'followUp' });
        onDone();
      })
    : submit(
        followUpCreateInput,
        toInput,
        async (input) => {
          await write(() => create.mutateAsync(input), { done: success.followUpScheduled, failed: failure.scheduleFollowUp, kind: 'followUp' });
          onDone();
        },
        contactRequired,
      );


  return (
    <form noValidate onSubmit={onSubmit}>
      <FieldGroup>
        <ContactSelect value={values.contactId} current={followUp && { id: followUp.contactId, name: followUp.contactName }} error={errors.contactId} onChange={(value) => set('contactId', value)} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField name="date" type="date" label={t('Date')} value={values.date} error={errors.date} onChange={(e) => set('date', e.target.value)} />
          <SelectField name="type" label={t('Type')} value={values.type} options={typeOptions} onChange={(e) => set('type', e.target.value as typeof values.type)} />
        </div>
        <TextAreaField name="description" label={t('Description')} value={values.description} error={errors.description} onChange={(e) => set('description', e.target.value)} placeholder={t('What will you do?')} />
        {followUp && <CheckboxField name="completed" label={t('Completed')} checked={values.completed} onChange={(v) => set('completed', v)} />}
      </FieldGroup>
      <FormActions busy={create.isPending || update.isPending} submitLabel={followUp ? t('Save Changes') : t('Schedule Follow-up')} busyLabel={t('Saving...')} onCancel={onDone} />
    </form>
  );
}
