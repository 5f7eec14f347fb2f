// The dashboard's charts with their text alternatives, and the due badge on the Follow-ups link (sidebar and drawer).
import type { Page } from '@playwright/test';
import { expect, isPhone, photograph, test } from './fixtures';

const DAY = 86_400_000;

async function post(page: Page, path: string, data: unknown) {
  const res = await page.request.post(path, { data });
  expect(res.status(), path).toBe(201);
  return res.json();
}

/** Local noon `offset` days from today: the same calendar day in the browser, which shares this machine's zone. */
function localNoon(offset: number) {
  const date = new Date();
  date.setHours(12, 0, 0, 0);
  return new Date(date.getTime() + offset * DAY).toISOString();
}

/** The cells of a visually hidden table, row by row, as text. */
async function tableRows(page: Page, caption: string) {
  const table = page.locator('table', { has: page.locator('caption', { hasText: caption }) });
  await expect(table).toHaveCount(1);
  return table.locator('tbody tr').evaluateAll((rows) => rows.map((row) => [...row.children].map((cell) => cell.textContent)));
}

test('the dashboard shows outreach by week and the journey funnel, with their numbers as text', async ({ page, user }, testInfo) => {
  void user;
  // This week: two conversations and a presentation; two weeks ago: one 'other'; 20 weeks ago: outside the chart.
  await post(page, '/api/contacts', { name: 'Ana', spiritualStatus: 'exploring' });
  await post(page, '/api/contacts', { name: 'Ben', spiritualStatus: 'seeking' });
  await post(page, '/api/contacts', { name: 'Cy', spiritualStatus: 'seeking' });
  await post(page, '/api/contacts', { name: 'Dee', spiritualStatus: 'mature' });
  await post(page, '/api/activities', { type: 'conversation', contactName: 'Ana', date: localNoon(0) });
  await post(page, '/api/activities', { type: 'conversation', contactName: 'Ben', date: localNoon(0) });
  await post(page, '/api/activities', { type: 'gospel_presentation', contactName: 'Ana', date: localNoon(0) });
  await post(page, '/api/activities', { type: 'other', contactName: 'Eve', date: localNoon(-14) });
  await post(page, '/api/activities', { type: 'conversation', contactName: 'Ana', date: localNoon(-140) });

  await page.goto('/');
  const outreach = page.getByRole('region', { name: 'Outreach by week' });
  await expect(outreach.getByText('4 activities in the last 12 weeks')).toBeVisible();
  await expect(outreach.getByTestId('weeks-chart').locator('rect')).toHaveCount(3);

  const weeks = await tableRows(page, 'Outreach by week: activities per week by type');
  expect(weeks).toHaveLength(12);
  // Columns: week of, Conversation, Gospel Presentation, Follow-up, Other, Total.
  expect(weeks[11].slice(1)).toEqual(['2', '1', '0', '0', '3']);
  expect(weeks[9].slice(1)).toEqual(['0', '0', '0', '1', '1']);
  expect(weeks.reduce((sum, row) => sum + Number(row[5]), 0)).toBe(4);

  const funnel = page.getByRole('region', { name: 'Contacts on the journey' });
  await expect(funnel.getByText('4 contacts on the journey')).toBeVisible();
  await expect(funnel.getByText('Status unknown: 1')).toBeVisible();
  expect(await tableRows(page, 'Contacts on the journey: contacts by spiritual status')).toEqual([
    ['Exploring', '1'],
    ['Seeking', '2'],
    ['New Believer', '0'],
    ['Growing', '0'],
    ['Mature', '1'],
    ['Unknown', '1'],
  ]);

  await outreach.scrollIntoViewIfNeeded();
  await photograph(page, `dashboard-charts-${testInfo.project.name}.png`, { fullPage: true });
});

test('the charts are empty but present for a new user', async ({ page, user }) => {
  void user;
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Outreach by week' }).getByText('0 activities in the last 12 weeks')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Contacts on the journey' }).getByText('0 contacts on the journey')).toBeVisible();
});

test('the Follow-ups link counts overdue and today, not tomorrow, and drops when one is completed', async ({ page, user }, testInfo) => {
  void user;
  const contact = await post(page, '/api/contacts', { name: 'Dana Due' });
  const followUp = (offset: number, description: string, completed = false) =>
    post(page, '/api/followups', { contactId: contact.id, date: localNoon(offset), type: 'phone', description, completed });
  await followUp(-3, 'Overdue call');
  await followUp(0, 'Call today');
  await followUp(1, 'Call tomorrow');
  await followUp(-1, 'Done already', true);

  await page.goto('/followups');
  const openNav = async () => {
    if (!isPhone(page)) return page.getByRole('navigation', { name: 'Main' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    return page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Main' });
  };
  const nav = await openNav();
  await expect(nav.getByRole('link', { name: 'Follow-ups 2 due' })).toBeVisible();
  await expect(nav.getByTestId('due-badge').locator('[aria-hidden="true"]')).toHaveText('2');
  await photograph(page, `due-badge-${testInfo.project.name}.png`);
  if (isPhone(page)) await page.getByRole('button', { name: 'Close menu' }).click();

  await page.getByRole('button', { name: 'Actions for follow-up with Dana Due' }).first().click();
  await page.getByRole('menuitem', { name: 'Mark as completed' }).click();
  await expect(page.getByText('Follow-up completed', { exact: true })).toBeVisible();
  const after = await openNav();
  await expect(after.getByRole('link', { name: 'Follow-ups 1 due' })).toBeVisible();
});

test('the due badge rolls over at midnight: tomorrow’s follow-up counts once the day has changed @desktop-only', async ({ page, user }) => {
  void user;
  // The browser's clock at 23:59:30 local on a day of its own; the server never reads the time for this count.
  const lateEvening = new Date(2031, 2, 11, 23, 59, 30);
  await page.clock.install({ time: lateEvening });
  const contact = await post(page, '/api/contacts', { name: 'Mona Midnight' });
  const noon = (day: number) => new Date(2031, 2, day, 12).toISOString();
  await post(page, '/api/followups', { contactId: contact.id, date: noon(11), type: 'phone', description: 'Due today', completed: false });
  await post(page, '/api/followups', { contactId: contact.id, date: noon(12), type: 'phone', description: 'Due tomorrow', completed: false });
  await page.goto('/resources');
  const nav = async () => {
    if (!isPhone(page)) return page.getByRole('navigation', { name: 'Main' });
    await page.getByRole('button', { name: 'Open menu' }).click();
    return page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Main' });
  };
  await expect((await nav()).getByRole('link', { name: 'Follow-ups 1 due' })).toBeVisible();
  if (isPhone(page)) await page.getByRole('button', { name: 'Close menu' }).click();
  await page.clock.runFor(60_000);
  await expect((await nav()).getByRole('link', { name: 'Follow-ups 2 due' })).toBeVisible();
});
