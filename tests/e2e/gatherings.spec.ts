// One activity with several people (issue 50 §4): logged once with the others picked by name, shown with each of them
// on the list and on each person's page; logged offline it waits as one write and is sent once. A phone and a desktop.
import { api, expect, photograph, seriousAxeViolations, test, toast } from './fixtures';

test('a Bible study with three people is one activity, on each person’s page, and offline it is one write', async ({ page, context, user }, testInfo) => {
  void user;
  for (const name of ['Ana', 'Ben', 'Cleo', 'Dora']) await api(page, '/api/contacts', { name });
  await page.goto('/activities?new=1');
  const dialog = page.getByRole('dialog', { name: 'Log Activity' });
  await dialog.getByRole('combobox', { name: 'Contact name' }).fill('Ana');
  await dialog.getByRole('option', { name: 'Ana' }).click();
  const also = dialog.getByRole('combobox', { name: 'Also there (optional)' });
  await also.fill('be');
  await dialog.getByRole('option', { name: 'Ben' }).click();
  await also.fill('cle');
  await dialog.getByRole('option', { name: 'Cleo' }).click();
  await expect(dialog.getByRole('list', { name: 'Also there' }).getByRole('listitem')).toHaveText([/^Ben/, /^Cleo/]);
  // Someone who is not a contact cannot be added: the line under the field says to pick one.
  await also.fill('Zed');
  await expect(dialog.getByText('Pick one of your contacts from the list.')).toBeVisible();
  await also.fill('');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await photograph(page, `gathering-form-${testInfo.project.name}.png`);
  await dialog.getByRole('button', { name: 'Log Activity' }).click();
  await expect(toast(page, 'Activity created').last()).toBeVisible();

  const row = page.getByRole('listitem').filter({ hasText: 'Conversation with Ana' });
  await expect(row).toContainText('Also there: Ben, Cleo');
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  const all = await (await page.request.get('/api/activities')).json();
  expect(all).toHaveLength(1);
  expect(all[0].contactIds).toHaveLength(3);

  // On Cleo's page, the same activity.
  await row.getByRole('link', { name: 'Cleo' }).click();
  await expect(page.getByRole('heading', { name: 'Cleo', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByText('Conversation').first()).toBeVisible();
  // Her timeline names who else was there: Ana, the activity's first person, and Ben.
  await expect(page.getByRole('main').getByText(/^Also there:/)).toHaveText('Also there: Ana, Ben');
  await photograph(page, `gathering-contact-${testInfo.project.name}.png`, { fullPage: true });

  // Offline: logged with two people, it waits as one entry and arrives as one activity.
  await page.goto('/activities');
  await expect(row).toBeVisible();
  await context.setOffline(true);
  await expect(page.getByText('You are offline.', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Log Activity' }).first().click();
  const offlineDialog = page.getByRole('dialog', { name: 'Log Activity' });
  await offlineDialog.getByRole('combobox', { name: 'Contact name' }).fill('Dora');
  await offlineDialog.getByRole('option', { name: 'Dora' }).click();
  await offlineDialog.getByRole('combobox', { name: 'Also there (optional)' }).fill('Ben');
  await offlineDialog.getByRole('option', { name: 'Ben' }).click();
  await offlineDialog.getByRole('button', { name: 'Log Activity' }).click();
  await expect(page.getByText('Waiting to sync')).toHaveCount(1);
  await context.setOffline(false);
  await expect(page.getByText('Activity synced', { exact: true })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Conversation with Dora' })).toContainText('Also there: Ben');
  const after = await (await page.request.get('/api/activities')).json();
  expect(after).toHaveLength(2);
});

test('a gathering reads right to left in Arabic at 320 px, on the list and on a person’s timeline @phone-only', async ({ page, user }) => {
  void user;
  const [ana, ben, cleo] = [
    await api(page, '/api/contacts', { name: 'آنا' }),
    await api(page, '/api/contacts', { name: 'بن' }),
    await api(page, '/api/contacts', { name: 'كليو' }),
  ];
  await api(page, '/api/activities', { contactId: ana.id, contactIds: [ben.id, cleo.id], type: 'conversation' });
  expect((await page.request.put('/api/account/language', { data: { language: 'ar' } })).status()).toBe(200);
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto('/activities');
  await expect(page.getByRole('main').getByText(/^حضر أيضًا:/)).toHaveText('حضر أيضًا: بن، كليو');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.goto(`/contacts/${cleo.id}`);
  await expect(page.getByRole('main').getByText(/^حضر أيضًا:/)).toHaveText('حضر أيضًا: آنا، بن');
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await photograph(page, 'gathering-contact-ar-320.png', { fullPage: true });
});
