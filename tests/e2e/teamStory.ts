// What the team stories in several languages share (team-story.spec.ts, team-week.spec.ts): each person's console
// watched, and a team formed from Settings in the leader's language.
import type { Page } from '@playwright/test';
import { translate } from '../../server/i18n';
import type { Locale } from '../../shared/i18n';
import { expect, uniqueName } from './fixtures';

/** Keeps the page's console errors and uncaught errors in `errors`, for the story to check at its end. */
export function watchConsole(page: Page, errors: string[]) {
  page.on('console', (message) => {
    // Chromium logs every non-2xx fetch; the session check's 401 and a refused write are answers, not bugs.
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
}

/** Forms a team named `prefix` and a unique tail from Settings (`arrive` opens it as the story does) and opens its page. */
export async function formTeam(page: Page, prefix: string, locale: Locale, arrive: (page: Page, path: string, locale: Locale) => Promise<void>) {
  const teamName = uniqueName(prefix);
  await arrive(page, '/settings/teams', locale);
  await page.getByLabel(translate(locale, 'Team name')).fill(teamName);
  await page.getByRole('button', { name: translate(locale, 'Create team') }).click();
  await expect(page.getByRole('heading', { name: teamName, level: 1 })).toBeVisible();
  return { teamName, teamId: Number(new URL(page.url()).pathname.split('/').pop()) };
}
