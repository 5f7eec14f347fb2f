// What the signed-in person may do with a row, as shared/roles.ts says (issue 30): the menus and forms offer only that.
import { useCallback } from 'react';
import { mayChange, mayPray, roleCan } from '../../../shared/roles';
import { useAuth } from '../../hooks/useAuth';
import { useTeams } from '../../hooks/useTeams';

/** A row as the lists answer it: its team, and who created it. */
export interface OwnedRow {
  teamId: number | null;
  createdBy: number;
}

/** Whether I may edit or delete a row: my own personal row, a team row by my role in its team (shared/roles.ts mayChange). */
export function useMayChange() {
  const { user } = useAuth();
  const { teamOf } = useTeams();
  return useCallback((row: OwnedRow) => !!user && mayChange(row, user.id, teamOf(row.teamId)?.role), [user, teamOf]);
}

/** Whether I may pray for a prayer request: my own personal one, a team one by my role (shared/roles.ts mayPray). */
export function useMayPray() {
  const { user } = useAuth();
  const { teamOf } = useTeams();
  return useCallback((row: OwnedRow) => !!user && mayPray(row, user.id, teamOf(row.teamId)?.role), [user, teamOf]);
}

/** The teams in which I may create rows: where a new record may go besides Personal. */
export function useCreatableTeams() {
  const { teams } = useTeams();
  return teams.filter((team) => roleCan(team.role, 'create'));
}
