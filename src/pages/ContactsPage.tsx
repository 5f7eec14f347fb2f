// Contacts: a card per person with status, phone, email and notes; add, edit and delete.
import { useState } from 'react';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ContactAvatar } from '../components/ContactAvatar';
import { EmptyState } from '../components/EmptyState';
import { MailIcon, PhoneIcon, PlusIcon } from '../components/Icons';
import { Modal } from '../components/Modal';
import { PageHeader } from '../components/PageHeader';
import { RowMenu } from '../components/RowMenu';
import { Spinner } from '../components/Spinner';
import { StatusBadge } from '../components/StatusBadge';
import { ContactForm, type Contact } from '../forms/ContactForm';
import { useWrite } from '../hooks/useWrite';
import { confirmDelete, failure, success } from '../lib/messages';
import { trpc } from '../lib/trpc';

export default function ContactsPage() {
  const contacts = trpc.contacts.list.useQuery();
  const remove = trpc.contacts.remove.useMutation();
  const write = useWrite();
  // null: no form; {}: adding; { contact }: editing that contact.
  const [form, setForm] = useState<{ contact?: Contact } | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);

  async function removeContact(contact: Contact) {
    await write(() => remove.mutateAsync({ id: contact.id }), { kind: 'contact', done: success.contactDeleted, failed: failure.deleteContact }).catch(() => undefined);
    setDeleting(null);
  }

  return (
    <>
      <PageHeader
        title="Contacts"
        subtitle="The people you are sharing your journey with."
        action={
          <button type="button" className="btn btn-primary" onClick={() => setForm({})}>
            <PlusIcon /> Add Contact
          </button>
        }
      />
      {contacts.isLoading ? (
        <Spinner />
      ) : contacts.isError ? (
        <p role="alert" className="alert alert-error">
          We could not load your contacts. Please try refreshing the page.
        </p>
      ) : !contacts.data?.length ? (
        <EmptyState
          title="No contacts yet"
          text="Get started by adding your first contact."
          action={
            <button type="button" className="btn btn-outline btn-primary btn-sm" onClick={() => setForm({})}>
              Add Contact
            </button>
          }
        />
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {contacts.data.map((contact) => (
            <li key={contact.id} className="card border border-base-300 bg-base-100">
              <div className="card-body gap-3 p-5">
                <div className="flex items-start gap-3">
                  <ContactAvatar name={contact.name} />
                  <div className="min-w-0 flex-1">
                    <h2 className="font-semibold break-words">{contact.name}</h2>
                    <StatusBadge status={contact.spiritualStatus} />
                  </div>
                  <RowMenu
                    label={`Actions for ${contact.name}`}
                    items={[
                      { label: 'Edit', onSelect: () => setForm({ contact }) },
                      { label: 'Delete', onSelect: () => setDeleting(contact), danger: true },
                    ]}
                  />
                </div>
                {(contact.phone || contact.email) && (
                  <ul className="grid gap-1.5 text-sm">
                    {contact.phone && (
                      <li className="flex min-w-0 items-center gap-2">
                        <PhoneIcon small />
                        <span className="sr-only">Phone:</span>
                        <a className="link min-w-0 break-all link-hover" href={`tel:${contact.phone}`}>
                          {contact.phone}
                        </a>
                      </li>
                    )}
                    {contact.email && (
                      <li className="flex min-w-0 items-center gap-2">
                        <MailIcon small />
                        <span className="sr-only">Email:</span>
                        <a className="link min-w-0 break-all link-hover" href={`mailto:${contact.email}`}>
                          {contact.email}
                        </a>
                      </li>
                    )}
                  </ul>
                )}
                {contact.notes && <p className="line-clamp-2 text-sm break-words text-base-content/80">{contact.notes}</p>}
              </div>
            </li>
          ))}
        </ul>
      )}

      <Modal open={Boolean(form)} title={form?.contact ? 'Edit Contact' : 'Add Contact'} onClose={() => setForm(null)}>
        {form && <ContactForm key={form.contact?.id ?? 'new'} contact={form.contact} onDone={() => setForm(null)} />}
      </Modal>
      <ConfirmDialog
        open={Boolean(deleting)}
        title="Delete contact"
        message={deleting ? confirmDelete.contact(deleting.name) : ''}
        busy={remove.isPending}
        onConfirm={() => deleting && void removeContact(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
