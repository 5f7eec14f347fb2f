// Issue 48's story, each person in a browser of their own at the project's width: a team leader in Spanish forms a
// team and a link, shares and assigns a contact; a member in Arabic (right to left) joins by the link, finds the
// contact under "Assigned to me", logs an activity on it and another offline; a viewer in English is offered neither
// the team nor its contacts, and is told once when removed. Each screen fits 320 and 390 px on the phone, and nobody's
// console logs an error.
import type { Browser, Page, TestInfo } from '@playwright/test';
import type { Locale } from '../../shared/i18n';
import { translate } from '../../server/i18n';
import { api, expect, registerViaApi, test, toast, type TestUser } from './fixtures';
import { formTeam, watchConsole } from './teamStory';
import { expectFits } from './widths';

/** Another person, in a browser context of their own at the project's width, speaking `locale`; their console watched. */
async function person(browser: Browser, testInfo: TestInfo, firstName: string, locale: Locale, errors: string[]): Promise<{ page: Page; user: TestUser }> {
  const context = await browser.newContext({ ...testInfo.project.use, locale });
  const page = await context.newPage();
  watchConsole(page, errors);
  const user = await registerViaApi(page, firstName, 'Teammate');
  expect((await page.request.put('/api/account/language', { data: { language: locale } })).status()).toBe(200);
  return { page, user };
}

/** The switcher in sight: the sidebar's on a desktop, the top bar's on a phone. */
const switcher = (page: Page) => page.getByTestId('team-switcher').filter({ visible: true });

/** A screen once it runs: its heading, nothing loading; then measured at the phone's widths. */
async function arrive(page: Page, path: string, locale: Locale) {
  await page.goto(path);
  await expect(page.locator('html[data-running]')).toBeAttached();
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole('status', { name: translate(locale, 'Loading') })).toHaveCount(0);
  await expectFits(page, `${locale} ${path}`);
}

test('a leader in Spanish, a member in Arabic and a viewer in English: a week of team work', async ({ page, browser, user }, testInfo) => {
  void user;
  test.setTimeout(240_000);
  const others: string[] = [];
  const es = (text: string, values?: Record<string, unknown>) => translate('es', text, values);
  const ar = (text: string, values?: Record<string, unknown>) => translate('ar', text, values);
  expect((await page.request.put('/api/account/language', { data: { language: 'es' } })).status()).toBe(200);

  // The leader forms the team and a link from Settings, in Spanish.
  const { teamName, teamId } = await formTeam(page, 'Equipo Centro ', 'es', arrive);
  await page.getByRole('button', { name: es('Create link') }).click();
  const invitePath = new URL((await page.getByTestId('invite-url').textContent())!).pathname;
  await expectFits(page, 'es team page');

  // The member opens the link in Arabic and joins; the viewer is invited by name and accepts.
  const member = await person(browser, testInfo, 'Layla', 'ar', others);
  await arrive(member.page, invitePath, 'ar');
  await member.page.getByRole('button', { name: ar('Join team') }).click();
  await expect(member.page.getByRole('heading', { name: teamName, level: 1 })).toBeVisible();
  await expectFits(member.page, 'ar team page');
  const viewer = await person(browser, testInfo, 'Vera', 'en', others);
  const invitation = await api(page, `/api/teams/${teamId}/members`, { username: viewer.user.username, role: 'viewer' });
  expect((await viewer.page.request.post(`/api/invitations/${invitation.id}/accept`)).status()).toBe(200);

  // The leader shares a contact of hers with the team and assigns it to the member, from its page.
  const jorge = await api(page, '/api/contacts', { name: 'Jorge Ramírez', spiritualStatus: 'seeking' });
  await arrive(page, `/contacts/${jorge.id}`, 'es');
  await page.getByLabel(es('Share with a team')).selectOption(String(teamId));
  await page.getByRole('button', { name: es('Share'), exact: true }).click();
  await page.getByLabel(es('Assign to a member')).selectOption(String(member.user.id));
  await page.getByRole('button', { name: es('Assign'), exact: true }).click();
  await expect(page.getByTestId('assigned-to')).toContainText('Layla');
  await arrive(page, '/contacts', 'es');
  await expect(switcher(page)).toHaveValue(String(teamId));
  await expect(page.getByRole('link', { name: 'Jorge Ramírez' })).toBeVisible();

  // The member finds him under "Assigned to me" and logs a conversation on his page: the form says it goes to the team.
  await arrive(member.page, '/contacts?assigned=me', 'ar');
  await expect(member.page.getByRole('link', { name: 'Jorge Ramírez' })).toBeVisible();
  await arrive(member.page, `/contacts/${jorge.id}`, 'ar');
  await member.page
    .getByRole('button', { name: ar('Log Activity') })
    .first()
    .click();
  const log = member.page.getByRole('dialog', { name: ar('Log Activity') });
  await expect(log.getByTestId('record-place')).toContainText(teamName);
  await expectFits(member.page, 'ar log activity');
  await log.getByLabel(ar('Notes')).fill('تحدثنا عن الرجاء');
  await log.getByRole('button', { name: ar('Log Activity') }).click();
  // The notifications region is named in the reader's language: the toast is found by its words.
  await expect(member.page.getByText(ar('Activity created'), { exact: true })).toBeVisible();

  // Offline once: the entry waits with his name, then is sent when the connection returns.
  await arrive(member.page, '/activities?new=1', 'ar');
  const offlineLog = member.page.getByRole('dialog', { name: ar('Log Activity') });
  await offlineLog.getByLabel(ar('Contact name')).fill('Jorge');
  await offlineLog.getByRole('option', { name: 'Jorge Ramírez' }).click();
  await member.page.context().setOffline(true);
  await offlineLog.getByRole('button', { name: ar('Log Activity') }).click();
  const waiting = member.page.getByRole('region', { name: ar('Waiting to sync') }).getByRole('listitem');
  await expect(waiting).toContainText('\u2068Jorge Ramírez\u2069');
  await expectFits(member.page, 'ar waiting to sync');
  await member.page.context().setOffline(false);
  await expect(waiting).toHaveCount(0, { timeout: 30_000 });
  const logged = (await (await page.request.get(`/api/activities?contactId=${jorge.id}`)).json()) as { teamId: number | null }[];
  expect(logged.map((activity) => activity.teamId)).toEqual([teamId, teamId]);

  // The viewer's Log Activity offers neither the team nor its contact: what she logs is her own.
  await arrive(viewer.page, '/activities?new=1', 'en');
  const viewerLog = viewer.page.getByRole('dialog', { name: 'Log Activity' });
  await viewerLog.getByLabel('Contact name').fill('Jorge');
  await expect(viewerLog.getByRole('option', { name: 'Jorge Ramírez' })).toHaveCount(0);
  await expect(viewerLog.getByTestId('record-place')).toHaveCount(0);
  await expect(viewerLog.getByLabel('Save to')).toHaveCount(0);
  await expectFits(viewer.page, 'en viewer log activity');
  await viewer.page.keyboard.press('Escape');

  // The member exports everything she can see: the team's contact, under Arabic column titles.
  const csv = await (await member.page.request.get('/api/account/export/contacts.csv?scope=visible')).text();
  expect(csv.split('\r\n')[0]).toContain(ar('Spiritual status'));
  expect(csv).toContain('Jorge Ramírez');

  // The leader removes the viewer, who is told once, naming the team.
  expect((await page.request.delete(`/api/teams/${teamId}/members/${viewer.user.id}`)).status()).toBe(200);
  await arrive(viewer.page, '/contacts', 'en');
  await expect(viewer.page.getByRole('region', { name: 'Notifications (F8)' })).toContainText(`You were removed from the team ${teamName}.`);
  await viewer.page.reload();
  await expect(viewer.page.locator('html[data-running]')).toBeAttached();
  await expect(toast(viewer.page, 'No longer in a team')).toHaveCount(0);

  expect(others, 'console errors of the member and the viewer').toEqual([]);
  for (const who of [member, viewer]) await who.page.context().close();
});
