// A team at work (issue 30), each person in a browser context of their own: an admin shares a contact and assigns it
// to a member, who finds it under 'Assigned to me'; a viewer reads the team's rows with no menu to change them, and
// after removal no longer sees them on the next request. Axe on the changed screens (light, dark, Arabic).
import type { Page } from '@playwright/test';
import { api, expect, goInApp, isPhone, person, photograph, seriousAxeViolations, test, uniqueName, joinTeamAs } from './fixtures';

/** An idempotent request sent on a connection the server may be closing for idleness is sent again (see its use). */
const IDEMPOTENT_RETRY = { maxRetries: 2 };

// A refused write is logged (SPEC: data-write failures log to the console): the take-back refused below, and only it.
test.use({ allowConsoleErrors: [/^TRPCClientError: Others in the team wrote 1 record about this contact/] });

async function expectNoSeriousAxe(page: Page, label: string) {
  await expect(page.getByRole('status', { name: /Loading|تحميل/ })).toHaveCount(0);
  expect(await seriousAxeViolations(page), label).toEqual([]);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${label} overflows`).toBeLessThanOrEqual(0);
}

test('a team shares and assigns a contact; a viewer reads without menus; removal hides the rows', async ({ page, browser, user: admin }, testInfo) => {
  test.setTimeout(180_000);
  void admin;
  const teamName = uniqueName('Garden team ');
  const team = await api(page, '/api/teams', { name: teamName });
  const ruth = await api(page, '/api/contacts', { name: 'Ruth Moabite', spiritualStatus: 'seeking' });
  await api(page, '/api/contacts', { name: 'Naomi Private' });
  const member = await person(browser, testInfo, 'Boaz');
  const viewer = await person(browser, testInfo, 'Orpah');
  await joinTeamAs(page, member, team.id, 'member');
  await joinTeamAs(page, viewer, team.id, 'viewer');

  // The admin shares Ruth from her page and assigns her to the member.
  await page.goto(`/contacts/${ruth.id}`);
  // The shell's switcher shows once my teams have loaded (on both widths), and with them the contact's team section.
  await expect(page.getByTestId('team-switcher').filter({ visible: true })).toBeVisible();
  await expect(page.getByTestId('contact-team')).toHaveText('Personal: only you see this contact.');
  await page.getByLabel('Share with a team').selectOption(String(team.id));
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  await expect(page.getByTestId('contact-team')).toHaveText(`Shared with ${teamName}`);
  await page.getByLabel('Assign to a member').selectOption(String(member.user.id));
  await page.getByRole('button', { name: 'Assign', exact: true }).click();
  await expect(page.getByTestId('assigned-to')).toHaveText('Assigned to Boaz Teammate');
  await photograph(page, `${testInfo.project.name}/contact-admin.png`, { fullPage: true });

  // The list shows the space the switcher chose (issue 48): the team's rows, then the personal ones, and back.
  // Another screen of the same person: moved to in the app, then waited for by its own heading.
  await goInApp(page, '/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
  const switcher = page.getByTestId('team-switcher').filter({ visible: true });
  await expect(switcher).toHaveValue(String(team.id));
  await expect(page.getByRole('link', { name: 'Ruth Moabite' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Naomi Private' })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /contact/ })).toHaveText('1 contact');
  await switcher.selectOption('');
  await expect(page.getByRole('link', { name: 'Naomi Private' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ruth Moabite' })).toHaveCount(0);
  await photograph(page, `${testInfo.project.name}/contacts-filter-personal.png`, { fullPage: true });
  await switcher.selectOption(String(team.id));
  await expect(page.getByRole('link', { name: 'Ruth Moabite' })).toBeVisible();

  // The member sees the shared contact marked with its team (not the admin's personal one), and it under 'Assigned to me'.
  const m = member.page;
  await m.goto('/contacts');
  const card = m.getByRole('listitem').filter({ hasText: 'Ruth Moabite' });
  await expect(card.getByText(teamName)).toBeVisible();
  await expect(m.getByText('Naomi Private')).toHaveCount(0);
  if (!isPhone(m)) await expect(m.getByTestId('assigned-badge')).toBeVisible();
  await m.getByRole('link', { name: 'Assigned to me' }).click();
  await expect(m).toHaveURL(/assigned=me/);
  await expect(m.getByRole('link', { name: 'Ruth Moabite' })).toBeVisible();
  await expect(m.getByTestId('assigned-to')).toHaveText('Assigned to me');
  // Someone else's team contact: a member changes only what they created.
  await expect(m.getByRole('button', { name: 'Actions for Ruth Moabite' })).toHaveCount(0);
  await photograph(m, `${testInfo.project.name}/contacts-assigned-member.png`, { fullPage: true });
  await expectNoSeriousAxe(m, 'assigned to me');

  // Writing on the team contact goes to the team, and the form says so; the admin's timeline names the author.
  await goInApp(m, `/contacts/${ruth.id}`);
  await expect(m.getByRole('heading', { name: 'Ruth Moabite', level: 1 })).toBeVisible();
  await m.getByRole('button', { name: 'Log Activity' }).click();
  await expect(m.getByTestId('record-place')).toHaveText(`Saved to the team ${teamName}, with its contact.`);
  await m.getByLabel('Notes').fill('Gleaned together');
  await m.getByRole('dialog').getByRole('button', { name: 'Log Activity' }).click();
  await expect(m.getByText('Gleaned together')).toBeVisible();
  await expect(m.getByText('by Boaz Teammate')).toBeVisible();
  await expect(m.getByRole('button', { name: 'Hand back' })).toBeVisible();
  await expectNoSeriousAxe(m, 'contact page, member');

  // The admin cannot take Ruth back now that the member wrote about her (issue 47): the dialog says so, the answer counts.
  await page.goto(`/contacts/${ruth.id}`);
  await page.getByRole('button', { name: 'Take back' }).click();
  const back = page.getByRole('dialog', { name: 'Take back Ruth Moabite?' });
  await expect(back).toContainText('A contact others in the team wrote about stays with the team.');
  await back.getByRole('button', { name: 'Take back' }).click();
  await expect(page.getByText('Others in the team wrote 1 record about this contact, so it stays with the team.')).toBeVisible();
  await expect(page.getByTestId('contact-team')).toHaveText(`Shared with ${teamName}`);

  // A viewer reads the team's rows with no menu, form or button that would be refused.
  const v = viewer.page;
  await v.goto('/contacts');
  await expect(v.getByRole('link', { name: 'Ruth Moabite' })).toBeVisible();
  await expect(v.getByRole('button', { name: 'Actions for Ruth Moabite' })).toHaveCount(0);
  await goInApp(v, '/activities');
  await expect(v.getByRole('heading', { name: 'Activities', level: 1 })).toBeVisible();
  await expect(v.getByText('Gleaned together')).toBeVisible();
  await expect(v.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  await goInApp(v, `/contacts/${ruth.id}`);
  await expect(v.getByRole('heading', { name: 'Ruth Moabite', level: 1 })).toBeVisible();
  await expect(v.getByTestId('contact-team')).toHaveText(`Shared with ${teamName}`);
  for (const name of ['Edit', 'Delete', 'Log Activity', 'Assign to me', 'Take back']) await expect(v.getByRole('button', { name, exact: true })).toHaveCount(0);
  await photograph(v, `${testInfo.project.name}/contact-viewer.png`, { fullPage: true });

  // Removed from the team, the viewer no longer sees its rows on the next request. This API client's connection has
  // been idle through the viewer's steps: the server closes a connection idle for 30 s (KEEP_ALIVE_MS), and a request
  // sent on it just then is reset (ECONNRESET, seen once in CI on the phone); Playwright's API client sends it again
  // only when asked (IDEMPOTENT_RETRY). The request is idempotent either way.
  expect((await page.request.delete(`/api/teams/${team.id}/members/${viewer.user.id}`, IDEMPOTENT_RETRY)).status()).toBe(200);
  await v.goto('/contacts');
  await expect(v.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
  await expect(v.getByRole('link', { name: 'Ruth Moabite' })).toHaveCount(0);
  // Within the load above: the contact's page was never fetched in it, so this asks the server.
  await goInApp(v, `/contacts/${ruth.id}`);
  await expect(v.getByRole('heading', { name: 'Contact not found' })).toBeVisible();

  // The changed screens in the dark theme, and in Arabic (right to left) in both themes.
  const screens = [
    ['/contacts?assigned=me', 'contacts-assigned'],
    [`/contacts/${ruth.id}`, 'contact-member'],
  ] as const;
  for (const [language, theme] of [
    ['en', 'dark'],
    ['ar', 'light'],
    ['ar', 'dark'],
  ] as const) {
    expect((await m.request.put('/api/account/language', { data: { language }, ...IDEMPOTENT_RETRY })).status()).toBe(200);
    await m.goto('/settings');
    await m.locator(`input[name="theme"][value="${theme}"]`).check();
    // The language is read at load (the settings page above); the screens after it are moved to in the app.
    for (const [path, label] of screens) {
      await goInApp(m, path);
      await expect(m.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      if (label === 'contact-member') await expect(m.getByRole('heading', { name: 'Ruth Moabite', level: 1 })).toBeVisible();
      await expect(m.getByText('Ruth Moabite').first()).toBeVisible();
      await expectNoSeriousAxe(m, `${label} ${language} ${theme}`);
      await photograph(m, `${testInfo.project.name}/${label}-${language}-${theme}.png`, { fullPage: true });
    }
  }
  await member.page.context().close();
  await viewer.page.context().close();
});
