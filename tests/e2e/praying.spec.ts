// Issue 16 in the browser: Pray today ('I prayed', 'Not today', the day's list finished), a suggested next step turned
// into a follow-up, and 'Any changes spiritually?' asked by the Log Activity toast and answered on the contact's page.
import type { Page, TestInfo } from '@playwright/test';
import { api, expect, test, toast } from './fixtures';

/** With PRAYING_SHOTS set, the screen in the light and the dark theme, for a person to look at. */
async function shots(page: Page, testInfo: TestInfo, name: string) {
  if (!process.env.PRAYING_SHOTS) return;
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${process.env.PRAYING_SHOTS}/praying-${name}-${testInfo.project.name}-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('Pray today: I prayed checks a request off, Not today brings the next one, and the list can be finished', async ({ page, user }, testInfo) => {
  void user;
  const contact = await api(page, '/api/contacts', { name: 'Epaphras' });
  for (const request of ['Strength in his labours', 'Wisdom for the church', 'Safe travels', 'Healing for his mother']) {
    await api(page, '/api/prayer-requests', { contactId: contact.id, request });
  }
  expect((await page.request.put('/api/account/pray-today', { data: { count: 3 } })).status()).toBe(200);

  await page.goto('/prayer-journal');
  await page.getByRole('tab', { name: /Pray today/ }).click();
  await expect(page).toHaveURL(/\?tab=today$/);
  const list = page.getByRole('list', { name: 'Pray today' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByRole('tab', { name: /Pray today/ })).toContainText('3 left');
  await shots(page, testInfo, 'pray-today');

  await list.getByRole('button', { name: 'I prayed: Epaphras' }).first().click();
  await expect(toast(page, 'Prayer count incremented')).toBeVisible();
  await expect(list.getByRole('listitem').first()).toContainText('Prayed today');
  await expect(list.getByRole('listitem').first()).toContainText('Strength in his labours');

  await list.getByRole('listitem').filter({ hasText: 'Wisdom for the church' }).getByRole('button', { name: 'Not today: Epaphras' }).click();
  await expect(toast(page, 'Set aside for another day')).toBeVisible();
  await expect(list.getByText('Wisdom for the church')).toHaveCount(0);
  await expect(list.getByText('Healing for his mother')).toBeVisible();

  for (const done of [2, 3]) {
    await list.getByRole('button', { name: 'I prayed: Epaphras' }).first().click();
    await expect(list.getByText('Prayed today')).toHaveCount(done);
  }
  await expect(page.getByText("You have prayed for today's list.")).toBeVisible();
  await expect(list.getByText('Prayed today')).toHaveCount(3);
  await expect(page.getByRole('tab', { name: /Pray today/ })).toContainText('0 left');
  await shots(page, testInfo, 'pray-today-done');

  // The spec's Active tab still counts every prayer.
  await page.getByRole('tab', { name: /Active/ }).click();
  await expect(page.getByRole('tabpanel').getByText('Prayed 1 time')).toHaveCount(3);
});

test('a suggested next step becomes a follow-up after the user confirms the form', async ({ page, user }, testInfo) => {
  void user;
  const contact = await api(page, '/api/contacts', { name: 'Cornelius', spiritualStatus: 'seeking' });
  await page.goto(`/contacts/${contact.id}`);
  const steps = page.getByRole('region', { name: 'Next steps' });
  await expect(steps.getByRole('button')).toHaveCount(4);
  await shots(page, testInfo, 'next-steps');
  await steps.getByRole('button', { name: /Read a Gospel together/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Schedule Follow-up' });
  await expect(dialog.getByLabel('Description')).toHaveValue('Read a Gospel together');
  await expect(dialog.getByLabel('Type')).toHaveValue('study');
  const inThree = new Date(Date.now() + 3 * 86_400_000);
  const ymd = `${inThree.getFullYear()}-${String(inThree.getMonth() + 1).padStart(2, '0')}-${String(inThree.getDate()).padStart(2, '0')}`;
  await expect(dialog.getByLabel('Date')).toHaveValue(ymd);
  await dialog.getByRole('button', { name: 'Schedule Follow-up' }).click();
  await expect(toast(page, 'Follow-up scheduled')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Read a Gospel together');
});

test("after three activities the toast asks 'Any changes spiritually?', and the answer is on the journey as today @desktop-only", async ({
  page,
  user,
}, testInfo) => {
  void user;
  const contact = await api(page, '/api/contacts', { name: 'Timothy', spiritualStatus: 'new_believer' });
  for (let i = 0; i < 2; i++) await api(page, '/api/activities', { contactId: contact.id, type: 'conversation' });
  await page.goto('/activities');
  await page.getByRole('button', { name: 'Log Activity' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log Activity' });
  await dialog.getByLabel('Contact name').fill('Timothy');
  await dialog.getByRole('button', { name: 'Log Activity' }).click();
  await expect(toast(page, 'Activity created')).toBeVisible();
  await page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('button', { name: 'Any changes spiritually?' }).click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${contact.id}\\?check=spiritual$`));

  const prompt = page.getByRole('region', { name: 'Any changes spiritually?' });
  await expect(prompt.getByLabel('Spiritual status')).toBeFocused();
  // Their status was set when they were added and never changed: the prompt says so, not 'since it changed'.
  await expect(prompt).toContainText('their status has stayed the same since they were added to Sower');
  await shots(page, testInfo, 'spiritual-check');
  await prompt.getByRole('button', { name: 'No change' }).click();
  await expect(toast(page, 'Noted: no change for now')).toBeVisible();
  await expect(prompt).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Timeline' })).toContainText('Spiritual check: still New Believer');
  await expect(page.getByRole('list', { name: 'Journey steps' }).getByRole('listitem').filter({ hasText: 'New Believer' })).toHaveAttribute(
    'aria-current',
    'step',
  );
});
