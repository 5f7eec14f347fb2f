// The switcher's one idea (issue 48): the space chosen is what the dashboard and the lists show and where a new record
// goes; a removed member is told once; the team page's weeks are the dashboard's, and no server-rendered screen
// mismatches when hydrated, even where the browser's zone rules differ from the server's (Africa/Casablanca).
import type { Page } from '@playwright/test';
import { api, expect, goInApp, isPhone, person, photograph, test, toast } from './fixtures';

/** The switcher in sight: the sidebar's on a desktop, the top bar's on a phone. */
const switcher = (page: Page) => page.getByTestId('team-switcher').filter({ visible: true });

test('the space chosen is what the dashboard and lists show, and where a new record goes', async ({ page, user }) => {
  void user;
  const team = await api(page, '/api/teams', { name: 'Equipo Centro' });
  const ruth = await api(page, '/api/contacts', { name: 'Ruth Team', teamId: team.id });
  const naomi = await api(page, '/api/contacts', { name: 'Naomi Private' });
  await api(page, '/api/activities', { type: 'conversation', contactId: ruth.id, notes: 'Met at the well', teamId: team.id });
  await api(page, '/api/activities', { type: 'conversation', contactId: naomi.id, notes: 'Talked at home' });

  // A first visit starts in the first team (SPEC §4): its records only, on the dashboard and in the list.
  await page.goto('/');
  await expect(switcher(page)).toHaveValue(String(team.id));
  const recent = page.getByRole('region', { name: 'Recent Activities' });
  await expect(recent.getByText('Met at the well')).toBeVisible();
  await expect(recent.getByText('Talked at home')).toHaveCount(0);
  if (!isPhone(page)) await expect(page.getByTestId('space-help').filter({ visible: true })).toBeVisible();
  await photograph(page, `${test.info().project.name}/space-team-dashboard.png`, { fullPage: true });

  await switcher(page).selectOption('');
  await expect(recent.getByText('Talked at home')).toBeVisible();
  await expect(recent.getByText('Met at the well')).toHaveCount(0);

  // The lists follow it, with no filter of their own; a contact added here is personal. (Within the visit: a new
  // visit starts in the first team again, as SPEC §4 has it, since choosing Personal clears the saved id.)
  if (isPhone(page)) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Contacts', exact: true }).filter({ visible: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  await expect(page.getByLabel('Show')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Naomi Private' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ruth Team' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Assigned to me' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Add Contact' }).first().click();
  await page.getByRole('dialog').getByLabel('Name').fill('Orpah Personal');
  await page.getByRole('dialog').getByRole('button', { name: 'Add Contact' }).click();
  await expect(page.getByRole('link', { name: 'Orpah Personal' })).toBeVisible();

  await switcher(page).selectOption(String(team.id));
  await expect(page.getByRole('link', { name: 'Ruth Team' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Naomi Private' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Orpah Personal' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Assigned to me' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Contact' }).first().click();
  await page.getByRole('dialog').getByLabel('Name').fill('Boaz Team');
  await page.getByRole('dialog').getByRole('button', { name: 'Add Contact' }).click();
  await expect(page.getByRole('link', { name: 'Boaz Team' })).toBeVisible();
  const contacts = (await (await page.request.get('/api/contacts')).json()) as { name: string; teamId: number | null }[];
  expect(contacts.find((c) => c.name === 'Orpah Personal')?.teamId).toBeNull();
  expect(contacts.find((c) => c.name === 'Boaz Team')?.teamId).toBe(team.id);

  // A page loaded anew (rendered by the server) is in the same space, and hydrates without a mismatch (the guard).
  await page.goto('/activities');
  await expect(page.locator('html[data-running]')).toBeAttached();
  await expect(switcher(page)).toHaveValue(String(team.id));
  await expect(page.getByText('Met at the well')).toBeVisible();
  await expect(page.getByText('Talked at home')).toHaveCount(0);
});

test('a removed member is told once, naming the team', async ({ page, browser, user: admin }, testInfo) => {
  void admin;
  const team = await api(page, '/api/teams', { name: 'Equipo Centro' });
  const member = await person(browser, testInfo, 'Boaz');
  const invitation = await api(page, `/api/teams/${team.id}/members`, { username: member.user.username, role: 'member' });
  expect((await member.page.request.post(`/api/invitations/${invitation.id}/accept`)).status()).toBe(200);
  // Nothing to tell yet: the start's question is answered before the removal.
  const asked = member.page.waitForResponse((response) => response.url().includes('teams.removalNotices'));
  await member.page.goto('/');
  await expect(switcher(member.page)).toHaveValue(String(team.id));
  await asked;

  expect((await page.request.delete(`/api/teams/${team.id}/members/${member.user.id}`)).status()).toBe(200);
  await member.page.goto('/contacts');
  const told = toast(member.page, 'No longer in a team');
  await expect(told).toBeVisible();
  await expect(member.page.getByRole('region', { name: 'Notifications (F8)' })).toContainText('You were removed from the team Equipo Centro.');
  await photograph(member.page, `${testInfo.project.name}/removed-notice.png`);
  await member.page.reload();
  await expect(member.page.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
  await expect(member.page.locator('html[data-running]')).toBeAttached();
  await expect(toast(member.page, 'No longer in a team')).toHaveCount(0);
  await member.page.context().close();
});

test.describe('in Africa/Casablanca', () => {
  test.use({ timezoneId: 'Africa/Casablanca' });

  test('the team page starts its weeks on the dashboard’s day, and no server-rendered screen mismatches @desktop-only', async ({ page, user }) => {
    void user;
    const team = await api(page, '/api/teams', { name: 'Equipo Centro' });
    const contact = await api(page, '/api/contacts', { name: 'Ruth Team', teamId: team.id });
    await api(page, '/api/activities', { type: 'conversation', contactId: contact.id, teamId: team.id });
    const goal = await api(page, '/api/goals', {
      title: 'Visit',
      description: 'Visits',
      type: 'conversation',
      targetCount: 3,
      deadline: '2031-01-01',
      teamId: team.id,
    });
    void goal;
    // The first visit writes the browser's zone; each later one is rendered by the server where it can.
    await page.goto('/');
    await expect(page.locator('html[data-running]')).toBeAttached();
    const weekLabels = async () => page.getByRole('region', { name: 'Outreach by week' }).locator('table th[scope="row"]').allTextContents();
    await expect(page.getByRole('region', { name: 'Outreach by week' }).locator('table th[scope="row"]')).toHaveCount(12);
    const dashboardWeeks = await weekLabels();
    const resources = (await (await page.request.get('/api/resources')).json()) as { id: number }[];
    const screens = [
      '/',
      '/activities',
      '/contacts',
      `/contacts/${contact.id}`,
      '/followups',
      '/prayer-journal',
      '/goals',
      '/resources',
      `/resources/${resources[0].id}`,
      '/settings',
      '/settings/teams',
      `/settings/teams/${team.id}`,
      '/nowhere',
    ];
    for (const path of screens) {
      await page.goto(path);
      await expect(page.locator('html[data-running]')).toBeAttached();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    // The weeks need no new load: the team page is moved to in the app from the last screen (not found).
    await goInApp(page, `/settings/teams/${team.id}`);
    await expect(page.getByRole('region', { name: 'Outreach by week' }).locator('table th[scope="row"]')).toHaveCount(12);
    expect(await weekLabels()).toEqual(dashboardWeeks);
    // Every week starts on the day the browser calls Monday.
    const days = await page.evaluate((labels) => labels.map((label) => new Date(`${label} 12:00`).getDay()), dashboardWeeks);
    expect(new Set(days)).toEqual(new Set([1]));
  });
});

test('a team page loaded directly in another language hydrates without a mismatch @desktop-only', async ({ page, user }) => {
  void user;
  const team = await api(page, '/api/teams', { name: 'Equipo Centro' });
  // A text made once when a module loaded kept the server's first language: #418 on every direct load of the team page.
  expect((await page.request.put('/api/account/language', { data: { language: 'es' } })).status()).toBe(200);
  await page.goto('/');
  await expect(page.locator('html[data-running]')).toBeAttached();
  await page.goto(`/settings/teams/${team.id}`);
  await expect(page.locator('html[data-running]')).toBeAttached();
  await expect(page.getByRole('link', { name: 'Todos los equipos' })).toBeVisible();
  expect(await page.locator('#sower-state').count()).toBe(0);
});
