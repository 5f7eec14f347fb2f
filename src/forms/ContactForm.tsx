// Add or edit a contact: name, email, phone, spiritual status, notes. Before adding a second contact of a name (however
// written: 'Lucia Fernandez' is 'Lucía Fernández'), the form asks whether to open the one there is or add another.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { foldText } from '../../shared/fold';
import { contactCreateInput } from '../../shared/schemas/contacts';
import { useWrite } from '../hooks/useWrite';
import { t } from '../i18n';
import { failure, success } from '../lib/messages';
import { trpc, type RouterOutputs } from '../lib/trpc';
import { FieldGroup, FormActions, SelectField, TextAreaField } from './Fields';
import { spiritualStatusOptions } from './options';
import { TextField } from './TextField';
import { useFormState } from './useFormState';
import { PlaceField, placeTeamId, useDefaultPlace } from '../components/team-work/RecordPlace';

export type Contact = RouterOutputs['contacts']['list'][number];
type SameNamed = RouterOutputs['contacts']['sameName'];

/** The question under the name: the readable contacts already named so, each a link to open it; or add another. */
function SameNameQuestion({ contacts, onOpen }: { contacts: SameNamed; onOpen(): void }) {
  return (
    <div role="alert" className="alert alert-warning flex flex-col items-start gap-2 text-sm">
      <p>{t('{count, plural, one {A contact with this name already exists.} other {# contacts with this name already exist.}}', { count: contacts.length })}</p>
      <ul className="flex flex-col gap-1">
        {contacts.map((existing) => (
          <li key={existing.id}>
            <Link to={`/contacts/${existing.id}`} className="link font-medium" onClick={onOpen}>
              {t('Open {name}', { name: existing.name })}
            </Link>
          </li>
        ))}
      </ul>
      <p>{t('Or add another contact with this name.')}</p>
    </div>
  );
}

export function ContactForm({ contact, onDone }: { contact?: Contact; onDone(): void }) {
  const { values, set, errors, submit } = useFormState({
    name: contact?.name ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    spiritualStatus: contact?.spiritualStatus ?? 'unknown',
    notes: contact?.notes ?? '',
    // A new contact's place; an existing one moves only by sharing or taking it back (the contact's page).
    place: useDefaultPlace(),
  });
  const create = trpc.contacts.create.useMutation();
  const update = trpc.contacts.update.useMutation();
  const write = useWrite();
  const utils = trpc.useUtils();
  // The contacts already named as the name was when the form asked (by its folded key); asked once per name.
  const [asked, setAsked] = useState<{ key: string; contacts: SameNamed } | null>(null);
  const question = asked && asked.key === foldText(values.name) ? asked : null;

  const onSubmit = submit(
    contactCreateInput,
    ({ place, ...v }) => (contact ? v : { ...v, teamId: placeTeamId(place) }),
    async (input) => {
      if (contact) {
        // A contact's team is not one of its fields: it moves with contacts.share and unshare, and an update refuses it.
        const { teamId: _team, ...changes } = input;
        await write(() => update.mutateAsync({ id: contact.id, ...changes }), { done: success.contactUpdated, failed: failure.updateContact, kind: 'contact' });
      } else {
        const key = foldText(input.name);
        if (asked?.key !== key && navigator.onLine) {
          // Unanswered (a lost connection, an error): the form adds the contact as it did before it could ask.
          const existing = await utils.contacts.sameName.fetch({ name: input.name }).catch(() => []);
          if (existing.length) {
            setAsked({ key, contacts: existing });
            return;
          }
        }
        await write(() => create.mutateAsync(input), { done: success.contactCreated, failed: failure.createContact, kind: 'contact' });
      }
      onDone();
    },
  );

  return (
    <form method="post" noValidate onSubmit={onSubmit}>
      <FieldGroup>
        <TextField name="name" label={t('Name')} value={values.name} error={errors.name} onChange={(e) => set('name', e.target.value)} autoComplete="off" />
        {question && <SameNameQuestion contacts={question.contacts} onOpen={onDone} />}
        <TextField
          name="email"
          type="email"
          label={t('Email')}
          value={values.email}
          error={errors.email}
          onChange={(e) => set('email', e.target.value)}
          autoComplete="off"
        />
        <TextField
          name="phone"
          type="tel"
          label={t('Phone')}
          value={values.phone}
          error={errors.phone}
          onChange={(e) => set('phone', e.target.value)}
          autoComplete="off"
        />
        <SelectField
          name="spiritualStatus"
          label={t('Spiritual status')}
          value={values.spiritualStatus}
          options={spiritualStatusOptions}
          onChange={(e) => set('spiritualStatus', e.target.value as typeof values.spiritualStatus)}
        />
        <TextAreaField name="notes" label={t('Notes')} value={values.notes} error={errors.notes} onChange={(e) => set('notes', e.target.value)} />
        {!contact && <PlaceField value={values.place} onChange={(place) => set('place', place)} />}
      </FieldGroup>
      <FormActions
        busy={create.isPending || update.isPending}
        submitLabel={contact ? t('Save Changes') : question ? t('Add another contact') : t('Add Contact')}
        busyLabel={t('Saving...')}
        onCancel={onDone}
      />
    </form>
  );
}
