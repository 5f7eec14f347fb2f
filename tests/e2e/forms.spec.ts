// Forms that respect what the user typed and meant: the activity's contact picked from a list or said to be new, and
// a changed form never thrown away by a stray click.
import type { Page } from '@playwright/test';
import { api, expect, openMenu, test, toast } from './fixtures';

async function contactsNamed(page: Page, name: string) {
  const res = await page.request.get(`/api/contacts?q=${encodeURIComponent(name)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { id: number; name: string }[]).filter((c) => c.name === name);
}

test.describe('the activity form contact', () => {
  test('editing the name to one nobody has says a new contact will be created, and the toast says it was @desktop-only', async ({ page, user }) => {
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
      edit.getByText(
        'No contact is named “Lukas Mueller-Schmidt”: saving moves this activity to a new contact. To rename Lukas Müller, edit the contact instead.',
      ),
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
    await api(page, '/api/contacts', { name: 'Lucía Fernández' });
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
    // Folded as the server matches names: 'lucia fer' suggests Lucía Fernández, and her name typed without accents is her.
    await logField.fill('lucia fer');
    await expect(log.getByRole('listbox', { name: 'Your contacts' }).getByRole('option')).toHaveText(['Lucía Fernández']);
    await logField.fill('Lucia Fernandez');
    await expect(log.getByText('Will be logged with the existing contact “Lucía Fernández”.')).toBeVisible();
    await logField.fill('lydia purple');
    await expect(log.getByText(/new contact will be created/)).toHaveCount(0);
    await log.getByRole('button', { name: 'Log Activity' }).click();
    await expect(toast(page, 'Activity created')).toBeVisible();
    expect(await contactsNamed(page, 'Lydia Purple')).toHaveLength(1);
    expect(await contactsNamed(page, 'Someone New')).toHaveLength(0);
  });
});

test.describe('the contact form', () => {
  test('adding a contact whose name exists however written asks first: open it, or add another', async ({ page, user }) => {
    void user;
    const lucia = await api(page, '/api/contacts', { name: 'Lucía Fernández' });
    await page.goto('/contacts');
    const addContact = async (name: string) => {
      await page.getByRole('button', { name: 'Add Contact' }).first().click();
      const form = page.getByRole('dialog', { name: 'Add Contact' });
      await form.getByLabel('Name').fill(name);
      await form.getByRole('button', { name: 'Add Contact' }).click();
      return form;
    };
    const form = await addContact('lucia  FERNANDEZ');
    await expect(form.getByRole('alert')).toContainText('A contact with this name already exists.');
    await form.getByRole('button', { name: 'Add another contact' }).click();
    await expect(toast(page, 'Contact created')).toBeVisible();
    expect((await (await page.request.get('/api/contacts?q=fernandez')).json()) as unknown[]).toHaveLength(2);

    const again = await addContact('Lucía Fernández');
    await expect(again.getByRole('alert')).toContainText('2 contacts with this name already exist.');
    await again.getByRole('link', { name: 'Open Lucía Fernández' }).click();
    await expect(page).toHaveURL(new RegExp(`/contacts/${lucia.id}$`));
    expect((await (await page.request.get('/api/contacts?q=fernandez')).json()) as unknown[]).toHaveLength(2);
  });
});

test.describe('dialogs', () => {
  test('open with the first field focused; a stray tap on the backdrop or Escape asks before throwing typing away', async ({ page, user }) => {
    void user;
    await page.goto('/contacts');
    await page.getByRole('button', { name: 'Add Contact' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Contact' });
    const name = dialog.getByLabel('Name');
    await expect(name).toBeFocused();

    // Nothing typed: the backdrop closes it at once.
    await page.mouse.click(5, 5);
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Add Contact' }).first().click();
    await name.fill('Tabitha');
    await page.mouse.click(5, 5);
    const ask = dialog.getByRole('alertdialog', { name: 'Discard your changes?' });
    await expect(ask).toBeVisible();
    await expect(ask.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await ask.getByRole('button', { name: 'Keep editing' }).click();
    await expect(ask).toBeHidden();
    await expect(name).toHaveValue('Tabitha');

    await name.press('Escape');
    await expect(ask).toBeVisible();
    await ask.getByRole('button', { name: 'Discard' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Add Contact' }).first().click();
    await expect(name).toHaveValue('');

    // With reduced motion the first field takes the focus all the same (a 0.01 ms transition of every property kept the
    // opened dialog hidden for a moment, and the field could not take it).
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.getByRole('button', { name: 'Add Contact' }).first().click();
    await expect(name).toBeFocused();
  });
});

test.describe('toasts', () => {
  test('a failed sign-in toast goes once the next sign-in succeeds, and a taken username shows under its field @desktop-only', async ({ page }) => {
    const owner = (await (
      await page.request.post('/api/auth/register', {
        data: {
          username: `taken${Date.now().toString(36)}`,
          email: `t${Date.now()}@example.com`,
          password: 'faithful-sower-1',
          firstName: 'Tess',
          lastName: 'Taken',
        },
      })
    ).json()) as { username: string };
    await page.request.post('/api/auth/logout');
    await page.goto('/login');
    await page.getByLabel('Username').fill(owner.username);
    await page.getByLabel('Password').fill('wrong-password-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(toast(page, 'Login failed')).toBeVisible();
    await page.getByLabel('Password').fill('faithful-sower-1');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(toast(page, 'Login successful!')).toBeVisible();
    await expect(toast(page, 'Login failed')).toBeHidden();

    await page.request.post('/api/auth/logout');
    await page.goto('/login?mode=register');
    await page.getByLabel('Full Name').fill('Second Tess');
    await page.getByLabel('Username').fill(owner.username);
    await page.getByLabel('Email').fill(`other${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('faithful-sower-1');
    await page.getByLabel('Confirm Password').fill('faithful-sower-1');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(toast(page, 'Registration failed')).toBeVisible();
    const field = page.getByLabel('Username');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.locator('form').getByText('Username already taken', { exact: true })).toBeVisible();
  });

  test('on a phone, toasts leave the top bar menu and search buttons free @phone-only', async ({ page, user }) => {
    void user;
    await page.goto('/contacts');
    await page.getByRole('button', { name: 'Add Contact' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add Contact' });
    await dialog.getByLabel('Name').fill('Rhoda');
    await dialog
      .getByRole('button', { name: /Add Contact|Save/ })
      .last()
      .click();
    const shown = toast(page, 'Contact created');
    await expect(shown).toBeVisible();
    const toastBox = (await shown.boundingBox())!;
    for (const name of ['Open menu', 'Search']) {
      const button = (await page.getByRole('button', { name, exact: true }).boundingBox())!;
      const overlaps = toastBox.y < button.y + button.height && button.y < toastBox.y + toastBox.height;
      expect(overlaps, `${name} is covered`).toBe(false);
    }
  });

  test('completing a follow-up offers the next one with the same person @desktop-only', async ({ page, user }) => {
    void user;
    const silas = await api(page, '/api/contacts', { name: 'Silas' });
    await api(page, '/api/followups', { contactId: silas.id, date: new Date().toISOString(), type: 'phone', description: 'Call Silas' });
    await page.goto('/followups');
    await openMenu(page, 'Actions for follow-up with Silas', 'Mark as completed');
    await expect(toast(page, 'Follow-up completed')).toBeVisible();
    await page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('button', { name: 'Schedule the next one' }).click();
    const next = page.getByRole('dialog', { name: 'Next follow-up with Silas' });
    await expect(next).toBeVisible();
    await expect(next.getByLabel('Contact')).toHaveValue(String(silas.id));
    await next.getByLabel('Description').fill('Visit Silas');
    await next.getByRole('button', { name: 'Schedule Follow-up' }).click();
    await expect(toast(page, 'Follow-up scheduled')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Pending 1' })).toBeVisible();
  });
});

test.describe('addresses', () => {
  test('each screen names itself in the title; tabs are in the address; a missing ?id= says so @desktop-only', async ({ page, user }) => {
    void user;
    await page.goto('/followups');
    await expect(page).toHaveTitle('Follow-ups · Sower');
    await page.getByRole('tab', { name: /Completed/ }).click();
    await expect(page).toHaveURL(/\/followups\?tab=completed$/);
    await page.goBack();
    await expect(page).toHaveURL(/\/followups$/);
    await expect(page.getByRole('tab', { name: /Pending/ })).toHaveAttribute('aria-selected', 'true');

    await page.goto('/prayer-journal?tab=answered');
    await expect(page).toHaveTitle('Prayer Journal · Sower');
    await expect(page.getByRole('tab', { name: /Answered/ })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('No answered prayers yet')).toBeVisible();

    await page.goto('/goals?tab=completed');
    await expect(page.getByRole('tab', { name: /Completed/ })).toHaveAttribute('aria-selected', 'true');

    await page.goto('/activities?id=99999');
    await expect(toast(page, 'That activity was not found. It may have been deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/activities$/);
    await page.goto('/followups?id=99999');
    await expect(toast(page, 'That follow-up was not found. It may have been deleted.')).toBeVisible();
    await expect(page).toHaveURL(/\/followups$/);

    const contact = await api(page, '/api/contacts', { name: 'Private Person' });
    await page.goto(`/contacts/${contact.id}`);
    await expect(page.getByRole('heading', { name: 'Private Person' })).toBeVisible();
    await expect(page).toHaveTitle('Contact · Sower');
  });
});

test.describe('goals counted from the activities', () => {
  const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

  test('old and future activities do not count, a deletion subtracts, and reaching the target offers Mark as completed @desktop-only', async ({
    page,
    user,
  }) => {
    void user;
    const andrew = await api(page, '/api/contacts', { name: 'Andrew' });
    await api(page, '/api/activities', { type: 'gospel_presentation', contactId: andrew.id, date: dayFromNow(-60) });
    await api(page, '/api/activities', { type: 'gospel_presentation', contactId: andrew.id, date: dayFromNow(5) });
    await api(page, '/api/goals', {
      title: 'Two presentations',
      description: 'This month',
      type: 'gospel_presentation',
      targetCount: 2,
      deadline: dayFromNow(30),
    });
    const today = await api(page, '/api/activities', { type: 'gospel_presentation', contactId: andrew.id });

    await page.goto('/goals');
    await expect(page.getByText('1 of 2 completed')).toBeVisible();
    await expect(page.getByText('Target reached')).toHaveCount(0);

    await page.request.delete(`/api/activities/${today.id}`);
    await page.reload();
    await expect(page.getByText('0 of 2 completed')).toBeVisible();

    // The start date reaches back to the old presentation; the typed progress stays an adjustment on top.
    await openMenu(page, 'Actions for Two presentations', 'Edit');
    const edit = page.getByRole('dialog', { name: 'Edit Goal' });
    await expect(edit.getByLabel('Start date')).toHaveValue(new Date().toLocaleDateString('en-CA'));
    await edit.getByLabel('Start date').fill(new Date(Date.now() - 90 * 86_400_000).toLocaleDateString('en-CA'));
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Goal updated')).toBeVisible();
    await expect(page.getByText('1 of 2 completed')).toBeVisible();

    await api(page, '/api/activities', { type: 'gospel_presentation', contactId: andrew.id });
    await page.reload();
    await expect(page.getByText('2 of 2 completed')).toBeVisible();
    await expect(page.getByText('Target reached')).toBeVisible();
    await page.getByRole('button', { name: 'Mark as completed' }).click();
    await expect(toast(page, 'Goal completed')).toBeVisible();
    await expect(page.getByText('No active goals')).toBeVisible();
  });

  test('a start after the deadline is refused under the field @desktop-only', async ({ page, user }) => {
    void user;
    await page.goto('/goals');
    await page.getByRole('button', { name: 'Create Goal' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create Goal' });
    await dialog.getByLabel('Title').fill('Backwards');
    await dialog.getByLabel('Description').fill('Ends before it starts');
    await dialog.getByLabel('Start date').fill(new Date(Date.now() + 60 * 86_400_000).toLocaleDateString('en-CA'));
    await dialog.getByRole('button', { name: 'Create Goal' }).click();
    await expect(dialog.getByText('Start date must be on or before the deadline')).toBeVisible();
    await expect(dialog.getByLabel('Start date')).toBeFocused();
  });
});

test.describe('small things a new user hit', () => {
  const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

  test('a Bible Study follow-up made from an activity edits as a Bible Study @desktop-only', async ({ page, user }) => {
    void user;
    const logged = await api(page, '/api/activities', {
      type: 'conversation',
      contactName: 'Lydia',
      followUp: { date: dayFromNow(3), type: 'study', description: 'Read John 1' },
    });
    await page.goto(`/followups?id=${logged.followUp.id}`);
    const edit = page.getByRole('dialog', { name: 'Edit Follow-up' });
    await expect(edit.getByLabel('Type')).toHaveValue('study');
    await expect(edit.getByLabel('Type').locator('option:checked')).toHaveText('Bible Study');
    await edit.getByLabel('Description').fill('Read John 1 and 2');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Follow-up updated')).toBeVisible();
    const saved = await (await page.request.get(`/api/followups/${logged.followUp.id}`)).json();
    expect(saved).toMatchObject({ type: 'study', description: 'Read John 1 and 2' });
  });

  test('an activity dated more than a day ahead is questioned under the date, and still saved if meant', async ({ page, user }) => {
    void user;
    await page.goto('/activities');
    await page.getByRole('button', { name: 'Log Activity' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Log Activity' });
    const text = 'This date is more than a day ahead. Activities are usually logged after they happen.';
    const warning = dialog.getByText(text);
    await expect(warning).toHaveCount(0);
    const date = dialog.getByLabel('Date', { exact: true });
    await date.fill(new Date(Date.now() + 86_400_000).toLocaleDateString('en-CA'));
    await expect(warning).toHaveCount(0);
    await date.fill(new Date(Date.now() + 400 * 86_400_000).toLocaleDateString('en-CA'));
    await expect(warning).toBeVisible();
    await expect(date).toHaveAccessibleDescription(text);
    await dialog.getByRole('combobox', { name: 'Contact name' }).fill('Future Fred');
    await dialog.getByRole('button', { name: 'Log Activity' }).click();
    await expect(toast(page, 'Activity created')).toBeVisible();
  });

  test('an overdue follow-up is counted on the dashboard, and says how late it is beside the Overdue badge @desktop-only', async ({ page, user }) => {
    void user;
    const contact = await api(page, '/api/contacts', { name: 'Silas' });
    await api(page, '/api/followups', { contactId: contact.id, date: dayFromNow(-3), type: 'phone', description: 'Call Silas' });
    // The dashboard's upcoming list starts today; the overdue one is counted above it and the line opens it.
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Upcoming Follow-ups' })).not.toContainText('Call Silas');
    await page.getByRole('link', { name: /1 follow-up is overdue/ }).click();
    await expect(page).toHaveURL(/\/followups$/);
    const row = page.getByRole('listitem').filter({ hasText: 'Call Silas' });
    await expect(row.getByText('Overdue', { exact: true })).toBeVisible();
    await expect(row.getByText(/^3 days overdue \(\w{3} \d{1,2}, \d{4}\)$/)).toBeVisible();
  });

  test('a new account shows level trends, not a green rise, and empty lists say what comes there with a first step', async ({ page, user }) => {
    void user;
    await page.goto('/');
    const trends = page.locator('[data-trend]');
    await expect(trends).toHaveCount(4);
    for (const trend of await trends.all()) {
      await expect(trend).toHaveAttribute('data-trend', 'level');
      await expect(trend).toHaveText('→ 0');
    }
    for (const [path, title, action] of [
      ['/followups', 'No pending follow-ups', 'Schedule your first follow-up'],
      ['/prayer-journal', 'No active prayer requests', 'Add your first prayer request'],
      ['/goals', 'No active goals', 'Create your first goal'],
    ]) {
      await page.goto(path);
      await expect(page.getByText(title, { exact: true })).toBeVisible();
      await page.getByRole('button', { name: action }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
  });

  test('long notes are cut to three lines on /activities, with Show more and Show less', async ({ page, user }) => {
    void user;
    const notes = Array.from({ length: 12 }, (_, i) => `Line ${i + 1} of what we talked about, at some length.`).join('\n');
    await api(page, '/api/activities', { type: 'conversation', contactName: 'Tabitha', notes });
    await api(page, '/api/activities', { type: 'conversation', contactName: 'Short Note', notes: 'Brief.' });
    await page.goto('/activities');
    const long = page.getByText(/^Line 1 of what/);
    const height = async () => (await long.boundingBox())!.height;
    const clamped = await height();
    await page.getByRole('button', { name: 'Show more' }).click();
    await expect(page.getByRole('button', { name: 'Show less' })).toHaveAttribute('aria-expanded', 'true');
    expect(await height()).toBeGreaterThan(clamped * 2);
    await page.getByRole('button', { name: 'Show less' }).click();
    expect(await height()).toBeLessThanOrEqual(clamped + 1);
    // A note that fits offers nothing.
    await expect(page.getByRole('button', { name: 'Show more' })).toHaveCount(1);
  });
});
