// A team (/settings/teams/:teamId): its totals, its members and, for its admins, each member's figures, the people
// removed from it, invitations by username, invite links and the team's name and deletion; leaving for everyone. What a role may not do is not shown
// (shared/roles.ts), never offered and then refused.
import { Link, useParams } from 'react-router-dom';
import { roleCan } from '../../shared/roles';
import { PageHeader } from '../components/PageHeader';
import { SettingsSection } from '../components/SettingsSection';
import { Spinner } from '../components/Spinner';
import { LeaveTeam } from '../components/team/LeaveTeam';
import { RemovedMembers } from '../components/team/RemovedMembers';
import { InviteLinks } from '../components/team/InviteLinks';
import { TeamInvitations } from '../components/team/TeamInvitations';
import { TeamMembers } from '../components/team/TeamMembers';
import { TeamSettings } from '../components/team/TeamSettings';
import { TeamExport, TeamPrayerNames } from '../components/team/TeamPrayerAndExport';
import { TeamTotals } from '../components/team/TeamTotals';
import { UpdateNeededSetting } from '../components/team-work/UpdateNeededSetting';
import { roleLabel } from '../components/team/teamWords';
import { t } from '../i18n';
import { trpc } from '../lib/trpc';

// Made in each render, in the language of that render: a constant made when the module loads kept the server's first
// language (English), and every direct load of a team page in another language mismatched when hydrated (#418, issue 48).
const backToTeams = () => (
  <Link to="/settings/teams" className="btn btn-ghost btn-sm self-start">
    {t('All teams')}
  </Link>
);

export default function TeamPage() {
  const teamId = Number(useParams().teamId);
  // The caller's own teams: a team they are not in (or no longer) is simply not found here.
  const teams = trpc.teams.list.useQuery();
  const team = teams.data?.find((candidate) => candidate.id === teamId);

  if (!teams.data) return teams.isError ? <p className="text-sm">{t('Your teams could not be loaded. Please try refreshing the page.')}</p> : <Spinner />;
  if (!team)
    return (
      <>
        <PageHeader title={t('Team not found')} subtitle={t('You are not a member of this team, or it no longer exists.')} action={backToTeams()} />
      </>
    );

  const manage = roleCan(team.role, 'manage');
  return (
    <>
      <PageHeader title={team.name} subtitle={t('Your role: {role}', { role: roleLabel(team.role) })} action={backToTeams()} />
      <div className="flex flex-col gap-6">
        <TeamTotals teamId={team.id} />
        <div className="flex max-w-3xl flex-col gap-6">
          <SettingsSection title={t('Members')}>
            <TeamMembers teamId={team.id} manage={manage} />
          </SettingsSection>
          {manage && (
            <>
              <RemovedMembers teamId={team.id} />
              <SettingsSection
                title={t('Invite links')}
                description={t('Whoever opens a link can join with its role until it expires, is used up or you revoke it.')}
              >
                <InviteLinks teamId={team.id} teamName={team.name} />
              </SettingsSection>
              <SettingsSection title={t('Invite by username')}>
                <TeamInvitations teamId={team.id} />
              </SettingsSection>
              <SettingsSection title={t('Team details')}>
                <TeamSettings key={team.id} team={team} />
              </SettingsSection>
              <SettingsSection title={t('Assignments')}>
                <UpdateNeededSetting key={team.id} team={team} />
              </SettingsSection>
              <SettingsSection title={t('Praying together')}>
                <TeamPrayerNames teamId={team.id} />
              </SettingsSection>
              <SettingsSection title={t('Export team data')}>
                <TeamExport teamId={team.id} />
              </SettingsSection>
            </>
          )}
          <SettingsSection title={t('Leave the team')} danger>
            <LeaveTeam team={team} />
          </SettingsSection>
        </div>
      </div>
    </>
  );
}
