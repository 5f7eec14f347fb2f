// Playwright fixtures: a signed-in user created through the API (most tests skip the form), the records the screen tours
// show, a console-error guard, axe, screenshots when asked, and the mail the suite's SMTP server received.
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Browser, type BrowserContext, type Page, type TestInfo } from '@playwright/test';

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface TestUser {
  id: number;
  username: string;
  password: string;
  firstName: string;
  lastName: string;
}

let counter = 0;
export function uniqueName(prefix: string) {
  return `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}${Math.floor(Math.random() * 1e4)}`;
}

/** Registers through the API from inside the page's context, so the session cookie lands in the browser. */
export async function registerViaApi(page: Page, firstName = 'Priscilla', lastName = 'Tentmaker', email?: string): Promise<TestUser> {
  const username = uniqueName('e2e');
  const password = 'faithful-sower-1';
  const res = await page.request.post('/api/auth/register', {
    data: { username, email: email ?? `${username}@example.com`, password, firstName, lastName },
  });
  expect(res.status()).toBe(201);
  const body = await res.json();
  return { id: body.id, username, password, firstName, lastName };
}

/** What the screen tours need to find among the seeded records. */
export interface Seeded {
  maria: { id: number };
}

/**
 * The signed-in user's records that every screen shows something of (screens.spec.ts and i18n.spec.ts tour the same
 * ones): two contacts, activities with and without notes, a follow-up due and one overdue, a goal part done, an answered
 * prayer, and a journey with a step behind Maria.
 */
export async function seed(page: Page): Promise<Seeded> {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();
  const maria = await api(page, '/api/contacts', {
    name: 'Maria Santos',
    email: 'maria@example.com',
    phone: '+1 555 0100',
    spiritualStatus: 'seeking',
    notes: 'Met at the community garden. Asked about prayer and whether God listens to people who doubt.',
  });
  await api(page, '/api/contacts', { name: 'James Okafor', spiritualStatus: 'exploring', phone: '+1 555 0101' });
  await api(page, '/api/activities', {
    type: 'conversation',
    contactId: maria.id,
    date: day(0),
    notes: 'Talked about her mother’s illness; offered to pray.',
    followUp: { date: day(3), type: 'phone', description: 'Call to ask about her mother' },
    prayer: { request: 'Healing for Maria’s mother' },
  });
  await api(page, '/api/activities', { type: 'gospel_presentation', contactName: 'James Okafor', date: day(-2), notes: 'Walked through the four movements.' });
  await api(page, '/api/followups', { contactId: maria.id, date: day(-1), type: 'meeting', description: 'Coffee after church' });
  // No notes: its muted 'No additional notes' is checked for contrast too.
  await api(page, '/api/activities', { type: 'other', contactId: maria.id, date: day(-1) });
  await api(page, '/api/goals', {
    title: 'Ten conversations',
    description: 'Start ten spiritual conversations this month',
    type: 'conversation',
    targetCount: 10,
    currentCount: 8,
    deadline: day(30),
  });
  await api(page, '/api/prayer-requests', { contactId: maria.id, request: 'A job for her brother', answered: true, answerNotes: 'He started work on Monday.' });
  expect((await page.request.put(`/api/contacts/${maria.id}`, { data: { spiritualStatus: 'new_believer' } })).status()).toBe(200);
  return { maria };
}

/**
 * React's hydration errors and warnings: the production build's minified ones (#418 text, #419-#425 the other
 * mismatches and recoveries, react.dev/errors) and the development build's words.
 */
const HYDRATION_ERROR = /Minified React error #(418|419|421|422|423|425)\b|hydrat/i;

export const test = base.extend<{ consoleErrors: string[]; user: TestUser; seeded: Seeded; allowConsoleErrors: RegExp[] }>({
  allowConsoleErrors: [[], { option: true }],
  consoleErrors: async ({ page, allowConsoleErrors }, use) => {
    const errors: string[] = [];
    // A hydration mismatch on a screen the server rendered (issue 48) is never allowed, whatever a test allows.
    const allowed = (text: string) => !HYDRATION_ERROR.test(text) && allowConsoleErrors.some((pattern) => pattern.test(text));
    page.on('console', (message) => {
      const text = message.text();
      if (message.type() === 'warning' && HYDRATION_ERROR.test(text)) errors.push(text);
      if (message.type() !== 'error') return;
      // Chromium logs every non-2xx fetch; an expected 401 from the session check is not a bug.
      if (text.startsWith('Failed to load resource')) return;
      if (allowed(text)) return;
      errors.push(text);
    });
    page.on('pageerror', (error) => {
      if (!allowed(error.message)) errors.push(`pageerror: ${error.message}`);
    });
    await use(errors);
    expect(errors, 'unexpected console errors').toEqual([]);
  },
  user: async ({ page, consoleErrors }, use) => {
    void consoleErrors;
    await use(await registerViaApi(page));
  },
  seeded: async ({ page, user }, use) => {
    void user;
    await use(await seed(page));
  },
});

/**
 * For screen tours that only read: one seeded account per worker, signed in through its storage state, in place of a
 * new account and a dozen seeding requests before every test. Each test still has its own browser context (so its own
 * theme and device storage); a test on it must leave the account's rows and settings as it found them.
 */
export const tourTest = test.extend<{ seeded: Seeded }, { tourAccount: { seeded: Seeded; storageState: StorageState } }>({
  tourAccount: [
    async ({ browser }, use, workerInfo) => {
      const context = await browser.newContext({ baseURL: workerInfo.project.use.baseURL });
      const page = await context.newPage();
      await registerViaApi(page);
      const seeded = await seed(page);
      const storageState = await context.storageState();
      await context.close();
      await use({ seeded, storageState });
    },
    { scope: 'worker' },
  ],
  storageState: async ({ tourAccount }, use) => use(tourAccount.storageState),
  seeded: async ({ tourAccount, consoleErrors }, use) => {
    void consoleErrors;
    await use(tourAccount.seeded);
  },
});

export { expect };

/** A tRPC batch's answer when the server fails (500), as the server writes it: for `route.fulfill`. */
export const TRPC_SERVER_ERROR = {
  status: 500,
  contentType: 'application/json',
  body: JSON.stringify([
    {
      error: {
        json: { message: 'Something went wrong on our side. Please try again.', code: -32603, data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 } },
      },
    },
  ]),
};

/** True on the phone project, where navigation lives in the drawer. */
export function isPhone(page: Page) {
  return (page.viewportSize()?.width ?? 1280) < 768;
}

/**
 * Opens a path as a link in the app does, without loading the page (React Router follows popstate), once the app runs:
 * a page load parses and runs the whole bundle again, the most of what a screen costs a test that tours many. React keeps
 * the old screen up until the new one is ready: wait for something only the new screen shows.
 */
export async function goInApp(page: Page, path: string) {
  await expect(page.locator('html[data-running]')).toBeAttached();
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Creates a row through the REST API with the page's session; the row comes back as JSON. */
export async function api<T = any>(page: Page, path: string, data: unknown): Promise<T> {
  const res = await page.request.post(path, { data });
  expect(res.status(), path).toBe(201);
  return res.json();
}

// axe-core as @axe-core/playwright depends on it, minified: the builder's default source is the 1.3 MB unminified one.
const axeSource = readFileSync(createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright')).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe's serious and critical WCAG 2 A and AA violations on the page (or inside `include`, a CSS selector), one line
 * each: `rule: targets`. Legacy mode runs axe in the page itself: the default mode also loads axe into a second, blank
 * page to merge results across frames, and the app has no frames; only violations are gathered, not every node that
 * passed. Together with the minified source this halved the screen tour's time under load. `rules` runs only those (a
 * theme changes colours, so the dark tour asks for contrast alone); `skip` runs all but those (a language changes
 * words, not colours, so the tours in other languages leave contrast to the English tours in both themes).
 */
export async function seriousAxeViolations(page: Page, include?: string, { rules, skip }: { rules?: string[]; skip?: string[] } = {}): Promise<string[]> {
  const builder = new AxeBuilder({ page, axeSource }).options({ resultTypes: ['violations'] }).setLegacyMode(true);
  if (rules) builder.withRules(rules);
  else builder.withTags(['wcag2a', 'wcag2aa']);
  if (skip) builder.disableRules(skip);
  const results = await (include ? builder.include(include) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * A screenshot under tests/e2e/screenshots/ for a person to look at, only when asked (`E2E_SHOTS=1`): nothing reads
 * them in a CI run, and full-page ones at the phone's pixel ratio cost about a second each on a busy machine.
 */
export async function photograph(page: Page, file: string, options: { fullPage?: boolean } = {}) {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: `tests/e2e/screenshots/${file}`, ...options });
}

/**
 * A push message delivered to this page's service worker through DevTools, as a push service would deliver it, and the
 * notifications shown then. DevTools drops a push delivered while the registration's worker is still being activated
 * (seen on a busy machine), where a push service would keep it: delivered again until one shows (a message's tag makes
 * a second delivery replace the first). The page's context must have the notifications permission.
 */
export async function pushToWorker(page: Page, message: Record<string, unknown>) {
  const cdp = await page.context().newCDPSession(page);
  const origin = new URL(page.url()).origin;
  const registered = new Promise<string>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => !r.isDeleted && r.scopeURL.startsWith(origin));
      if (ours) resolve(ours.registrationId);
    }),
  );
  await cdp.send('ServiceWorker.enable');
  await page.evaluate(async () => {
    await navigator.serviceWorker.register('/sw.js');
    await navigator.serviceWorker.ready;
  });
  const registrationId = await registered;
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as unknown,
        icon: n.icon,
        badge: n.badge,
      })),
    );
  await expect(async () => {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(message) });
    await expect.poll(async () => (await shown()).length, { timeout: 3_000 }).toBeGreaterThan(0);
  }).toPass({ timeout: 20_000 });
  return shown();
}

/** A toast by its exact title. */
export function toast(page: Page, title: string) {
  return page.getByRole('region', { name: 'Notifications (F8)' }).getByText(title, { exact: true });
}

/** The messages the suite's SMTP server took for an address, oldest first (scripts/e2e-server.mjs writes them). */
function mailsTo(address: string): { subject: string; text: string }[] {
  try {
    return readFileSync(`.tmp/e2e/mail/${address}.jsonl`, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
  } catch {
    return [];
  }
}

/** The app path (with its token) of the newest link matching `pattern` mailed to the address, once it has come. */
async function mailedPath(address: string, pattern: RegExp, what: string): Promise<string> {
  const newest = () => pattern.exec(mailsTo(address).at(-1)?.text ?? '')?.[0] ?? '';
  await expect.poll(newest, { message: `${what} mailed to ${address}` }).not.toBe('');
  return newest();
}

/** The app path (with its token) of the newest email-confirmation link mailed to the address, once it has come. */
export const confirmationPath = (address: string) => mailedPath(address, /\/confirm-email\?token=[\w-]+/, 'a confirmation link');

/** The app path (with its token) of the newest password-reset link mailed to the address, once it has come. */
export const resetPath = (address: string) => mailedPath(address, /\/reset-password\?token=[\w-]+/, 'a reset link');

/**
 * Waits for what the app does by itself on its own timers (the outbox's retry, a failed read asked again, a screen's
 * code fetched again: at most 10 s apart), with the browser's clock (`page.clock.install()` before the page loaded)
 * jumping ahead two seconds at a time instead of those seconds passing: nothing is clicked and no event is sent, so each
 * timer still has to fire by itself, in turn. `check` should give up quickly (a short timeout) so the clock moves on.
 */
export async function byItself(page: Page, check: () => Promise<unknown>) {
  await expect(async () => {
    await page.clock.fastForward(2_000);
    await check();
  }).toPass({ intervals: [100], timeout: 25_000 });
}

/**
 * Waits until the service worker controls the page. The app registers it a few seconds after `load`
 * (src/lib/serviceWorker.ts), on a timer that byItself jumps (the page's clock installed before it loaded); installing it
 * then takes its own time.
 */
export async function serviceWorkerInControl(page: Page) {
  await byItself(page, () => page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 500 }));
}

/** A second person, signed in in a browser context of their own at the project's width. */
/** Invites by username and accepts in the invitee's context: they are in the team with that role. */
export async function joinTeamAs(admin: Page, invitee: { page: Page; user: TestUser }, teamId: number, role: 'member' | 'viewer') {
  const invitation = await api(admin, `/api/teams/${teamId}/members`, { username: invitee.user.username, role });
  expect((await invitee.page.request.post(`/api/invitations/${invitation.id}/accept`)).status()).toBe(200);
}

export async function person(browser: Browser, testInfo: TestInfo, firstName: string): Promise<{ page: Page; user: TestUser }> {
  const context = await browser.newContext({ ...testInfo.project.use });
  const page = await context.newPage();
  return { page, user: await registerViaApi(page, firstName, 'Teammate') };
}

/** Opens the menu of the button named `label` and picks its `item`. */
export async function openMenu(page: Page, label: string, item: string) {
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The user block: in the sidebar, or on a phone in the drawer, opened. */
export async function openUserBlock(page: Page) {
  if (isPhone(page)) await page.getByRole('button', { name: 'Open menu' }).click();
  return isPhone(page) ? page.getByRole('dialog', { name: 'Menu' }) : page.locator('aside');
}

/** The app's main screens, each with its path and its heading in English. */
export const mainScreens = [
  { name: 'dashboard', path: '/', heading: 'Dashboard' },
  { name: 'activities', path: '/activities', heading: 'Activities' },
  { name: 'contacts', path: '/contacts', heading: 'Contacts' },
  { name: 'followups', path: '/followups', heading: 'Follow-ups' },
  { name: 'prayer-journal', path: '/prayer-journal', heading: 'Prayer Journal' },
  { name: 'goals', path: '/goals', heading: 'Goals' },
  { name: 'resources', path: '/resources', heading: 'Resources' },
  { name: 'settings', path: '/settings', heading: 'Settings' },
];
