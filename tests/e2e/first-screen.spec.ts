// The first screen from the server (issue 32): readable before any script runs, in the user's language and theme;
// hydrated without a mismatch and without asking again for what the page holds; a guest gets /login and nobody's data.
import type { BrowserContext, Page } from '@playwright/test';
import { translate } from '../../server/i18n';
import { api, expect, joinTeamAs, person, registerViaApi, test, tourTest } from './fixtures';

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

/** The tRPC procedures the page asks for from now on, in order (a batch's each). */
function trpcAsked(page: Page) {
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/trpc/')) asked.push(...url.pathname.slice(6).split(','));
  });
  return asked;
}

tourTest('hydrates each screen without a mismatch or a second request for its data, and stays interactive', async ({ page, seeded, baseURL }) => {
  void seeded;
  await withTimeZone(page.context(), baseURL!);
  await watchRoot(page);
  const asked = trpcAsked(page);
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

/**
 * Sums the layout shifts from before the page's scripts (a PerformanceObserver's, buffered): the server's screen and
 * the hydrated one are then laid out alike. `layoutShift(page)` takes what the browser has not delivered yet too.
 */
async function watchShifts(page: Page) {
  await page.addInitScript(() => {
    const state = { value: 0, moved: [] as string[] };
    const count = (entries: PerformanceEntryList) => {
      for (const entry of entries as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })[]) {
        if (entry.hadRecentInput) continue;
        state.value += entry.value;
        for (const source of entry.sources ?? []) state.moved.push((source.node as Element | undefined)?.outerHTML?.slice(0, 120) ?? '?');
      }
    };
    const observer = new PerformanceObserver((list) => count(list.getEntries()));
    observer.observe({ type: 'layout-shift', buffered: true });
    Object.assign(window, { shiftWatch: { state, flush: () => count(observer.takeRecords()) } });
  });
}

const layoutShift = (page: Page) =>
  page.evaluate(() => {
    const watch = (window as unknown as { shiftWatch: { state: { value: number; moved: string[] }; flush(): void } }).shiftWatch;
    watch.flush();
    return watch.state;
  });

test("the team's place comes from the server with its numbers, and hydrates without a mismatch, a second read or a shift", async ({
  page,
  user,
  browser,
  baseURL,
}) => {
  void user;
  const tr = (text: string) => translate('es', text);
  const team = await api(page, '/api/teams', { name: 'Equipo Puerto' });
  const lydia = await api(page, '/api/contacts', { name: 'Lidia Equipo', teamId: team.id });
  for (const type of ['conversation', 'conversation', 'gospel_presentation'])
    await api(page, '/api/activities', { contactId: lydia.id, type, date: new Date().toISOString(), teamId: team.id });
  await api(page, '/api/followups', { contactId: lydia.id, date: new Date(Date.now() - 3 * 86_400_000).toISOString(), description: 'Llamar', teamId: team.id });
  await api(page, '/api/goals', {
    title: 'Diez conversaciones',
    type: 'conversation',
    description: 'Cada semana',
    targetCount: 10,
    deadline: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    teamId: team.id,
  });
  expect((await page.request.put('/api/account/language', { data: { language: 'es' } })).status()).toBe(200);
  await withTimeZone(page.context(), baseURL!);
  // The space the app saved (its cookie), as after a visit with the team chosen in the switcher.
  await page.context().addCookies([{ name: 'currentTeamId', value: String(team.id), url: baseURL! }]);

  // Before any script runs (scripts off): the team's numbers, its goal and its member line are in the page.
  const context = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState(), baseURL });
  const noScript = await context.newPage();
  try {
    await noScript.goto('/team');
    await expect(noScript.locator('html')).toHaveAttribute('lang', 'es');
    await expect(noScript.getByRole('heading', { level: 1, name: 'Equipo Puerto' })).toBeVisible();
    await expect(noScript.getByTestId('week-total')).toHaveAccessibleName(`3 ${tr('activities')}`);
    await expect(noScript.getByTestId('week-conversation')).toContainText('2');
    await expect(noScript.getByTestId('followups-overdue')).toContainText('1');
    await expect(noScript.getByTestId('member-line')).toContainText('Priscilla Tentmaker');
    await expect(noScript.getByText('Diez conversaciones')).toBeVisible();
  } finally {
    await context.close();
  }

  // With scripts: the same screen hydrated, its reads not asked again, nothing replaced or moved.
  await watchRoot(page);
  await watchShifts(page);
  const asked = trpcAsked(page);
  await page.goto('/team');
  await expect(page.getByRole('heading', { level: 1, name: 'Equipo Puerto' })).toBeVisible();
  await expect(page.locator('html[data-running]')).toBeAttached();
  await page.waitForLoadState('networkidle');
  await expect(page.getByTestId('week-total')).toHaveAccessibleName(`3 ${tr('activities')}`);
  await expect(page.getByText('Diez conversaciones')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { rootWatch: { removed: number } }).rootWatch.removed)).toBe(0);
  for (const read of ['auth.me', 'teams.list', 'teams.dashboard', 'goals.list']) expect(asked).not.toContain(read);
  expect(await layoutShift(page)).toEqual({ value: 0, moved: [] });
  // Hydrated: a number opens its list in the app, no page asked for.
  await page.getByTestId('week-conversation').click();
  await expect(page).toHaveURL(/\/activities\?type=conversation&from=/);
  await expect(page.getByRole('link', { name: 'Lidia Equipo' })).toHaveCount(2);
});

test("a team its user has left is never in the team's place from the server, and the fallback hydrates as it is @desktop-only", async ({
  page,
  user,
  browser,
  baseURL,
}, testInfo) => {
  const admin = await person(browser, testInfo, 'Lydia');
  try {
    const team = await api(admin.page, '/api/teams', { name: 'Equipo Dejado' });
    await api(admin.page, '/api/contacts', { name: 'Febe Cencrea', teamId: team.id });
    await joinTeamAs(admin.page, { page, user }, team.id, 'member');
    await withTimeZone(page.context(), baseURL!);
    await watchRoot(page);
    // In the team: the app saves it as the current space (its cookie too), and the server renders its place.
    await page.goto('/team');
    await expect(page.getByRole('heading', { level: 1, name: 'Equipo Dejado' })).toBeVisible();
    await expect(page.locator('html[data-running]')).toBeAttached();
    expect((await page.context().cookies()).find((cookie) => cookie.name === 'currentTeamId')?.value).toBe(String(team.id));

    expect((await page.request.post(`/api/teams/${team.id}/leave`)).status()).toBe(200);
    const response = await page.goto('/team');
    const html = await response!.text();
    // Rendered by the server (its data element), with the saved team's nothing: the page says they are in no team.
    expect(html).toContain('id="sower-state"');
    expect(html).toContain('You are in no team yet.');
    expect(html).not.toContain('Equipo Dejado');
    expect(html).not.toContain('Lydia Teammate');
    expect(html).not.toContain('Febe Cencrea');
    await expect(page.locator('html[data-running]')).toBeAttached();
    await expect(page.getByText('You are in no team yet.')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { rootWatch: { removed: number } }).rootWatch.removed)).toBe(0);
  } finally {
    await admin.page.context().close();
  }
});
