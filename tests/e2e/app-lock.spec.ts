// The app lock (issue 33): a PIN set in Settings; Sower covers the screen when hidden, after the chosen time without a
// touch and after a reload while locked, holds nothing of the user behind the lock, and ends every session after five
// wrong PINs.
import type { Page } from '@playwright/test';
import { expect, isPhone, photograph, test } from './fixtures';

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

  // A minute without a touch.
  await page.clock.fastForward('01:10');
  await expect(lockScreen(page)).toBeVisible();

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

  await page.getByRole('button', { name: 'Lock now' }).click();
  await expect(lockScreen(page)).toBeVisible();
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
