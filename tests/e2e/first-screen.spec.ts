// The first screen from the server (issue 32): readable before any script runs, in the user's language and theme;
// hydrated without a mismatch and without asking again for what the page holds; a guest gets /login and nobody's data.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, registerViaApi, test, tourTest } from './fixtures';

// This spec is about what the service worker does, or how pages arrive with it: it runs (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });
tourTest.use({ serviceWorkers: 'allow' });

/** The browser's zone in a cookie, as the app writes it at each start: the server renders dates only with it. */
async function withTimeZone(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: 'tz', value: 'UTC', url: baseURL }]);
}

/** Watches #root from before the page's scripts: a client render over the server's HTML (a mismatch) removes it. */
async function watchRoot(page: Page) {
  await page.addInitScript(() => {
    const state = { removed: 0 };
    Object.assign(window, { rootWatch: state });
    new MutationObserver((records) => {
      for (const record of records) if ((record.target as Element).id === 'root') state.removed += record.removedNodes.length;
    }).observe(document, { childList: true, subtree: true });
  });
}

const screens = [
  { path: '/', heading: 'Dashboard', data: 'Maria Santos', reads: ['dashboard.summary'] },
  { path: '/contacts', heading: 'Contacts', data: 'James Okafor', reads: ['contacts.list'] },
  { path: '/followups', heading: 'Follow-ups', data: 'Call to ask about her mother', reads: ['followUps.list'] },
  { path: '/prayer-journal', heading: 'Prayer Journal', data: 'Healing for Maria’s mother', reads: ['prayerRequests.list'] },
];

test('with JavaScript off, each screen shows its data and the user in their language and theme @phone-only', async ({ page, seeded, browser, baseURL }) => {
  void seeded;
  expect((await page.request.put('/api/account/language', { data: { language: 'ar' } })).status()).toBe(200);
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), baseURL });
  await withTimeZone(context, baseURL!);
  await context.addCookies([{ name: 'theme', value: 'dark', url: baseURL! }]);
  const noScript = await context.newPage();
  try {
    for (const { path, data } of screens) {
      await noScript.goto(path);
      await expect(noScript.locator('html')).toHaveAttribute('lang', 'ar');
      await expect(noScript.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(noScript.locator('html')).toHaveAttribute('data-theme', 'sower-dark');
      await expect(noScript.getByText(data).first()).toBeVisible();
      // The user block: the user's name, in the shell (the phone's drawer holds it too, hidden).
      await expect(noScript.getByText('Priscilla Tentmaker').first()).toBeAttached();
    }
    // The last screen's title, in Arabic (each value isolated in its direction).
    await expect(noScript).toHaveTitle('\u2068دفتر الصلاة\u2069 · \u2068Sower\u2069');
  } finally {
    await context.close();
  }
});

tourTest('hydrates each screen without a mismatch or a second request for its data, and stays interactive', async ({ page, seeded, baseURL }) => {
  void seeded;
  await withTimeZone(page.context(), baseURL!);
  await watchRoot(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/trpc/')) asked.push(...url.pathname.slice(6).split(','));
  });
  for (const { path, heading, data, reads } of screens) {
    asked.length = 0;
    const response = await page.goto(path);
    expect(response!.headers()['cache-control']).toBe('private, no-store');
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(data).first()).toBeVisible();
    // Hydrated once the document is marked running: the quick search opens from the keyboard (a handler React
    // attached), then closes.
    await expect(page.locator('html[data-running]')).toBeAttached();
    await page.keyboard.press('Control+k');
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { rootWatch: { removed: number } }).rootWatch.removed), path).toBe(0);
    for (const read of ['auth.me', ...reads]) expect(asked, path).not.toContain(read);
  }
  // Client-side navigation still works from a hydrated screen: no page is asked for.
  await page.goto('/');
  await page.locator('main a[href^="/contacts/"]').filter({ hasText: 'Maria Santos' }).first().click();
  await expect(page).toHaveURL(/\/contacts\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Maria Santos' })).toBeVisible();
});

/**
 * The contacts screen, rendered by the server, with its code held back as a slow phone's network would: the page is
 * readable, its buttons and keys not yet live, until the answer's `release()`.
 */
async function contactsHeldBack(page: Page, baseURL: string) {
  await withTimeZone(page.context(), baseURL);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/ContactsPage-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/contacts', { waitUntil: 'domcontentloaded' });
  return release;
}

test('a button tapped before the screen has hydrated does what it says once it has', async ({ page, seeded, baseURL }) => {
  void seeded;
  const release = await contactsHeldBack(page, baseURL!);
  await page.getByRole('button', { name: 'Add Contact' }).first().click();
  await expect(page.locator('html[data-running]')).toHaveCount(0);
  release();
  const dialog = page.getByRole('dialog', { name: 'Add Contact' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Name')).toBeVisible();
  // Once: a second dialog (or a submit sent natively) would show here.
  await expect(page.getByRole('dialog')).toHaveCount(1);
  expect(new URL(page.url()).search).toBe('');
});

test('Ctrl+K pressed before the screen has hydrated opens the quick search once it has @desktop-only', async ({ page, seeded, baseURL }) => {
  void seeded;
  const release = await contactsHeldBack(page, baseURL!);
  await expect(page.getByRole('button', { name: 'Add Contact' }).first()).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(page.locator('html[data-running]')).toHaveCount(0);
  release();
  await expect(page.getByRole('dialog', { name: 'Quick search' }).getByRole('combobox', { name: 'Search' })).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(1);
});

test('a guest opening a signed-in screen gets the sign-in form and nobody’s data @desktop-only', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL });
  const guest = await context.newPage();
  try {
    const response = await guest.goto('/contacts');
    expect(new URL(guest.url()).pathname).toBe('/login');
    expect(response!.status()).toBe(200);
    const state = await guest.locator('#sower-state').count();
    const html = await response!.text();
    expect(html).not.toContain('Maria Santos');
    expect(state).toBe(0);
    await expect(guest.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('the sign-in form sent before the script runs never puts the password in the address @desktop-only', async ({ browser, baseURL }) => {
  // JavaScript off stands for the moment before hydrating, on a slow phone: the rendered form is all there is.
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const early = await context.newPage();
  try {
    await early.goto('/login');
    await early.getByLabel('Username').fill('someone');
    await early.getByLabel('Password').fill('secret-words-1');
    const sent = early.waitForRequest((request) => new URL(request.url()).pathname === '/login' && request.method() === 'POST');
    await early.getByLabel('Password').press('Enter');
    // Posted, not put in the address (a GET form would go to /login?username=…&password=…): the page comes back.
    expect((await sent).url()).toBe(`${baseURL}/login`);
    await expect(early).toHaveURL(`${baseURL}/login`);
    await expect(early.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  } finally {
    await context.close();
  }
});

test('two people opening their dashboards at once each see their own @desktop-only', async ({ page, browser, baseURL }) => {
  const ann = await registerViaApi(page, 'Ann', 'Lydiaworth');
  const otherContext = await browser.newContext({ baseURL });
  const other = await otherContext.newPage();
  try {
    const bob = await registerViaApi(other, 'Bob', 'Corneliuson');
    void [ann, bob];
    for (const context of [page.context(), otherContext]) await withTimeZone(context, baseURL!);
    for (let round = 0; round < 3; round++) {
      await Promise.all([page.goto('/'), other.goto('/')]);
      await expect(page.getByText('Ann Lydiaworth').first()).toBeAttached();
      await expect(other.getByText('Bob Corneliuson').first()).toBeAttached();
      expect(await page.content()).not.toContain('Corneliuson');
      expect(await other.content()).not.toContain('Lydiaworth');
    }
  } finally {
    await otherContext.close();
  }
});
