// The team's place (issue 51 §1, §7) on a phone and a desktop: 'Team' in the navigation only once one is in a team,
// the dashboard's numbers, a number opening its list in the team's space, an admin opening a member's work; the same
// page in Spanish and in Arabic at 320 px without sideways scrolling. The invite screen's share sheet (a stubbed
// navigator.share) and Copy link, and the link's page telling a guest who invites them and what joining shares.
import type { Page } from '@playwright/test';
import { translate } from '../../server/i18n';
import type { Locale } from '../../shared/i18n';
import { api, expect, isPhone, person, photograph, test, uniqueName } from './fixtures';

const tr = (locale: Locale, text: string, values?: Record<string, unknown>) => translate(locale, text, values);
const today = () => new Date().toISOString();

/** Opens the navigation (the drawer on a phone) and follows its link named `name`. */
async function navigate(page: Page, name: string, menu = 'Open menu') {
  if (isPhone(page)) await page.getByRole('button', { name: menu }).click();
  const nav = page.getByRole('navigation').filter({ visible: true }).first();
  await nav.getByRole('link', { name, exact: true }).click();
}

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A team of the page's user with a member, a week of work and one contact assigned to the member. */
async function teamWithWork(page: Page, browser: Parameters<typeof person>[0], testInfo: Parameters<typeof person>[1]) {
  const teamName = uniqueName('Harbour ');
  const team = await api(page, '/api/teams', { name: teamName });
  const member = await person(browser, testInfo, 'Lydia');
  const invitation = await api(page, `/api/teams/${team.id}/members`, { username: member.user.username, role: 'member' });
  expect((await member.page.request.post(`/api/invitations/${invitation.id}/accept`)).status()).toBe(200);
  const active = await api(page, '/api/contacts', { name: 'Priscilla Active', teamId: team.id });
  const waiting = await api(page, '/api/contacts', { name: 'Aquila Waiting', teamId: team.id });
  for (const type of ['conversation', 'conversation', 'gospel_presentation'])
    await api(page, '/api/activities', { contactId: active.id, type, date: today(), teamId: team.id });
  await api(page, '/api/followups', {
    contactId: active.id,
    date: new Date(Date.now() - 3 * 86_400_000).toISOString(),
    description: 'Call back',
    teamId: team.id,
  });
  expect((await page.request.put(`/api/contacts/${waiting.id}/assignee`, { data: { userId: member.user.id } })).status()).toBe(200);
  expect((await page.request.put(`/api/contacts/${active.id}/milestones/baptized`, { data: {} })).status()).toBe(200);
  return { team, teamName, member };
}

test('a team member finds Team in the navigation, reads the week and opens the list behind a number', async ({ page, browser, user }, testInfo) => {
  test.setTimeout(120_000);
  void user;
  await page.goto('/');
  // In no team: no Team link.
  if (isPhone(page)) await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByRole('navigation').filter({ visible: true }).first().getByRole('link', { name: 'Contacts', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation').filter({ visible: true }).first().getByRole('link', { name: 'Team', exact: true })).toHaveCount(0);

  const { team, teamName, member } = await teamWithWork(page, browser, testInfo);
  await page.goto('/');
  await navigate(page, 'Team');
  await expect(page).toHaveURL(/\/team$/);
  await expect(page.getByRole('heading', { level: 1, name: teamName })).toBeVisible();
  await expect(page.getByTestId('week-total')).toContainText('3');
  await expect(page.getByTestId('week-conversation')).toContainText('2');
  await expect(page.getByTestId('followups-overdue')).toContainText('1');
  // Whether Aquila waits for Lydia's answer is §2's (assignment_status); her line counts the assignment either way.
  await expect(page.getByTestId('team-waiting')).toBeVisible();
  await expect(page.getByTestId('member-line')).toHaveCount(2);
  await expect(page.getByTestId('member-line').filter({ hasText: 'Lydia Teammate' })).toContainText('1 assigned');
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await photograph(page, `${testInfo.project.name}/team-dashboard.png`, { fullPage: true });

  // The admin opens the member's work from their line.
  await page.getByTestId('member-line').getByRole('link', { name: 'Lydia Teammate' }).click();
  await expect(page.getByTestId('workload-contacts')).toContainText('Aquila Waiting');
  await page.getByRole('link', { name: 'Back to the team' }).click();

  // A number opens the list behind it: this week's conversations, in the team's space.
  await page.getByTestId('week-conversation').click();
  await expect(page).toHaveURL(/\/activities\?type=conversation&from=/);
  await expect(page.getByRole('link', { name: 'Priscilla Active' })).toHaveCount(2);

  // A milestone number opens the contacts with it, dated this month (or this week for the week's count).
  await page.goto('/team');
  await page.getByTestId('team-milestones').getByRole('link', { name: 'Baptized: 1' }).click();
  await expect(page).toHaveURL(/\/contacts\?milestone=baptized&milestoneFrom=\d{4}-\d{2}-\d{2}&milestoneTo=/);
  await expect(page.getByTestId('milestone-filter')).toContainText('Baptized');
  await expect(page.getByRole('link', { name: 'Priscilla Active' })).toBeVisible();
  await expect(page.getByText('Aquila Waiting')).toHaveCount(0);
  await page.goto('/team');
  await page.getByTestId('milestones-week').click();
  await expect(page.getByTestId('milestone-filter')).toContainText('Any milestone');
  await expect(page.getByRole('link', { name: 'Priscilla Active' })).toBeVisible();
  await page.getByRole('button', { name: 'Remove the milestone filter' }).click();
  await expect(page.getByTestId('milestone-filter')).toHaveCount(0);
  await expect(page.getByText('Aquila Waiting')).toBeVisible();

  // The member sees the team's numbers and their own line only; their workload is not theirs to open.
  const mine = member.page;
  await mine.goto('/team');
  await expect(mine.getByTestId('week-total')).toContainText('3');
  await expect(mine.getByTestId('member-line')).toHaveCount(1);
  await mine.goto(`/team/${team.id}/members/${member.user.id}`);
  await expect(mine.getByTestId('workload-refused')).toContainText('Only the admins of');
  await mine.context().close();
});

for (const locale of ['es', 'ar'] as const)
  test(`the team dashboard reads in ${locale} at 320 px without sideways scrolling @phone-only`, async ({ page, browser, user }, testInfo) => {
    test.setTimeout(120_000);
    void user;
    const { member } = await teamWithWork(page, browser, testInfo);
    await member.page.context().close();
    expect((await page.request.put('/api/account/language', { data: { language: locale } })).status()).toBe(200);
    await page.setViewportSize({ width: 320, height: 720 });
    await page.goto('/');
    await navigate(page, tr(locale, 'Team'), tr(locale, 'Open menu'));
    await expect(page.getByTestId('team-dashboard')).toBeVisible();
    await expect(page.getByRole('heading', { name: tr(locale, 'This week') })).toBeVisible();
    await expect(page.getByRole('heading', { name: tr(locale, 'Waiting for an answer') })).toBeVisible();
    await expect(page.getByTestId('week-total')).toContainText('3');
    expect(await overflow(page)).toBe(0);
    await photograph(page, `team-dashboard-${locale}-320.png`, { fullPage: true });
  });

test('the invite screen offers the share sheet and Copy link; the link’s page tells a guest who invites them and what joining shares', async ({
  page,
  browser,
  user,
}, testInfo) => {
  test.setTimeout(120_000);
  void user;
  // A device with a share sheet: what the page hands it is kept to read back.
  await page.addInitScript(() => {
    const shared: unknown[] = [];
    Object.assign(window, { __shared: shared });
    Object.defineProperty(navigator, 'share', { configurable: true, value: async (data: unknown) => void shared.push(data) });
  });
  expect((await page.request.put('/api/account/language', { data: { language: 'es' } })).status()).toBe(200);
  const teamName = uniqueName('Puerto ');
  const team = await api(page, '/api/teams', { name: teamName });
  const link = await api(page, `/api/teams/${team.id}/invite-links`, { role: 'member' });
  await page.goto(`/settings/teams/${team.id}`);
  await expect(page.getByTestId('invite-copy')).toHaveText(tr('es', 'Copy link'));
  await page.getByTestId('invite-share').click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { __shared: { text: string }[] }).__shared.length)).toBe(1);
  const [sent] = await page.evaluate(() => (window as unknown as { __shared: { text: string; title: string }[] }).__shared);
  expect(sent.text).toBe(tr('es', 'Join {team} on Sower: {link}', { team: teamName, link: link.url }));
  expect(sent.title).toBe(teamName);
  await photograph(page, `${testInfo.project.name}/invite-share-es.png`);

  // A guest opening the link learns who invites them, to which team, and what joining shares, before signing up.
  const guest = await browser.newContext({ ...testInfo.project.use });
  const guestPage = await guest.newPage();
  await guestPage.goto(new URL(link.url).pathname);
  await expect(guestPage.getByTestId('invite-team')).toHaveText(teamName);
  await expect(guestPage.getByTestId('invite-from')).toHaveText('Priscilla invites you to join as Member.');
  await expect(guestPage.getByTestId('invite-shares')).toHaveText(
    'You will see the team’s contacts, activities and prayer requests and add to them; your personal contacts stay yours.',
  );
  await expect(guestPage.getByRole('link', { name: 'Create an account' })).toBeVisible();
  expect(await overflow(guestPage)).toBeLessThanOrEqual(0);
  await photograph(guestPage, `${testInfo.project.name}/invite-guest.png`);
  await guest.close();
});
