// Repeating follow-ups in the browser: made in the form, completed, the next one shown; snoozed from the row menu.
import { api, expect, openMenu, test, toast } from './fixtures';

const day = (daysFromNow: number) => {
  const date = new Date();
  date.setDate(date.getDate() + daysFromNow);
  date.setHours(12, 0, 0, 0);
  return date;
};
const inputValue = (date: Date) => `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

test('a follow-up made to repeat every 2 weeks shows it, and completing it shows the next one', async ({ page, user }) => {
  void user;
  await api(page, '/api/contacts', { name: 'Lydia' });
  await page.goto('/followups');
  await page.getByRole('button', { name: 'Schedule Follow-up' }).first().click();
  const form = page.getByRole('dialog', { name: 'Schedule Follow-up' });
  await form.getByLabel('Contact').selectOption({ label: 'Lydia' });
  await form.getByLabel('Date').fill(inputValue(day(0)));
  await form.getByLabel('Description').fill('Read John with Lydia');
  await expect(form.getByLabel('Every')).toBeHidden();
  await form.getByLabel('Repeat').check();
  await form.getByLabel('Every').fill('2');
  await expect(form.getByLabel('Unit')).toHaveValue('week');
  await expect(form.getByLabel('Unit').getByRole('option', { name: 'weeks' })).toBeAttached();
  await form.getByRole('button', { name: 'Schedule Follow-up' }).click();
  await expect(toast(page, 'Follow-up scheduled')).toBeVisible();

  const today = page.getByRole('region', { name: 'Today' });
  await expect(today.getByText('Every 2 weeks')).toBeVisible();
  await openMenu(page, 'Actions for follow-up with Lydia', 'Mark as completed');
  await expect(toast(page, 'Follow-up completed')).toBeVisible();
  // The next one, two weeks on, in Upcoming; the done one under Completed.
  const upcoming = page.getByRole('region', { name: 'Upcoming' });
  await expect(upcoming.getByText('Read John with Lydia')).toBeVisible();
  await expect(today).toBeHidden();
  await expect(page.getByRole('tab', { name: 'Pending 1' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Completed 1' })).toBeVisible();
  const [next] = await (await page.request.get('/api/followups?completed=false')).json();
  expect(new Date(next.date).toDateString()).toBe(day(14).toDateString());
  // Sower scheduled it already: the toast opens it rather than offering a second one for the same day.
  const completed = page.getByRole('region', { name: 'Notifications (F8)' });
  await expect(completed.getByRole('button', { name: 'Schedule the next one' })).toHaveCount(0);
  await completed.getByRole('button', { name: 'Open the next one' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]id=${next.id}$`));
  await expect(page.getByRole('dialog', { name: 'Edit Follow-up' }).getByLabel('Date')).toHaveValue(inputValue(day(14)));
});

test('snoozing from the row menu moves a follow-up to tomorrow, or to a picked date', async ({ page, user }) => {
  void user;
  const silas = await api(page, '/api/contacts', { name: 'Silas' });
  const created = await api(page, '/api/followups', { contactId: silas.id, date: day(-2).toISOString(), description: 'Call Silas' });
  await page.goto('/followups');
  await expect(page.getByRole('region', { name: 'Overdue' }).getByText('Call Silas')).toBeVisible();

  await openMenu(page, 'Actions for follow-up with Silas', 'Snooze until tomorrow');
  await expect(page.getByRole('region', { name: 'Upcoming' }).getByText('Tomorrow')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Overdue' })).toBeHidden();

  await openMenu(page, 'Actions for follow-up with Silas', 'Snooze until a date…');
  const dialog = page.getByRole('dialog', { name: 'Snooze follow-up' });
  await dialog.getByLabel('Until').fill(inputValue(day(10)));
  await dialog.getByRole('button', { name: 'Snooze', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Upcoming' }).getByText('Tomorrow')).toBeHidden();
  const saved = await (await page.request.get(`/api/followups/${created.id}`)).json();
  expect(new Date(saved.date).toDateString()).toBe(day(10).toDateString());
  expect(saved).toMatchObject({ description: 'Call Silas', completed: false, type: 'phone' });
});
