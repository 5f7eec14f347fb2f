// A team that prays (issue 51 §5): a viewer (a praying partner) taps "I prayed" on a team request and the week's count
// shows, for them and for the author; the viewer has no menu to change the request; an admin chooses to show names.
// A phone and a desktop; the count in Spanish at 320 px.
import type { Page } from '@playwright/test';
import { api, expect, person, photograph, test, uniqueName, joinTeamAs } from './fixtures';

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('a viewer prays for a team request and the count shows; names only when the team chose them', async ({ page, browser, user }, testInfo) => {
  test.setTimeout(120_000);
  void user;
  const team = await api(page, '/api/teams', { name: uniqueName('Prayer team ') });
  await api(page, '/api/prayer-requests', { request: 'Rain for the harvest', teamId: team.id });
  const viewer = await person(browser, testInfo, 'Orpah');
  await joinTeamAs(page, viewer, team.id, 'viewer');

  await viewer.page.goto('/prayer-journal');
  const card = viewer.page.getByRole('listitem').filter({ hasText: 'Rain for the harvest' });
  await expect(card.getByTestId('team-prayed')).toHaveText('No teammates prayed this week');
  // A viewer reads and prays, and has no menu to edit or delete.
  await expect(card.getByRole('button', { name: /Actions for prayer/ })).toHaveCount(0);
  await card.getByRole('button', { name: /I prayed for this/ }).click();
  await expect(card.getByTestId('team-prayed')).toHaveText('1 teammate prayed this week');
  await expect(card).toContainText('Prayed 1 time');
  // Again the same day: one more prayer, still one person this week.
  await card.getByRole('button', { name: /I prayed for this/ }).click();
  await expect(card).toContainText('Prayed 2 times');
  await expect(card.getByTestId('team-prayed')).toHaveText('1 teammate prayed this week');
  expect(await overflow(viewer.page)).toBeLessThanOrEqual(0);
  await photograph(viewer.page, `${testInfo.project.name}/team-prayer-viewer.png`);

  // The author sees how many, without names, until an admin (here the author) chooses to show them.
  await page.goto('/prayer-journal');
  const mine = page.getByRole('listitem').filter({ hasText: 'Rain for the harvest' });
  await expect(mine.getByTestId('team-prayed')).toHaveText('1 teammate prayed this week');
  await page.goto(`/settings/teams/${team.id}`);
  const toggle = page.getByRole('checkbox', { name: 'Show who prayed' });
  await expect(toggle).toBeEnabled();
  await toggle.click();
  await expect(toggle).toBeChecked();
  await expect(page.getByRole('link', { name: 'Export team data (JSON)' })).toHaveAttribute('href', `/api/teams/${team.id}/export`);
  await page.goto('/prayer-journal');
  await expect(mine.getByTestId('team-prayed')).toContainText('This week: Orpah Teammate');
  await viewer.page.context().close();
});

test('the team count in Spanish at 320 px, with no overflow @phone-only', async ({ page, browser, user }, testInfo) => {
  void user;
  const team = await api(page, '/api/teams', { name: uniqueName('Equipo de oración ') });
  const request = await api(page, '/api/prayer-requests', { request: 'Lluvia para la cosecha', teamId: team.id });
  const viewer = await person(browser, testInfo, 'Rut');
  await joinTeamAs(page, viewer, team.id, 'viewer');
  expect((await viewer.page.request.post(`/api/prayer-requests/${request.id}/pray`)).status()).toBe(200);
  expect((await page.request.put('/api/account/language', { data: { language: 'es' } })).status()).toBe(200);
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto('/prayer-journal');
  const card = page.getByRole('listitem').filter({ hasText: 'Lluvia para la cosecha' });
  await expect(card.getByTestId('team-prayed')).toHaveText('1 compañero oró esta semana');
  expect(await overflow(page)).toBeLessThanOrEqual(0);
  await photograph(page, 'team-prayer-es-320.png');
  await viewer.page.context().close();
});

test('a prayer pressed offline waits on the device and is counted once when the connection returns @desktop-only', async ({
  page,
  browser,
  user,
}, testInfo) => {
  test.setTimeout(120_000);
  void user;
  const team = await api(page, '/api/teams', { name: uniqueName('Offline prayer ') });
  const request = await api(page, '/api/prayer-requests', { request: 'Safe travels for the team', teamId: team.id });
  const viewer = await person(browser, testInfo, 'Tabitha');
  await joinTeamAs(page, viewer, team.id, 'viewer');
  const mine = viewer.page;
  await mine.goto('/prayer-journal');
  const card = mine.getByRole('listitem').filter({ hasText: 'Safe travels for the team' });
  await expect(card.getByTestId('team-prayed')).toHaveText('No teammates prayed this week');
  await mine.context().setOffline(true);
  await card.getByRole('button', { name: /I prayed for this/ }).click();
  await expect(mine.getByText('No connection: your prayer will be counted when you are back online.')).toBeVisible();
  await mine.context().setOffline(false);
  await expect(card.getByTestId('team-prayed')).toHaveText('1 teammate prayed this week');
  await expect(card).toContainText('Prayed 1 time');
  // Counted once on the server, whatever the sends.
  const read = await page.request.get(`/api/prayer-requests/${request.id}`);
  expect((await read.json()).prayedCount).toBe(1);
  await mine.context().close();
});
