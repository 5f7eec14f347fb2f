// Contacts: a card per person with status, phone, email and notes; add, edit and delete.
import { useState } from 'react';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ContactAvatar } from '../components/ContactAvatar';
import { EmptyState } from '../components/EmptyState';
import { PlusIcon } from '../components/Icons';
import { Modal } from '../components/Modal';
import { PageHeader } from '../components/PageHeader';
import { RowMenu } from '../components/RowMenu';
import { Spinner } from '../components/Spinner';
import { StatusBadge } from '../components/StatusBadge';
import { ContactForm, type Contact } from '../forms/ContactForm';
import { useWrite } from '../hooks/useWrite';
import { failure, success } from '../lib/messages';
import { trpc } from '../lib/trpc';

export default function ContactsPage() {
  const contacts = trpc.contacts.list.useQuery();
  const remove = trpc.contacts.remove.useMutation();
  const write = useWrite();
  const [form, setForm] = useState<{ contact?: Contact } | null>(null);
  const [deleting, setDeleting] = useState<Contact | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    await write(() => remove.mutateAsync({ id: deleting.id }), {
      done: success.contactDeleted,
      failed: failure.deleteContact,
      refresh: ['contacts', 'activities', 'followUps', 'prayerRequests', 'dashboard'],
    }).catch(() => undefined);
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
                  <dl className="grid gap-1 text-sm">
                    {contact.phone && (
                      <div className="flex gap-2">
                        <dt className="text-base-content/70">Phone</dt>
                        <dd className="break-all">
                          <a className="link link-hover" href={`tel:${contact.phone}`}>
                            {contact.phone}
                          </a>
                        </dd>
                      </div>
                    )}
                    {contact.email && (
                      <div className="flex gap-2">
                        <dt className="text-base-content/70">Email</dt>
                        <dd className="break-all">
                          <a className="link link-hover" href={`mailto:${contact.email}`}>
                            {contact.email}
                          </a>
                        </dd>
                      </div>
                    )}
                  </dl>
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
        message={deleting ? `Are you sure you want to delete ${deleting.name}? Their activities, follow-ups and prayer requests will be deleted too. This action cannot be undone.` : ''}
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}
