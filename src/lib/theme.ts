// The colour theme the user chose (light, dark or the system's), kept in localStorage and put on <html>. A cookie
// carries the choice to the server, which puts it on the page it sends (server/http/page.ts, decision 009), so a dark
// choice shows dark from the first frame.

import { isTheme, themeNames, type Theme } from '../../shared/theme';

export type ThemeChoice = Theme | 'system';

const STORAGE_KEY = 'theme';

export function readThemeChoice(): ThemeChoice {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    return isTheme(saved) ? saved : 'system';
  } catch {
    // Storage can be switched off (some private modes); the system's choice is then the sensible one.
    return 'system';
  }
}

/** "Follow the system" removes data-theme: the stylesheet's prefers-color-scheme rule then picks the theme. */
export function applyThemeChoice(choice: ThemeChoice) {
  const root = document.documentElement;
  if (choice === 'system') root.removeAttribute('data-theme');
  else root.setAttribute('data-theme', themeNames[choice]);
}

/** The `theme` cookie: light or dark for a year, none for the system's. Not a secret: no HttpOnly, the page writes it. */
export function writeThemeCookie(choice: ThemeChoice) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    choice === 'system' ? `theme=; Path=/; Max-Age=0; SameSite=Lax${secure}` : `theme=${choice}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/** At start: the saved choice on the page, and in the cookie (a choice saved before the cookie existed, or a cookie cleared). */
export function applySavedThemeChoice() {
  const choice = readThemeChoice();
  applyThemeChoice(choice);
  writeThemeCookie(choice);
}

export function saveThemeChoice(choice: ThemeChoice) {
  applyThemeChoice(choice);
  writeThemeCookie(choice);
  try {
    if (choice === 'system') localStorage.removeItem(STORAGE_KEY);
    else localStorage.setItem(STORAGE_KEY, choice);
  } catch {
    // Not remembered, but applied for this visit: nothing more to do.
  }
}

/** Applies a choice made in another tab of the app here too (the storage event fires only in the other tabs). */
export function followThemeChoiceOfOtherTabs() {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEY || event.key === null) applySavedThemeChoice();
  });
}
