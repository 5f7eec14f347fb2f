// What opening the app asks of the server: the session check (preloaded by index.html), the shell's reads and the
// dashboard's summary, sent early by lib/startVisit, must be the very requests the screens use, never a second copy;
// a guest gets no summary; the dashboard's lazy form still works. These visits are a browser's first (no time zone
// cookie yet), so their signed-in screens are the client's to render; first-screen.spec.ts has the server's.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// This spec is about what the service worker does, or how pages arrive with it: it runs (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Every tRPC procedure the page calls, one entry per call (a batch `a,b` counts both). */
function recordProcedures(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/trpc/')) calls.push(...pathname.slice('/trpc/'.length).split(','));
  });
  return (name: string) => calls.filter((call) => call === name).length;
}

test('a signed-in visit to / checks the session and loads the summary once each, then logs from the dashboard', async ({ page, user }) => {
  void user;
  const count = recordProcedures(page);
  await page.goto('/');
  const values = page.getByTestId('stat-value');
  await expect(values).toHaveCount(4);
  await expect(values.first()).toHaveText('0');
  await page.waitForLoadState('networkidle');
  expect(count('auth.me')).toBe(1);
  expect(count('dashboard.summary')).toBe(1);
  expect(count('teams.list')).toBe(1);
  expect(count('insights.dueFollowUps')).toBe(1);

  // The form is fetched on demand now; it must still open and write.
  await page.getByRole('button', { name: 'Log Activity' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log Activity' });
  await dialog.getByLabel('Contact name').fill('Lydia of Thyatira');
  await dialog.getByRole('button', { name: 'Log Activity' }).click();
  await expect(dialog).toBeHidden();
  await expect(values.first()).toHaveText('1');
});

for (const path of ['/', '/login'])
  test(`a guest opening ${path} is asked to sign in without a single call: the server's page said nobody is @desktop-only`, async ({ page, consoleErrors }) => {
    void consoleErrors;
    const count = recordProcedures(page);
    await page.goto(path);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel('Password')).toBeVisible();
    await page.waitForLoadState('networkidle');
    // The server sent / to /login and rendered it, its session check's answer (nobody) in the page (issue 32).
    expect(count('auth.me')).toBe(0);
    expect(count('dashboard.summary') + count('teams.list') + count('insights.dueFollowUps')).toBe(0);
  });

test('opening another screen checks the session once and sends no dashboard summary', async ({ page, user }) => {
  void user;
  const count = recordProcedures(page);
  await page.goto('/goals');
  await expect(page.getByRole('heading', { name: 'Goals', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(count('auth.me')).toBe(1);
  expect(count('dashboard.summary')).toBe(0);
  expect(count('teams.list')).toBe(1);
  expect(count('insights.dueFollowUps')).toBe(1);
});

// tests/chromium.ts turns off the address bar's popup pages, which Chromium 156 loaded in a renderer of their own for every
// context: the suite's time depends on it, so a Chromium that brings them back under another feature name fails here.
test('the test browser opens no page of its own beside the tested one @desktop-only', async ({ browser, page }) => {
  await page.goto('/login');
  const session = await browser.newBrowserCDPSession();
  const { targetInfos } = await session.send('Target.getTargets');
  await session.detach();
  expect(targetInfos.filter((target) => target.type !== 'page' && target.type !== 'service_worker').map((target) => target.url)).toEqual([]);
});
