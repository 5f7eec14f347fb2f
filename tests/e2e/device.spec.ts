// What stays on the device (issue 33): with 'Keep data on this device' off, nothing of the user is written to IndexedDB
// or the cache storage and the outbox says it cannot keep anything; 'Forget this device' wipes everything in one tap.
import type { Page } from '@playwright/test';
import { api, expect, isPhone, photograph, test, toast } from './fixtures';

// This spec is about what the service worker does, or how pages arrive with it: it runs (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Every entry of Sower's IndexedDB stores on this page's origin, as text, by database. */
function storedData(page: Page) {
  return page.evaluate(async () => {
    const found: Record<string, string[]> = {};
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(open.error);
      });
      found[name] = [];
      for (const store of Array.from(db.objectStoreNames)) {
        const all = await new Promise<unknown[]>((resolve, reject) => {
          const request = db.transaction(store).objectStore(store).getAll();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        found[name].push(...all.map((entry) => JSON.stringify(entry)));
      }
      db.close();
    }
    return found;
  });
}

/** The paths of every response in the cache storage. */
const cachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    return paths;
  });

const everything = (data: Record<string, string[]>) => Object.values(data).flat().join('\n');

async function openSettings(page: Page) {
  await page.goto('/settings');
  return page.getByRole('region', { name: 'This device' });
}

test('with "Keep data on this device" off, nothing of the user is stored here, and offline nothing can be added', async ({ page, context, user }) => {
  void user;
  await api(page, '/api/activities', { type: 'conversation', contactName: 'Kept Keturah' });
  // On (the default), what the screens show is kept: the check below can see it.
  await page.goto('/activities');
  await expect(page.getByText('Conversation with Kept Keturah')).toBeVisible();
  await expect.poll(async () => everything(await storedData(page))).toContain('Kept Keturah');

  const device = await openSettings(page);
  const keep = device.getByRole('checkbox', { name: /Keep data on this device for offline use/ });
  await expect(keep).toBeChecked();
  await keep.uncheck();
  await expect(device.getByText('Nothing of yours is stored on this device beyond the app itself. Offline, you cannot add anything.')).toBeVisible();
  await photograph(page, `device-${isPhone(page) ? 'phone' : 'desktop'}.png`);
  await expect.poll(async () => everything(await storedData(page))).not.toContain('Kept Keturah');

  // Used as usual, then the page hidden (when kept reads are written at once): still nothing.
  await page.goto('/activities');
  await expect(page.getByText('Conversation with Kept Keturah')).toBeVisible();
  await page.goto('/contacts');
  await expect(page.getByText('Kept Keturah')).toBeVisible();
  await page.evaluate(() => window.dispatchEvent(new Event('pagehide')));
  const stored = await storedData(page);
  expect(everything(stored)).not.toContain('Kept Keturah');
  expect(everything(stored)).not.toContain(user.username);
  expect(await page.evaluate(() => localStorage.getItem('sower:user'))).toBeNull();
  expect((await cachedPaths(page)).filter((path) => /^\/(api|trpc)\//.test(path) || path === '/' || path === '/contacts')).toEqual([]);

  // Offline, an activity cannot wait in the outbox: the form says so and stays open with what was typed.
  await page.goto('/activities');
  await context.setOffline(true);
  await expect(page.getByText('You are offline.', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Log Activity' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log Activity' });
  await dialog.getByLabel('Contact name').fill('Offline Obed');
  await dialog.getByRole('button', { name: 'Log Activity' }).click();
  await expect(toast(page, 'Not saved: you are offline')).toBeVisible();
  await expect(dialog.getByLabel('Contact name')).toHaveValue('Offline Obed');
  expect(everything(await storedData(page))).not.toContain('Offline Obed');
  await context.setOffline(false);
});

test('"Forget this device" signs out and leaves nothing of the user on the device', async ({ page, user }) => {
  await api(page, '/api/activities', { type: 'conversation', contactName: 'Forgotten Phoebe' });
  await page.goto('/activities');
  await expect(page.getByText('Conversation with Forgotten Phoebe')).toBeVisible();
  await expect.poll(async () => everything(await storedData(page))).toContain('Forgotten Phoebe');

  const device = await openSettings(page);
  await device.getByRole('button', { name: 'Forget this device' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  const stored = await storedData(page);
  expect(everything(stored)).not.toContain('Forgotten Phoebe');
  expect(everything(stored)).not.toContain(user.username);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('sower:')))).toEqual([]);
  expect((await cachedPaths(page)).filter((path) => /^\/(api|trpc)\//.test(path))).toEqual([]);
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
});
