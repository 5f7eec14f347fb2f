// A list's "Mine / team X" filter (issue 30), kept in the URL (?team=mine or ?team={id}) like the lists' other filters.
import { useTeams } from '../../hooks/useTeams';
import { useUrlFilters } from '../../hooks/useUrlFilters';
import { SelectField } from '../../forms/Fields';
import { t } from '../../i18n';

export type TeamFilterValue = 'mine' | number | undefined;

/** The filter as the server takes it: 'mine' (personal rows), a team's id, or undefined (every row I may read). */
function parse(value: string): TeamFilterValue {
  if (value === 'mine') return 'mine';
  return /^[1-9]\d{0,14}$/.test(value) ? Number(value) : undefined;
}

/**
 * The list's team filter and its select. Someone in no team has nothing to narrow: no select, unless a link
 * (a bookmark from before leaving) names one, so the list never narrows without saying so.
 */
export function useTeamFilter() {
  const [filters, setFilters] = useUrlFilters(['team'] as const);
  const { teams } = useTeams();
  const team = parse(filters.team);
  const known = team === undefined || team === 'mine' || teams.some((candidate) => candidate.id === team);
  const options = [
    { value: '', label: t('Personal and teams') },
    { value: 'mine', label: t('Personal') },
    ...teams.map((candidate) => ({ value: String(candidate.id), label: candidate.name })),
    // A team named in the URL that is not mine (any more) still shows as chosen, and its list is empty.
    ...(known ? [] : [{ value: String(team), label: t('A team you are not in') }]),
  ];
  const field =
    teams.length === 0 && team === undefined ? null : (
      <SelectField
        name="team"
        label={t('Show')}
        value={team === undefined ? '' : String(team)}
        options={options}
        onChange={(event) => setFilters({ team: event.target.value })}
      />
    );
  return { team, field, clear: () => setFilters({ team: '' }) };
}
