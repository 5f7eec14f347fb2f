// A person's faith milestones on their page (issue 50 §1): a chip sets one today (believing offers to move the person on
// to New Believer), a set one opens its day to move it back or clear it; nothing overflows a phone, in English and in Arabic.
import { api, expect, photograph, seriousAxeViolations, test, toast } from './fixtures';

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
