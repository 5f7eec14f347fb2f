// For a team's admins, the people an admin removed (issue 47): no invite link lets them back in until an admin does,
// here or by inviting them by username. Letting someone back in makes nobody a member: they join again by accepting.
import { t } from '../../i18n';
import { useToast } from '../../hooks/useToast';
import { errorMessage } from '../../lib/errors';
import { fullName } from '../../lib/names';
import { trpc } from '../../lib/trpc';
import { SettingsSection } from '../SettingsSection';

export function RemovedMembers({ teamId }: { teamId: number }) {
  const removed = trpc.teams.removals.list.useQuery({ teamId });
  const lift = trpc.teams.removals.lift.useMutation();
  const utils = trpc.useUtils();
  const { toast } = useToast();

  // Nothing to show a team that never removed anyone.
  if (!removed.data?.length) return null;
  return (
    <SettingsSection
      title={t('Removed from the team')}
      description={t('They cannot join by an invite link until you let them back in. Inviting one by username lets them back in too.')}
    >
      <ul className="flex flex-col divide-y divide-base-300">
        {removed.data.map((person) => {
          const name = fullName(person) || person.username;
          return (
            <li key={person.userId} className="flex flex-wrap items-center justify-between gap-2 py-3" data-testid="removed-member">
              <div className="min-w-0">
                <p dir="auto" className="truncate font-medium">
                  {name}
                </p>
                <p dir="auto" className="truncate text-xs text-base-content/70">
                  {person.username}
                </p>
              </div>
              <button
                type="button"
                className="btn btn-outline btn-sm"
                aria-label={t('Let {name} back in', { name })}
                disabled={lift.isPending}
                onClick={() =>
                  void lift.mutateAsync({ teamId, userId: person.userId }).then(
                    () => {
                      toast({ title: t('{name} can join again with an invite link or an invitation', { name }), variant: 'success' });
                      return utils.teams.removals.list.invalidate({ teamId });
                    },
                    (error: unknown) =>
                      toast({ title: t('Error'), description: errorMessage(error, t('They could not be let back in.')), variant: 'destructive' }),
                  )
                }
              >
                {t('Let back in')}
              </button>
            </li>
          );
        })}
      </ul>
    </SettingsSection>
  );
}
