// The signed-in user's teams and which one is current, remembered across visits in localStorage.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { trpc, type RouterInputs, type RouterOutputs } from '../lib/trpc';
import { useAuth } from './useAuth';

export type Team = RouterOutputs['teams']['list'][number];
type TeamChanges = Omit<RouterInputs['teams']['update'], 'id'>;

interface TeamContextValue {
  teams: Team[];
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

const STORAGE_KEY = 'currentTeamId';
const NO_TEAMS: Team[] = [];

const TeamContext = createContext<TeamContextValue | undefined>(undefined);

// Storage can be unavailable (privacy modes, quota); the selection then lasts only for this visit.
function readSavedTeamId(): number | null {
  try {
    const saved = Number(localStorage.getItem(STORAGE_KEY));
    return Number.isInteger(saved) && saved > 0 ? saved : null;
  } catch {
    return null;
  }
}

function saveTeamId(id: number | null) {
  try {
    if (id === null) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, String(id));
  } catch {
    // See readSavedTeamId.
  }
}

export function TeamProvider({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  const utils = trpc.useUtils();
  const teamsQuery = trpc.teams.list.useQuery(undefined, { enabled: status === 'authenticated' });
  const [currentTeam, setCurrentTeamState] = useState<Team | null>(null);
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
    setCurrentTeamState((current) => {
      if (personalChosen.current && current === null) return null;
      const wanted = current?.id ?? readSavedTeamId();
      return list.find((team) => team.id === wanted) ?? list[0] ?? null;
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
    () => ({ teams, currentTeam: status === 'authenticated' ? currentTeam : null, setCurrentTeam, teamOf, updateTeam, deleteTeam }),
    [teams, currentTeam, status, setCurrentTeam, teamOf, updateTeam, deleteTeam],
  );
  return <TeamContext.Provider value={value}>{children}</TeamContext.Provider>;
}

/** The current team and its actions (SPEC §4: team selection, kept under currentTeamId), read by the shell's switcher and the forms. */
export function useTeams(): TeamContextValue {
  const context = useContext(TeamContext);
  if (!context) throw new Error('useTeams must be used within a TeamProvider');
  return context;
}
