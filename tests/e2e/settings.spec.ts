// Settings: profile, email confirmation, password (signing out other browsers), two-factor sign-in, sessions and the
// security log, theme, exports, import with preview, account deletion.
import { readFile } from 'node:fs/promises';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import type { Locator, Page } from '@playwright/test';
import { translate } from '../../server/i18n';
import {
  api,
  confirmationPath,
  expect,
  isPhone,
  openUserBlock as userBlock,
  photograph,
  registerViaApi,
  seriousAxeViolations,
  test,
  uniqueName,
} from './fixtures';

function toast(page: Page, title: string) {
  return page.getByRole('region', { name: 'Notifications (F8)' }).getByText(title, { exact: true });
}

/** Follows a navigation link (the sidebar's, or the phone drawer's), so the app's cache lives on between screens. */
async function follow(page: Page, name: string) {
  if (isPhone(page)) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name, exact: true }).click();
}

/**
 * The key's groups as shown and how many lines each takes: a group of one line was never broken (each whitespace-free
 * run of the key's text, measured with a range, whatever elements hold it).
 */
function keyGroups(key: Locator) {
  return key.evaluate((element) => {
    const found: { text: string; lines: number }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      for (const match of (node.textContent ?? '').matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        found.push({ text: match[0], lines: range.getClientRects().length });
      }
    return found;
  });
}

const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function contactNames(page: Page): Promise<string[]> {
  const res = await page.request.get('/api/contacts');
  expect(res.status()).toBe(200);
  return (await res.json()).map((c: { name: string }) => c.name).sort();
}

test("profile: the spec's validation messages, then the new name shows in the user block at once and after reload", async ({ page, user, request }) => {
  await page.goto('/');
  await follow(page, 'Settings');
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  const name = page.getByLabel('Full Name');
  const email = page.getByLabel('Email', { exact: true });
  await expect(name).toHaveValue(`${user.firstName} ${user.lastName}`);
  await expect(email).toHaveValue(`${user.username}@example.com`);

  await name.fill('L');
  await email.fill('not-an-email');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(name).toBeFocused();

  // An email another account uses is refused beside the field.
  const taken = `taken${user.username}@example.com`;
  const other = await request.post('/api/auth/register', {
    data: { username: `o${user.username}`, email: taken, password: 'another-sower-1', firstName: 'Other' },
  });
  expect(other.status()).toBe(201);
  await name.fill('Lydia of Thyatira');
  await email.fill(taken);
  // A new email needs the current password, asked for beside it; whether an address is taken is said only after it.
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Enter your current password to change your email')).toBeVisible();
  const currentPassword = page.getByRole('region', { name: 'Profile' }).getByLabel('Current Password');
  await expect(currentPassword).toBeFocused();
  await currentPassword.fill('not my password');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();
  await currentPassword.fill(user.password);
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Email already registered')).toBeVisible();

  await email.fill(`lydia.${user.username}@example.com`);
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(currentPassword).toBeHidden();
  await expect(toast(page, 'Profile updated')).toBeVisible();
  // The new address is one nobody has confirmed yet.
  await expect(
    page.getByRole('region', { name: 'Profile' }).getByText(`We sent a link to lydia.${user.username}@example.com.`, { exact: false }),
  ).toBeVisible();
  let block = await userBlock(page);
  await expect(block.getByText('Lydia of Thyatira')).toBeVisible();
  // The spec's initials: the first letters of firstName ('Lydia') and lastName ('of Thyatira').
  await expect(block.getByText('LO', { exact: true })).toBeVisible();

  await page.reload();
  block = await userBlock(page);
  await expect(block.getByText('Lydia of Thyatira')).toBeVisible();
  const me = await (await page.request.get('/api/auth/me')).json();
  expect(me).toMatchObject({ firstName: 'Lydia', lastName: 'of Thyatira', email: `lydia.${user.username}@example.com` });
});

test('email confirmation: Settings asks for it with a Resend button until the link’s page confirms, once @desktop-only', async ({ page, user }) => {
  const address = `${user.username}@example.com`;
  await page.goto('/settings');
  const profile = page.getByRole('region', { name: 'Profile' });
  const notice = profile.getByText(`We sent a link to ${address}. Sower sends reminder emails only to an address you have confirmed.`);
  await expect(notice).toBeVisible();
  const resend = profile.getByRole('button', { name: 'Resend link' });
  await expect(resend).toHaveAccessibleDescription(/^We sent a link to /);
  // Registration mailed a link a moment ago: another one this soon is refused, and the screen says so (a run slowed
  // past the minute's cooldown gets a new link instead; the newest link is the one used below either way).
  await resend.click();
  const toasts = page.getByRole('region', { name: 'Notifications (F8)' });
  await expect(toasts.getByText('Too many attempts. Please try again later.').or(toasts.getByText('Confirmation email sent', { exact: true }))).toBeVisible();

  // The mailed link opens a page that changes nothing until its button is pressed.
  const link = await confirmationPath(address);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm your email', level: 1 })).toBeVisible();
  expect((await (await page.request.get('/api/auth/me')).json()).emailConfirmed).toBe(false);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your email address is confirmed. Reminder emails can reach you now.' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Reminders' }).getByLabel('By email')).toBeEnabled();
  await expect(notice).toBeHidden();
  await expect(page.getByRole('button', { name: 'Resend link' })).toHaveCount(0);

  // The link works once.
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm my email' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'This confirmation link does not work.' })).toBeVisible();
});

test('password: checked fields, then the change signs out another browser while this one stays in @desktop-only', async ({
  page,
  user,
  browser,
  baseURL,
  request,
}) => {
  const elsewhere = await browser.newContext({ baseURL });
  const otherPage = await elsewhere.newPage();
  expect((await otherPage.request.post('/api/auth/login', { data: { username: user.username, password: user.password } })).status()).toBe(200);
  await otherPage.goto('/');
  await expect(otherPage.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  await page.goto('/settings');
  const current = page.getByLabel('Current Password');
  const next = page.getByLabel('New Password', { exact: true });
  const confirm = page.getByLabel('Confirm New Password');
  const change = page.getByRole('button', { name: 'Change Password' });
  await change.click();
  await expect(page.getByText('Current password is required')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  await current.fill(user.password);
  await next.fill('short');
  await confirm.fill('short');
  await change.click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();

  await next.fill('a-new-sower-pass');
  await confirm.fill('a-different-pass');
  await change.click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await current.fill('not-my-password');
  await confirm.fill('a-new-sower-pass');
  await change.click();
  await expect(page.getByText('Current password is incorrect')).toBeVisible();

  await current.fill(user.password);
  await change.click();
  await expect(toast(page, 'Password changed')).toBeVisible();
  await expect(page.getByText('Every other session has been signed out.')).toBeVisible();
  await expect(current).toHaveValue('');

  await otherPage.reload();
  await expect(otherPage).toHaveURL(/\/login$/);
  await elsewhere.close();

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();
  expect((await request.post('/api/auth/login', { data: { username: user.username, password: user.password } })).status()).toBe(401);
  expect((await request.post('/api/auth/login', { data: { username: user.username, password: 'a-new-sower-pass' } })).status()).toBe(200);
});

test('sessions: another browser shows by its device and is signed out from here; the security log shows what happened @desktop-only', async ({
  page,
  user,
  browser,
  baseURL,
}) => {
  const firefoxOnAndroid = 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0';
  const elsewhere = await browser.newContext({ baseURL, userAgent: firefoxOnAndroid });
  expect((await elsewhere.request.post('/api/auth/login', { data: { username: user.username, password: 'not-my-password' } })).status()).toBe(401);
  expect((await elsewhere.request.post('/api/auth/login', { data: { username: user.username, password: user.password } })).status()).toBe(200);

  await page.goto('/settings');
  const sessions = page.getByRole('region', { name: 'Sessions' });
  const devices = sessions.getByRole('list', { name: 'Signed-in devices' }).getByRole('listitem');
  await expect(devices).toHaveCount(2);
  await expect(devices.first()).toContainText('Firefox on Android');
  await expect(devices.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(devices.filter({ hasText: 'This device' }).getByRole('button')).toHaveCount(0);
  const log = page.getByRole('region', { name: 'Security log' }).getByRole('listitem');
  await expect(log.filter({ hasText: 'Failed sign-in' })).toContainText('Firefox on Android');
  await photograph(page, `sessions-${isPhone(page) ? 'phone' : 'desktop'}.png`, { fullPage: true });
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);

  await devices
    .first()
    .getByRole('button', { name: /^Sign out Firefox on Android, signed in / })
    .click();
  await expect(toast(page, 'That device is signed out')).toBeVisible();
  await expect(devices).toHaveCount(1);
  await expect(sessions.getByRole('button', { name: 'Sign out all other devices' })).toHaveCount(0);
  await expect(log.first()).toContainText('A device was signed out');
  expect((await elsewhere.request.get('/api/auth/me')).status()).toBe(401);
  await elsewhere.close();
});

test('two-factor sign-in: set up with the QR code and a code, recovery codes shown once, then sign-in asks for a code', async ({
  page,
  user,
  browser,
  baseURL,
}) => {
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  await expect(section.getByText('Off. Sign-in asks for your password only.')).toBeVisible();
  await section.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await section.getByLabel('Your password').fill(user.password);
  await section.getByRole('button', { name: 'Continue' }).click();
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  // On the phone that holds the authenticator app the QR code cannot be scanned: the key is copied, or a link opens the app.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await section.getByRole('button', { name: 'Copy key' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Copied to the clipboard.' })).toBeVisible();
  const secret = await page.evaluate(() => navigator.clipboard.readText());
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(((await section.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '')).toBe(secret);
  const uri = new URL((await section.getByRole('link', { name: 'Open in authenticator app' }).getAttribute('href')) ?? '');
  expect([uri.protocol, uri.host, decodeURIComponent(uri.pathname)]).toEqual(['otpauth:', 'totp', `/Sower:${user.username}`]);
  expect(Object.fromEntries(uri.searchParams)).toEqual({ issuer: 'Sower', algorithm: 'SHA1', secret, period: '30', digits: '6' });
  // From 320 px on, a narrow screen wraps the key between its groups of four, never inside one (the old key, one string
  // that could break anywhere, split a group at 390 px), and the page does not slide sideways.
  for (const width of [320, 360, 390]) {
    await page.setViewportSize({ width, height: 700 });
    const groups = await keyGroups(section.getByTestId('totp-secret'));
    expect(groups, `at ${width} px`).toEqual(secret.match(/.{4}/g)?.map((text) => ({ text, lines: 1 })));
    expect(await sideways(page)).toBe(0);
  }
  await page.setViewportSize(isPhone(page) ? { width: 390, height: 844 } : { width: 1280, height: 800 });
  // The authenticator app's code from the link's secret: the next step's, which no earlier code can have used and the
  // server still accepts.
  const key = decodeBase32IgnorePadding(uri.searchParams.get('secret') ?? '');
  const code = () => generateHOTP(key, BigInt(Math.floor(Date.now() / 30_000) + 1), 6);
  await section.getByLabel('Authentication code').fill('12345');
  await section.getByRole('button', { name: 'Turn on', exact: true }).click();
  await expect(section.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  await section.getByLabel('Authentication code').fill(code());
  await section.getByRole('button', { name: 'Turn on', exact: true }).click();
  const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  // The recovery codes are copied, or downloaded as a text file holding exactly them under a line saying what they are.
  const shown = await codes.allTextContents();
  await section.getByRole('button', { name: 'Copy codes' }).click();
  await expect(section.getByRole('status').filter({ hasText: 'Copied to the clipboard.' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shown.join('\n'));
  const [file] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download codes' }).click()]);
  expect(file.suggestedFilename()).toBe('sower-recovery-codes.txt');
  const [about, blank, ...saved] = (await readFile(await file.path(), 'utf8')).trimEnd().split('\n');
  expect(about).toBe(`Sower recovery codes for ${user.username}. Each signs you in once, in place of a code from your authenticator app.`);
  expect([blank, ...saved]).toEqual(['', ...shown]);
  await photograph(page, `two-factor-codes-${isPhone(page) ? 'phone' : 'desktop'}.png`);
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  const recoveryCode = (await codes.nth(2).textContent()) ?? '';
  await section.getByRole('button', { name: 'I have saved them' }).click();
  await expect(section.getByText('On. Sign-in asks for a code from your authenticator app.')).toBeVisible();
  await expect(section.getByText('10 recovery codes left.')).toBeVisible();

  // Another browser: the password alone leads to the second step, and a code from the app signs in.
  const elsewhere = await browser.newContext({ baseURL });
  const other = await elsewhere.newPage();
  await other.goto('/login');
  await other.getByLabel('Username').fill(user.username);
  await other.getByLabel('Password').fill(user.password);
  await other.getByRole('button', { name: 'Login' }).click();
  await expect(other.getByText('Enter the 6-digit code your authenticator app shows for Sower.')).toBeVisible();
  await expect(other.getByLabel('Authentication code')).toBeFocused();
  expect((await other.request.get('/api/auth/me')).status()).toBe(401);
  await photograph(other, `two-factor-step-${isPhone(page) ? 'phone' : 'desktop'}.png`);
  await other.getByLabel('Authentication code').fill('000000' === code() ? '111111' : '000000');
  await other.getByRole('button', { name: 'Verify' }).click();
  await expect(other.getByText('That code is not right. Check your authenticator app and try again.')).toBeVisible();
  // A recovery code works too, once.
  await other.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await other.getByLabel('Recovery code').fill(recoveryCode.toLowerCase());
  await other.getByRole('button', { name: 'Verify' }).click();
  await expect(other.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await elsewhere.close();

  await page.reload();
  await expect(section.getByText('9 recovery codes left.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Security log' }).getByRole('listitem').first()).toContainText('Signed in with a recovery code');
});

test('two-step setup in Spanish and Arabic, light and dark, at 320, 390 and 1280 px: whole key groups, nothing sideways, axe @desktop-only', async ({
  page,
  user,
}) => {
  // Two setups, and with E2E_SHOTS=1 twenty-four photographs: a journey's budget and a half.
  test.setTimeout(90_000);
  // As on an address that is not a secure context: no clipboard at all.
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'clipboard', { get: () => undefined }));
  for (const locale of ['es', 'ar'] as const) {
    const tr = (text: string) => translate(locale, text);
    expect((await page.request.put('/api/account/language', { data: { language: locale } })).status()).toBe(200);
    await page.goto('/settings');
    const section = page.getByRole('region', { name: tr('Two-factor sign-in') });
    await section.getByRole('button', { name: tr('Turn on two-factor sign-in') }).click();
    await section.getByLabel(tr('Your password')).fill(user.password);
    await section.getByRole('button', { name: tr('Continue') }).click();
    const link = section.getByRole('link', { name: tr('Open in authenticator app') });
    await expect(link).toBeVisible();
    // Right to left is what Arabic adds to the layout axe checks in English (the test above) and Spanish's words.
    if (locale === 'ar') expect(await seriousAxeViolations(page, 'main')).toEqual([]);
    const secret = new URL((await link.getAttribute('href')) ?? '').searchParams.get('secret') ?? '';
    /**
     * Every width: never wider than the window, and photographed (E2E_SHOTS=1) in both themes. A theme changes colours
     * only, so the dark one is looked at only when photographed.
     */
    const look = async (name: string, check?: () => Promise<void>) => {
      for (const width of [320, 390, 1280])
        for (const colorScheme of process.env.E2E_SHOTS ? (['light', 'dark'] as const) : (['light'] as const)) {
          await page.setViewportSize({ width, height: width > 400 ? 800 : 844 });
          await page.emulateMedia({ colorScheme });
          await section.scrollIntoViewIfNeeded();
          expect(await sideways(page), `${name} at ${width} px`).toBe(0);
          await check?.();
          await photograph(page, `${name}-${locale}-${width}-${colorScheme}.png`);
        }
    };
    await look('two-factor-setup', async () =>
      expect(await keyGroups(section.getByTestId('totp-secret'))).toEqual(secret.match(/.{4}/g)?.map((text) => ({ text, lines: 1 }))),
    );
    if (locale === 'ar') {
      await page.emulateMedia({ colorScheme: 'dark' });
      expect(await seriousAxeViolations(page, 'main', { rules: ['color-contrast'] })).toEqual([]);
    }

    // Without a clipboard, Copy key selects the key for a copy by hand, and says so.
    await section.getByRole('button', { name: tr('Copy key') }).click();
    await expect(section.getByRole('status').filter({ hasText: tr('Could not copy. The text is selected: copy it by hand.') })).toBeVisible();
    expect((await page.evaluate(() => window.getSelection()?.toString() ?? '')).replace(/\s/g, '')).toBe(secret);
    await section.getByLabel(tr('Authentication code')).fill(generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(Date.now() / 30_000)), 6));
    await section.getByRole('button', { name: tr('Turn on'), exact: true }).click();
    await expect(section.getByRole('button', { name: tr('Download codes') })).toBeVisible();
    await look('two-factor-codes');
    // Off again, with a recovery code, for the next language.
    const recoveryCode = await section.getByRole('listitem').first().textContent();
    expect((await page.request.post('/api/account/2fa/disable', { data: { password: user.password, code: recoveryCode } })).status()).toBe(200);
    await page.emulateMedia({ colorScheme: 'light' });
  }
});

test('theme: dark is applied at once and after reload; "follow the system" follows the system @desktop-only', async ({ page, user }) => {
  void user;
  await page.goto('/settings');
  const html = page.locator('html');
  const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await expect(page.getByLabel('Follow the system')).toBeChecked();
  await expect(html).not.toHaveAttribute('data-theme');
  const light = await background();

  await page.getByLabel('Dark').check();
  await expect(html).toHaveAttribute('data-theme', 'sower-dark');
  const dark = await background();
  expect(dark).not.toBe(light);

  await page.reload();
  await expect(page.getByLabel('Dark')).toBeChecked();
  await expect(html).toHaveAttribute('data-theme', 'sower-dark');
  expect(await background()).toBe(dark);

  // Another tab follows at once.
  const otherTab = await page.context().newPage();
  await otherTab.goto('/');
  await expect(otherTab.locator('html')).toHaveAttribute('data-theme', 'sower-dark');
  await page.getByLabel('Light').check();
  await expect(otherTab.locator('html')).toHaveAttribute('data-theme', 'sower');
  await otherTab.close();

  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(html).toHaveAttribute('data-theme', 'sower');
  expect(await background()).toBe(light);

  await page.getByLabel('Follow the system').check();
  await expect(html).not.toHaveAttribute('data-theme');
  expect(await background()).toBe(dark);
  await page.emulateMedia({ colorScheme: 'light' });
  expect(await background()).toBe(light);
  await page.reload();
  await expect(page.getByLabel('Follow the system')).toBeChecked();
});

test("the page arrives in the chosen theme and the account's language, before any script has run @desktop-only", async ({ page, user, browser }, testInfo) => {
  void user;
  await page.goto('/settings');
  const themeCookie = async () => (await page.context().cookies()).find((cookie) => cookie.name === 'theme')?.value;
  await page.getByLabel('Dark').check();
  await expect.poll(themeCookie).toBe('dark');
  // "Follow the system" removes the cookie: the server's page then follows the system.
  await page.getByLabel('Follow the system').check();
  await expect.poll(themeCookie).toBeUndefined();
  await page.getByLabel('Dark').check();
  await expect.poll(themeCookie).toBe('dark');
  expect((await page.request.put('/api/account/language', { data: { language: 'ar' } })).status()).toBe(200);
  // The same browser's cookies (the session and the theme the page wrote), with scripts off: only the server's page.
  // Without the time zone cookie, as on a browser's first visit: the plain page and its boot screen, not a rendered
  // screen (first-screen.spec.ts has those).
  const bare = await browser.newContext({ ...testInfo.project.use, javaScriptEnabled: false });
  try {
    await bare.addCookies((await page.context().cookies()).filter((cookie) => cookie.name !== 'tz'));
    const first = await bare.newPage();
    await first.goto('/contacts');
    const html = first.locator('html');
    await expect(html).toHaveAttribute('lang', 'ar');
    await expect(html).toHaveAttribute('dir', 'rtl');
    await expect(html).toHaveAttribute('data-theme', 'sower-dark');
    await expect(first.getByText('سجّل رحلتك في مشاركة الإنجيل ونظّمها')).toBeVisible();
    // Chromium with scripts switched off by the test still parses <noscript> as text: its words, not its display.
    expect(await first.locator('noscript').textContent()).toBe('يحتاج Sower إلى JavaScript ليعمل. يُرجى تفعيله في متصفحك.');
    // Dark from the first bytes: the boot screen and the page behind it.
    expect(await first.evaluate(() => getComputedStyle(document.getElementById('boot')!).backgroundColor)).toBe('rgb(16, 24, 22)');
    expect(await first.evaluate(() => getComputedStyle(document.body).colorScheme)).toBe('dark');
  } finally {
    await bare.close();
  }
});

test('exports download my data as JSON, my contacts as CSV and as vCard, what I created or everything I can see @desktop-only', async ({
  page,
  user,
  browser,
}, testInfo) => {
  const post = (path: string, data: unknown) => page.request.post(path, { data });
  const maria = await (
    await post('/api/contacts', {
      name: 'Maria Santos',
      email: 'maria@example.com',
      phone: '+1 555 0100',
      spiritualStatus: 'seeking',
      notes: 'Likes "quotes", and commas',
    })
  ).json();
  await post('/api/contacts', { name: 'James Okafor', spiritualStatus: 'exploring' });
  await post('/api/activities', { type: 'conversation', contactId: maria.id, notes: 'At the garden' });
  await page.goto('/settings');

  async function download(name: RegExp) {
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name }).click()]);
    return { filename: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
  }

  const json = await download(/All my data \(JSON\)/);
  expect(json.filename).toBe('sower-export.json');
  const data = JSON.parse(json.text);
  expect(data.user.username).toBe(user.username);
  expect(JSON.stringify(data)).not.toMatch(/passwordHash|argon2/);
  expect(data.contacts.map((c: { name: string }) => c.name).sort()).toEqual(['James Okafor', 'Maria Santos']);
  expect(data.activities).toHaveLength(1);

  const csv = await download(/Contacts \(CSV\)/);
  expect(csv.filename).toBe('sower-contacts.csv');
  const lines = csv.text.trimEnd().split(/\r\n/);
  // A byte order mark first, so spreadsheet apps read accents right.
  // For people: titles and status words in the reader's language (issue 28), words in English too, and dates ISO 8601
  // in every language, their zone named (issue 48).
  expect(lines[0]).toBe('\uFEFFName,Email,Phone,Spiritual status,Notes,How we met,Tags,Created (UTC)');
  expect(lines).toHaveLength(3);
  expect(lines[1]).toMatch(/^James Okafor,,,Exploring,,,,\d{4}-\d\d-\d\d \d\d:\d\d$/);
  // A phone number is written as it is: it names no cell or function, and the formula guard's apostrophe would show.
  expect(lines[2]).toMatch(/^Maria Santos,maria@example\.com,\+1 555 0100,Seeking,"Likes ""quotes"", and commas",/);

  const vcf = await download(/Contacts \(vCard\)/);
  expect(vcf.filename).toMatch(/\.vcf$/);
  expect(vcf.text.startsWith('BEGIN:VCARD\r\nVERSION:3.0')).toBe(true);
  expect(vcf.text.match(/BEGIN:VCARD/g)).toHaveLength(2);
  expect(vcf.text.match(/END:VCARD/g)).toHaveLength(2);
  expect(vcf.text).toContain('FN:Maria Santos');
  expect(vcf.text).toContain('EMAIL');

  // A team contact someone else added is in "Everything I can see", not in "What I created" (issue 48).
  const context = await browser.newContext({ ...testInfo.project.use });
  try {
    const mate = await context.newPage();
    await registerViaApi(mate, 'Lydia', 'Teammate');
    const team = await api(mate, '/api/teams', { name: uniqueName('Export team ') });
    const invitation = await api(mate, `/api/teams/${team.id}/members`, { username: user.username, role: 'viewer' });
    expect((await page.request.post(`/api/invitations/${invitation.id}/accept`)).status()).toBe(200);
    await api(mate, '/api/contacts', { name: 'Cornelius Centurion', teamId: team.id });
  } finally {
    await context.close();
  }
  expect((await download(/Contacts \(CSV\)/)).text).not.toContain('Cornelius Centurion');
  await page.getByRole('radio', { name: /Everything I can see/ }).check();
  const everything = await download(/Contacts \(CSV\)/);
  expect(
    everything.text
      .trimEnd()
      .split(/\r\n/)
      .map((line) => line.split(',')[0]),
  ).toEqual([
    '\uFEFFName',
    // The person's own contacts by name, then each team's.
    'James Okafor',
    'Maria Santos',
    'Cornelius Centurion',
  ]);
  const all = JSON.parse((await download(/All my data \(JSON\)/)).text);
  expect(all.contacts.map((c: { name: string }) => c.name).sort()).toEqual(['Cornelius Centurion', 'James Okafor', 'Maria Santos']);
});

test('import: a preview lists new contacts, problems and duplicates, writes nothing until confirmed, then lists refresh @desktop-only', async ({
  page,
  user,
}) => {
  void user;
  expect((await page.request.post('/api/contacts', { data: { name: 'Maria Santos', email: 'maria@example.com' } })).status()).toBe(201);
  // The contact list is read (and cached) first, so the end checks that the import refreshed it.
  await page.goto('/contacts');
  await expect(page.getByText('Maria Santos')).toBeVisible();
  await follow(page, 'Settings');

  // The help lists what is read, from the server's own tables.
  await page.getByText('Which column names and statuses are read').click();
  await expect(page.getByRole('definition').filter({ hasText: 'Spiritual status' })).toContainText('Estado espiritual');
  const csv = [
    'name,email,phone,status,notes,favourite colour',
    'Lydia Purple,lydia@example.com,+1 555 0199,Buscando,Seller of purple cloth,purple',
    ',nobody@example.com,,,',
    'Maria S,MARIA@example.com,,,',
    'Cornelius,,,new believer,Centurion',
    'Bad Email,not-an-email,,,',
  ].join('\n');
  await page.getByLabel('Contacts file (CSV or vCard)').setInputFiles({ name: 'people.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('Preview of people.csv: nothing has been imported yet.')).toBeVisible();
  const created = page.getByRole('region', { name: '2 contacts will be created' });
  await expect(created.getByRole('listitem')).toHaveText([/Lydia Purple.*lydia@example\.com.*Seeking/, /Cornelius.*New Believer/]);
  await expect(page.getByRole('region', { name: '1 column is not read: its values are left out' }).getByRole('listitem')).toHaveText([
    'Row 1, column 6: “favourite colour”',
  ]);
  await expect(page.getByRole('region', { name: '2 rows have problems and will be left out' }).getByRole('listitem')).toHaveText([
    'Row 3: Name is required',
    'Row 6: Invalid email address',
  ]);
  await expect(page.getByRole('region', { name: '1 duplicate will be skipped' }).getByRole('listitem')).toHaveText([
    'Row 4, Maria S: A contact with this email already exists',
  ]);
  expect(await contactNames(page)).toEqual(['Maria Santos']);

  await page.getByRole('button', { name: 'Import 2 contacts' }).click();
  await expect(toast(page, 'Contacts imported')).toBeVisible();
  await expect(page.getByText('2 contacts created. 1 duplicate skipped. 2 rows with problems left out.')).toBeVisible();
  await expect(page.getByText(/Preview of/)).toHaveCount(0);
  expect(await contactNames(page)).toEqual(['Cornelius', 'Lydia Purple', 'Maria Santos']);

  // A vCard file, previewed and then cancelled, writes nothing.
  // Its entries are cards, not rows; a status Sower does not know is listed before it becomes Unknown.
  const vcf = [
    'BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Priscilla Tentmaker\r\nEMAIL:priscilla@example.com\r\nX-SOWER-STATUS:curious\r\nEND:VCARD\r\n',
    'BEGIN:VCARD\r\nVERSION:3.0\r\nEMAIL:noname@example.com\r\nEND:VCARD\r\n',
  ].join('');
  await page.getByLabel('Contacts file (CSV or vCard)').setInputFiles({ name: 'card.vcf', mimeType: 'text/vcard', buffer: Buffer.from(vcf) });
  await expect(page.getByRole('region', { name: '1 contact will be created' }).getByRole('listitem')).toHaveText([/Priscilla Tentmaker.*Unknown/]);
  await expect(page.getByRole('region', { name: '1 card has a status Sower does not know, imported as Unknown' }).getByRole('listitem')).toHaveText([
    'Card 1, Priscilla Tentmaker: “curious”',
  ]);
  await expect(page.getByRole('region', { name: '1 card has problems and will be left out' }).getByRole('listitem')).toHaveText(['Card 2: Name is required']);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText(/Preview of/)).toHaveCount(0);
  expect(await contactNames(page)).toEqual(['Cornelius', 'Lydia Purple', 'Maria Santos']);

  // A file the server cannot use says why, beside the field.
  await page.getByLabel('Contacts file (CSV or vCard)').setInputFiles({ name: 'empty.csv', mimeType: 'text/csv', buffer: Buffer.from('  \n') });
  await expect(page.getByRole('alert').filter({ hasText: 'The file is empty' })).toBeVisible();

  await follow(page, 'Contacts');
  await expect(page.getByText('Lydia Purple')).toBeVisible();
  await expect(page.getByText('Cornelius')).toBeVisible();
});

test('deleting the account asks for the password, signs out and the old credentials no longer work @desktop-only', async ({ page, user, request }) => {
  expect((await page.request.post('/api/contacts', { data: { name: 'Maria Santos' } })).status()).toBe(201);
  await page.goto('/settings');
  await page.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog.getByText('It cannot be undone.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Password is required')).toBeVisible();
  await dialog.getByLabel('Your password').fill('not-my-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Password is incorrect')).toBeVisible();
  expect((await page.request.get('/api/contacts')).status()).toBe(200);

  // Cancel keeps everything.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('button', { name: 'Delete account' }).click();
  await dialog.getByLabel('Your password').fill(user.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(toast(page, 'Account deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);
  expect((await request.post('/api/auth/login', { data: { username: user.username, password: user.password } })).status()).toBe(401);
});
