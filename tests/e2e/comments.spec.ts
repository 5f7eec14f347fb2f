// Comments and mentions (issue 51 §3): a leader writes a comment on a team contact mentioning a teammate; the teammate
// sees the bell's count, opens the inbox and the contact. A phone and a desktop; the inbox in Spanish at 320 px.
import type { Page } from '@playwright/test';
import { api, expect, person, photograph, seriousAxeViolations, test, toast } from './fixtures';

/** The bell in sight: the sidebar's on a desktop, the top bar's on a phone (the other is hidden). */
const shown = (page: Page, testId: string) => page.getByTestId(testId).locator('visible=true');
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A team of the signed-in leader's with `teammate` in it as a member, and a team contact. */
async function teamWithContact(page: Page, teammate: { page: Page; user: { username: string } }, name: string) {
  const team = await api(page, '/api/teams', { name: 'Riverside' });
  const invitation = await api(page, `/api/teams/${team.id}/members`, { username: teammate.user.username, role: 'member' });
  expect((await teammate.page.request.post(`/api/invitations/${invitation.id}/accept`)).status()).toBe(200);
  const contact = await api(page, '/api/contacts', { name, teamId: team.id });
  return { teamId: team.id as number, contactId: contact.id as number };
}

test('a comment with a mention reaches the teammate: the bell counts it, the inbox opens the contact', async ({ page, user, browser }, testInfo) => {
  void user;
  const mate = await person(browser, testInfo, 'Tomas');
  const { contactId } = await teamWithContact(page, mate, 'Maria Lopez');

  await page.goto(`/contacts/${contactId}`);
  const comments = page.getByRole('region', { name: 'Team comments' });
  await comments.getByLabel(/Write to your team about this person/).fill(`@${mate.user.username} could you call her this week?`);
  await comments.getByRole('button', { name: 'Add comment' }).click();
  await expect(toast(page, 'Comment added').last()).toBeVisible();
  await expect(comments.getByTestId('comment')).toContainText('could you call her this week?');
  await expect(comments.getByRole('button', { name: 'Edit' })).toBeVisible();
  expect(await overflow(page)).toBe(0);

  await mate.page.goto('/');
  const bell = shown(mate.page, 'notification-bell');
  await expect(bell).toBeVisible();
  await expect(shown(mate.page, 'notification-count')).toHaveText('1');
  await bell.click();
  await expect(mate.page).toHaveURL(/\/notifications$/);
  const item = mate.page.getByTestId('notification').first();
  await expect(item).toContainText('Priscilla Tentmaker mentioned you in a comment on Maria Lopez');
  await expect(item).toContainText('could you call her this week?');
  expect(await seriousAxeViolations(mate.page, 'main')).toEqual([]);
  await photograph(mate.page, `notifications-${testInfo.project.name}.png`);
  await item.click();
  await expect(mate.page).toHaveURL(new RegExp(`/contacts/${contactId}`));
  await expect(mate.page.getByRole('region', { name: 'Team comments' }).getByTestId('comment')).toContainText('could you call her this week?');
  await expect(shown(mate.page, 'notification-count')).toHaveCount(0);
  expect(await overflow(mate.page)).toBe(0);
  await mate.page.context().close();
});

test('the inbox and the comments in Spanish at 320 px, with no overflow @phone-only', async ({ page, user, browser }, testInfo) => {
  void user;
  const mate = await person(browser, testInfo, 'Lucia');
  const { contactId } = await teamWithContact(page, mate, 'Jorge Ramírez');
  expect(
    (await page.request.post(`/api/contacts/${contactId}/comments`, { data: { body: `@${mate.user.username} ¿puedes visitarlo el sábado?` } })).status(),
  ).toBe(201);
  expect((await mate.page.request.put('/api/account/language', { data: { language: 'es' } })).status()).toBe(200);
  await mate.page.setViewportSize({ width: 320, height: 720 });
  await mate.page.goto('/');
  await expect(shown(mate.page, 'notification-count')).toHaveText('1');
  expect(await overflow(mate.page)).toBe(0);
  await shown(mate.page, 'notification-bell').click();
  await expect(mate.page.getByRole('heading', { name: 'Notificaciones' })).toBeVisible();
  await expect(mate.page.getByTestId('notification').first()).toContainText('te mencionó en un comentario sobre');
  expect(await overflow(mate.page)).toBe(0);
  await photograph(mate.page, 'notifications-es-320.png');
  await mate.page.getByTestId('notification').first().click();
  await expect(mate.page.getByRole('region', { name: 'Comentarios del equipo' })).toBeVisible();
  expect(await overflow(mate.page)).toBe(0);
  await photograph(mate.page, 'comments-es-320.png', { fullPage: true });
  await mate.page.context().close();
});
