// Settings → Teams (/settings/teams): the invitations to me, my teams with my role in each, and creating a team.
import { Link, useNavigate } from 'react-router-dom';
import { teamCreateInput } from '../../shared/schemas/teams';
import { EmptyState } from '../components/EmptyState';
import { PageHeader } from '../components/PageHeader';
import { SettingsSection } from '../components/SettingsSection';
import { InvitationsToMe } from '../components/team/InvitationsToMe';
import { roleLabel } from '../components/team/teamWords';
import { SubmitButton } from '../forms/Fields';
import { useFormState } from '../forms/useFormState';
import { useFailureToast } from '../hooks/useFailureToast';
import { useToast } from '../hooks/useToast';
import { t } from '../i18n';
import { TeamFields } from '../components/team/TeamFields';
import { trpc } from '../lib/trpc';

function CreateTeamForm() {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const { toast } = useToast();
  const failed = useFailureToast();
  const create = trpc.teams.create.useMutation();
  const { values, set, errors, submit } = useFormState({ name: '', description: '' });
  const onSubmit = submit(
    teamCreateInput,
    (v) => ({ name: v.name, description: v.description.trim() || undefined }),
    async (input) => {
      try {
        const team = await create.mutateAsync(input);
        await utils.teams.list.invalidate();
        toast({ title: t('Team created'), variant: 'success' });
        void navigate(`/settings/teams/${team.id}`);
      } catch (error) {
        failed(error, t('The team could not be created.'));
        throw error;
      }
    },
  );
  return (
    <form method="post" noValidate onSubmit={onSubmit}>
      <TeamFields values={values} errors={errors} set={set} />
      <SubmitButton busy={create.isPending} label={t('Create team')} busyLabel={t('Creating...')} />
    </form>
  );
}

export default function TeamsPage() {
  // Read here rather than through useTeams: a page importing that hook moves the router out of the entry (+1.6 kB gz on /login).
  const teams = trpc.teams.list.useQuery().data ?? [];
  const invitations = trpc.invitations.list.useQuery();
  const waiting = invitations.data?.length ?? 0;
  return (
    <>
      <PageHeader
        title={t('Teams')}
        subtitle={t('Work with others: share contacts, assign them and see how the team is doing.')}
        action={
          <Link to="/settings" className="btn btn-ghost btn-sm self-start">
            {t('Back to Settings')}
          </Link>
        }
      />
      <div className="flex max-w-3xl flex-col gap-6">
        {waiting > 0 && (
          <SettingsSection
            title={t('{count, plural, one {# invitation to you} other {# invitations to you}}', { count: waiting })}
            description={t('Nobody joins a team without saying yes.')}
          >
            <InvitationsToMe />
          </SettingsSection>
        )}
        <SettingsSection title={t('Your teams')}>
          {teams.length === 0 ? (
            <EmptyState title={t('You are not in a team yet.')} text={t('Create one below, or open an invite link a team admin sent you.')} />
          ) : (
            <ul className="-mx-2 flex flex-col">
              {teams.map((team) => (
                <li key={team.id}>
                  <Link
                    to={`/settings/teams/${team.id}`}
                    className="flex items-center justify-between gap-3 rounded-box px-2 py-3 hover:bg-base-200"
                    data-testid="my-team"
                  >
                    <span dir="auto" className="min-w-0 truncate font-medium">
                      {team.name}
                    </span>
                    <span className="badge shrink-0 badge-ghost">{roleLabel(team.role)}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </SettingsSection>
        <SettingsSection title={t('Create a team')} description={t('You become its admin; invite the others once it exists.')}>
          <CreateTeamForm />
        </SettingsSection>
      </div>
    </>
  );
}
