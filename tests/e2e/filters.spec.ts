// List filters in the URL: contacts by text and status with a count, activities by type, contact and dates.
import type { Page } from '@playwright/test';
import { api, expect, test } from './fixtures';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000);
/** The yyyy-MM-dd a date input shows for `date` in the browser's (and this machine's) time zone. */
const inputDay = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

const cardNames = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 });
// The list's live count, not the loading spinner (also a status).
const count = (page: Page) => page.getByRole('main').locator('p[role="status"]');

test('contacts: search and status filter say how many match and live in the URL through reload and back', async ({ page, user }) => {
  void user;
  await api(page, '/api/contacts', { name: 'Andrew Fisher', email: 'andrew@galilee-sea.example', spiritualStatus: 'exploring' });
  await api(page, '/api/contacts', { name: 'Peter Fisher', phone: '+1 555 7788', spiritualStatus: 'seeking' });
  await api(page, '/api/contacts', { name: 'Thomas Didymus', notes: 'Wants to see the nail marks.', spiritualStatus: 'exploring' });
  await page.goto('/contacts');
  await expect(count(page)).toHaveText('3 contacts');

  const search = page.getByRole('searchbox', { name: 'Search contacts' });
  // Typed at a person's pace: the debounce makes one step in history of the whole word.
  await search.pressSequentially('fisher', { delay: 40 });
  await expect(page).toHaveURL(/\/contacts\?q=fisher$/);
  await expect(count(page)).toHaveText('2 contacts match');
  await expect(cardNames(page)).toHaveText(['Andrew Fisher', 'Peter Fisher']);

  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Seeking' });
  await expect(page).toHaveURL(/\/contacts\?q=fisher&status=seeking$/);
  await expect(count(page)).toHaveText('1 contact matches');
  await expect(cardNames(page)).toHaveText(['Peter Fisher']);

  await page.reload();
  await expect(search).toHaveValue('fisher');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('seeking');
  await expect(count(page)).toHaveText('1 contact matches');

  await page.goBack();
  await expect(page).toHaveURL(/\/contacts\?q=fisher$/);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('');
  await expect(count(page)).toHaveText('2 contacts match');
  await page.goBack();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(search).toHaveValue('');
  await expect(count(page)).toHaveText('3 contacts');

  for (const [text, name] of [
    ['nail marks', 'Thomas Didymus'],
    ['7788', 'Peter Fisher'],
    ['galilee-sea', 'Andrew Fisher'],
  ]) {
    await search.fill(text);
    await expect(cardNames(page), text).toHaveText([name]);
    await expect(count(page)).toHaveText('1 contact matches');
  }

  await search.fill('Bartholomew');
  await expect(page.getByText('No contacts match your search')).toBeVisible();
  await expect(page.getByText('No contacts yet')).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).first().click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(search).toHaveValue('');
  await expect(count(page)).toHaveText('3 contacts');
});

test('contacts: a long list loads a page at a time, and the count covers them all', async ({ page, user }) => {
  void user;
  test.setTimeout(60_000);
  for (let i = 10; i < 72; i++) await api(page, '/api/contacts', { name: `Member ${i}`, spiritualStatus: i % 2 ? 'growing' : 'mature' });
  await page.goto('/contacts?status=growing');
  await expect(count(page)).toHaveText('31 contacts match');
  await expect(cardNames(page)).toHaveCount(31);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(count(page)).toHaveText('62 contacts');
  await expect(cardNames(page)).toHaveCount(60);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(cardNames(page)).toHaveCount(62);
  await expect(cardNames(page).last()).toHaveText('Member 71');
});

test('activities: type, contact and dates filter in the URL, load more keeps the filter, clear shows everything @desktop-only', async ({ page, user }) => {
  void user;
  test.setTimeout(60_000);
  const paul = await api(page, '/api/contacts', { name: 'Paul' });
  const silas = await api(page, '/api/contacts', { name: 'Silas' });
  // More conversations with Paul than one page holds (50).
  for (let i = 0; i < 53; i++)
    await api(page, '/api/activities', { type: 'conversation', contactId: paul.id, date: day(-1 - i / 100).toISOString(), notes: `Letter ${i}` });
  await api(page, '/api/activities', { type: 'gospel_presentation', contactId: silas.id, date: day(-10).toISOString(), notes: 'Sang in prison' });
  await api(page, '/api/activities', { type: 'gospel_presentation', contactId: paul.id, date: day(-20).toISOString(), notes: 'Areopagus' });
  const rows = page.getByRole('button', { name: /^Actions for / });

  // From the contact's page to their activities.
  await page.goto(`/contacts/${paul.id}`);
  await page.getByRole('link', { name: 'All activities with Paul' }).click();
  await expect(page).toHaveURL(new RegExp(`/activities\\?contactId=${paul.id}$`));
  await expect(page.getByRole('combobox', { name: 'Contact' })).toHaveValue(String(paul.id));
  await page.getByRole('button', { name: 'Log Activity' }).click();
  const logDialog = page.getByRole('dialog', { name: 'Log Activity' });
  await expect(logDialog.getByLabel('Contact name')).toHaveValue('Paul');
  await logDialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Conversation' });
  await expect(page).toHaveURL(new RegExp(`/activities\\?contactId=${paul.id}&type=conversation$`));
  await expect(rows).toHaveCount(50);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows).toHaveCount(53);
  await expect(page.getByText('Areopagus')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Gospel Presentation' });
  await expect(rows).toHaveCount(1);
  await expect(page.getByText('Areopagus')).toBeVisible();
  await page.getByRole('combobox', { name: 'Contact' }).selectOption({ label: 'All contacts' });
  await expect(rows).toHaveCount(2);

  await page.getByLabel('From', { exact: true }).fill(inputDay(day(-15)));
  await expect(page).toHaveURL(new RegExp(`from=${inputDay(day(-15))}`));
  await expect(rows).toHaveCount(1);
  await expect(page.getByText('Sang in prison')).toBeVisible();
  // 'To' counts its whole day.
  await page.getByLabel('To', { exact: true }).fill(inputDay(day(-10)));
  await expect(rows).toHaveCount(1);

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('gospel_presentation');
  await expect(page.getByLabel('From', { exact: true })).toHaveValue(inputDay(day(-15)));
  await expect(page.getByLabel('To', { exact: true })).toHaveValue(inputDay(day(-10)));
  await expect(page.getByText('Sang in prison')).toBeVisible();
  await page.goBack();
  await expect(page.getByLabel('To', { exact: true })).toHaveValue('');
  await expect(rows).toHaveCount(1);
  await page.goBack();
  await expect(page.getByLabel('From', { exact: true })).toHaveValue('');
  await expect(rows).toHaveCount(2);

  await page.getByLabel('From', { exact: true }).fill(inputDay(day(-5)));
  await page.getByLabel('To', { exact: true }).fill(inputDay(day(-9)));
  await expect(page.getByText('The end date must be on or after the start date.')).toBeVisible();

  await page.goto('/activities?type=follow_up');
  await expect(page.getByText('No activities match these filters.')).toBeVisible();
  await expect(page.getByText('No activities recorded yet.')).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear filters' }).last().click();
  await expect(page).toHaveURL(/\/activities$/);
  await expect(rows).toHaveCount(50);
  await expect(page.getByRole('button', { name: 'Load more' })).toBeVisible();
});

test('contacts: each card says when they were last contacted and the next follow-up, and the list sorts by either in the URL', async ({ page, user }) => {
  void user;
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();
  const anna = await api(page, '/api/contacts', { name: 'Anna' });
  const boaz = await api(page, '/api/contacts', { name: 'Boaz' });
  await api(page, '/api/contacts', { name: 'Cleo' });
  await api(page, '/api/activities', { type: 'conversation', contactId: anna.id, date: day(-1) });
  await api(page, '/api/activities', { type: 'conversation', contactId: boaz.id, date: day(-20) });
  await api(page, '/api/followups', { contactId: boaz.id, date: day(1), type: 'phone', description: 'Call' });

  await page.goto('/contacts');
  const names = page.locator('main h2');
  await expect(names).toHaveText(['Anna', 'Boaz', 'Cleo']);
  const annaCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Anna' }) });
  await expect(annaCard.getByText('Last contact:')).toBeVisible();
  await expect(annaCard.getByText('Yesterday')).toBeVisible();
  await expect(annaCard.getByText('None scheduled')).toBeVisible();
  const boazCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Boaz' }) });
  await expect(boazCard.getByText('Tomorrow')).toBeVisible();
  await expect(
    page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Cleo' }) })
      .getByText('None yet'),
  ).toBeVisible();

  await page.getByLabel('Sort by').selectOption('lastContact');
  await expect(page).toHaveURL(/sort=lastContact/);
  await expect(names).toHaveText(['Cleo', 'Boaz', 'Anna']);
  await page.getByLabel('Sort by').selectOption('nextFollowUp');
  await expect(names).toHaveText(['Boaz', 'Anna', 'Cleo']);
  await page.reload();
  await expect(page.getByLabel('Sort by')).toHaveValue('nextFollowUp');
  await expect(names).toHaveText(['Boaz', 'Anna', 'Cleo']);

  await page.goto(`/contacts/${boaz.id}`);
  await expect(page.getByText('Last contact:')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: 'Tomorrow' })).toBeVisible();
});
