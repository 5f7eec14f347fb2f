// Prayer lists and prayers for anyone (issue 50 §5) on a phone and a desktop: a list made from the Prayer Journal, a
// request about no one person added into it through the form, seen under its list in Pray today and prayed for, the
// journal filtered by the list, the list deleted with a confirmation keeping its request; Arabic and Spanish on a phone.
import { api, expect, photograph, seriousAxeViolations, test, toast } from './fixtures';

const overflow = (page: import('@playwright/test').Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('makes a list, adds a request for no one person into it, prays for it today, filters by it and deletes it', async ({ page, user }, testInfo) => {
  void user;
  await page.goto('/prayer-journal');
  await page.getByRole('button', { name: 'Prayer lists', exact: true }).click();
  const manage = page.getByRole('dialog', { name: 'Prayer lists' });
  const newList = manage.getByRole('form', { name: 'New prayer list' });
  await newList.getByLabel('List name').fill('Family');
  await newList.getByLabel('Requests a day').selectOption('2');
  await newList.getByRole('button', { name: 'Add list' }).click();
  await expect(toast(page, 'Prayer list added').last()).toBeVisible();
  await expect(manage.getByRole('listitem', { name: 'Family' })).toContainText('0 active requests, 0 answered');
  await expect(newList.getByLabel('List name')).toHaveValue('');
  expect(await overflow(page)).toBe(0);
  await manage.getByRole('button', { name: 'Close' }).click();
  await expect(manage).toBeHidden();

  await page.getByRole('main').getByRole('button', { name: 'Add Prayer Request', exact: true }).first().click();
  const form = page.getByRole('dialog', { name: 'Add Prayer Request' });
  // Nothing chosen: the form asks for a person, or no one person.
  await form.getByLabel('Prayer request').fill('Our city');
  await form.getByRole('button', { name: 'Add Prayer Request', exact: true }).click();
  await expect(form.getByText('Choose a contact, or no one person')).toBeVisible();
  await form.getByLabel('Contact', { exact: true }).selectOption({ label: 'No one person (a place, a group, a need)' });
  await form.getByLabel('Prayer list').selectOption({ label: 'Family' });
  await form.getByRole('button', { name: 'Add Prayer Request', exact: true }).click();
  await expect(toast(page, 'Prayer request added').last()).toBeVisible();
  await expect(form).toBeHidden();
  const card = page.getByRole('listitem').filter({ hasText: 'Our city' });
  await expect(card).toContainText('Family');
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  expect(await overflow(page)).toBe(0);
  await photograph(page, `prayer-lists-journal-${testInfo.project.name}.png`, { fullPage: true });

  // Pray today: under its list's name.
  await page.getByRole('tab', { name: /Pray today/ }).click();
  const family = page.getByRole('region', { name: 'Family' });
  await expect(family.getByRole('listitem')).toHaveText([/Our city/]);
  await family.getByRole('button', { name: 'I prayed: Our city' }).click();
  await expect(family.getByText('Prayed today')).toBeVisible();
  expect(await overflow(page)).toBe(0);
  await photograph(page, `prayer-lists-today-${testInfo.project.name}.png`, { fullPage: true });

  // The journal filtered by the list, from the address.
  await page.getByRole('tab', { name: /Active/ }).click();
  await page.getByLabel('Prayer list').selectOption({ label: 'Family' });
  await expect(page).toHaveURL(/[?&]list=\d+/);
  await expect(page.getByRole('listitem').filter({ hasText: 'Our city' })).toBeVisible();

  // Deleting the list asks first; its request stays, in no list.
  await page.getByRole('button', { name: 'Prayer lists', exact: true }).click();
  await manage.getByRole('listitem', { name: 'Family' }).getByRole('button', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete prayer list' }).or(page.getByRole('dialog', { name: 'Delete prayer list' }));
  await expect(confirm).toContainText('Delete the list “Family”?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Prayer list deleted').last()).toBeVisible();
  await expect(manage.getByText('No prayer lists yet.')).toBeVisible();
  const requests = (await (await page.request.get('/api/prayer-requests')).json()) as { request: string; contactId: number | null; listId: number | null }[];
  expect(requests).toEqual([expect.objectContaining({ request: 'Our city', contactId: null, listId: null })]);
});

test('in Spanish and Arabic on a phone, the journal and Pray today with lists fit 320 px @phone-only', async ({ page, user }) => {
  void user;
  const words = {
    es: { list: 'Ciudad', request: 'Por nuestra ciudad y sus barrios', person: 'Lucía', personal: 'Su trabajo nuevo' },
    ar: { list: 'المدينة', request: 'من أجل مدينتنا وأحيائها', person: 'مريم', personal: 'عملها الجديد' },
  };
  const contact = await api(page, '/api/contacts', { name: words.ar.person });
  for (const [language, text] of Object.entries(words)) {
    expect((await page.request.put('/api/account/language', { data: { language } })).status()).toBe(200);
    const list = await api(page, '/api/prayer-lists', { name: text.list, perDay: 2 });
    await api(page, '/api/prayer-requests', { request: text.request, listId: list.id });
    await api(page, '/api/prayer-requests', { request: text.personal, contactId: contact.id });
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto('/prayer-journal');
      await expect(page.getByText(text.request).first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
      expect(await overflow(page), `${language} ${width} px journal`).toBe(0);
      await photograph(page, `prayer-lists-journal-${language}-${width}.png`, { fullPage: true });
      await page.goto('/prayer-journal?tab=today');
      await expect(page.getByRole('region', { name: text.list })).toContainText(text.request);
      expect(await overflow(page), `${language} ${width} px today`).toBe(0);
      await photograph(page, `prayer-lists-today-${language}-${width}.png`, { fullPage: true });
    }
    expect((await page.request.delete(`/api/prayer-lists/${list.id}`)).status()).toBe(200);
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  await photograph(page, 'prayer-lists-today-ar-320-dark.png', { fullPage: true });
});
