// Where the current team is kept (SPEC §3: localStorage under currentTeamId) and mirrored for the server (a cookie), and
// the team a list of teams gives for a saved id (SPEC §4: the saved team if in the list, else the first).
import { savedTeamIdOf, TEAM_COOKIE } from '../../shared/firstScreen';

const STORAGE_KEY = 'currentTeamId';

// Storage can be unavailable (privacy modes, quota); the selection then lasts only for this visit.
export function readSavedTeamId(): number | null {
  try {
    const saved = Number(localStorage.getItem(STORAGE_KEY));
    return Number.isInteger(saved) && saved > 0 ? saved : null;
  } catch {
    return null;
  }
}

/** The id the server rendered this page's space with (its cookie), for the first render over its HTML. */
export const teamIdOfCookie = () => savedTeamIdOf(document.cookie);

/** Saves the choice on the device, and in the cookie the server reads to render the next page in the same space. */
export function saveTeamId(id: number | null) {
  try {
    if (id === null) localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, String(id));
  } catch {
    // See readSavedTeamId.
  }
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = id === null ? `${TEAM_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax` : `${TEAM_COOKIE}=${id}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/** SPEC §4's rule: the team with the saved id when the list has it, else the first, else none. */
export function chooseTeam<T extends { id: number }>(teams: readonly T[], savedId: number | null): T | null {
  return teams.find((team) => team.id === savedId) ?? teams[0] ?? null;
}
