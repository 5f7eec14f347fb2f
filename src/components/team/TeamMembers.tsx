// A team's members with their roles; for its admins, changing a role (making someone admin) and removing a member.
// The team's last admin is offered neither: the server refuses both (a team always keeps an admin).
import { useState } from 'react';
import { teamRoles, type TeamRole } from '../../../shared/vocabulary';
import { useAuth } from '../../hooks/useAuth';
import { useToast } from '../../hooks/useToast';
import { t } from '../../i18n';
import { errorMessage } from '../../lib/errors';
import { fullName } from '../../lib/names';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { ConfirmDialog } from '../ConfirmDialog';
import { roleLabel } from './teamWords';

type Member = RouterOutputs['teams']['members']['list'][number];

export function TeamMembers({ teamId, manage }: { teamId: number; manage: boolean }) {
  const { user } = useAuth();
  const members = trpc.teams.members.list.useQuery({ teamId });
  const utils = trpc.useUtils();
  const { toast } = useToast();
  const update = trpc.teams.members.update.useMutation();
  const remove = trpc.teams.members.remove.useMutation();
  const [removing, setRemoving] = useState<Member | null>(null);
  const failed = (error: unknown) =>
    toast({ title: t('Error'), description: errorMessage(error, t('The member could not be changed.')), variant: 'destructive' });
  const refresh = () =>
    Promise.all([
      utils.teams.members.list.invalidate({ teamId }),
      utils.teams.insight.invalidate({ teamId }),
      utils.teams.removals.list.invalidate({ teamId }),
    ]);

  if (!members.data) return <div className="skeleton h-24 w-full" />;
  const admins = members.data.filter((member) => member.role === 'admin').length;

  return (
    <>
      <ul className="flex flex-col divide-y divide-base-300">
        {members.data.map((member) => {
          const name = fullName(member) || member.username;
          const lastAdmin = member.role === 'admin' && admins === 1;
          const changeable = manage && !lastAdmin && member.userId !== user?.id;
          return (
            <li key={member.userId} className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="team-member">
              <div className="min-w-0">
                <p dir="auto" className="truncate font-medium">
                  {name}
                  {member.userId === user?.id && <span className="text-base-content/70"> {t('(you)')}</span>}
                </p>
                <p dir="auto" className="truncate text-xs text-base-content/70">
                  {member.username}
                </p>
              </div>
              {changeable ? (
                <div className="flex items-center gap-2">
                  <select
                    className="select w-auto select-sm"
                    aria-label={t('Role of {name}', { name })}
                    value={member.role}
                    disabled={update.isPending}
                    onChange={(e) =>
                      void update.mutateAsync({ teamId, userId: member.userId, role: e.target.value as TeamRole }).then(() => {
                        toast({ title: t('Role changed'), variant: 'success' });
                        return refresh();
                      }, failed)
                    }
                  >
                    {teamRoles.map((role) => (
                      <option key={role} value={role}>
                        {roleLabel(role)}
                      </option>
                    ))}
                  </select>
                  <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => setRemoving(member)}>
                    {t('Remove')}
                  </button>
                </div>
              ) : (
                <span className="badge badge-ghost">{roleLabel(member.role)}</span>
              )}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        open={removing !== null}
        title={t('Remove {name} from the team?', { name: removing ? fullName(removing) || removing.username : '' })}
        message={t(
          'They stop seeing the team’s rows at once, and no invite link lets them join again until you let them back in. What they created for the team stays with the team.',
        )}
        confirmLabel={t('Remove')}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          void remove.mutateAsync({ teamId, userId: removing.userId }).then(() => {
            setRemoving(null);
            toast({ title: t('Member removed'), variant: 'success' });
            return refresh();
          }, failed)
        }
      />
    </>
  );
}
