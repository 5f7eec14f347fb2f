// One person's page: who they are, where they are on the journey, everything shared with them, and the next steps.
import { useDocumentTitle } from '../hooks/useDocumentTitle';
import { screenTitles } from '../lib/offlineMessages';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { t } from '../i18n';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { ContactAvatar } from '../components/ContactAvatar';
import { ContactMethods } from '../components/ContactMethods';
import { ContactTouchpoints } from '../components/ContactTouchpoints';
import { ContactTimeline } from '../components/ContactTimeline';
import { EmptyState } from '../components/EmptyState';
import { PlusIcon } from '../components/Icons';
import { RecordUnavailable } from '../components/RecordUnavailable';
import { JourneyPath } from '../components/JourneyPath';
import { LoadMore } from '../components/LoadMore';
import { MergeContactDialog } from '../components/MergeContactDialog';
import { ArchiveDialog, ArchivedNotice } from '../components/ContactArchive';
import { Modal } from '../components/Modal';
import { Spinner } from '../components/Spinner';
import { StatusBadge } from '../components/StatusBadge';
import { ActivityForm } from '../forms/ActivityForm';
import { ContactForm } from '../forms/ContactForm';
import { FollowUpForm, type FollowUpDefaults } from '../forms/FollowUpForm';
import { NextSteps } from '../components/NextSteps';
import { SpiritualCheck } from '../components/SpiritualCheck';
import { Milestones } from '../components/Milestones';
import { ContactTags } from '../components/ContactTags';
import { ContactRelationships } from '../components/ContactRelationships';
import { ContactDates } from '../components/ContactDates';
import { ContactComments } from '../components/comments/ContactComments';
import { addDaysFromToday } from '../lib/dates';
import { PrayerForm } from '../forms/PrayerForm';
import { useWrite } from '../hooks/useWrite';
import { failure, success } from '../lib/messages';
import { trpc } from '../lib/trpc';
import { parseId } from '../lib/ids';
import { httpStatus } from '../lib/errors';
import { ContactTeam } from '../components/team-work/ContactTeam';
import { deletionMessage } from '../components/team-work/deletion';
import { useMayChange, useMayWriteAbout } from '../components/team-work/rights';

/** Timeline entries per page: a screen or two, with older ones a tap away. */
const TIMELINE_PAGE = 20;

type Dialog = 'activity' | 'followUp' | 'prayer' | 'edit' | 'merge' | 'archive' | 'delete' | null;

function BackLink() {
  return (
    <Link to="/contacts" className="link text-sm link-hover">
      <span className="inline-block rtl:-scale-x-100">←</span> {t('Back to Contacts')}
    </Link>
  );
}

export default function ContactDetailPage() {
  const { id } = useParams();
  const contactId = parseId(id);
  const timeline = trpc.contacts.timeline.useInfiniteQuery(
    { id: contactId ?? 0, limit: TIMELINE_PAGE },
    { enabled: contactId !== null, retry: false, getNextPageParam: (last) => last.nextCursor ?? undefined },
  );
  const remove = trpc.contacts.remove.useMutation();
  // What deleting takes with it, and whether the server would allow it at all: the button shows only then.
  const deletion = trpc.contacts.deletionImpact.useQuery({ id: contactId ?? 0 }, { enabled: contactId !== null, retry: false });
  const mayChange = useMayChange();
  const mayWriteAbout = useMayWriteAbout();
  const write = useWrite();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>(null);
  // A suggested next step the follow-up form opens with (issue 16).
  const [planned, setPlanned] = useState<FollowUpDefaults | undefined>(undefined);
  const close = () => {
    setDialog(null);
    setPlanned(undefined);
  };
  // Not the person's name: titles stay in the browser's history and tab lists, where others may see them.
  useDocumentTitle(screenTitles.contact);

  if (contactId !== null && timeline.isLoading) return <Spinner />;
  // A 404 on a refetch means the contact is no longer readable (its team removed me, it was taken back): the copy kept
  // from before (the cache, decision 027) must not go on showing it.
  if (!timeline.data || httpStatus(timeline.error) === 404)
    return <RecordUnavailable noun="contact" load={timeline} backTo="/contacts" backLabel={t('Back to Contacts')} />;

  // Every page repeats the contact and the journey; the first is as fresh as any.
  const { contact, journey } = timeline.data.pages[0];
  const items = timeline.data.pages.flatMap((page) => page.items);
  const forContact = { id: contact.id, name: contact.name };
  const changes = mayChange(contact);
  // A viewer of the contact's team writes nothing about it; on a personal contact (its creator's) anything goes.
  const writes = mayWriteAbout(contact);

  async function removeContact() {
    try {
      await write(() => remove.mutateAsync({ id: contact.id }), { kind: 'contact', done: success.contactDeleted, failed: failure.deleteContact });
      void navigate('/contacts', { replace: true });
    } catch {
      close();
    }
  }

  return (
    <article className="mx-auto flex max-w-4xl flex-col gap-5">
      <div>
        <BackLink />
      </div>

      <ArchivedNotice contact={contact} changes={changes} />

      <header className="card border border-base-300 bg-base-100">
        <div className="card-body gap-4 p-5 sm:p-6">
          <div className="flex flex-wrap items-start gap-4">
            <ContactAvatar name={contact.name} size="lg" />
            <div className="min-w-0 flex-1 basis-48">
              <h1 dir="auto" className="text-2xl font-bold tracking-tight wrap-anywhere sm:text-3xl">
                {contact.name}
              </h1>
              <div className="mt-1.5">
                <StatusBadge status={contact.spiritualStatus} />
              </div>
              <ContactMethods phone={contact.phone} email={contact.email} className="mt-3" />
              <ContactTouchpoints lastContactAt={contact.lastContactAt} nextFollowUpAt={contact.nextFollowUpAt} className="mt-3 text-sm" />
            </div>
            {changes && (
              <div className="flex flex-wrap gap-2">
                <button type="button" className="btn btn-outline btn-sm" onClick={() => setDialog('edit')}>
                  {t('Edit')}
                </button>
                <button type="button" className="btn btn-outline btn-sm" onClick={() => setDialog('merge')}>
                  {t('Merge a duplicate…')}
                </button>
                {!contact.archivedAt && (
                  <button type="button" className="btn btn-outline btn-sm" onClick={() => setDialog('archive')}>
                    {t('Archive…')}
                  </button>
                )}
                {deletion.data?.allowed && (
                  <button type="button" className="btn btn-outline btn-sm btn-error" onClick={() => setDialog('delete')}>
                    {t('Delete')}
                  </button>
                )}
              </div>
            )}
          </div>
          {contact.notes && (
            <p dir="auto" className="wrap-anywhere whitespace-pre-line text-base-content/85">
              {contact.notes}
            </p>
          )}
          <ContactTags key={`${contact.id}:${contact.source ?? ''}`} contact={contact} changes={changes} />
        </div>
      </header>

      <ContactTeam contact={contact} />

      {writes && (
        <section aria-label={t('Quick actions')} className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          <button type="button" className="btn btn-primary" onClick={() => setDialog('activity')}>
            <PlusIcon /> {t('Log Activity')}
          </button>
          <button type="button" className="btn btn-outline btn-primary" onClick={() => setDialog('followUp')}>
            <PlusIcon /> {t('Schedule Follow-up')}
          </button>
          <button type="button" className="btn btn-outline btn-primary" onClick={() => setDialog('prayer')}>
            <PlusIcon /> {t('Add Prayer Request')}
          </button>
        </section>
      )}

      <section className="card border border-base-300 bg-base-100" aria-labelledby="journey-heading">
        <div className="card-body gap-4 p-5 sm:p-6">
          <h2 id="journey-heading" className="font-semibold">
            {t('Spiritual journey')}
          </h2>
          <JourneyPath name={contact.name} status={contact.spiritualStatus} changes={journey} />
          <Milestones contactId={contact.id} name={contact.name} milestones={contact.milestones} changes={changes} />
          <ContactRelationships contactId={contact.id} name={contact.name} changes={changes} />
          <ContactDates contact={contact} changes={changes} />
          {changes && <SpiritualCheck contactId={contact.id} name={contact.name} />}
        </div>
      </section>

      {writes && (
        <NextSteps
          status={contact.spiritualStatus}
          onPlan={(step) => {
            setPlanned({ description: t(step.text), type: step.type, date: addDaysFromToday(step.inDays) });
            setDialog('followUp');
          }}
        />
      )}

      {/* The team's talk about a team contact (issue 51 §3), apart from its notes. */}
      {contact.teamId !== null && <ContactComments contactId={contact.id} contactName={contact.name} writes={writes} />}

      <section className="card border border-base-300 bg-base-100" aria-labelledby="timeline-heading">
        <div className="card-body gap-2 p-5 sm:p-6">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 id="timeline-heading" className="font-semibold">
              {t('Timeline')}
            </h2>
            <Link to={`/activities?contactId=${contact.id}`} className="link text-sm link-hover link-primary">
              {t('All activities with {name}', { name: contact.name })}
            </Link>
          </div>
          {items.length === 0 ? (
            <EmptyState
              title={t('Nothing with {name} yet.', { name: contact.name })}
              text={t('Log an activity, schedule a follow-up or add a prayer request to begin their story.')}
            />
          ) : (
            <>
              <ContactTimeline items={items} authors={contact.teamId !== null} />
              <LoadMore list={timeline} label={t('Show older')} />
            </>
          )}
        </div>
      </section>

      <Modal open={dialog === 'activity'} title={t('Log Activity')} onClose={close} wide>
        {dialog === 'activity' && <ActivityForm forContact={forContact} onDone={close} />}
      </Modal>
      <Modal open={dialog === 'followUp'} title={t('Schedule Follow-up')} onClose={close}>
        {dialog === 'followUp' && <FollowUpForm defaultContactId={contact.id} defaults={planned} onDone={close} />}
      </Modal>
      <Modal open={dialog === 'prayer'} title={t('Add Prayer Request')} onClose={close}>
        {dialog === 'prayer' && <PrayerForm defaultContactId={contact.id} onDone={close} />}
      </Modal>
      <Modal open={dialog === 'edit'} title={t('Edit Contact')} onClose={close}>
        {dialog === 'edit' && <ContactForm contact={contact} onDone={close} />}
      </Modal>
      <MergeContactDialog open={dialog === 'merge'} contact={forContact} onClose={close} />
      <ArchiveDialog open={dialog === 'archive'} contact={forContact} onClose={close} />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('Delete contact')}
        message={deletionMessage(contact.name, deletion.data?.records ?? [])}
        busy={remove.isPending}
        onConfirm={() => void removeContact()}
        onCancel={close}
      />
    </article>
  );
}
