// Where a new record goes (issue 30): Personal or one of my teams where my role may create, defaulting to the current
// team; a record about a contact goes where its contact is, and the form says so instead of asking.
import { SelectField } from '../../forms/Fields';
import { useTeams } from '../../hooks/useTeams';
import { t } from '../../i18n';
import { useCreatableTeams } from './rights';

/** The place a new record starts in: the current team where my role may create in it, else Personal ('' ). */
export function useDefaultPlace(): string {
  const { currentTeam } = useTeams();
  const creatable = useCreatableTeams();
  return currentTeam && creatable.some((team) => team.id === currentTeam.id) ? String(currentTeam.id) : '';
}

/** The place as an input's teamId: '' is Personal (null). */
export const placeTeamId = (place: string) => (place ? Number(place) : null);

/** A choice of Personal or a team; shown only to someone who may create in a team (otherwise all is Personal). */
export function PlaceField({ value, onChange }: { value: string; onChange(place: string): void }) {
  const creatable = useCreatableTeams();
  if (creatable.length === 0) return null;
  const options = [{ value: '', label: t('Personal') }, ...creatable.map((team) => ({ value: String(team.id), label: team.name }))];
  return <SelectField name="teamId" label={t('Save to')} value={value} options={options} onChange={(e) => onChange(e.target.value)} />;
}

/** What the form says for a record about a contact of a team: it goes to that team, with the contact. */
export function PlaceNote({ teamId }: { teamId: number | null | undefined }) {
  const team = useTeams().teamOf(teamId ?? null);
  if (!team) return null;
  return (
    <p className="rounded-field bg-secondary/10 px-3 py-2 text-sm" data-testid="record-place">
      {t('Saved to the team {team}, with its contact.', { team: team.name })}
    </p>
  );
}
