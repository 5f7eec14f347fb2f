// The invitations to the signed-in person (decision 013): which team, who invites, with which role; accept or decline.
import { useNavigate } from 'react-router-dom';
import { useToast } from '../../hooks/useToast';
import { t } from '../../i18n';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { roleLabel } from './teamWords';

export function InvitationsToMe() {
  const invitations = trpc.invitations.list.useQuery();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const { toast } = useToast();
  const accept = trpc.invitations.accept.useMutation();
  const decline = trpc.invitations.decline.useMutation();
  const busy = accept.isPending || decline.isPending;
  const failed = (error: unknown) =>
    toast({ title: t('Error'), description: errorMessage(error, t('The invitation could not be answered.')), variant: 'destructive' });

  if (!invitations.data?.length) return null;
  return (
    <ul className="flex flex-col divide-y divide-base-300">
      {invitations.data.map((invitation) => (
        <li key={invitation.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="invitation-to-me">
          <div className="min-w-0">
            <p dir="auto" className="truncate font-semibold">
              {invitation.team.name}
            </p>
            <p className="text-sm text-base-content/75">
              {invitation.invitedBy?.firstName
                ? t('{name} invites you as {role}', { name: invitation.invitedBy.firstName, role: roleLabel(invitation.role) })
                : t('You are invited as {role}', { role: roleLabel(invitation.role) })}
            </p>
          </div>
          <div className="flex gap-2">
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={busy}
              onClick={() =>
                void accept.mutateAsync({ id: invitation.id }).then(async (team) => {
                  await Promise.all([utils.invitations.list.invalidate(), utils.teams.list.invalidate()]);
                  toast({ title: t('You joined {team}', { team: team.name }), variant: 'success' });
                  void navigate(`/settings/teams/${team.id}`);
                }, failed)
              }
            >
              {t('Accept')}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-sm"
              disabled={busy}
              onClick={() => void decline.mutateAsync({ id: invitation.id }).then(() => utils.invitations.list.invalidate(), failed)}
            >
              {t('Decline')}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
