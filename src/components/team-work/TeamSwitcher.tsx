// The shell's space switcher (issues 30, 48): 'Personal' or one of my teams, the one space the lists and the dashboard
// show and new records go to.
import { useId } from 'react';
import { useTeams } from '../../hooks/useTeams';
import { t } from '../../i18n';

/** Shown only to someone in a team: with none, everything is personal and there is nothing to switch. */
export function TeamSwitcher({ compact = false }: { compact?: boolean }) {
  const { teams, currentTeam, setCurrentTeam } = useTeams();
  const id = useId();
  if (teams.length === 0) return null;
  return (
    <div className={compact ? 'min-w-0' : 'flex flex-col gap-1'}>
      <label htmlFor={id} className={compact ? 'sr-only' : 'text-xs font-medium text-base-content/75'}>
        {t('Space')}
      </label>
      <select
        id={id}
        data-testid="team-switcher"
        className={`select w-full ${compact ? 'select-sm max-w-40' : ''}`}
        value={currentTeam ? String(currentTeam.id) : ''}
        aria-describedby={`${id}-help`}
        onChange={(event) => setCurrentTeam(teams.find((team) => String(team.id) === event.target.value) ?? null)}
      >
        <option value="">{t('Personal')}</option>
        {teams.map((team) => (
          <option key={team.id} value={team.id}>
            {team.name}
          </option>
        ))}
      </select>
      <p id={`${id}-help`} className={compact ? 'sr-only' : 'text-xs text-base-content/70'} data-testid="space-help">
        {t('You see and add only this space’s records: Personal ones are yours alone, a team’s are shared with it.')}
      </p>
    </div>
  );
}
