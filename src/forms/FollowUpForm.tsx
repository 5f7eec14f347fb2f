// Schedule or edit a follow-up; the contact is fixed once it exists, completion is set when editing; it may repeat.
import { useState } from 'react';
import { followUpCreateInput, followUpUpdateInput } from '../../shared/schemas/followUps';
import { repeatBases, repeatUnits, type RepeatBasis, type RepeatUnit } from '../../shared/nudges';
import { SeriesScopeDialog } from '../components/SeriesScopeDialog';
import type { FollowUpScope } from '../../shared/lists';
import { useWrite } from '../hooks/useWrite';
import { t } from '../i18n';
import { addDaysFromToday, fromDateInputValue, toDateInputValue } from '../lib/dates';
import { failure, success } from '../lib/messages';
import { offline } from '../lib/offlineMessages';
import { followUpTypeLabel, contactNameShown } from '../../shared/vocabulary';
import { browserTimeZone, repeatUnitName } from '../lib/repeat';
import { trpc, type RouterOutputs } from '../lib/trpc';
import { ContactSelect } from './ContactSelect';
import { useWritableContactNames } from '../components/team-work/rights';
import { PlaceNote } from '../components/team-work/RecordPlace';
import { CheckboxField, FieldGroup, FormActions, SelectField, TextAreaField } from './Fields';
import { followUpTypeOptions } from './options';
import { TextField } from './TextField';
import { useFormState } from './useFormState';
import { useOutboxCreate } from './useOutboxCreate';

export type FollowUp = RouterOutputs['followUps']['list'][number];

/** What a new follow-up starts with (a suggested next step, for instance); the user can change each. */
export interface FollowUpDefaults {
  description?: string;
  type?: FollowUp['type'];
  date?: Date;
}

const basisLabels: Record<RepeatBasis, () => string> = {
  date: () => t('From its date'),
  completion: () => t('From when it is completed'),
};

interface FollowUpFormProps {
  followUp?: FollowUp;
  defaultContactId?: number;
  /** Starting values of a new follow-up (ignored when editing one). */
  defaults?: FollowUpDefaults;
  onDone(): void;
}

export function FollowUpForm({ followUp, defaultContactId, defaults, onDone }: FollowUpFormProps) {
  const { values, set, errors, submit } = useFormState({
    contactId: String(followUp?.contactId ?? defaultContactId ?? ''),
    date: toDateInputValue(followUp?.date ?? defaults?.date ?? addDaysFromToday(7)),
    type: followUp?.type ?? defaults?.type ?? 'phone',
    description: followUp?.description ?? defaults?.description ?? '',
    completed: followUp?.completed ?? false,
    repeats: Boolean(followUp?.repeatEvery),
    repeatEvery: String(followUp?.repeatEvery ?? 1),
    repeatUnit: (followUp?.repeatUnit ?? 'week') as RepeatUnit,
    repeatFrom: (followUp?.repeatFrom ?? 'date') as RepeatBasis,
  });
  // An edit of a follow-up in a series waits for the answer to 'this one, or this and the later ones?'.
  const [askingScope, setAskingScope] = useState<((scope: FollowUpScope) => void) | null>(null);
  const inSeries = Boolean(followUp?.repeatEvery && followUp.seriesId);
  const create = trpc.followUps.create.useMutation();
  const outbox = useOutboxCreate();
  const contacts = useWritableContactNames();
  const update = trpc.followUps.update.useMutation();
  const write = useWrite();
  // A follow-up made from an activity may be a Bible Study, which this form's list (SPEC §2) does not offer: the saved
  // type is shown, and kept, rather than silently read as the first option.
  const savedType = followUp?.type ?? defaults?.type;
  const typeOptions =
    savedType && !followUpTypeOptions.some((o) => o.value === savedType)
      ? [...followUpTypeOptions, { value: savedType, label: followUpTypeLabel(savedType) }]
      : followUpTypeOptions;
  const toInput = (v: typeof values) => ({
    contactId: v.contactId ? Number(v.contactId) : undefined,
    date: v.date ? fromDateInputValue(v.date) : undefined,
    type: v.type,
    description: v.description,
    repeat: v.repeats ? { every: Number(v.repeatEvery), unit: v.repeatUnit, from: v.repeatFrom } : null,
    timeZone: browserTimeZone(),
  });
  const every = Number(values.repeatEvery) || 1;
  const contactRequired = (v: typeof values): Record<string, string> => (v.contactId ? {} : { contactId: t('Contact is required') });

  const onSubmit = followUp
    ? // A cleared date must not be read as 'leave the date as it was'.
      submit(
        followUpUpdateInput.required({ date: true }),
        (v) => ({ ...toInput(v), contactId: undefined, id: followUp.id, completed: v.completed }),
        async (input) => {
          const save = async (scope: FollowUpScope) => {
            await write(() => update.mutateAsync({ ...input, scope }), { done: success.followUpUpdated, failed: failure.updateFollowUp, kind: 'followUp' });
            onDone();
          };
          if (inSeries) setAskingScope(() => (scope: FollowUpScope) => void save(scope).catch(() => setAskingScope(null)));
          else await save('one');
        },
      )
    : submit(
        followUpCreateInput,
        toInput,
        async (input) => {
          if (outbox.offline) {
            const contactName = contacts.data?.find((contact) => contact.id === input.contactId)?.name ?? '';
            if (await outbox.keep({ kind: 'followUp', input, contactName }, offline.keptFollowUp, failure.scheduleFollowUp)) onDone();
            return;
          }
          await write(() => create.mutateAsync({ ...input, idempotencyKey: outbox.idempotencyKey }), {
            done: success.followUpScheduled,
            failed: failure.scheduleFollowUp,
            kind: 'followUp',
          });
          onDone();
        },
        contactRequired,
      );

  return (
    <form method="post" noValidate onSubmit={onSubmit}>
      <FieldGroup>
        <ContactSelect
          value={values.contactId}
          current={followUp && { id: followUp.contactId, name: contactNameShown(followUp.contactName) }}
          error={errors.contactId}
          onChange={(value) => set('contactId', value)}
        />
        {/* A new one goes where its contact is (records follow their contact): said before it is saved. */}
        {!followUp && <PlaceNote teamId={contacts.data?.find((contact) => String(contact.id) === values.contactId)?.teamId} />}
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField name="date" type="date" label={t('Date')} value={values.date} error={errors.date} onChange={(e) => set('date', e.target.value)} />
          <SelectField
            name="type"
            label={t('Type')}
            value={values.type}
            options={typeOptions}
            onChange={(e) => set('type', e.target.value as typeof values.type)}
          />
        </div>
        <TextAreaField
          name="description"
          label={t('Description')}
          value={values.description}
          error={errors.description}
          onChange={(e) => set('description', e.target.value)}
          placeholder={t('What will you do?')}
        />
        <fieldset className="flex flex-col gap-3">
          <legend className="sr-only">{t('Repeat')}</legend>
          <CheckboxField name="repeats" label={t('Repeat')} checked={values.repeats} onChange={(v) => set('repeats', v)} />
          {values.repeats && (
            <div className="grid grid-cols-[5rem_1fr] gap-3 sm:grid-cols-[5rem_1fr_1.6fr]">
              <TextField
                name="repeatEvery"
                type="number"
                inputMode="numeric"
                min={1}
                max={365}
                label={t('Every')}
                value={values.repeatEvery}
                error={errors['repeat.every']}
                onChange={(e) => set('repeatEvery', e.target.value)}
              />
              <SelectField
                name="repeatUnit"
                label={t('Unit')}
                value={values.repeatUnit}
                options={repeatUnits.map((unit) => ({ value: unit, label: repeatUnitName(unit, every) }))}
                onChange={(e) => set('repeatUnit', e.target.value as RepeatUnit)}
              />
              <div className="col-span-2 sm:col-span-1">
                <SelectField
                  name="repeatFrom"
                  label={t('Next one counts')}
                  value={values.repeatFrom}
                  options={repeatBases.map((basis) => ({ value: basis, label: basisLabels[basis]() }))}
                  onChange={(e) => set('repeatFrom', e.target.value as RepeatBasis)}
                />
              </div>
            </div>
          )}
        </fieldset>
        {followUp && <CheckboxField name="completed" label={t('Completed')} checked={values.completed} onChange={(v) => set('completed', v)} />}
      </FieldGroup>
      <FormActions
        busy={create.isPending || update.isPending}
        submitLabel={followUp ? t('Save Changes') : t('Schedule Follow-up')}
        busyLabel={t('Saving...')}
        onCancel={onDone}
      />
      <SeriesScopeDialog
        open={Boolean(askingScope)}
        title={t('Edit a repeating follow-up')}
        message={t('Save the changes to this follow-up only, or to this one and the later ones of its series?')}
        busy={update.isPending}
        onChoose={(scope) => askingScope?.(scope)}
        onCancel={() => setAskingScope(null)}
      />
    </form>
  );
}
