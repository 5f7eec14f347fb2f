// For a team's admins: renaming the team, and deleting it behind a dialog that names it and says what becomes of its rows.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { teamUpdateInput } from '../../../shared/schemas/teams';
import { SubmitButton } from '../../forms/Fields';
import { useFormState } from '../../forms/useFormState';
import type { Team } from '../../hooks/useTeams';
import { useToast } from '../../hooks/useToast';
import { t } from '../../i18n';
import { TeamFields } from './TeamFields';
import { errorMessage } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { QuestionDialog } from '../QuestionDialog';
import { formerMembersSentence } from './teamEnd';

export function TeamSettings({ team }: { team: Team }) {
  // The mutations themselves, not useTeams' wrappers: a lazy page importing that hook costs the first visit (TeamsPage).
  const utils = trpc.useUtils();
  const update = trpc.teams.update.useMutation();
  const remove = trpc.teams.remove.useMutation();
  const navigate = useNavigate();
  const { toast } = useToast();
  const [asking, setAsking] = useState(false);
  // Counted when the dialog opens: what the deletion gives the admin (issue 47).
  const impact = trpc.teams.deletionImpact.useQuery({ id: team.id }, { enabled: asking });
  const { values, set, errors, submit } = useFormState({ name: team.name, description: team.description ?? '' });
  const failed = (description: string) => toast({ title: t('Error'), description, variant: 'destructive' });

  const onSubmit = submit(
    teamUpdateInput,
    (v) => ({ id: team.id, name: v.name, description: v.description.trim() || null }),
    async (input) => {
      try {
        await update.mutateAsync(input);
      } catch (error) {
        failed(errorMessage(error, t('The team could not be saved.')));
        throw error;
      }
      toast({ title: t('Team updated'), variant: 'success' });
      await utils.teams.list.invalidate();
    },
  );

  return (
    <>
      <form method="post" noValidate onSubmit={onSubmit}>
        <TeamFields values={values} errors={errors} set={set} />
        <SubmitButton busy={update.isPending} label={t('Save team')} busyLabel={t('Saving...')} />
      </form>
      <div className="mt-2 flex flex-col gap-3 border-t border-base-300 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-base-content/80">{t('Deleting the team cannot be undone.')}</p>
        <button type="button" className="btn btn-outline btn-error" onClick={() => setAsking(true)}>
          {t('Delete team')}
        </button>
      </div>
      <QuestionDialog
        open={asking}
        title={t('Delete the team {name}?', { name: team.name })}
        message={
          t(
            'Nothing the team recorded is deleted: each contact, activity, follow-up, prayer request and goal of someone still in the team becomes a personal row of the person who created it, and the others no longer see it. The members, invitations and invite links go.',
          ) + formerMembersSentence(impact.data?.fromFormerMembers)
        }
        busy={remove.isPending || impact.isPending}
        onCancel={() => setAsking(false)}
        answers={[
          {
            label: remove.isPending ? t('Deleting...') : t('Delete team'),
            tone: 'btn-error',
            onSelect: () =>
              void remove.mutateAsync({ id: team.id }).then(
                async () => {
                  toast({ title: t('Team deleted'), variant: 'success' });
                  void navigate('/settings/teams', { replace: true });
                  await utils.teams.list.invalidate();
                },
                (error: unknown) => failed(errorMessage(error, t('The team could not be deleted.'))),
              ),
          },
        ]}
      />
    </>
  );
}
