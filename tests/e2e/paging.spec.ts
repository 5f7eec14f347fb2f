// Follow-ups and the prayer journal a page at a time: 50 per group, 'Load more' for the rest, full counts on the tabs, ?id= beyond the first page.
import type { Page } from '@playwright/test';
import { api, expect, photograph, test } from './fixtures';

const DAY = 86_400_000;
/** Noon of the local day `offset` days from today, so no row lands on a day boundary whatever the hour. */
function noon(offset: number) {
  const date = new Date();
  date.setHours(12, 0, 0, 0);
  return new Date(date.getTime() + offset * DAY).toISOString();
}

/** Creates rows through the REST API a few at a time (the server writes them one by one anyway). */
async function createAll(page: Page, path: string, rows: unknown[]) {
  const created: { id: number }[] = [];
  for (let i = 0; i < rows.length; i += 10) created.push(...(await Promise.all(rows.slice(i, i + 10).map((row) => api(page, path, row)))));
  return created;
}

const region = (page: Page, name: string) => page.getByRole('region', { name });
const loadMore = (scope: ReturnType<Page['getByRole']>) => scope.getByRole('button', { name: 'Load more' });

test('follow-ups: each group shows 50 with Load more for the rest, tabs count everything, ?id= opens one beyond the first page @desktop-only', async ({
  page,
  user,
}, testInfo) => {
  void user;
  test.setTimeout(90_000);
  const contact = await api(page, '/api/contacts', { name: 'Timothy' });
  const followUp = (description: string, date: string, completed = false) => ({ contactId: contact.id, date, type: 'phone', description, completed });
  // Overdue i is i+1 days ago, so the most overdue (Overdue 54) leads; Upcoming i is i+2 days ahead.
  await createAll(
    page,
    '/api/followups',
    Array.from({ length: 55 }, (_, i) => followUp(`Overdue ${i}`, noon(-1 - i))),
  );
  await createAll(page, '/api/followups', [followUp('Today 0', new Date().toISOString()), followUp('Today 1', new Date().toISOString())]);
  const upcoming = await createAll(
    page,
    '/api/followups',
    Array.from({ length: 52 }, (_, i) => followUp(`Upcoming ${i}`, noon(2 + i))),
  );
  await createAll(
    page,
    '/api/followups',
    Array.from({ length: 51 }, (_, i) => followUp(`Done ${i}`, noon(-i), true)),
  );

  await page.goto('/followups');
  await expect(page.getByRole('tab', { name: /Pending/ })).toContainText('109');
  await expect(page.getByRole('tab', { name: /Completed/ })).toContainText('51');
  const overdue = region(page, 'Overdue').getByRole('listitem');
  const today = region(page, 'Today').getByRole('listitem');
  const later = region(page, 'Upcoming').getByRole('listitem');
  await expect(overdue).toHaveCount(50);
  await expect(overdue.first()).toContainText('Overdue 54');
  await expect(today).toHaveCount(2);
  await expect(loadMore(region(page, 'Today'))).toHaveCount(0);
  await expect(later).toHaveCount(50);
  await expect(later.first()).toContainText('Upcoming 0');
  await photograph(page, `followups-paged-${testInfo.project.name}.png`);
  // Where one group's 'Load more' meets the next group.
  await loadMore(region(page, 'Overdue')).scrollIntoViewIfNeeded();
  await photograph(page, `followups-load-more-${testInfo.project.name}.png`);

  await loadMore(region(page, 'Overdue')).click();
  await expect(overdue).toHaveCount(55);
  await expect(overdue.last()).toContainText('Overdue 0');
  await expect(loadMore(region(page, 'Overdue'))).toHaveCount(0);
  await loadMore(region(page, 'Upcoming')).click();
  await expect(later).toHaveCount(52);
  await expect(later.last()).toContainText('Upcoming 51');
  await expect(loadMore(region(page, 'Upcoming'))).toHaveCount(0);

  await page.getByRole('tab', { name: /Completed/ }).click();
  const done = page.getByRole('tabpanel').getByRole('listitem');
  await expect(done).toHaveCount(50);
  await expect(done.first()).toContainText('Done 0');
  await loadMore(page.getByRole('tabpanel')).click();
  await expect(done).toHaveCount(51);
  await expect(done.last()).toContainText('Done 50');

  // The 52nd upcoming follow-up is not on the first page a fresh visit loads.
  await page.goto(`/followups?id=${upcoming[51].id}`);
  const dialog = page.getByRole('dialog', { name: 'Edit Follow-up' });
  await expect(dialog.getByLabel('Description')).toHaveValue('Upcoming 51');
  await dialog.getByLabel('Completed').check();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).toHaveURL(/\/followups$/);
  await expect(page.getByRole('tab', { name: /Pending/ })).toContainText('108');
  await expect(page.getByRole('tab', { name: /Completed/ })).toContainText('52');

  // An id nobody may open closes quietly.
  await page.goto('/followups?id=999999999');
  await expect(page).toHaveURL(/\/followups$/);
  await expect(page.getByRole('dialog', { name: 'Edit Follow-up' })).toHaveCount(0);
});

test('prayer journal: each tab shows 50 with Load more for the rest, tabs count everything, ?id= opens one beyond the first page', async ({
  page,
  user,
}, testInfo) => {
  void user;
  test.setTimeout(90_000);
  const contact = await api(page, '/api/contacts', { name: 'Lois' });
  // Active i was asked i days ago, so Active 0 leads; Answered i was answered i days ago but asked long before, in the other order.
  const active = await createAll(
    page,
    '/api/prayer-requests',
    Array.from({ length: 53 }, (_, i) => ({ contactId: contact.id, request: `Active ${i}`, date: noon(-i) })),
  );
  await createAll(
    page,
    '/api/prayer-requests',
    Array.from({ length: 52 }, (_, i) => ({
      contactId: contact.id,
      request: `Answered ${i}`,
      date: noon(-200 + i),
      answered: true,
      answerDate: noon(-i),
      answerNotes: 'Yes',
    })),
  );

  await page.goto('/prayer-journal');
  await expect(page.getByRole('tab', { name: /Active/ })).toContainText('53');
  await expect(page.getByRole('tab', { name: /Answered/ })).toContainText('52');
  const cards = page.getByRole('tabpanel').getByRole('listitem');
  await expect(cards).toHaveCount(50);
  await expect(cards.first()).toContainText('Active 0');
  await loadMore(page.getByRole('tabpanel')).click();
  await expect(cards).toHaveCount(53);
  await expect(cards.last()).toContainText('Active 52');
  await expect(loadMore(page.getByRole('tabpanel'))).toHaveCount(0);

  await page.getByRole('tab', { name: /Answered/ }).click();
  await expect(cards).toHaveCount(50);
  await expect(cards.first()).toContainText('Answered 0');
  await photograph(page, `prayer-journal-paged-${testInfo.project.name}.png`);
  await loadMore(page.getByRole('tabpanel')).click();
  await expect(cards).toHaveCount(52);
  await expect(cards.last()).toContainText('Answered 51');

  // The oldest active request is not on the first page a fresh visit loads.
  await page.goto(`/prayer-journal?id=${active[52].id}`);
  const dialog = page.getByRole('dialog', { name: 'Edit Prayer Request' });
  await expect(dialog.getByLabel('Prayer request')).toHaveValue('Active 52');
  await dialog.getByLabel('Answered').check();
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('tab', { name: /Active/ })).toContainText('52');
  await expect(page.getByRole('tab', { name: /Answered/ })).toContainText('53');
});
