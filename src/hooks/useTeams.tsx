// The signed-in user's teams and which one is current, remembered across visits in localStorage.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { trpc, type RouterInputs, type RouterOutputs } from '../lib/trpc';
import { useAuth } from './useAuth';
import { chooseTeam, readSavedTeamId, saveTeamId } from '../lib/space';

export type Team = RouterOutputs['teams']['list'][number];
type TeamChanges = Omit<RouterInputs['teams']['update'], 'id'>;

interface TeamContextValue {
  teams: Team[];
  /** Whether the list has been read (a user in no team has an empty one). */
  loaded: boolean;
  /** The team new records go to by default; null: Personal. */
  currentTeam: Team | null;
  setCurrentTeam(team: Team | null): void;
  /** A team of mine by its id (a team row's team), or undefined: a personal row, or a team I am no longer in. */
  teamOf(teamId: number | null): Team | undefined;
  /** The updated team, or null when the server refused (the failure is logged). */
  updateTeam(id: number, changes: TeamChanges): Promise<Team | null>;
  /** Whether the team was deleted (a failure is logged). */
  deleteTeam(id: number): Promise<boolean>;
}

const NO_TEAMS: Team[] = [];

const TeamContext = createContext<TeamContextValue | undefined>(undefined);

/**
 * `savedTeamId`: the id the first render starts from, the same on the server (its cookie) and in the browser hydrating
 * its HTML (the same cookie), so both render the same space; once mounted, the device's saved id decides (SPEC §4).
 */
export function TeamProvider({ children, savedTeamId = null }: { children: ReactNode; savedTeamId?: number | null }) {
  const { status } = useAuth();
  const utils = trpc.useUtils();
  const teamsQuery = trpc.teams.list.useQuery(undefined, { enabled: status === 'authenticated' });
  const [currentTeam, setCurrentTeamState] = useState<Team | null>(() => (teamsQuery.data ? chooseTeam(teamsQuery.data, savedTeamId) : null));
  // The first list seen after mounting is decided by the device's saved id, which the first render could not read.
  const decided = useRef(false);
  const teams = teamsQuery.data ?? NO_TEAMS;
  // 'Personal' chosen in the switcher during this visit: the list reloading (a team joined, renamed) keeps that choice.
  // A new visit starts as the spec says (the saved team, else the first), since choosing none clears the saved id.
  const personalChosen = useRef(false);
  const setCurrentTeam = useCallback((team: Team | null) => {
    personalChosen.current = team === null;
    setCurrentTeamState(team);
  }, []);

  // Only a loaded list decides: while signed out the saved choice waits for the next sign-in.
  useEffect(() => {
    const list = teamsQuery.data;
    if (!list) return;
    // The choice outlives the list that offered it (its team may be gone), so it is state the list corrects.
    // Read now: the effect below saves what is shown before this decision is rendered.
    const saved = readSavedTeamId();
    const firstDecision = !decided.current;
    decided.current = true;
    setCurrentTeamState((current) => {
      if (personalChosen.current && current === null) return null;
      return chooseTeam(list, firstDecision ? saved : (current?.id ?? saved));
    });
  }, [teamsQuery.data]);

  useEffect(() => {
    if (teamsQuery.data) saveTeamId(currentTeam?.id ?? null);
  }, [currentTeam, teamsQuery.data]);

  const { mutateAsync: updateCall } = trpc.teams.update.useMutation();
  const updateTeam = useCallback(
    async (id: number, changes: TeamChanges) => {
      try {
        const updated = await updateCall({ id, ...changes });
        setCurrentTeamState((current) => (current?.id === updated.id ? updated : current));
        void utils.teams.list.invalidate();
        return updated;
      } catch (error) {
        console.error('Updating the team failed', error);
        return null;
      }
    },
    [updateCall, utils],
  );

  const { mutateAsync: removeCall } = trpc.teams.remove.useMutation();
  const deleteTeam = useCallback(
    async (id: number) => {
      try {
        await removeCall({ id });
        setCurrentTeamState(null);
        await utils.teams.list.invalidate();
        return true;
      } catch (error) {
        console.error('Deleting the team failed', error);
        return false;
      }
    },
    [removeCall, utils],
  );

  const teamOf = useCallback((teamId: number | null) => (teamId === null ? undefined : teams.find((team) => team.id === teamId)), [teams]);

  const value = useMemo(
    () => ({
      teams,
      loaded: status === 'authenticated' && teamsQuery.data !== undefined,
      currentTeam: status === 'authenticated' ? currentTeam : null,
      setCurrentTeam,
      teamOf,
      updateTeam,
      deleteTeam,
    }),
    [teams, teamsQuery.data, currentTeam, status, setCurrentTeam, teamOf, updateTeam, deleteTeam],
  );
  return <TeamContext.Provider value={value}>{children}</TeamContext.Provider>;
}

/**
 * The space the lists and the dashboard read and new records go to (issue 48): the current team's id, or 'mine' for
 * Personal; undefined for someone in no team (all they may read is personal) or while their teams are not known.
 */
export function useSpace(): 'mine' | number | undefined {
  const { teams, currentTeam } = useTeams();
  if (currentTeam) return currentTeam.id;
  return teams.length ? 'mine' : undefined;
}

/** The current team and its actions (SPEC §4: team selection, kept under currentTeamId), read by the shell's switcher and the forms. */
export function useTeams(): TeamContextValue {
  const context = useContext(TeamContext);
  if (!context) throw new Error('useTeams must be used within a TeamProvider');
  return context;
}
