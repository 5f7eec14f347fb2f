// Offline: the banner, lists already loaded stay readable, an activity logged offline waits in the outbox and is sent
// exactly once when the connection returns, also after a reload in between; logout empties the outbox.
import type { Page } from '@playwright/test';
import { expect, isPhone, test } from './fixtures';

async function logActivity(page: Page, contactName: string) {
  await page.getByRole('button', { name: 'Log Activity' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log Activity' });
  await dialog.getByLabel('Contact name').fill(contactName);
  await dialog.getByRole('button', { name: 'Log Activity' }).click();
  await expect(page.getByText('Saved on this device', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function activitiesWith(page: Page, contactName: string) {
  const res = await page.request.get('/api/activities');
  expect(res.status()).toBe(200);
  return ((await res.json()) as { contactName: string }[]).filter((a) => a.contactName === contactName);
}

// Chromium's own report when fetching /sw.js loses the connection half-way (the registration began online, the test
// then went offline): the app handles that failure and registers again later (src/lib/serviceWorker.ts), but the
// browser logs it anyway, as it would on a phone whose signal drops at that moment.
test.use({ allowConsoleErrors: [/^An unknown error occurred when fetching the script\.$/] });

const waiting = (page: Page) => page.getByRole('region', { name: 'Waiting to sync' });

/**
 * A page opened offline from the service worker may believe it is online and, when the connection returns, hear no
 * 'online' event (Chromium's emulation does this; so does a weak signal on a phone): the app then finds out by asking
 * again on its own timers, the outbox after at most 10 s (OutboxSync), a failed read every 10 s (queryClient).
 */
const BY_ITSELF = { timeout: 25_000 };

test('an activity logged offline waits, then is sent once when the connection returns', async ({ page, context, user }, testInfo) => {
  void user;
  await page.request.post('/api/activities', { data: { type: 'gospel_presentation', contactName: 'Already Loaded' } });
  await page.goto('/activities');
  await expect(page.getByText('Gospel Presentation with Already Loaded')).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByText('You are offline.', { exact: true })).toBeVisible();
  // What was loaded stays on screen.
  await expect(page.getByText('Gospel Presentation with Already Loaded')).toBeVisible();

  await logActivity(page, 'Offline Olive');
  await expect(waiting(page).getByText('Conversation with Offline Olive')).toBeVisible();
  await expect(waiting(page).getByText('Waiting to sync')).toBeVisible();
  await page.screenshot({ path: `tests/e2e/screenshots/offline-waiting-${testInfo.project.name}.png` });
  expect(await activitiesWith(page, 'Offline Olive')).toHaveLength(0);

  await context.setOffline(false);
  await expect(page.getByText('Activity synced', { exact: true })).toBeVisible();
  await expect(waiting(page)).toHaveCount(0);
  await expect(page.getByText('You are offline.', { exact: true })).toBeHidden();
  await expect(page.getByText('Conversation with Offline Olive')).toHaveCount(1);
  expect(await activitiesWith(page, 'Offline Olive')).toHaveLength(1);

  // Going offline and online again sends nothing more.
  await context.setOffline(true);
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByText('Conversation with Offline Olive')).toHaveCount(1);
  expect(await activitiesWith(page, 'Offline Olive')).toHaveLength(1);
});

test('the outbox survives a reload while offline and is sent once afterwards', async ({ page, context, user }) => {
  void user;
  await page.goto('/activities');
  await expect(page.getByText('No activities recorded yet.')).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  await logActivity(page, 'Reload Rita');
  await expect(waiting(page).getByText('Conversation with Reload Rita')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Activities', level: 1 })).toBeVisible();
  await expect(waiting(page).getByText('Conversation with Reload Rita')).toBeVisible();
  expect(await activitiesWith(page, 'Reload Rita')).toHaveLength(0);

  await context.setOffline(false);
  await expect(page.getByText('Activity synced', { exact: true })).toBeVisible(BY_ITSELF);
  await expect(waiting(page)).toHaveCount(0);
  await expect(page.getByText('Conversation with Reload Rita')).toHaveCount(1);
  expect(await activitiesWith(page, 'Reload Rita')).toHaveLength(1);

  // The next start finds nothing left to send.
  await page.reload();
  await expect(page.getByText('Conversation with Reload Rita')).toHaveCount(1);
  expect(await activitiesWith(page, 'Reload Rita')).toHaveLength(1);
});

test('logout empties the outbox and forgets the user, so the next person sees nothing of it', async ({ page, context, user }) => {
  void user;
  await page.goto('/activities');
  await expect(page.getByText('No activities recorded yet.')).toBeVisible();
  await context.setOffline(true);
  await logActivity(page, 'Private Paul');
  await expect(waiting(page)).toBeVisible();
  await context.setOffline(false);
  // Sending may already have begun; what matters is that nothing is left behind after logout.
  if (isPhone(page)) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);
  const left = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('sower-outbox', 1);
        open.onsuccess = () => {
          const count = open.result.transaction('activities').objectStore('activities').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
  expect(left).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('sower:user'))).toBeNull();
});

test('a contact page opened offline before it ever loaded says it comes with the connection, not that it is gone', async ({ page, context, user }) => {
  void user;
  const contact = await (await page.request.post('/api/contacts', { data: { name: 'Ophelia Offline' } })).json();
  await page.goto('/activities');
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  await page.goto(`/contacts/${contact.id}`);
  await expect(page.locator('main').getByText('This screen was not loaded yet; it fills in when you are back online.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Contact not found' })).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: 'Ophelia Offline' })).toBeVisible(BY_ITSELF);
});
