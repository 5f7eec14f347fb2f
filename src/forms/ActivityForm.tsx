// Log or edit an activity; a new one may also schedule a follow-up and add a prayer request, all in one create.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { spiritualCheckPath } from '../components/SpiritualCheck';
import { activityCreateInput, activityUpdateInput } from '../../shared/schemas/activities';
import { useOnline } from '../hooks/useOnline';
import { useWrite } from '../hooks/useWrite';
import { t } from '../i18n';
import { browserTimeZone } from '../lib/repeat';
import { addDaysFromToday, fromDateInputValue, isMoreThanADayAhead, toDateInputValue } from '../lib/dates';
import { activityDate, activityWrittenDescription, failure, success } from '../lib/messages';
import { offline } from '../lib/offlineMessages';
import { trpc, type RouterOutputs } from '../lib/trpc';
import { CheckboxField, FieldGroup, FormActions, SelectField, TextAreaField } from './Fields';
import { activityFollowUpTypeOptions, activityTypeOptions } from './options';
import { ContactCombobox, contactNamed, sameName, type ContactChoice } from './ContactCombobox';
import { TextField } from './TextField';
import { OtherPeopleField } from './OtherPeopleField';
import { useFormState } from './useFormState';
import { useOutboxCreate } from './useOutboxCreate';
import { useWritableContactNames } from '../components/team-work/rights';
import { PlaceField, PlaceNote, placeTeamId, useDefaultPlace } from '../components/team-work/RecordPlace';
import { contactNameShown } from '../../shared/vocabulary';

export type Activity = RouterOutputs['activities']['list'][number];

const dateOrUndefined = (value: string) => (value ? fromDateInputValue(value) : undefined);
/** A typed date more than a day ahead is most likely a slip (a wrong year): said under the field, not refused. */
const isFarAhead = (value: string) => Boolean(value) && isMoreThanADayAhead(fromDateInputValue(value));

interface ActivityFormProps {
  activity?: Activity;
  /** A new activity starts with this contact (from their page); kept by id while the name is left as it is. */
  forContact?: { id: number; name: string };
  onDone(): void;
}

export function ActivityForm({ activity, forContact, onDone }: ActivityFormProps) {
  const contacts = useWritableContactNames();
  const original = activity ? { id: activity.contactId, name: contactNameShown(activity.contactName) } : forContact;
  // The contact picked from the list (or the one the form opened with), kept by id while its name stays typed.
  const [picked, setPicked] = useState<ContactChoice | undefined>(original);
  // The other people who were there (issue 50 §4), as the activity names them.
  const [others, setOthers] = useState<ContactChoice[]>(activity?.others ?? []);
  const { values, set, errors, submit } = useFormState({
    contactName: activity?.contactName ?? forContact?.name ?? '',
    date: toDateInputValue(activity?.date ?? new Date()),
    type: activity?.type ?? 'conversation',
    notes: activity?.notes ?? '',
    withFollowUp: false,
    followUpDate: toDateInputValue(addDaysFromToday(7)),
    followUpType: 'phone',
    followUpDescription: '',
    withPrayer: false,
    prayerRequest: '',
    // Where a new contact named here goes; an activity about a known contact goes where that contact is.
    place: useDefaultPlace(),
  });
  const create = trpc.activities.create.useMutation();
  const update = trpc.activities.update.useMutation();
  const write = useWrite();
  const online = useOnline();
  const navigate = useNavigate();
  // One key per form: pressing Log Activity again after a lost answer cannot create the activity twice.
  const outbox = useOutboxCreate();
  const dateRequired = (v: typeof values) => ({
    ...(v.date ? {} : { date: t('Date is required') }),
    ...(v.withFollowUp && !v.followUpDate ? { 'followUp.date': t('Date is required') } : {}),
  });

  /**
   * By id while the name of the contact picked (or opened with) is still there, so a second contact of the same name
   * cannot take this activity; a typed name that is a known contact's however written ('Lucia Fernandez') is that
   * contact, as the form said under the field; any other name is matched by the server among contacts the user may change.
   */
  function contactOf(typed: string) {
    if (picked && sameName(picked.name, typed)) return { contactId: picked.id };
    const known = contactNamed(contacts.data ?? [], typed);
    return known ? { contactId: known.id } : { contactName: typed };
  }

  const target = values.contactName.trim() ? contactOf(values.contactName) : undefined;
  const targetTeamId = target && 'contactId' in target ? contacts.data?.find((contact) => contact.id === target.contactId)?.teamId : undefined;
  // The others are of the first person's place: a known contact's, or where a new one named here goes.
  const firstPlace = target && 'contactId' in target ? targetTeamId : target ? placeTeamId(values.place) : undefined;
  const firstId = target && 'contactId' in target ? target.contactId : undefined;
  const otherChoices = (contacts.data ?? []).filter(
    (contact) => contact.id !== firstId && (firstPlace === undefined || (contact.teamId ?? null) === (firstPlace ?? null)),
  );

  const onSubmit = activity
    ? submit(
        activityUpdateInput,
        (v) => ({
          id: activity.id,
          ...contactOf(v.contactName),
          contactIds: others.map((person) => person.id),
          date: dateOrUndefined(v.date),
          type: v.type,
          notes: v.notes,
        }),
        async (input) => {
          await write(() => update.mutateAsync(input), {
            done: (updated) => ({ title: success.activityUpdated, description: activityWrittenDescription(updated) }),
            failed: failure.updateActivity,
            kind: 'activity',
          });
          onDone();
        },
        dateRequired,
      )
    : submit(
        activityCreateInput,
        (v) => ({
          ...contactOf(v.contactName),
          // Only a new contact takes the place chosen; the server puts an activity about a known one where that contact is.
          teamId: 'contactName' in contactOf(v.contactName) ? placeTeamId(v.place) : undefined,
          contactIds: others.length ? others.map((person) => person.id) : undefined,
          date: dateOrUndefined(v.date),
          type: v.type,
          notes: v.notes,
          followUp: v.withFollowUp ? { date: dateOrUndefined(v.followUpDate), type: v.followUpType, description: v.followUpDescription } : undefined,
          prayer: v.withPrayer ? { request: v.prayerRequest } : undefined,
          // Where the user's days are: the answer's 'Any changes spiritually?' reads the status change's day there.
          timeZone: browserTimeZone(),
        }),
        async (input) => {
          // Offline, a call would only wait; the outbox keeps it and sends it with this key when the connection returns.
          if (outbox.offline) {
            if (await outbox.keep({ kind: 'activity', input, contactName: values.contactName.trim() }, offline.keptDetail, failure.createActivity)) onDone();
            return;
          }
          await write(() => create.mutateAsync({ ...input, idempotencyKey: outbox.idempotencyKey }), {
            done: (created) => ({
              title: success.activityCreated,
              description: activityWrittenDescription(created),
              // After a few activities with the person since their status last changed (issue 16): their page asks.
              action: created.askSpiritualChange
                ? { label: t('Any changes spiritually?'), onSelect: () => void navigate(spiritualCheckPath(created.contactId)) }
                : undefined,
            }),
            failed: failure.createActivity,
            kind: 'activityCreate',
          });
          onDone();
        },
        dateRequired,
      );

  return (
    <form method="post" noValidate onSubmit={onSubmit}>
      <FieldGroup>
        <ContactCombobox
          name="contactName"
          label={t('Contact name')}
          value={values.contactName}
          error={errors.contactName}
          contacts={contacts.data ?? (original ? [original] : [])}
          // Offline without the contact list (never loaded on this device): a name cannot be checked, so nothing is promised.
          cannotCheck={!contacts.data && !online}
          original={activity ? original : undefined}
          onChange={(name, contact) => {
            set('contactName', name);
            if (contact) setPicked(contact);
          }}
          placeholder={t('Who did you talk with?')}
        />
        {!activity &&
          (target && 'contactName' in target ? (
            <PlaceField value={values.place} onChange={(place) => set('place', place)} />
          ) : (
            <PlaceNote teamId={targetTeamId} />
          ))}
        <OtherPeopleField value={others} onChange={setOthers} contacts={otherChoices} error={errors.contactIds} />
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField
            name="date"
            type="date"
            label={t('Date')}
            value={values.date}
            error={errors.date}
            hint={isFarAhead(values.date) ? activityDate.farAhead : undefined}
            onChange={(e) => set('date', e.target.value)}
          />
          <SelectField
            name="type"
            label={t('Type')}
            value={values.type}
            options={activityTypeOptions}
            onChange={(e) => set('type', e.target.value as typeof values.type)}
          />
        </div>
        <TextAreaField
          name="notes"
          label={t('Notes')}
          value={values.notes}
          error={errors.notes}
          onChange={(e) => set('notes', e.target.value)}
          placeholder={t('What did you talk about?')}
        />

        {!activity && (
          <>
            <fieldset className="rounded-box border border-base-300 p-4">
              <legend className="sr-only">{t('Follow-up')}</legend>
              <CheckboxField name="withFollowUp" label={t('Schedule a follow-up')} checked={values.withFollowUp} onChange={(v) => set('withFollowUp', v)} />
              {values.withFollowUp && (
                <div className="mt-3 flex flex-col gap-4">
                  <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                    <TextField
                      name="followUp.date"
                      type="date"
                      label={t('Follow-up date')}
                      value={values.followUpDate}
                      error={errors['followUp.date']}
                      onChange={(e) => set('followUpDate', e.target.value)}
                    />
                    <SelectField
                      name="followUpType"
                      label={t('Follow-up type')}
                      value={values.followUpType}
                      options={activityFollowUpTypeOptions}
                      onChange={(e) => set('followUpType', e.target.value)}
                    />
                  </div>
                  <TextAreaField
                    name="followUpDescription"
                    label={t('Follow-up description')}
                    value={values.followUpDescription}
                    error={errors['followUp.description']}
                    onChange={(e) => set('followUpDescription', e.target.value)}
                    placeholder={t('Follow-up for activity')}
                  />
                </div>
              )}
            </fieldset>
            <fieldset className="rounded-box border border-base-300 p-4">
              <legend className="sr-only">{t('Prayer')}</legend>
              <CheckboxField name="withPrayer" label={t('Add to prayer journal')} checked={values.withPrayer} onChange={(v) => set('withPrayer', v)} />
              {values.withPrayer && (
                <div className="mt-3">
                  <TextAreaField
                    name="prayerRequest"
                    label={t('Prayer request')}
                    value={values.prayerRequest}
                    error={errors['prayer.request']}
                    onChange={(e) => set('prayerRequest', e.target.value)}
                    placeholder={t('Prayer related to activity')}
                  />
                </div>
              )}
            </fieldset>
          </>
        )}
      </FieldGroup>
      <FormActions
        busy={create.isPending || update.isPending}
        submitLabel={activity ? t('Save Changes') : t('Log Activity')}
        busyLabel={t('Saving...')}
        onCancel={onDone}
      />
    </form>
  );
}
