// A contact's place in a team on its page (issue 30): shared with which team or personal, share and take back, who it
// is assigned to, 'Assign to me', hand back, and (admins) assign to any member. Each action shows only where
// shared/roles.ts gives the role it, as the server checks.
import { useId, useState } from 'react';
import { roleCan } from '../../../shared/roles';
import { useAuth } from '../../hooks/useAuth';
import { useTeams } from '../../hooks/useTeams';
import { useToast } from '../../hooks/useToast';
import { t } from '../../i18n';
import { fullName } from '../../lib/names';
import { trpc, type RouterInputs, type RouterOutputs } from '../../lib/trpc';
import { useOutboxCreate } from '../../forms/useOutboxCreate';
import { failure } from '../../lib/messages';
import { offline } from '../../lib/offlineMessages';
import { newIdempotencyKey } from '../../lib/outbox';
import { QuestionDialog } from '../QuestionDialog';
import { useCreatableTeams, useMayChange } from './rights';
import { AnswerAssignment, AssignmentStatus, UpdateNeededMark } from './AssignmentAnswer';

type Contact = RouterOutputs['contacts']['timeline']['contact'];

/** 'Assigned to Ana Lima' (or to me), for the card and the page; nothing when nobody is. */
export function AssignedTo({ person }: { person: { id: number; firstName: string; lastName: string } | null }) {
  const { user } = useAuth();
  if (!person) return null;
  return (
    <p className="text-sm text-base-content/80" data-testid="assigned-to">
      {person.id === user?.id ? t('Assigned to me') : t('Assigned to {name}', { name: fullName(person) })}
    </p>
  );
}

/**
 * After a move or an assignment, every list may show the contact and its records elsewhere: all reads refresh.
 * Offline, the change waits in the outbox as the one-contact bulk action it is (`offlineAs`: contacts.bulk, which
 * shares, takes back and assigns by the same rules), sent with its key when the connection returns.
 */
function useTeamWrite(contact: Contact) {
  const utils = trpc.useUtils();
  const { toast } = useToast();
  const outbox = useOutboxCreate();
  return async (action: () => Promise<unknown>, done: string, offlineAs: Omit<RouterInputs['contacts']['bulk'], 'ids'>) => {
    if (outbox.offline) {
      await outbox.keep(
        { kind: 'bulk', input: { ...offlineAs, ids: [contact.id] }, contactName: contact.name },
        offline.keptChange,
        failure.updateContact,
        newIdempotencyKey(),
      );
      return;
    }
    try {
      await action();
      toast({ variant: 'success', title: done });
    } catch (error) {
      console.error(error);
      toast({ variant: 'destructive', title: t('Error'), description: error instanceof Error ? error.message : t('Please try again.') });
    } finally {
      void utils.invalidate();
    }
  };
}

function ShareForm({ contact }: { contact: Contact }) {
  const creatable = useCreatableTeams();
  const [teamId, setTeamId] = useState(String(creatable[0]?.id ?? ''));
  const share = trpc.contacts.share.useMutation();
  const write = useTeamWrite(contact);
  const id = useId();
  if (creatable.length === 0) return null;
  return (
    <form
      method="post"
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void write(() => share.mutateAsync({ id: contact.id, teamId: Number(teamId) }), t('Shared with the team'), { action: 'share', teamId: Number(teamId) });
      }}
    >
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {t('Share with a team')}
        </label>
        <select id={id} className="select select-sm" value={teamId} onChange={(e) => setTeamId(e.target.value)}>
          {creatable.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn btn-outline btn-sm" disabled={share.isPending}>
        {t('Share')}
      </button>
    </form>
  );
}

function AssignControls({ contact, teamId }: { contact: Contact; teamId: number }) {
  const { user } = useAuth();
  const role = useTeams().teamOf(teamId)?.role;
  const assign = trpc.contacts.assign.useMutation();
  const write = useTeamWrite(contact);
  const anyone = roleCan(role, 'assignAnyone');
  const members = trpc.teams.members.list.useQuery({ teamId }, { enabled: anyone });
  const [chosen, setChosen] = useState('');
  const id = useId();
  const mine = contact.assignedTo?.id === user?.id;
  const set = (userId: number | null, done: string) => void write(() => assign.mutateAsync({ id: contact.id, userId }), done, { action: 'assign', userId });
  return (
    <div className="flex flex-wrap items-end gap-2">
      {/* A member takes only a contact nobody has (the server refuses the rest: 409); an admin may take it over. */}
      {!mine && roleCan(role, 'assignSelf') && (anyone || !contact.assignedTo) && (
        <button type="button" className="btn btn-outline btn-sm" disabled={assign.isPending} onClick={() => user && set(user.id, t('Assigned to you'))}>
          {t('Assign to me')}
        </button>
      )}
      {contact.assignedTo && (mine || anyone) && (
        <button type="button" className="btn btn-ghost btn-sm" disabled={assign.isPending} onClick={() => set(null, t('Assignment handed back'))}>
          {mine ? t('Hand back') : t('Unassign')}
        </button>
      )}
      {anyone && members.data && (
        <form
          method="post"
          className="flex flex-wrap items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (chosen) set(Number(chosen), t('Assigned'));
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={id} className="text-sm font-medium">
              {t('Assign to a member')}
            </label>
            <select id={id} className="select select-sm" value={chosen} onChange={(e) => setChosen(e.target.value)}>
              <option value="">{t('Choose a member')}</option>
              {members.data
                // Whom the server lets hold an assignment (shared/roles.ts; server/routers/contactTeam.ts).
                .filter((member) => roleCan(member.role, 'assignSelf'))
                .map((member) => (
                  <option key={member.userId} value={member.userId}>
                    {fullName(member) || member.username}
                  </option>
                ))}
            </select>
          </div>
          <button type="submit" className="btn btn-outline btn-sm" disabled={!chosen || assign.isPending}>
            {t('Assign')}
          </button>
        </form>
      )}
    </div>
  );
}

/** The team section of a contact's page. */
export function ContactTeam({ contact }: { contact: Contact }) {
  const { teamOf, teams } = useTeams();
  const mayChange = useMayChange();
  const unshare = trpc.contacts.unshare.useMutation();
  const write = useTeamWrite(contact);
  const [askingBack, setAskingBack] = useState(false);
  const team = teamOf(contact.teamId);
  // Someone in no team has nothing to share with: the section would only say 'Personal'.
  if (!team && teams.length === 0) return null;
  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="contact-team-heading">
      <div className="card-body gap-3 p-5 sm:p-6">
        <h2 id="contact-team-heading" className="font-semibold">
          {t('Team')}
        </h2>
        <p className="text-sm" data-testid="contact-team">
          {team ? t('Shared with {team}', { team: team.name }) : t('Personal: only you see this contact.')}
        </p>
        {team ? (
          <>
            <div className="flex flex-wrap items-center gap-2">
              <AssignedTo person={contact.assignedTo} />
              <UpdateNeededMark updateNeeded={contact.updateNeeded} />
            </div>
            <AssignmentStatus contact={contact} />
            <AnswerAssignment contact={contact} />
            <AssignControls contact={contact} teamId={team.id} />
            {mayChange(contact) && (
              <div>
                <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAskingBack(true)}>
                  {t('Take back')}
                </button>
              </div>
            )}
          </>
        ) : (
          <ShareForm contact={contact} />
        )}
      </div>
      <QuestionDialog
        open={askingBack}
        title={t('Take back {name}?', { name: contact.name })}
        message={t(
          'The contact and the records its creator wrote become personal again, seen only by its creator. A contact others in the team wrote about stays with the team.',
        )}
        busy={unshare.isPending}
        onCancel={() => setAskingBack(false)}
        answers={[
          {
            label: t('Take back'),
            tone: 'btn-primary',
            onSelect: () =>
              void write(() => unshare.mutateAsync({ id: contact.id }), t('Taken back'), { action: 'unshare' }).finally(() => setAskingBack(false)),
          },
        ]}
      />
    </section>
  );
}
