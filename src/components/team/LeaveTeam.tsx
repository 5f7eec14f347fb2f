// Leaving a team. Its last admin is not offered it while others remain (the server refuses: someone else must be made
// admin first); the last member leaving deletes the team, and the dialog says so.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Team } from '../../hooks/useTeams';
import { useToast } from '../../hooks/useToast';
import { t } from '../../i18n';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { QuestionDialog } from '../QuestionDialog';
import { formerMembersSentence } from './teamEnd';

export function LeaveTeam({ team }: { team: Team }) {
  const members = trpc.teams.members.list.useQuery({ teamId: team.id });
  const leave = trpc.teams.leave.useMutation();
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [asking, setAsking] = useState(false);
  const alone = members.data?.length === 1;
  // The last member ends the team (always its admin: a team keeps one), and takes what people no longer in it left (issue 47).
  const impact = trpc.teams.deletionImpact.useQuery({ id: team.id }, { enabled: asking && alone && team.role === 'admin' });

  if (!members.data) return null;
  const lastAdmin = team.role === 'admin' && !alone && members.data.filter((member) => member.role === 'admin').length === 1;
  if (lastAdmin)
    return <p className="text-sm text-base-content/80">{t('You are the team’s only admin. Make someone else admin first, then you can leave.')}</p>;

  return (
    <>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-base-content/80">
          {alone
            ? t('You are its last member: leaving deletes the team.')
            : t('You stop seeing the team’s rows. What you created for the team stays with the team.')}
        </p>
        <button type="button" className="btn btn-outline btn-error" onClick={() => setAsking(true)}>
          {t('Leave team')}
        </button>
      </div>
      <QuestionDialog
        open={asking}
        title={t('Leave {name}?', { name: team.name })}
        message={
          alone
            ? t('You are its last member, so the team is deleted, and each row you created in it becomes a personal row of yours.') +
              formerMembersSentence(impact.data?.fromFormerMembers)
            : t('To come back, you need a new invitation.')
        }
        busy={leave.isPending || (alone && impact.isFetching)}
        onCancel={() => setAsking(false)}
        answers={[
          {
            label: t('Leave team'),
            tone: 'btn-error',
            onSelect: () =>
              void leave.mutateAsync({ teamId: team.id }).then(
                async () => {
                  setAsking(false);
                  await utils.teams.list.invalidate();
                  toast({ title: t('You left {name}', { name: team.name }), variant: 'success' });
                  void navigate('/settings/teams', { replace: true });
                },
                (error: unknown) => toast({ title: t('Error'), description: errorMessage(error, t('You could not leave the team.')), variant: 'destructive' }),
              ),
          },
        ]}
      />
    </>
  );
}
