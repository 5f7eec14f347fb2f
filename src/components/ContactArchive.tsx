// Archiving a person with a reason (issue 50 §7): instead of deleting someone who moved away or said no, they leave the
// lists, needs attention and Pray today, and come back with Restore. Delete stays for mistakes.
import { contactArchiveInput } from '../../shared/schemas/contacts';
import type { archiveReasons } from '../../shared/vocabulary';
import { SelectField, TextAreaField, FormActions, FieldGroup } from '../forms/Fields';
import { useFormState } from '../forms/useFormState';
import { useWrite } from '../hooks/useWrite';
import { t } from '../i18n';
import { formatDay } from '../lib/dates';
import { failure } from '../lib/messages';
import { trpc } from '../lib/trpc';
import { Modal } from './Modal';

type ArchiveReason = (typeof archiveReasons)[number];

/** Each reason in the user's words, in the order the form offers them. */
export function archiveReasonLabel(reason: ArchiveReason): string {
  switch (reason) {
    case 'moved':
      return t('Moved away');
    case 'not_interested':
      return t('Not interested');
    case 'unreachable':
      return t('No longer reachable');
    case 'duplicate':
      return t('Duplicate');
    case 'other':
      return t('Other');
  }
}
const reasons: ArchiveReason[] = ['moved', 'not_interested', 'unreachable', 'duplicate', 'other'];

interface ArchivedContact {
  id: number;
  name: string;
  archivedAt: Date | null;
  archiveReason: ArchiveReason | null;
  archiveNote: string | null;
}

/** The dialog that archives a contact: a reason (required) and an optional note. */
export function ArchiveDialog({ open, contact, onClose }: { open: boolean; contact: { id: number; name: string }; onClose(): void }) {
  return (
    <Modal open={open} title={t('Archive {name}', { name: contact.name })} onClose={onClose}>
      {open && <ArchiveForm contact={contact} onDone={onClose} />}
    </Modal>
  );
}

function ArchiveForm({ contact, onDone }: { contact: { id: number; name: string }; onDone(): void }) {
  const archive = trpc.contacts.archive.useMutation();
  const write = useWrite();
  const { values, set, errors, submit } = useFormState({ reason: 'moved' as ArchiveReason, note: '' });
  const onSubmit = submit(
    contactArchiveInput,
    (v) => ({ id: contact.id, reason: v.reason, note: v.note }),
    async (input) => {
      await write(() => archive.mutateAsync(input), { kind: 'contact', done: t('Contact archived'), failed: failure.updateContact });
      onDone();
    },
  );
  return (
    <form method="post" noValidate onSubmit={onSubmit}>
      <p className="mb-4 text-sm text-base-content/80">
        {t('They leave your lists, needs attention and Pray today. What was counted stays, and you can restore them at any time.')}
      </p>
      <FieldGroup>
        <SelectField
          name="reason"
          label={t('Why?')}
          value={values.reason}
          error={errors.reason}
          options={reasons.map((reason) => ({ value: reason, label: archiveReasonLabel(reason) }))}
          onChange={(e) => set('reason', e.target.value as ArchiveReason)}
        />
        <TextAreaField name="note" label={t('Note (optional)')} value={values.note} error={errors.note} onChange={(e) => set('note', e.target.value)} />
      </FieldGroup>
      <FormActions busy={archive.isPending} submitLabel={t('Archive')} busyLabel={t('Saving...')} onCancel={onDone} />
    </form>
  );
}

/** On an archived contact's page: since when and why, and Restore for whoever may change the contact. */
export function ArchivedNotice({ contact, changes }: { contact: ArchivedContact; changes: boolean }) {
  const restore = trpc.contacts.restore.useMutation();
  const write = useWrite();
  if (!contact.archivedAt) return null;
  return (
    <div role="status" className="alert flex flex-wrap items-start alert-warning">
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-semibold">
          {t('Archived on {date}: {reason}', {
            date: formatDay(contact.archivedAt),
            reason: contact.archiveReason ? archiveReasonLabel(contact.archiveReason) : archiveReasonLabel('other'),
          })}
        </p>
        {contact.archiveNote && (
          <p dir="auto" className="mt-1 text-sm wrap-anywhere whitespace-pre-line">
            {contact.archiveNote}
          </p>
        )}
      </div>
      {changes && (
        <button
          type="button"
          className="btn btn-sm"
          disabled={restore.isPending}
          onClick={() =>
            void write(() => restore.mutateAsync({ id: contact.id }), { kind: 'contact', done: t('Contact restored'), failed: failure.updateContact }).catch(
              () => undefined,
            )
          }
        >
          {t('Restore')}
        </button>
      )}
    </div>
  );
}
