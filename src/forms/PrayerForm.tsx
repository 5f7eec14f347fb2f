// Add or edit a prayer request; marking it answered reveals the answer date and how it was answered. It may be about
// no one person ("our city") and may go into one of the user's prayer lists (issue 50 §5).
import { prayerCreateInput, prayerUpdateInput } from '../../shared/schemas/prayerRequests';
import { useWrite } from '../hooks/useWrite';
import { t } from '../i18n';
import { fromDateInputValue, toDateInputValue } from '../lib/dates';
import { failure, success } from '../lib/messages';
import { offline } from '../lib/offlineMessages';
import { trpc, type RouterOutputs } from '../lib/trpc';
import { ContactSelect, NO_CONTACT } from './ContactSelect';
import { useAuth } from '../hooks/useAuth';
import { useWritableContactNames } from '../components/team-work/rights';
import { PlaceNote } from '../components/team-work/RecordPlace';
import { CheckboxField, FieldGroup, FormActions, SelectField, TextAreaField } from './Fields';
import { TextField } from './TextField';
import { useFormState } from './useFormState';
import { useOutboxCreate } from './useOutboxCreate';
import { contactNameShown } from '../../shared/vocabulary';

export type Prayer = RouterOutputs['prayerRequests']['list'][number];

interface PrayerFormProps {
  prayer?: Prayer;
  defaultContactId?: number;
  /** The list a new request goes into (the journal's list filter). */
  defaultListId?: number;
  onDone(): void;
}

export function PrayerForm({ prayer, defaultContactId, defaultListId, onDone }: PrayerFormProps) {
  const { user } = useAuth();
  const { values, set, errors, submit } = useFormState({
    contactId: prayer ? (prayer.contactId === null ? NO_CONTACT : String(prayer.contactId)) : String(defaultContactId ?? ''),
    listId: String(prayer ? (prayer.listId ?? '') : (defaultListId ?? '')),
    request: prayer?.request ?? '',
    date: toDateInputValue(prayer?.date ?? new Date()),
    answered: prayer?.answered ?? false,
    answerDate: prayer?.answerDate ? toDateInputValue(prayer.answerDate) : '',
    answerNotes: prayer?.answerNotes ?? '',
  });
  const create = trpc.prayerRequests.create.useMutation();
  const outbox = useOutboxCreate();
  const contacts = useWritableContactNames();
  const update = trpc.prayerRequests.update.useMutation();
  const lists = trpc.prayerLists.list.useQuery();
  // A list is its author's: on someone else's request (a team's) there is none to choose.
  const ownRequest = !prayer || prayer.createdBy === user?.id;
  const write = useWrite();
  const toInput = (v: typeof values) => ({
    contactId: v.contactId === NO_CONTACT ? null : v.contactId ? Number(v.contactId) : undefined,
    listId: ownRequest ? (v.listId ? Number(v.listId) : null) : undefined,
    request: v.request,
    date: v.date ? fromDateInputValue(v.date) : undefined,
    answered: v.answered,
    answerDate: v.answered && v.answerDate ? fromDateInputValue(v.answerDate) : null,
    answerNotes: v.answered ? v.answerNotes : null,
  });
  const formRules = (v: typeof values) => ({
    ...(v.date ? {} : { date: t('Date is required') }),
    ...(v.contactId ? {} : { contactId: t('Choose a contact, or no one person') }),
  });

  const onSubmit = prayer
    ? submit(
        prayerUpdateInput,
        (v) => ({ ...toInput(v), contactId: undefined, id: prayer.id }),
        async (input) => {
          await write(() => update.mutateAsync(input), { done: success.prayerUpdated, failed: failure.updatePrayer, kind: 'prayer' });
          onDone();
        },
        formRules,
      )
    : submit(
        prayerCreateInput,
        toInput,
        async (input) => {
          if (outbox.offline) {
            const contactName = input.contactId == null ? '' : (contacts.data?.find((contact) => contact.id === input.contactId)?.name ?? '');
            if (await outbox.keep({ kind: 'prayer', input, contactName }, offline.keptPrayer, failure.addPrayer)) onDone();
            return;
          }
          await write(() => create.mutateAsync({ ...input, idempotencyKey: outbox.idempotencyKey }), {
            done: success.prayerAdded,
            failed: failure.addPrayer,
            kind: 'prayer',
          });
          onDone();
        },
        formRules,
      );

  // Answered today, unless the user says otherwise.
  function markAnswered(answered: boolean) {
    set('answered', answered);
    if (answered && !values.answerDate) set('answerDate', toDateInputValue(new Date()));
  }

  return (
    <form method="post" noValidate onSubmit={onSubmit}>
      <FieldGroup>
        <ContactSelect
          value={values.contactId}
          current={prayer?.contactId != null ? { id: prayer.contactId, name: contactNameShown(prayer.contactName) } : undefined}
          allowNone
          fixed={Boolean(prayer)}
          error={errors.contactId}
          onChange={(value) => set('contactId', value)}
        />
        {/* A new one goes where its contact is (records follow their contact): said before it is saved. */}
        {!prayer && <PlaceNote teamId={contacts.data?.find((contact) => String(contact.id) === values.contactId)?.teamId} />}
        {ownRequest && (lists.data?.length ?? 0) > 0 && (
          <SelectField
            name="listId"
            label={t('Prayer list')}
            value={values.listId}
            error={errors.listId}
            options={[{ value: '', label: t('No list') }, ...(lists.data ?? []).map((list) => ({ value: String(list.id), label: list.name }))]}
            onChange={(e) => set('listId', e.target.value)}
          />
        )}
        <TextAreaField
          name="request"
          label={t('Prayer request')}
          value={values.request}
          error={errors.request}
          onChange={(e) => set('request', e.target.value)}
          placeholder={t('What are you praying for?')}
        />
        <TextField name="date" type="date" label={t('Date')} value={values.date} error={errors.date} onChange={(e) => set('date', e.target.value)} />
        <CheckboxField name="answered" label={t('Answered')} checked={values.answered} onChange={markAnswered} />
        {values.answered && (
          <>
            <TextField
              name="answerDate"
              type="date"
              label={t('Answer date')}
              value={values.answerDate}
              error={errors.answerDate}
              onChange={(e) => set('answerDate', e.target.value)}
            />
            <TextAreaField
              name="answerNotes"
              label={t('How was it answered?')}
              value={values.answerNotes}
              error={errors.answerNotes}
              onChange={(e) => set('answerNotes', e.target.value)}
            />
          </>
        )}
      </FieldGroup>
      <FormActions
        busy={create.isPending || update.isPending}
        submitLabel={prayer ? t('Save Changes') : t('Add Prayer Request')}
        busyLabel={t('Saving...')}
        onCancel={onDone}
      />
    </form>
  );
}
