// Tags and how we met (issue 50 §2) on a phone and a desktop: tags added and removed on a contact's page, a tag opening
// the contacts that carry it (AND from the URL), how we met saved; in Settings a tag renamed and merged; Arabic at 320 px.
import { api, expect, photograph, seriousAxeViolations, test, toast } from './fixtures';

test('tags a contact from their page, filters the contacts by tags, says how we met, and renames and merges in Settings', async ({ page, user }, testInfo) => {
  void user;
  const maria = await api(page, '/api/contacts', { name: 'Maria Santos', tags: ['Campus'] });
  await api(page, '/api/contacts', { name: 'Jonas', tags: ['Family'] });
  await api(page, '/api/contacts', { name: 'Lea', tags: ['Family', 'Uni'] });
  await page.goto(`/contacts/${maria.id}`);
  const tags = page.getByRole('list', { name: 'Tags of Maria Santos' });
  await expect(tags.getByRole('link', { name: 'Campus' })).toBeVisible();
  await tags.getByLabel('Add a tag').fill('Family');
  await tags.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(toast(page, 'Tag added: Family').last()).toBeVisible();
  await expect(tags.getByRole('link', { name: 'Family' })).toBeVisible();
  await page.getByLabel('How we met').fill('Church');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(toast(page, 'Saved: how we met').last()).toBeVisible();
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await photograph(page, `tags-contact-${testInfo.project.name}.png`, { fullPage: true });

  // A tag opens the contacts carrying it; a second in the URL keeps those with both.
  await tags.getByRole('link', { name: 'Family' }).click();
  await expect(page).toHaveURL(/\/contacts\?tag=Family$/);
  const filteredBy = page.getByRole('list', { name: 'Tags filtered by' });
  await expect(filteredBy.getByRole('listitem')).toHaveText(['Family×']);
  await expect(filteredBy.getByRole('button', { name: 'Remove tag Family' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Jonas/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Lea/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Maria Santos/ })).toBeVisible();
  await page.goto('/contacts?tag=Family&tag=campus');
  await expect(page.getByRole('link', { name: /^Maria Santos/ })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Jonas/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Remove tag campus' }).click();
  await expect(page).toHaveURL(/\/contacts\?tag=Family$/);
  await expect(page.getByRole('link', { name: /^Jonas/ })).toBeVisible();

  // Settings: Uni renamed to Students, then Campus merged into it.
  await page.goto('/settings');
  const uni = page.getByRole('listitem', { name: 'Uni' });
  await uni.getByLabel('Name').fill('Students');
  await uni.getByRole('button', { name: 'Rename' }).click();
  await expect(toast(page, 'Tag renamed').last()).toBeVisible();
  const campus = page.getByRole('listitem', { name: 'Campus' });
  await campus.getByLabel('Merge into').selectOption({ label: 'Students' });
  await campus.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(toast(page, 'Tags merged').last()).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Students' })).toContainText('2 contacts');
  await expect(page.getByRole('listitem', { name: 'Campus' })).toHaveCount(0);
  expect((await (await page.request.get(`/api/contacts/${maria.id}`)).json()).tags).toEqual(['Family', 'Students']);
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
});

test('in Arabic on a phone, the tags read right to left and fit 320 px, light and dark @phone-only', async ({ page, user }) => {
  void user;
  expect((await page.request.put('/api/account/language', { data: { language: 'ar' } })).status()).toBe(200);
  const maria = await api(page, '/api/contacts', { name: 'مريم', tags: ['العائلة', 'الجامعة'], source: 'الكنيسة' });
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`/contacts/${maria.id}`);
    const tags = page.getByRole('list', { name: /^وسوم \u2068?مريم\u2069?$/ });
    await expect(tags.getByRole('link', { name: 'العائلة' })).toBeVisible();
    await expect(page.getByLabel('كيف تعارفنا')).toHaveValue('الكنيسة');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${width} px`).toBe(0);
    await photograph(page, `tags-ar-${width}.png`, { fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  await photograph(page, 'tags-ar-320-dark.png', { fullPage: true });
});
