// Settings' way to the Teams screen: how many teams the user is in, and the invitations waiting for their answer.
import { Link } from 'react-router-dom';
import { t } from '../../i18n';
import { trpc } from '../../lib/trpc';

export function TeamsLink() {
  const teams = trpc.teams.list.useQuery().data ?? [];
  const waiting = trpc.invitations.list.useQuery().data?.length ?? 0;
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-base-content/80">
        {t('{count, plural, =0 {You are not in a team yet.} one {You are in # team.} other {You are in # teams.}}', { count: teams.length })}
        {waiting > 0 && <span className="ms-2 badge badge-primary">{t('{count, plural, one {# invitation} other {# invitations}}', { count: waiting })}</span>}
      </p>
      <Link to="/settings/teams" className="btn btn-outline">
        {t('Manage teams')}
      </Link>
    </div>
  );
}
