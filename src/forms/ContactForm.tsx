// Add or edit a contact: name, email, phone, spiritual status, notes.
import { contactCreateInput } from '../../server/schemas/contacts';
import { useWrite } from '../hooks/useWrite';
import { t } from '../i18n';
import { failure, success } from '../lib/messages';
import { trpc, type RouterOutputs } from '../lib/trpc';
import { FieldGroup, FormActions, SelectField, TextAreaField } from './Fields';
import { spiritualStatusOptions } from './options';
import { TextField } from './TextField';
import { useFormState } from './useFormState';

export type Contact = RouterOutputs['contacts']['list'][number];

export function ContactForm({ contact, onDone }: { contact?: Contact; onDone(): void }) {
  const { values, set, errors, submit } = useFormState({
    name: contact?.name ?? '',
    email: contact?.email ?? '',
    phone: contact?.phone ?? '',
    spiritualStatus: contact?.spiritualStatus ?? 'unknown',
    notes: contact?.notes ?? '',
  });
  const create = trpc.contacts.create.useMutation();
  const update = trpc.contacts.update.useMutation();
  const write = useWrite();

  const onSubmit = submit(contactCreateInput, (v) => v, async (input) => {
    if (contact) await write(() => update.mutateAsync({ id: contact.id, ...input }), { done: success.contactUpdated, failed: failure.updateContact, kind: 'contact' });
    else await write(() => create.mutateAsync(input), { done: success.contactCreated, failed: failure.createContact, kind: 'contact' });
    onDone();
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <FieldGroup>
        <TextField name="name" label={t('Name')} value={values.name} error={errors.name} onChange={(e) => set('name', e.target.value)} autoComplete="off" />
        <TextField name="email" type="email" label={t('Email')} value={values.email} error={errors.email} onChange={(e) => set('email', e.target.value)} autoComplete="off" />
        <TextField name="phone" type="tel" label={t('Phone')} value={values.phone} error={errors.phone} onChange={(e) => set('phone', e.target.value)} autoComplete="off" />
        <SelectField name="spiritualStatus" label={t('Spiritual status')} value={values.spiritualStatus} options={spiritualStatusOptions} onChange={(e) => set('spiritualStatus', e.target.value as typeof values.spiritualStatus)} />
        <TextAreaField name="notes" label={t('Notes')} value={values.notes} error={errors.notes} onChange={(e) => set('notes', e.target.value)} />
      </FieldGroup>
      <FormActions busy={create.isPending || update.isPending} submitLabel={contact ? t('Save Changes') : t('Add Contact')} busyLabel={t('Saving...')} onCancel={onDone} />
    </form>
  );
}
