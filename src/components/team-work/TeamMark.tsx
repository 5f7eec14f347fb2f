// A team row's mark (issue 30): the name of the team it belongs to, beside it in a list, so shared rows stand out from one's own.
import { useTeams } from '../../hooks/useTeams';
import { t } from '../../i18n';

/** Nothing for a personal row (or one of a team the list no longer holds: it disappears on the next request). */
export function TeamMark({ teamId }: { teamId: number | null }) {
  const team = useTeams().teamOf(teamId);
  if (!team) return null;
  return (
    <span className="badge max-w-40 badge-outline badge-sm badge-secondary" title={t('Shared with {team}', { team: team.name })}>
      <span className="sr-only">{t('Team:')} </span>
      <span dir="auto" className="truncate">
        {team.name}
      </span>
    </span>
  );
}
