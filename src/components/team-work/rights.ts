// What the signed-in person may do with a row, as shared/roles.ts says (issue 30): the menus and forms offer only that.
import { useCallback, useMemo } from 'react';
import { mayChange, mayPray, mayWriteAbout, roleCan } from '../../../shared/roles';
import { useAuth } from '../../hooks/useAuth';
import { useTeams } from '../../hooks/useTeams';
import { trpc } from '../../lib/trpc';

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

/**
 * Whether I may write records about a contact (shared/roles.ts mayWriteAbout, the server's canWriteAbout): my personal
 * ones, and a team's where my role may create. The forms' contact pickers offer only these (issue 48): a viewer is
 * not offered the team's contacts, so never the team as the place a record goes.
 */
export function useMayWriteAbout() {
  const { teamOf } = useTeams();
  return useCallback((contact: { teamId: number | null }) => mayWriteAbout(contact, teamOf(contact.teamId)?.role), [teamOf]);
}

/** The contact names the forms offer: those I may write records about, from contacts.names. */
export function useWritableContactNames() {
  const names = trpc.contacts.names.useQuery();
  const mayWrite = useMayWriteAbout();
  const data = useMemo(() => names.data?.filter(mayWrite), [names.data, mayWrite]);
  return { data };
}
