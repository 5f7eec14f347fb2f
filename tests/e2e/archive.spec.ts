// Archiving a person with a reason (issue 50 §7): from their page, out of the contact list and the quick search, found
// under "Show archived contacts" in both, and back with Restore. A phone and a desktop; the notice in Arabic at 320 px.
import { api, expect, photograph, seriousAxeViolations, test, toast } from './fixtures';

test('archive a contact with a reason, find them among the archived, and restore them', async ({ page, user }, testInfo) => {
  void user;
  const max = await api(page, '/api/contacts', { name: 'Moved Max' });
  await api(page, '/api/contacts', { name: 'Staying Sue' });
  await page.goto(`/contacts/${max.id}`);
  await page.getByRole('button', { name: 'Archive…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Archive Moved Max' });
  await dialog.getByLabel('Why?').selectOption({ label: 'Not interested' });
  await dialog.getByLabel('Note (optional)').fill('Asked us to stop');
  await dialog.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(toast(page, 'Contact archived').last()).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: 'Archived on' });
  await expect(notice).toContainText('Not interested');
  await expect(notice).toContainText('Asked us to stop');
  await expect(page.getByRole('button', { name: 'Archive…' })).toHaveCount(0);
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  await photograph(page, `archived-contact-${testInfo.project.name}.png`);

  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: 'Staying Sue' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Moved Max' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Show archived contacts' }).click();
  await expect(page).toHaveURL(/archived=true/);
  await expect(page.getByRole('heading', { name: 'Moved Max' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Staying Sue' })).toHaveCount(0);
  await expect(page.getByRole('listitem').filter({ hasText: 'Moved Max' })).toContainText('Not interested');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);

  // The quick search finds an archived person only when asked to, and says so.
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const search = page.getByRole('dialog', { name: 'Quick search' });
  await search.getByRole('combobox', { name: 'Search' }).fill('Moved');
  await expect(search.getByText('No results for "Moved"')).toBeVisible();
  await search.getByRole('checkbox', { name: 'Show archived contacts' }).check();
  await expect(search.getByRole('option', { name: /Moved Max/ })).toContainText('Archived');
  await search.getByRole('button', { name: 'Close search' }).click();

  await page.getByRole('link', { name: 'Moved Max' }).click();
  await page.getByRole('button', { name: 'Restore' }).click();
  await expect(toast(page, 'Contact restored').last()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Archived on' })).toHaveCount(0);
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: 'Moved Max' })).toBeVisible();
});

test('the archived notice reads right to left in Arabic at 320 px @phone-only', async ({ page, user }) => {
  void user;
  const max = await api(page, '/api/contacts', { name: 'ماكس' });
  expect((await page.request.post(`/api/contacts/${max.id}/archive`, { data: { reason: 'moved', note: 'انتقل إلى مدينة أخرى' } })).status()).toBe(200);
  expect((await page.request.put('/api/account/language', { data: { language: 'ar' } })).status()).toBe(200);
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto(`/contacts/${max.id}`);
  await expect(page.getByRole('status').filter({ hasText: 'أُرشفت في' })).toContainText('انتقل بعيدًا');
  await expect(page.getByRole('button', { name: 'استعادة' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await photograph(page, 'archived-contact-ar-320.png');
});
