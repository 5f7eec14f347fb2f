// The calendar feed dialog on the Follow-ups page (turn on, copy, replace, turn off) and 'Add to calendar'.
import { readFile } from 'node:fs/promises';
import { expect, photograph, test } from './fixtures';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('turns the feed on, copies its full URL, replaces it (the old one 404s) and turns it off @desktop-only', async ({ page, user }, testInfo) => {
  void user;
  const contact = await (await page.request.post('/api/contacts', { data: { name: 'Calla Lily' } })).json();
  await page.request.post('/api/followups', {
    data: { contactId: contact.id, date: new Date(Date.now() + 2 * 86_400_000).toISOString(), type: 'meeting', description: 'Coffee on Friday' },
  });

  await page.goto('/followups');
  await page.getByRole('button', { name: 'Calendar feed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Calendar feed' });
  await dialog.getByRole('button', { name: 'Turn on calendar feed' }).click();

  const field = dialog.getByLabel('Your private feed URL');
  const origin = new URL(page.url()).origin;
  await expect(field).toHaveValue(new RegExp(`^${origin.replace(/[.]/g, '\\.')}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
  const first = await field.inputValue();
  const feed = await page.request.get(first);
  expect(feed.status()).toBe(200);
  expect(await feed.text()).toContain('SUMMARY:Meeting: Calla Lily');

  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Copied to the clipboard.');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(first);
  await photograph(page, `calendar-feed-${testInfo.project.name}.png`);

  await dialog.getByRole('button', { name: 'Replace link' }).click();
  await expect(dialog.getByRole('alert')).toContainText('The old link stops working at once');
  await dialog.getByRole('alert').getByRole('button', { name: 'Replace link' }).click();
  await expect(field).not.toHaveValue(first);
  const second = await field.inputValue();
  expect((await page.request.get(first)).status()).toBe(404);
  expect((await page.request.get(second)).status()).toBe(200);

  await dialog.getByRole('button', { name: 'Turn off' }).click();
  await dialog.getByRole('alert').getByRole('button', { name: 'Turn off' }).click();
  await expect(dialog.getByRole('button', { name: 'Turn on calendar feed' })).toBeVisible();
  expect((await page.request.get(second)).status()).toBe(404);

  // Closing and opening again reads the state back from the server.
  await dialog.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('button', { name: 'Calendar feed' }).click();
  await expect(dialog.getByRole('button', { name: 'Turn on calendar feed' })).toBeVisible();
});

test("'Add to calendar' downloads the follow-up as a one-event .ics", async ({ page, user }, testInfo) => {
  void user;
  const contact = await (await page.request.post('/api/contacts', { data: { name: 'Ruth, of Moab' } })).json();
  const date = new Date();
  date.setHours(12, 0, 0, 0);
  date.setDate(date.getDate() + 3);
  const followUp = await (
    await page.request.post('/api/followups', {
      data: { contactId: contact.id, date: date.toISOString(), type: 'phone', description: 'Ask how the harvest went; bring bread' },
    })
  ).json();

  await page.goto('/followups');
  await page.getByRole('button', { name: 'Actions for follow-up with Ruth, of Moab' }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Add to calendar' }).click()]);
  expect(download.suggestedFilename()).toBe(`follow-up-${followUp.id}.ics`);
  const ics = await readFile(await download.path(), 'utf8');
  const day = `${date.getFullYear()}${String(date.getMonth() + 1).padStart(2, '0')}${String(date.getDate()).padStart(2, '0')}`;
  expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
  expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  expect(ics).toContain(`UID:followup-${followUp.id}@sower\r\n`);
  expect(ics).toContain(`DTSTART;VALUE=DATE:${day}\r\n`);
  expect(ics).toContain('SUMMARY:Phone call: Ruth\\, of Moab\r\n');
  expect(ics).toContain('Ask how the harvest went\\; bring bread');
  await photograph(page, `followups-calendar-${testInfo.project.name}.png`, { fullPage: true });
});

test("a completed follow-up offers no 'Add to calendar' @desktop-only", async ({ page, user }) => {
  void user;
  const contact = await (await page.request.post('/api/contacts', { data: { name: 'Naomi' } })).json();
  await page.request.post('/api/followups', {
    data: { contactId: contact.id, date: new Date().toISOString(), type: 'phone', description: 'Done already', completed: true },
  });
  await page.goto('/followups?tab=completed');
  await page.getByRole('button', { name: 'Actions for follow-up with Naomi' }).click();
  await expect(page.getByRole('menuitem', { name: 'Edit' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Add to calendar' })).toHaveCount(0);
});
