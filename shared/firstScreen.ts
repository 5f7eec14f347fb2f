// What the browser and the server agree on about a page's first screen (issue 32, decision 031).

/** Paths a guest may open, outside the signed-in shell: the server renders or redirects the rest for a user only. */
export const GUEST_PATHS = /^\/(login|register|confirm-email|forgot-password|reset-password|invite\/)/;

/** The element holding the dehydrated query cache a rendered screen comes with. */
export const STATE_ELEMENT_ID = 'sower-state';

/**
 * The cookie mirroring the current team the browser keeps under `currentTeamId` (SPEC §3, issue 48), so the server
 * renders the first screen in the space the client will show: the team's id, absent for none saved.
 */
export const TEAM_COOKIE = 'currentTeamId';

/** The saved team's id from a Cookie header (or document.cookie), or null: a positive whole number, nothing else. */
export function savedTeamIdOf(cookies: string | undefined): number | null {
  const raw = new RegExp(`(?:^|;\\s*)${TEAM_COOKIE}=([1-9]\\d{0,14})(?:;|$)`).exec(cookies ?? '')?.[1];
  return raw ? Number(raw) : null;
}

/**
 * The `tzo` cookie beside `tz`: the browser's offset from UTC in minutes now (east positive). The server writes a
 * screen's dates only when its own rules for the zone give the same offset: where a browser's time-zone data and
 * the server's differ (Chromium's Africa/Casablanca is UTC+0, Node's UTC+1), its dates would not be the browser's.
 */
export const OFFSET_COOKIE = 'tzo';
