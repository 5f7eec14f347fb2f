// Forms that respect what the user typed and meant: the activity's contact picked from a list or said to be new, and
// a changed form never thrown away by a stray click.
import type { Page } from '@playwright/test';
import { api, expect, test, toast } from './fixtures';

async function openMenu(page: Page, label: string, item: string) {
  await page.getByRole('button', { name: label }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

async function contactsNamed(page: Page, name: string) {
  const res = await page.request.get(`/api/contacts?q=${encodeURIComponent(name)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { id: number; name: string }[]).filter((c) => c.name === name);
}

test.describe('the activity form contact', () => {
  test('editing the name to one nobody has says a new contact will be created, and the toast says it was', async ({ page, user }) => {
    void user;
    const lukas = await api(page, '/api/contacts', { name: 'Lukas Müller', spiritualStatus: 'seeking' });
    await api(page, '/api/activities', { type: 'conversation', contactId: lukas.id });
    await page.goto('/activities');
    await openMenu(page, 'Actions for Conversation with Lukas Müller', 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit Activity' });
    const field = edit.getByRole('combobox', { name: 'Contact name' });
    await expect(field).toHaveValue('Lukas Müller');
    await expect(edit.getByText(/a new contact will be created|moves this activity to a new contact/)).toHaveCount(0);

    await field.fill('Lukas Mueller-Schmidt');
    await expect(
      edit.getByText('No contact is named “Lukas Mueller-Schmidt”: saving moves this activity to a new contact. To rename Lukas Müller, edit the contact instead.'),
    ).toBeVisible();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Activity updated')).toBeVisible();
    await expect(page.getByText('New contact created.', { exact: true })).toBeVisible();
    await expect(page.getByText('Conversation with Lukas Mueller-Schmidt')).toBeVisible();
    // Lukas himself is untouched.
    expect(await contactsNamed(page, 'Lukas Müller')).toHaveLength(1);
    expect(await contactsNamed(page, 'Lukas Mueller-Schmidt')).toHaveLength(1);
  });

  test('a contact is picked from the list with the keyboard or a tap, and no contact is created', async ({ page, user }) => {
    void user;
    const lydia = await api(page, '/api/contacts', { name: 'Lydia of Thyatira', spiritualStatus: 'new_believer' });
    await api(page, '/api/contacts', { name: 'Lydia Purple' });
    await api(page, '/api/contacts', { name: 'Priscilla' });
    await api(page, '/api/activities', { type: 'conversation', contactName: 'Priscilla' });
    await page.goto('/activities');
    await openMenu(page, 'Actions for Conversation with Priscilla', 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit Activity' });
    const field = edit.getByRole('combobox', { name: 'Contact name' });

    await field.fill('lyd');
    const list = edit.getByRole('listbox', { name: 'Your contacts' });
    await expect(list.getByRole('option')).toHaveText(['Lydia of Thyatira', 'Lydia Purple']);
    await expect(field).toHaveAttribute('aria-expanded', 'true');
    await field.press('ArrowDown');
    await expect(list.getByRole('option', { name: 'Lydia of Thyatira' })).toHaveAttribute('aria-selected', 'true');
    await field.press('Enter');
    await expect(field).toHaveValue('Lydia of Thyatira');
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await expect(edit).toBeVisible();
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Activity updated')).toBeVisible();
    await expect(page.getByText('New contact created.', { exact: true })).toHaveCount(0);
    await expect(page.getByText('Conversation with Lydia of Thyatira')).toBeVisible();
    const activities = (await (await page.request.get(`/api/activities?contactId=${lydia.id}`)).json()) as unknown[];
    expect(activities).toHaveLength(1);

    // Logging a new one: a tap on the option.
    await page.getByRole('button', { name: 'Log Activity' }).first().click();
    const log = page.getByRole('dialog', { name: 'Log Activity' });
    const logField = log.getByRole('combobox', { name: 'Contact name' });
    await logField.fill('purp');
    await log.getByRole('option', { name: 'Lydia Purple' }).click();
    await expect(logField).toHaveValue('Lydia Purple');
    await expect(log.getByText(/new contact will be created/)).toHaveCount(0);
    await logField.fill('Someone New');
    await expect(log.getByText('No contact is named “Someone New”: a new contact will be created.')).toBeVisible();
    await logField.fill('lydia purple');
    await expect(log.getByText(/new contact will be created/)).toHaveCount(0);
    await log.getByRole('button', { name: 'Log Activity' }).click();
    await expect(toast(page, 'Activity created')).toBeVisible();
    expect(await contactsNamed(page, 'Lydia Purple')).toHaveLength(1);
    expect(await contactsNamed(page, 'Someone New')).toHaveLength(0);
  });
});
