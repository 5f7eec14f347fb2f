// "Forgot password?" (issue 33) from the sign-in page to a new password, through the suite's SMTP server: the page
// answers the same for any name, the mailed link asks for the new password twice, then this device is signed in and
// the link works no more.
import { confirmationPath, expect, photograph, resetPath, seriousAxeViolations, test, toast } from './fixtures';

const ASKED =
  'If that is the username or email of an account with a confirmed email address, a link to choose a new password is on its way there. It works for one hour.';

test('forgot password: the sign-in page mails a link, the link sets a new password once and signs in @phone-only', async ({ page, user }, testInfo) => {
  const address = `${user.username}@example.com`;
  // The address is confirmed (reset links go only to such), then this browser signs out.
  const token = new URL(await confirmationPath(address), 'http://x').searchParams.get('token');
  expect((await page.request.post('/api/account/email/confirm', { data: { token } })).status()).toBe(200);
  expect((await page.request.post('/api/auth/logout')).status()).toBe(200);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot password?', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(/^Forgot password\?/);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByLabel('Username or email')).toHaveAccessibleDescription('Enter your username or email');
  await page.getByLabel('Username or email').fill(user.username);
  await photograph(page, `forgot-password-${testInfo.project.name}.png`);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status').filter({ hasText: ASKED })).toBeVisible();
  expect(await seriousAxeViolations(page)).toEqual([]);

  const link = await resetPath(address);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Choose a new password', level: 1 })).toBeVisible();
  const password = page.getByLabel('New Password', { exact: true });
  await expect(password).toBeVisible();
  await password.fill('a whole new passphrase');
  await page.getByLabel('Confirm New Password').fill('a whole new passphrase!');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByLabel('Confirm New Password')).toHaveAccessibleDescription("Passwords don't match");
  await page.getByLabel('Confirm New Password').fill('a whole new passphrase');
  await photograph(page, `reset-password-${testInfo.project.name}.png`);
  expect(await seriousAxeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(toast(page, 'Your password is changed, and you are signed in.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // The link works once; the new password signs in.
  await page.goto(link);
  await expect(page.getByRole('alert').filter({ hasText: 'This reset link does not work.' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
  const signIn = await page.request.post('/api/auth/login', { data: { username: user.username, password: 'a whole new passphrase' } });
  expect(signIn.status()).toBe(200);
});
