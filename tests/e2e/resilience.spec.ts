// Honest when things go wrong: a screen whose code cannot be fetched, data that could not load, a session that ended
// elsewhere. Each state says what is happening and recovers by itself.
import type { Page } from '@playwright/test';
import { expect, isPhone, test } from './fixtures';

// The service worker would serve the code from its cache; these tests are about the moments before it holds it.
test.use({ serviceWorkers: 'block' });

async function openScreen(page: Page, name: string) {
  if (isPhone(page)) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name, exact: true }).first().click();
}

test.describe('a screen whose code cannot load', () => {
  test.use({ allowConsoleErrors: [/Failed to fetch dynamically imported module|net::ERR_FAILED/] });

  test('shows the network message inside the shell and opens by itself once the server is back', async ({ page, user }) => {
    void user;
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

    let refused = 0;
    const goalsCode = /\/assets\/GoalsPage-[\w-]+\.js$/;
    await page.route(goalsCode, (route) => {
      refused += 1;
      return route.abort('connectionrefused');
    });
    await openScreen(page, 'Goals');
    await expect(page.getByRole('alert').getByText('Unable to connect to the server', { exact: true })).toBeVisible();
    // The shell stays: the navigation still works.
    expect(await page.getByText('Something went wrong').count()).toBe(0);
    if (isPhone(page)) await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    else await expect(page.getByRole('complementary').getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();

    // Retrying by hand while the server is still away keeps the message.
    const before = refused;
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => refused).toBeGreaterThan(before);
    await expect(page.getByRole('alert').getByText('Unable to connect to the server', { exact: true })).toBeVisible();

    // The server comes back: the screen opens without a click.
    await page.unroute(goalsCode);
    await expect(page.getByRole('heading', { name: 'Goals', level: 1 })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('Unable to connect to the server', { exact: true })).toHaveCount(0);
  });
});
