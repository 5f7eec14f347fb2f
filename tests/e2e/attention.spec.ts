// Needs attention in the browser: the dashboard card with its reason, the full list behind 'View all', and a snooze
// from the row's menu (by keyboard on a desktop, by touch on a phone) that the toast's Undo takes back.
import type { Page } from '@playwright/test';
import { api, expect, isPhone, test } from './fixtures';

/** Local noon `days` ago: the day an activity logged that day is stored at. */
function daysAgoAtNoon(days: number) {
  const date = new Date();
  date.setDate(date.getDate() - days);
  date.setHours(12, 0, 0, 0);
  return date.toISOString();
}

/** Screenshots for review, only when asked (ATTENTION_SHOTS=dir): light, then dark. */
async function shots(page: Page, name: string, project: string) {
  const dir = process.env.ATTENTION_SHOTS;
  if (!dir) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${dir}/attention-${name}-${project}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('the dashboard card names who needs attention and why; snoozing from the list takes them off until Undo', async ({ page, user }, testInfo) => {
  void user;
  const lydia = await api(page, '/api/contacts', { name: 'Lydia of Thyatira', spiritualStatus: 'seeking' });
  await api(page, '/api/activities', { contactId: lydia.id, type: 'conversation', date: daysAgoAtNoon(12) });
  const gaius = await api(page, '/api/contacts', { name: 'Gaius', spiritualStatus: 'growing' });
  await api(page, '/api/activities', { contactId: gaius.id, type: 'conversation', date: daysAgoAtNoon(30) });

  await page.goto('/');
  const card = page.getByRole('region', { name: 'Needs attention' });
  await expect(card.getByRole('link', { name: 'Lydia of Thyatira' })).toBeVisible();
  await expect(card.getByText('Seeking · last talked 12 days ago')).toBeVisible();
  await expect(card.getByText('Growing · last talked 30 days ago')).toBeVisible();
  await shots(page, 'card', testInfo.project.name);

  await card.getByRole('link', { name: 'View all contacts who need attention' }).click();
  await expect(page).toHaveURL(/\/contacts\?attention=1$/);
  const list = page.getByRole('list', { name: 'Contacts who need attention' });
  // Most overdue first.
  await expect(list.getByRole('heading')).toHaveText(['Gaius', 'Lydia of Thyatira']);
  await shots(page, 'list', testInfo.project.name);

  const snooze = list.getByRole('button', { name: 'Snooze Lydia of Thyatira' });
  if (isPhone(page)) {
    await snooze.tap();
    await page.getByRole('menuitem', { name: 'For 1 week' }).tap();
  } else {
    // The menu works from the keyboard: ArrowDown opens it on its first item.
    await snooze.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitem', { name: 'For 1 day' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
  }
  await expect(list.getByRole('heading')).toHaveText(['Gaius']);
  const snoozed = page.getByRole('region', { name: 'Notifications (F8)' }).getByText(/^Lydia of Thyatira snoozed until /);
  await expect(snoozed).toBeVisible();
  // Still off the list after a reload: the snooze is kept on the server.
  await page.reload();
  await expect(page.getByRole('list', { name: 'Contacts who need attention' }).getByRole('heading')).toHaveText(['Gaius']);

  // Snooze again and take it back with Undo.
  await page.getByRole('button', { name: 'Snooze Gaius' }).click();
  await page.getByRole('menuitem', { name: 'For 1 day' }).click();
  await expect(page.getByText('Nobody is waiting to hear from you today. Well done keeping in touch!')).toBeVisible();
  await page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByRole('list', { name: 'Contacts who need attention' }).getByRole('heading')).toHaveText(['Gaius']);
});
