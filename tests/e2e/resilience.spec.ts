// Honest when things go wrong: a screen whose code cannot be fetched, data that could not load, a session that ended
// elsewhere. Each state says what is happening and recovers by itself.
import type { Page } from '@playwright/test';
import { byItself, expect, isPhone, serviceWorkerInControl, test } from './fixtures';

/** A check that gives up quickly, so that byItself moves the clock on (the app retries on timers up to 10 s apart). */
const A_MOMENT = { timeout: 500 };

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
    await page.clock.install();
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
    await byItself(page, () => expect(page.getByRole('heading', { name: 'Goals', level: 1 })).toBeVisible(A_MOMENT));
    await expect(page.getByText('Unable to connect to the server', { exact: true })).toHaveCount(0);
  });
});

test.describe('data that could not load', () => {
  test.use({ allowConsoleErrors: [/net::ERR_FAILED|net::ERR_CONNECTION_REFUSED/] });

  test('a failed list says so with a retry, shows no counts while they are unknown, and fills in by itself when the server is back @desktop-only', async ({
    page,
    user,
  }) => {
    void user;
    await page.clock.install();
    await page.request.post('/api/goals', {
      data: {
        title: 'Ten conversations',
        description: 'This month',
        type: 'conversation',
        targetCount: 10,
        deadline: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      },
    });
    const goalsCalls = /\/trpc\/[^?]*goals\.list/;
    await page.route(goalsCalls, (route) => route.abort('connectionrefused'));
    await page.goto('/goals');
    // After the read's own retries (queryClient), on the same clock.
    await byItself(page, () => expect(page.getByRole('alert').getByText('We could not load your goals.')).toBeVisible(A_MOMENT));
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    // Not 'Active 0 / Completed 0', and no empty state.
    await expect(page.getByRole('tab', { name: 'Active', exact: true })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Active', exact: true }).locator('.badge')).toHaveCount(0);
    await expect(page.getByText('No active goals')).toHaveCount(0);

    await page.unroute(goalsCalls);
    await byItself(page, () => expect(page.getByText('Ten conversations')).toBeVisible(A_MOMENT));
    await expect(page.getByRole('tab', { name: 'Active 1' })).toBeVisible();
  });

  test('the retry button loads the list again at once @desktop-only', async ({ page, user }) => {
    void user;
    await page.clock.install();
    await page.request.post('/api/contacts', { data: { name: 'Cornelius' } });
    const contactCalls = /\/trpc\/[^?]*contacts\.list/;
    await page.route(contactCalls, (route) => route.abort('connectionrefused'));
    await page.goto('/contacts');
    await byItself(page, () => expect(page.getByRole('alert').getByText('We could not load your contacts.')).toBeVisible(A_MOMENT));
    await expect(page.getByText('No contacts yet')).toHaveCount(0);
    await page.unroute(contactCalls);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Cornelius')).toBeVisible();
  });
});

test.describe('offline before a screen ever loaded', () => {
  test.use({ serviceWorkers: 'allow' });

  test('a screen says it waits for the connection, never that the data is gone, and fills in when back online', async ({ page, context, user }) => {
    void user;
    await page.clock.install();
    await page.request.post('/api/contacts', { data: { name: 'Dorcas' } });
    await page.request.post('/api/goals', {
      data: {
        title: 'Pray daily',
        description: 'For Dorcas',
        type: 'conversation',
        targetCount: 5,
        deadline: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      },
    });
    await page.goto('/resources');
    await expect(page.getByRole('heading', { name: 'Resources', level: 1 })).toBeVisible();
    await serviceWorkerInControl(page);

    await context.setOffline(true);
    await openScreen(page, 'Contacts');
    await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
    const main = page.locator('main');
    await expect(main.getByText('Waiting for the connection')).toBeVisible();
    await expect(main.getByText('No contacts yet')).toHaveCount(0);

    await openScreen(page, 'Goals');
    await expect(main.getByText('Waiting for the connection')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Active', exact: true }).locator('.badge')).toHaveCount(0);
    await expect(main.getByText('No active goals')).toHaveCount(0);

    await openScreen(page, 'Dashboard');
    await expect(main.getByText('Waiting for the connection')).toBeVisible();
    await expect(main.getByRole('status', { name: 'Loading' })).toHaveCount(0);

    await context.setOffline(false);
    await expect(page.getByRole('heading', { name: 'Conversations' }).or(page.getByText('Conversations').first())).toBeVisible();
    await expect(main.getByText('Waiting for the connection')).toHaveCount(0);
    await openScreen(page, 'Goals');
    await expect(page.getByText('Pray daily')).toBeVisible();
  });
});

test.describe('a session that ended elsewhere', () => {
  test('a write answered 401 says the user was signed out and goes to /login; signing in goes to the dashboard', async ({ page, user }) => {
    const aeneas = await (await page.request.post('/api/contacts', { data: { name: 'Aeneas' } })).json();
    await page.request.post('/api/prayer-requests', { data: { contactId: aeneas.id, request: 'Healing for Aeneas' } });
    await page.goto('/prayer-journal');
    await expect(page.getByText('Healing for Aeneas')).toBeVisible();
    // The session ends on the server (as a password change on another device would end it).
    await page.request.post('/api/auth/logout');

    await page.getByRole('button', { name: /pray/i }).first().click();
    await expect(page.getByText('You were signed out', { exact: true })).toBeVisible();
    await expect(page.getByText('Your session ended. Please sign in again.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Failed to update the prayer count. Please try again.')).toHaveCount(0);

    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });
});

/** A slow network: no script of the app arrives until `release` is called. */
async function holdScripts(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

test('a cold load of a screen the server cannot render shows Sower at once, and the app replaces it', async ({ page, user, consoleErrors }) => {
  void consoleErrors;
  void user;
  // Signed in, but no time zone cookie yet (this browser's first page): the plain page with its boot screen.
  const release = await holdScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  const boot = page.locator('#boot');
  await expect(boot).toBeVisible();
  await expect(boot).toContainText('Sower');
  await expect(boot).toContainText('Track and manage your gospel sharing journey');
  expect(await boot.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  release();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(boot).toHaveCount(0);
});

test('a cold load of /login shows the form before its scripts arrive, and it works once they have', async ({ page, consoleErrors }) => {
  void consoleErrors;
  const release = await holdScripts(page);
  await page.goto('/login', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Welcome Back', level: 1 })).toBeVisible();
  await expect(page.getByLabel('Username')).toBeVisible();
  await expect(page.locator('#boot')).toHaveCount(0);
  release();
  // Once hydrated (the document is marked running), the language picker is the app's: choosing French changes the
  // page's words, with no page load.
  const documents: string[] = [];
  page.on('request', (request) => void (request.resourceType() === 'document' && documents.push(request.url())));
  await expect(page.locator('html[data-running]')).toBeAttached();
  await page.getByRole('combobox').first().selectOption('fr');
  await expect(page.getByRole('heading', { name: 'Bon retour', level: 1 })).toBeVisible();
  expect(documents).toEqual([]);
});
