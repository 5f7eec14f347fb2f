// Teams from the app (issue 30): an admin creates a team and an invite link; a new person opens the link as a guest,
// registers and joins, the code surviving the detour without ever being in the sign-in page's URL. Every new screen
// passes axe in the light and dark themes and in Arabic. A member an admin removed joins by no link until let back in,
// and the delete dialog counts the rows that come to the admin (issue 47).
import type { Page } from '@playwright/test';
import { translate } from '../../server/i18n';
import { api, expect, goInApp, isPhone, openUserBlock, registerViaApi, seriousAxeViolations, test, uniqueName } from './fixtures';

/** Serious or critical axe findings on the page as it is, named with where they are. */
async function expectAxeClean(page: Page, screen: string) {
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  expect(await seriousAxeViolations(page), screen).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${screen} overflows`).toBeLessThanOrEqual(0);
  // Photographs to look at, when asked for (SHOTS_DIR): not part of what the test checks.
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${screen}-${page.viewportSize()?.width}.png`, fullPage: true });
}

test('an admin forms a team and a link; a guest opens it, registers and joins; every team screen passes axe in both themes and in Arabic', async ({
  page,
  browser,
  user,
}) => {
  test.setTimeout(180_000);
  const teamName = `Garden Outreach ${uniqueName('')}`;

  // The admin: Settings → Teams → create.
  await page.goto('/settings');
  await page.getByRole('link', { name: 'Manage teams' }).click();
  await expect(page.getByRole('heading', { name: 'Teams', level: 1 })).toBeVisible();
  await expect(page.getByText('You are not in a team yet.')).toBeVisible();
  await page.getByLabel('Team name').fill(teamName);
  await page.getByRole('button', { name: 'Create team' }).click();
  await expect(page.getByRole('heading', { name: teamName, level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/settings\/teams\/\d+$/);
  const teamPath = new URL(page.url()).pathname;
  await expect(page.getByTestId('team-member')).toHaveCount(1);
  // The only admin of a team with others is never offered leaving; alone, leaving says it deletes the team.
  await expect(page.getByText('You are its last member: leaving deletes the team.')).toBeVisible();

  // An invite link for members, shown as a QR code big enough to scan across a table.
  await page.getByLabel('Uses (optional)').fill('5');
  await page.getByRole('button', { name: 'Create link' }).click();
  const link = page.getByTestId('invite-link');
  await expect(link).toHaveCount(1);
  await expect(link).toContainText('0 of 5 used');
  const url = (await link.getByTestId('invite-url').textContent())!;
  const invitePath = new URL(url).pathname;
  expect(invitePath).toMatch(/^\/invite\/[A-Za-z0-9_-]{16,}$/);
  await link.getByRole('button', { name: 'QR code' }).click();
  const qr = page.getByRole('dialog', { name: 'Scan to join' }).getByRole('img', { name: 'QR code of the invite link' });
  expect((await qr.boundingBox())!.width).toBeGreaterThanOrEqual(isPhone(page) ? 250 : 300);
  await expectAxeClean(page, 'team-qr');
  await page.keyboard.press('Escape');
  await expectAxeClean(page, 'team-admin');

  // A new person, in a browser of their own, opens the link as a guest.
  const guestContext = await browser.newContext({ viewport: page.viewportSize(), isMobile: isPhone(page), hasTouch: isPhone(page) });
  const guest = await guestContext.newPage();
  await guest.goto(invitePath);
  await expect(guest.getByRole('heading', { name: 'You are invited to a team', level: 1 })).toBeVisible();
  await expectAxeClean(guest, 'invite-guest');
  await guest.getByRole('link', { name: 'Create an account' }).click();
  await expect(guest).toHaveURL(/\/login\?mode=register$/);
  // The code waits in this tab's storage, never in the sign-in page's address.
  expect(guest.url()).not.toContain(invitePath.split('/').pop());
  const username = uniqueName('joiner');
  await guest.getByLabel('Username').fill(username);
  await guest.getByLabel('Full Name').fill('Lydia Purple');
  await guest.getByLabel('Email').fill(`${username}@example.com`);
  await guest.getByLabel('Password', { exact: true }).fill('faithful-sower-1');
  await guest.getByLabel('Confirm Password').fill('faithful-sower-1');
  await guest.getByRole('button', { name: 'Register' }).click();

  // Back at the invite, signed in: the team, who invites, the role; then 'Join team'.
  await expect(guest).toHaveURL(new RegExp(`${invitePath}$`));
  await expect(guest.getByTestId('invite-team')).toHaveText(teamName);
  await expect(guest.getByText(`${user.firstName} invites you to join as Member.`)).toBeVisible();
  await expectAxeClean(guest, 'invite-signed-in');
  await guest.getByRole('button', { name: 'Join team' }).click();
  await expect(guest).toHaveURL(new RegExp(`${teamPath}$`));
  await expect(guest.getByRole('heading', { name: teamName, level: 1 })).toBeVisible();
  await expect(guest.getByText('Your role: Member')).toBeVisible();
  // A member sees the members and the team's numbers, never the admin's parts.
  await expect(guest.getByTestId('team-member')).toHaveCount(2);
  await expect(guest.getByRole('heading', { name: 'Invite links' })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Delete team' })).toHaveCount(0);
  // No role choice on the page (the shell's team switcher is a choice of its own).
  await expect(guest.getByRole('main').getByRole('combobox')).toHaveCount(0);
  await expect(guest.getByTestId('member-figures')).toHaveCount(0);
  await expectAxeClean(guest, 'team-member');

  // The admin sees them join: the link's use counted, a row of figures per member; the only admin may not leave now.
  await page.reload();
  await expect(page.getByTestId('team-member')).toHaveCount(2);
  await expect(page.getByTestId('invite-link')).toContainText('1 of 5 used');
  await expect(page.getByTestId('member-figures').getByRole('row')).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Leave team' })).toHaveCount(0);
  await expect(page.getByText('Make someone else admin first')).toBeVisible();

  // An invitation by username: the admin's form says who sees it; the invited person finds it by the user block's badge.
  const viewerContext = await browser.newContext({ viewport: page.viewportSize(), isMobile: isPhone(page), hasTouch: isPhone(page) });
  const viewer = await viewerContext.newPage();
  const third = await registerViaApi(viewer, 'Aquila', 'Tentmaker');
  await expect(page.getByText('A person with that username will see the invitation in Sower, and joins only if they accept.')).toBeVisible();
  await page.getByRole('textbox', { name: 'Username' }).fill(third.username);
  await page.getByRole('combobox', { name: 'Role', exact: true }).selectOption('viewer');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByTestId('sent-invitation')).toContainText(third.username.toLowerCase());
  await viewer.goto('/');
  await (await openUserBlock(viewer)).getByTestId('invitations-badge').click();
  await expect(viewer.getByRole('heading', { name: 'Teams', level: 1 })).toBeVisible();
  await expect(viewer.getByTestId('invitation-to-me')).toContainText(`${user.firstName} invites you as Viewer`);
  await expectAxeClean(viewer, 'teams-invited');
  await viewer.getByRole('button', { name: 'Accept' }).click();
  await expect(viewer.getByText('Your role: Viewer')).toBeVisible();
  await expect(viewer.getByTestId('team-member')).toHaveCount(3);
  await viewerContext.close();

  // Dark: every team screen again.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.getByTestId('team-member')).toHaveCount(3);
  await expectAxeClean(page, 'team-admin-dark');
  // The same admin's other screens: moved to in the app, no new load of the bundle.
  await goInApp(page, '/settings/teams');
  await expect(page.getByTestId('my-team')).toContainText(teamName);
  await expectAxeClean(page, 'teams-dark');
  await goInApp(page, invitePath);
  await expect(page.getByTestId('invite-team')).toHaveText(teamName);
  await expectAxeClean(page, 'invite-dark');

  // Arabic, right to left: the member's team page, their teams and the invite page.
  const ar = (text: string, values?: Record<string, unknown>) => translate('ar', text, values);
  // Idempotent, on a connection idle through the steps above: sent again if the server's idle close resets it.
  expect((await guest.request.put('/api/account/language', { data: { language: 'ar' }, maxRetries: 2 })).status()).toBe(200);
  await guest.goto(teamPath);
  await expect(guest.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(guest.getByRole('heading', { name: teamName, level: 1 })).toBeVisible();
  await expectAxeClean(guest, 'team-member-ar');
  await goInApp(guest, '/settings/teams');
  await expect(guest.getByRole('heading', { name: ar('Teams'), level: 1 })).toBeVisible();
  await expectAxeClean(guest, 'teams-ar');
  await goInApp(guest, invitePath);
  await expect(guest.getByRole('button', { name: ar('Join team') })).toBeVisible();
  await expectAxeClean(guest, 'invite-ar');
  await guestContext.close();
});

test('an admin removes a member, who joins by no link until let back in; deleting the team says whose rows come to the admin (issue 47)', async ({
  page,
  browser,
  user,
}) => {
  test.setTimeout(120_000);
  const team = await api<{ id: number }>(page, '/api/teams', { name: uniqueName('Door ') });
  const link = await api<{ code: string }>(page, `/api/teams/${team.id}/invite-links`, { role: 'member' });
  const memberContext = await browser.newContext({ viewport: page.viewportSize(), isMobile: isPhone(page), hasTouch: isPhone(page) });
  const member = await memberContext.newPage();
  await registerViaApi(member, 'Demas', 'Forsaker');
  expect((await member.request.post(`/api/invite-links/${link.code}/accept`)).status()).toBe(200);
  const contact = await api<{ id: number }>(member, '/api/contacts', { name: 'Onesimus', teamId: team.id });

  await page.goto(`/settings/teams/${team.id}`);
  await page.getByTestId('team-member').filter({ hasText: 'Demas Forsaker' }).getByRole('button', { name: 'Remove' }).click();
  const removing = page.getByRole('dialog', { name: 'Remove Demas Forsaker from the team?' });
  await expect(removing).toContainText('no invite link lets them join again until you let them back in');
  await removing.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByTestId('team-member')).toHaveCount(1);
  await expect(page.getByTestId('team-member')).toContainText(user.firstName);
  await expect(page.getByTestId('removed-member')).toContainText('Demas Forsaker');
  await expectAxeClean(page, 'team-removed');
  // The stylesheet's prefers-color-scheme rule follows the emulated scheme at once: no new load needed.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.getByTestId('removed-member')).toHaveCount(1);
  await expectAxeClean(page, 'team-removed-dark');
  await page.emulateMedia({ colorScheme: 'light' });

  // The old link, opened by the removed member: one sentence, and nothing of the team.
  await member.goto(`/invite/${link.code}`);
  await expect(member.getByTestId('invite-refused')).toHaveText('You cannot join this team with a link. Ask one of its admins to invite you.');
  await expect(member.getByRole('button', { name: 'Join team' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Let Demas Forsaker back in' }).click();
  await expect(page.getByText('Demas Forsaker can join again with an invite link or an invitation')).toBeVisible();
  await expect(page.getByTestId('removed-member')).toHaveCount(0);

  // Their contact is still the team's; ending the team gives it to the admin, and both dialogs that end it say so first.
  await page.getByRole('button', { name: 'Leave team' }).click();
  const leaving = page.getByRole('dialog', { name: /^Leave / });
  await expect(leaving).toContainText('each row you created in it becomes a personal row of yours. People no longer in the team left 1 contact in it');
  await leaving.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Delete team' }).click();
  const deleting = page.getByRole('dialog', { name: /^Delete the team/ });
  await expect(deleting).toContainText('People no longer in the team left 1 contact in it: these become yours, never theirs again.');
  await expectAxeClean(page, 'team-delete-dialog');
  await deleting.getByRole('button', { name: 'Delete team' }).click();
  await expect(page).toHaveURL(/\/settings\/teams$/);
  expect((await member.request.get(`/api/contacts/${contact.id}`)).status()).toBe(404);
  expect((await page.request.get(`/api/contacts/${contact.id}`)).status()).toBe(200);
  await memberContext.close();
});
