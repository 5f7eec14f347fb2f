// Assignments that are answered (issue 51 §2): the assignee of a contact waiting for their answer accepts or declines
// it (with an optional reason); everyone else in the team sees whether it waits for an answer or was accepted; a
// contact untouched for the team's days is marked "Update needed"; and the caller's own list of what waits for them.
import { useId, useState } from 'react';
import { useAuth } from '../../hooks/useAuth';
import { useToast } from '../../hooks/useToast';
import { t } from '../../i18n';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useOutboxCreate } from '../../forms/useOutboxCreate';
import { useOutbox } from '../../hooks/useOutbox';
import { offline } from '../../lib/offlineMessages';
import { newIdempotencyKey, type AssignmentAnswerDraft } from '../../lib/outbox';
import { Modal } from '../Modal';

type Contact = Pick<RouterOutputs['contacts']['byId'], 'id' | 'name' | 'assignedTo' | 'assignmentStatus'>;

/** "Update needed" beside an assigned contact nobody has touched for the team's days. */
export function UpdateNeededMark({ updateNeeded }: { updateNeeded: boolean }) {
  if (!updateNeeded) return null;
  return (
    <span className="badge badge-warning badge-sm" data-testid="update-needed">
      {t('Update needed')}
    </span>
  );
}

/** Where an assignment stands, as the team sees it: the assignee is asked in AnswerAssignment instead. */
export function AssignmentStatus({ contact }: { contact: Contact }) {
  const { user } = useAuth();
  if (!contact.assignedTo || !contact.assignmentStatus) return null;
  if (contact.assignmentStatus === 'pending' && contact.assignedTo.id === user?.id) return null;
  return (
    <p className="text-sm text-base-content/80" data-testid="assignment-status">
      {contact.assignmentStatus === 'pending' ? t('Waiting for an answer') : t('Accepted')}
    </p>
  );
}

/**
 * Accept and decline, with the reason asked in a dialog; every read refreshes after an answer. Offline, the answer
 * waits in the outbox (src/lib/outbox.ts) and is sent when the connection returns.
 */
function useAnswer(contact: Contact) {
  const utils = trpc.useUtils();
  const { toast } = useToast();
  const accept = trpc.assignments.accept.useMutation();
  const decline = trpc.assignments.decline.useMutation();
  const outbox = useOutboxCreate();
  const run = async (action: () => Promise<unknown>, done: string, draft: AssignmentAnswerDraft) => {
    if (outbox.offline)
      return outbox.keep(
        { kind: 'assignmentAnswer', input: draft, contactName: contact.name },
        offline.keptAnswer,
        t('Please try again.'),
        newIdempotencyKey(),
      );
    try {
      await action();
      toast({ variant: 'success', title: done });
      return true;
    } catch (error) {
      toast({ variant: 'destructive', title: t('Error'), description: error instanceof Error ? error.message : t('Please try again.') });
      return false;
    } finally {
      void utils.invalidate();
    }
  };
  return {
    busy: accept.isPending || decline.isPending,
    accept: () => run(() => accept.mutateAsync({ contactId: contact.id }), t('Assignment accepted'), { contactId: contact.id, answer: 'accept' }),
    decline: (text: string) => {
      const reason = text.trim() || undefined;
      return run(() => decline.mutateAsync({ contactId: contact.id, reason }), t('Assignment declined: it goes back to the team’s admins'), {
        contactId: contact.id,
        answer: 'decline',
        reason,
      });
    },
  };
}

function DeclineDialog({ contact, open, onClose }: { contact: Contact; open: boolean; onClose(): void }) {
  const [reason, setReason] = useState('');
  const answer = useAnswer(contact);
  const id = useId();
  return (
    <Modal open={open} title={t('Decline {name}?', { name: contact.name })} onClose={onClose}>
      <form
        method="post"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void answer.decline(reason).then((ok) => {
            if (ok) {
              setReason('');
              onClose();
            }
          });
        }}
      >
        <p className="mb-3 text-base-content/80">{t('The contact goes back to the team’s admins, unassigned.')}</p>
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          {t('Reason (optional)')}
        </label>
        <textarea id={id} dir="auto" className="textarea w-full" maxLength={500} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
        <div className="modal-action flex-col-reverse gap-2 sm:flex-row">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            {t('Cancel')}
          </button>
          <button type="submit" className="btn btn-error" disabled={answer.busy}>
            {t('Decline')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The assignee's answer to an assignment waiting for it: "Accept" and "Decline". Nothing for anyone else. */
export function AnswerAssignment({ contact, compact = false }: { contact: Contact; compact?: boolean }) {
  const { user } = useAuth();
  const answer = useAnswer(contact);
  const [declining, setDeclining] = useState(false);
  const waiting = useOutbox('assignmentAnswer').some((entry) => entry.input.contactId === contact.id);
  if (contact.assignmentStatus !== 'pending' || !user || contact.assignedTo?.id !== user.id) return null;
  if (waiting)
    return (
      <p className="text-sm text-base-content/80" data-testid="answer-assignment">
        {offline.waiting}
      </p>
    );
  return (
    <div className="flex flex-col gap-2" data-testid="answer-assignment">
      {!compact && <p className="text-sm font-medium">{t('Assigned to you: waiting for your answer')}</p>}
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary btn-sm" disabled={answer.busy} onClick={() => void answer.accept()}>
          {t('Accept')}
        </button>
        <button type="button" className="btn btn-outline btn-sm" disabled={answer.busy} onClick={() => setDeclining(true)}>
          {t('Decline')}
        </button>
      </div>
      <DeclineDialog contact={contact} open={declining} onClose={() => setDeclining(false)} />
    </div>
  );
}

/** "Waiting for your answer": the caller's assignments not answered yet, on 'Assigned to me'. Nothing when none. */
export function PendingAssignments() {
  const pending = trpc.assignments.pending.useQuery();
  if (!pending.data?.length) return null;
  return (
    <section className="card mb-4 border border-warning/40 bg-base-100" aria-labelledby="pending-assignments-heading" data-testid="pending-assignments">
      <div className="card-body gap-3 p-4 sm:p-5">
        <h2 id="pending-assignments-heading" className="font-semibold">
          {t('Waiting for your answer')}
        </h2>
        <ul className="flex flex-col gap-3">
          {pending.data.map((contact) => (
            <li key={contact.id} className="flex flex-wrap items-center justify-between gap-2">
              {/* Named, not linked: the same contact is linked in the list below. */}
              <span className="min-w-0 font-medium wrap-anywhere" dir="auto">
                {contact.name}
              </span>
              <AnswerAssignment contact={contact} compact />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
