// The app lock (issues 33, 47): a PIN set in Settings; Sower covers the screen when hidden, after the chosen time without
// a touch and after a reload while locked, holds nothing of the user behind the lock, and ends every session after five
// wrong PINs. The lock is the session's, on the server: what the page keeps cannot open it, any 423 shows it, and offline
// the lock says at once that unlocking needs a connection.
import type { Page } from '@playwright/test';
import { api, expect, isPhone, photograph, seriousAxeViolations, test } from './fixtures';

// This spec is about what the service worker does, or how pages arrive with it: it runs (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const PIN = '482193';

async function setPin(page: Page, password: string) {
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'App lock' });
  await section.getByLabel('PIN (4 to 8 digits)').fill(PIN);
  await section.getByLabel('Confirm PIN').fill(PIN);
  await section.getByLabel('Lock after').selectOption('1');
  await section.getByLabel('Your password').fill(password);
  await section.getByRole('button', { name: 'Set PIN' }).click();
  await expect(section.getByText('On: Sower locks after 1 minute without a touch, and whenever it is hidden.')).toBeVisible();
}

/** The page as a phone switching to another app leaves it. */
async function hide(page: Page, hidden: boolean) {
  await page.evaluate(
    (state) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
      document.dispatchEvent(new Event('visibilitychange'));
    },
    hidden ? 'hidden' : 'visible',
  );
}

const lockScreen = (page: Page) => page.getByRole('heading', { name: 'Locked', level: 1 });

/** 'Lock now', and the page reloaded on the lock. */
async function lockNow(page: Page) {
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Lock now' }).click();
  await reloaded;
  await expect(lockScreen(page)).toBeVisible();
}

async function unlock(page: Page, pin: string) {
  await page.getByLabel('PIN', { exact: true }).fill(pin);
  await page.getByRole('button', { name: 'Unlock' }).click();
}

test('locks when hidden, after a minute without a touch and after a reload, and opens with the PIN', async ({ page, user }) => {
  await page.clock.install();
  await setPin(page, user.password);

  await hide(page, true);
  await expect(lockScreen(page)).toBeVisible();
  await hide(page, false);
  // Behind the lock nothing of the user is on the page, and the tab says nothing of what it is.
  await expect(page.getByRole('heading', { name: 'Settings' })).toHaveCount(0);
  expect(await page.content()).not.toContain(user.username);
  await expect(page).toHaveTitle('Locked');
  await photograph(page, `lock-${isPhone(page) ? 'phone' : 'desktop'}.png`);

  await unlock(page, '0000');
  await expect(page.getByRole('alert')).toHaveText('Wrong PIN');
  await unlock(page, PIN);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  // A touch is a request, at most every 10 s: the server's idle rule counts from the session's last request.
  await page.clock.fastForward('00:11');
  const seen = page.waitForRequest((req) => req.url().includes('account.pin.status'));
  await page.keyboard.press('Shift');
  await seen;

  // A minute without a touch: the page locks, and locks the session on the server before the reload below.
  const lockedOnServer = page.waitForResponse((res) => res.url().includes('account.pin.lock') && res.ok());
  await page.clock.fastForward('01:10');
  await expect(lockScreen(page)).toBeVisible();
  await lockedOnServer;

  // Reloaded while locked: still locked, and the page the server sent holds no data of the user.
  const response = await page.reload();
  expect(await response?.text()).not.toContain('sower-state');
  await expect(lockScreen(page)).toBeVisible();
  await unlock(page, PIN);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
});

test('five wrong PINs end every session of the account @phone-only', async ({ page, user, browser, baseURL }) => {
  await setPin(page, user.password);
  const elsewhere = await browser.newContext({ baseURL });
  expect((await elsewhere.request.post('/api/auth/login', { data: { username: user.username, password: user.password } })).status()).toBe(200);

  await lockNow(page);
  for (let i = 0; i < 4; i++) {
    await unlock(page, String(1000 + i));
    await expect(page.getByRole('alert')).toHaveText('Wrong PIN');
  }
  await unlock(page, '9999');
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  expect((await elsewhere.request.get('/api/auth/me')).status()).toBe(401);
  await elsewhere.close();
});

const NEEDS_CONNECTION = 'Unlocking needs a connection: your PIN is checked by the server. Connect to the internet, then unlock.';

test('locked on the server: what the page keeps opens nothing, and the lock shows on any 423 without an error toast @desktop-only', async ({ page, user }) => {
  await api(page, '/api/contacts', { name: 'Lydia Purpura', spiritualStatus: 'seeking' });
  await setPin(page, user.password);
  await lockNow(page);
  // The desktop attack: what the page wrote (its lock flag, the old cookie) deleted, the address typed.
  for (const path of ['/api/contacts', '/api/account/export']) expect((await page.request.get(path)).status(), path).toBe(423);
  await page.evaluate(() => localStorage.clear());
  await page.context().clearCookies({ name: 'sower_locked' });
  const response = await page.goto('/contacts');
  expect(await response?.text()).not.toContain('sower-state');
  await expect(lockScreen(page)).toBeVisible();
  expect(await page.content()).not.toContain(user.username);
  await unlock(page, PIN);
  await expect(page.getByRole('link', { name: 'Lydia Purpura' })).toBeVisible();

  // Locked by another tab (or the server's idle rule): the next call's 423 shows the lock, not an error.
  expect((await page.request.post('/api/account/pin/lock')).status()).toBe(200);
  await page.getByRole('searchbox', { name: 'Search contacts' }).fill('Priscilla');
  await expect(lockScreen(page)).toBeVisible();
  await expect(page.getByText('Error', { exact: true })).toHaveCount(0);
  await unlock(page, PIN);
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
});

test('offline, the lock says at once that unlocking needs a connection, and unlocks once it is back', async ({ page, user, context }) => {
  await setPin(page, user.password);
  await page.getByLabel('Dark').check();
  await lockNow(page);

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: NEEDS_CONNECTION })).toBeVisible();
  await page.getByLabel('PIN', { exact: true }).fill(PIN);
  await expect(page.getByRole('button', { name: 'Unlock' })).toBeDisabled();
  const phone = isPhone(page);
  expect(await seriousAxeViolations(page, undefined, { rules: ['color-contrast'] })).toEqual([]);
  await photograph(page, `lock-offline-${phone ? 'phone' : 'desktop'}-dark.png`);
  // The light theme, as a choice of Light in Settings sets it.
  await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'sower'));
  // Its colours move to the light ones in a transition: contrast is read once they have arrived.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)));
  expect(await seriousAxeViolations(page)).toEqual([]);
  await photograph(page, `lock-offline-${phone ? 'phone' : 'desktop'}.png`);
  if (phone) {
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    await photograph(page, 'lock-offline-320.png');
    await page.evaluate(() => document.documentElement.setAttribute('data-theme', 'sower-dark'));
    await photograph(page, 'lock-offline-320-dark.png');
  }

  await context.setOffline(false);
  await expect(page.getByText(NEEDS_CONNECTION)).toHaveCount(0);
  await page.getByRole('button', { name: 'Unlock' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  expect((await page.request.get('/api/contacts')).status()).toBe(200);
});
