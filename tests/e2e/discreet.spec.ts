// The discreet install (issue 33): turned on in Settings → This device, the page takes the neutral manifest, title,
// theme colour and icons at once; the server's next page is already so; the account's reminders take the discreet
// wording; a discreet reminder's notification shows the neutral title and icon.
import type { Page } from '@playwright/test';
import { expect, isPhone, photograph, pushToWorker, test } from './fixtures';

// This spec is about what the service worker does, or how pages arrive with it: it runs (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** What the page shows of itself to the system: the head's manifest, title, theme colour and icons. */
const head = (page: Page) =>
  page.evaluate(() => ({
    manifest: document.querySelector('link[rel="manifest"]')?.getAttribute('href'),
    title: document.title,
    themeColor: document.querySelector('meta[name="theme-color"]')?.getAttribute('content'),
    icon: document.querySelector('link[rel="icon"]')?.getAttribute('href'),
    appleTouchIcon: document.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href'),
  }));

const DISCREET_HEAD = {
  manifest: '/manifest-discreet.webmanifest',
  title: 'Notes',
  themeColor: '#4b5563',
  icon: '/icons/discreet.svg',
  appleTouchIcon: '/icons/discreet-apple-touch-icon.png',
};

test('the discreet install changes the page at once, comes so from the server, and makes reminders discreet', async ({ page, context, user }) => {
  void user;
  await page.goto('/settings');
  const device = page.getByRole('region', { name: 'This device' });
  const discreet = device.getByRole('checkbox', { name: 'Discreet app name and icon' });
  await expect(discreet).not.toBeChecked();
  expect(await head(page)).toEqual({
    manifest: '/manifest.webmanifest',
    title: 'Settings · Sower',
    themeColor: '#12705c',
    icon: '/favicon.svg',
    appleTouchIcon: '/icons/apple-touch-icon.png',
  });
  await expect(device.getByText('browsers keep the name and icon from the time of install', { exact: false })).toBeVisible();
  const shots = async (name: string) => {
    const width = isPhone(page) ? 'phone' : 'desktop';
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await device.scrollIntoViewIfNeeded();
      await photograph(page, `discreet-${name}-${width}-${scheme}.png`);
    }
    await page.emulateMedia({ colorScheme: 'light' });
  };
  await shots('off');

  const saved = page.waitForResponse((res) => res.url().includes('reminders.update') && res.ok());
  await discreet.check();
  await expect(discreet).toBeChecked();
  await expect.poll(() => head(page)).toEqual(DISCREET_HEAD);
  await shots('on');

  // The manifest as the browser reads it from the page's link.
  const manifest = await page.evaluate(async () => {
    const href = document.querySelector('link[rel="manifest"]')!.getAttribute('href')!;
    const res = await fetch(href);
    const json = await res.json();
    const icons = await Promise.all(
      json.icons.map(async (icon: { src: string }) => {
        const image = await fetch(icon.src);
        return { src: icon.src, status: image.status, type: image.headers.get('content-type') };
      }),
    );
    return { type: res.headers.get('content-type'), name: json.name, shortName: json.short_name, id: json.id, icons };
  });
  expect(manifest).toMatchObject({ type: 'application/manifest+json', name: 'Notes', shortName: 'Notes' });
  expect(manifest.id).not.toBe('/');
  expect(manifest.icons).toHaveLength(4);
  for (const icon of manifest.icons) expect(icon).toMatchObject({ status: 200, type: expect.stringMatching(/^image\/(png|svg\+xml)$/) });

  // The account's reminders now use the discreet wording, and the Reminders form shows it.
  await saved;
  const reminders = await page.request.get('/api/account/reminders');
  expect(await reminders.json()).toMatchObject({ discreet: true });
  await expect(page.getByRole('checkbox', { name: 'Discreet wording' })).toBeChecked();

  // The cookie carries the choice to the server: the page it sends is discreet before any script runs.
  expect((await context.cookies()).find((cookie) => cookie.name === 'sower_discreet')).toMatchObject({ value: '1', path: '/', sameSite: 'Lax' });
  const served = await (await page.request.get('/contacts')).text();
  expect(served).toContain('<link rel="manifest" href="/manifest-discreet.webmanifest" />');
  expect(/<title>([^<]*)<\/title>/.exec(served)?.[1]).toBe('Notes');
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
  expect(await head(page)).toEqual(DISCREET_HEAD);

  // Offline, the service worker's kept page is discreet too: its description, which no script changes, says so.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect.poll(() => page.evaluate(() => caches.match('/discreet-install', { cacheName: 'sower-device' }).then(Boolean))).toBe(true);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
  await expect(page.getByText('You are offline.', { exact: true })).toBeVisible();
  expect(await page.locator('meta[name="description"]').getAttribute('content')).toBe('Notes');
  expect(await head(page)).toEqual(DISCREET_HEAD);
  await context.setOffline(false);

  // Off again: Sower's look at once; the reminders' wording stays as the person set it.
  await page.goto('/settings');
  await discreet.uncheck();
  await expect.poll(() => head(page)).toMatchObject({ manifest: '/manifest.webmanifest', title: 'Settings · Sower', themeColor: '#12705c' });
  expect((await context.cookies()).find((cookie) => cookie.name === 'sower_discreet')).toBeUndefined();
  expect(await (await page.request.get('/api/account/reminders')).json()).toMatchObject({ discreet: true });
  expect(await page.evaluate(() => caches.keys())).not.toContain('sower-device');
});

test('a discreet reminder shows a neutral title and icon on this device @desktop-only', async ({ page, context, user }) => {
  void user;
  await context.grantPermissions(['notifications']);
  await page.goto('/settings');
  const message = { title: 'Reminder', body: 'Reminders: 3', url: '/', tag: 'digest', icon: '/icons/discreet-192.png' };
  expect(await pushToWorker(page, message)).toEqual([
    {
      title: 'Reminder',
      body: 'Reminders: 3',
      tag: 'digest',
      data: { url: '/' },
      icon: expect.stringMatching(/\/icons\/discreet-192\.png$/),
      badge: expect.stringMatching(/\/icons\/discreet-192\.png$/),
    },
  ]);
});
