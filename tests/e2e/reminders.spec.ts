// Settings → Reminders: the digest's settings saved and shown after reload, push on this device with permission granted
// (this Chromium has no reachable push service, so subscribing may fail: the screen says so), and the service worker
// showing a pushed message as a notification.
import type { Page } from '@playwright/test';
import { expect, pushToWorker, test, toast } from './fixtures';

// This spec is about what the service worker does, or how pages arrive with it: it runs (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

// Playwright's contexts are incognito ones, where Chromium logs this error for every pushManager.subscribe.
test.use({ allowConsoleErrors: [/does not support the Push API in incognito mode/] });

function section(page: Page) {
  return page.getByRole('region', { name: 'Reminders' });
}

test('the daily digest settings are saved and shown after reload; email says it waits for the address to be confirmed @desktop-only', async ({
  page,
  user,
}) => {
  void user;
  await page.goto('/settings');
  const reminders = section(page);
  await reminders.getByLabel('Send me a daily digest').check();
  await reminders.getByLabel('Hour').selectOption('7');
  // Hours on the reader's clock, zones by city, country and offset, found by a search (issue 28).
  await expect(reminders.getByLabel('Hour').locator('option:checked')).toHaveText(/^7:00\sAM$/);
  await reminders.getByLabel('Search by city, country or offset').fill('chicago');
  await expect(reminders.getByLabel('Time zone')).toHaveValue('America/Chicago');
  await expect(reminders.getByLabel('Time zone').locator('option:checked')).toHaveText(/^\u2068?Chicago\u2069?, United States \(GMT-[56]\)$/);
  await reminders.getByLabel("Today's prayer list").uncheck();
  await reminders.getByLabel('Discreet wording').check();
  await expect(reminders.getByLabel('Discreet wording')).toHaveAccessibleDescription('Says only how many reminders you have, without names or texts.');
  await reminders.getByRole('button', { name: 'Save Reminders' }).click();
  await expect(toast(page, 'Reminders saved')).toBeVisible();
  await expect(reminders.getByText(/^Next digest: /)).toBeVisible();

  await page.reload();
  await expect(reminders.getByLabel('Send me a daily digest')).toBeChecked();
  await expect(reminders.getByLabel('Hour')).toHaveValue('7');
  await expect(reminders.getByLabel('Time zone')).toHaveValue('America/Chicago');
  await expect(reminders.getByLabel("Today's prayer list")).not.toBeChecked();
  await expect(reminders.getByLabel('Due and overdue follow-ups')).toBeChecked();
  await expect(reminders.getByLabel('Discreet wording')).toBeChecked();
  // The browser suite's server sends email (scripts/e2e-server.mjs), and this new account's address is not confirmed.
  await expect(reminders.getByLabel('By email')).toBeEnabled();
  await expect(reminders.getByLabel('By email')).toHaveAccessibleDescription(/^Reminder emails wait until you confirm e2e\w+@example\.com:/);
  await expect(reminders.getByRole('button', { name: 'Resend link' })).toBeVisible();
  const settings = await (await page.request.get('/api/account/reminders')).json();
  expect(settings).toMatchObject({ remindersOn: true, hour: 7, timeZone: 'America/Chicago', includePrayers: false, discreet: true });
});

test('push on this device, with permission granted: subscribed, or a clear message when the push service is out of reach', async ({ page, context, user }) => {
  void user;
  await context.grantPermissions(['notifications']);
  await page.goto('/settings');
  const push = section(page).getByLabel('By push notification on this device');
  await expect(push).toBeEnabled();
  await push.click();
  const on = toast(page, 'Push notifications are on for this device');
  const failed = section(page).getByRole('alert').filter({ hasText: 'This device could not subscribe to push notifications' });
  await expect(on.or(failed)).toBeVisible({ timeout: 20_000 });
  if (await on.isVisible()) {
    await expect(push).toBeChecked();
    expect((await (await page.request.get('/api/account/reminders')).json()).byPush).toBe(true);
  } else {
    await expect(push).not.toBeChecked();
    await expect(push).toBeEnabled();
  }
});

test('the service worker shows a pushed message as a notification', async ({ page, context, user }) => {
  void user;
  await context.grantPermissions(['notifications']);
  await page.goto('/settings');
  const message = { title: 'Sower', body: 'You have 3 reminders in Sower', url: '/follow-ups', tag: 'digest' };
  expect(await pushToWorker(page, message)).toEqual([
    {
      title: 'Sower',
      body: message.body,
      tag: 'digest',
      data: { url: '/follow-ups' },
      icon: expect.stringMatching(/\/icons\/icon-192\.png$/),
      badge: expect.stringMatching(/\/icons\/icon-192\.png$/),
    },
  ]);
});
