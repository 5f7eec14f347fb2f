// A person's faith milestones on their page (issue 50 §1): a chip sets one today (believing offers to move the person on
// to New Believer), a set one opens its day to move it back or clear it; nothing overflows a phone, in English and in Arabic.
import { api, expect, person, photograph, seriousAxeViolations, test, toast, uniqueName } from './fixtures';

test('chips set a milestone today, move it to an earlier day and clear it; the page fits and passes axe', async ({ page, user }) => {
  void user;
  const maria = await api(page, '/api/contacts', { name: 'Maria Santos', spiritualStatus: 'seeking' });
  await page.goto(`/contacts/${maria.id}`);
  const chips = page.getByRole('list', { name: 'Milestones of Maria Santos' });
  await expect(chips.getByRole('button')).toHaveCount(9);

  const believes = chips.getByRole('button', { name: 'Believes', exact: true });
  await expect(believes).toHaveAttribute('aria-pressed', 'false');
  await believes.click();
  await expect(toast(page, 'Milestone saved: Believes').last()).toBeVisible();
  // Believing offers to move Maria on from Seeking, and moves her only when asked.
  const header = page.locator('article > header');
  await expect(header.getByText('Seeking', { exact: true })).toBeVisible();
  await page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('button', { name: 'Move to New Believer' }).click();
  await expect(header.getByText('New Believer', { exact: true })).toBeVisible();
  const set = chips.getByRole('button', { name: /^Believes, since / });
  await expect(set).toHaveAttribute('aria-pressed', 'true');

  await set.click();
  const dialog = page.getByRole('dialog', { name: 'Believes' });
  await dialog.getByLabel('When did it happen?').fill('2025-03-14');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  await expect(chips.getByRole('button', { name: 'Believes, since Mar 14, 2025' })).toBeVisible();
  // The timeline tells it on its day.
  await expect(page.getByRole('list', { name: 'Timeline' }).getByRole('listitem').filter({ hasText: 'Milestone: Believes' })).toContainText('Mar 14, 2025');
  expect((await (await page.request.get(`/api/contacts/${maria.id}`)).json()).milestones).toEqual([
    { kind: 'belief', date: expect.stringMatching(/^2025-03-1[345]T/) },
  ]);

  await chips.getByRole('button', { name: 'Has a Bible', exact: true }).click();
  await expect(chips.getByRole('button', { name: /^Has a Bible, since / })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  await photograph(page, 'milestones-en.png', { fullPage: true });

  await chips.getByRole('button', { name: 'Believes, since Mar 14, 2025' }).click();
  await dialog.getByRole('button', { name: 'Clear milestone' }).click();
  await expect(toast(page, 'Milestone cleared: Believes').last()).toBeVisible();
  await expect(chips.getByRole('button', { name: 'Believes', exact: true })).toHaveAttribute('aria-pressed', 'false');
});

test('in Arabic on a phone: the chips in Arabic, right to left, inside 320 px @phone-only', async ({ page, user }) => {
  void user;
  expect((await page.request.put('/api/account/language', { data: { language: 'ar' } })).status()).toBe(200);
  const maria = await api(page, '/api/contacts', { name: 'مريم', spiritualStatus: 'seeking' });
  expect((await page.request.put(`/api/contacts/${maria.id}/milestones/baptized`, { data: { date: '2025-06-01' } })).status()).toBe(200);
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`/contacts/${maria.id}`);
    const chips = page.getByRole('list', { name: /^مراحل \u2068?مريم\u2069?$/ });
    await expect(chips.getByRole('button', { name: 'يؤمن', exact: true })).toBeVisible();
    await expect(chips.getByRole('button', { name: /^\u2068?معمَّد\u2069?، منذ / })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${width} px`).toBe(0);
    await photograph(page, `milestones-ar-${width}.png`, { fullPage: true });
  }
});

test('a goal counts baptisms, and the dashboard counts this month’s milestones by kind', async ({ page, user }, testInfo) => {
  void user;
  const lydia = await api(page, '/api/contacts', { name: 'Lydia' });
  const jailer = await api(page, '/api/contacts', { name: 'The Jailer' });
  for (const [id, kind] of [
    [lydia.id, 'baptized'],
    [jailer.id, 'baptized'],
    [jailer.id, 'belief'],
  ] as const)
    expect((await page.request.put(`/api/contacts/${id}/milestones/${kind}`, { data: {} })).status()).toBe(200);

  // The goal form offers the milestones under their own heading.
  await page.goto('/goals');
  await page.getByRole('button', { name: 'Create Goal' }).click();
  const form = page.getByRole('dialog', { name: 'Create Goal' });
  await form.getByLabel('Title').fill('Three baptisms');
  await form.getByLabel('Description').fill('This year');
  const type = form.getByLabel('Type');
  await expect(type.locator('optgroup[label="Faith milestones"] option')).toHaveText([
    'Has a Bible',
    'Reading the Bible',
    'Believes',
    'Can share the gospel',
    'Sharing the gospel',
    'Baptized',
    'Baptizing others',
    'In a group',
    'Starting churches',
  ]);
  await type.selectOption('baptized');
  await form.getByLabel('Target').fill('3');
  await form.getByRole('button', { name: 'Create Goal' }).click();
  await expect(toast(page, 'Goal created').last()).toBeVisible();
  await expect(page.getByText('2 of 3 completed')).toBeVisible();
  await expect(page.getByText('Baptized', { exact: true })).toBeVisible();

  await page.goto('/');
  const month = page.getByRole('region', { name: 'Milestones this month' });
  await expect(month.getByText('3 milestones reached this month')).toBeVisible();
  await expect(month.getByRole('listitem').filter({ hasText: 'Baptized' })).toHaveText(/^2\s*Baptized$/);
  await expect(month.getByRole('listitem').filter({ hasText: 'Believes' })).toHaveText(/^1\s*Believes$/);
  await expect(month.getByRole('listitem').filter({ hasText: 'Has a Bible' })).toHaveText(/^0\s*Has a Bible$/);
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  await photograph(page, `milestones-dashboard-${testInfo.project.name}.png`, { fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  await photograph(page, `milestones-dashboard-${testInfo.project.name}-dark.png`, { fullPage: true });
});

test('a team viewer sees the milestones set, as text, and no chip to change them @desktop-only', async ({ page, browser, user }, testInfo) => {
  void user;
  const team = await api(page, '/api/teams', { name: uniqueName('Lakeside ') });
  const viewer = await person(browser, testInfo, 'Rhoda');
  const invitation = await api(page, `/api/teams/${team.id}/members`, { username: viewer.user.username, role: 'viewer' });
  expect((await viewer.page.request.post(`/api/invitations/${invitation.id}/accept`)).status()).toBe(200);
  const peter = await api(page, '/api/contacts', { name: 'Peter', teamId: team.id });
  expect((await page.request.put(`/api/contacts/${peter.id}/milestones/belief`, { data: { date: '2025-04-20' } })).status()).toBe(200);

  await viewer.page.goto(`/contacts/${peter.id}`);
  const chips = viewer.page.getByRole('list', { name: 'Milestones of Peter' });
  await expect(chips.getByRole('listitem')).toHaveText(['Believes, since Apr 20, 2025']);
  await expect(chips.getByRole('button')).toHaveCount(0);
  await viewer.page.context().close();
});

test('offline, a milestone set and one cleared wait on the chips, then are sent when the connection returns', async ({ page, context, user }) => {
  void user;
  const maria = await api(page, '/api/contacts', { name: 'Maria Santos' });
  expect((await page.request.put(`/api/contacts/${maria.id}/milestones/has_bible`, { data: { date: '2025-01-05' } })).status()).toBe(200);
  await page.goto(`/contacts/${maria.id}`);
  const chips = page.getByRole('list', { name: 'Milestones of Maria Santos' });
  await expect(chips.getByRole('button', { name: 'Has a Bible, since Jan 5, 2025' })).toBeVisible();

  await context.setOffline(true);
  await chips.getByRole('button', { name: 'Baptized', exact: true }).click();
  await expect(toast(page, 'Saved on this device').last()).toBeVisible();
  const baptized = chips.getByRole('button', { name: /^Baptized, since .* Waiting to sync$/ });
  await expect(baptized).toHaveAttribute('aria-pressed', 'true');
  await chips.getByRole('button', { name: 'Has a Bible, since Jan 5, 2025' }).click();
  await page.getByRole('dialog', { name: 'Has a Bible' }).getByRole('button', { name: 'Clear milestone' }).click();
  await expect(chips.getByRole('button', { name: 'Has a Bible Waiting to sync' })).toHaveAttribute('aria-pressed', 'false');
  expect((await (await page.request.get(`/api/contacts/${maria.id}`)).json()).milestones.map((m: { kind: string }) => m.kind)).toEqual(['has_bible']);

  await context.setOffline(false);
  await expect(toast(page, '2 items saved offline were sent').last()).toBeVisible();
  await expect(chips.getByRole('button', { name: /Waiting to sync/ })).toHaveCount(0);
  await expect(chips.getByRole('button', { name: /^Baptized, since / })).toHaveAttribute('aria-pressed', 'true');
  expect((await (await page.request.get(`/api/contacts/${maria.id}`)).json()).milestones.map((m: { kind: string }) => m.kind)).toEqual(['baptized']);
});
