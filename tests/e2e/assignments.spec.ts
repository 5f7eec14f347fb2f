// Assignments that are answered (issue 51 §2), each person in a browser context of their own: an admin assigns a team
// contact to a member, who sees it waiting for their answer (on the contact's page and under 'Assigned to me') and
// declines it with a reason, or accepts it; the admin sees "Waiting for an answer", then "Accepted". A phone and a
// desktop; one run in Spanish at 320 px with no overflow.
import type { Page } from '@playwright/test';
import { api, expect, person, photograph, seriousAxeViolations, test, toast, uniqueName, joinTeamAs } from './fixtures';

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function assign(admin: Page, contactId: number, userId: number) {
  expect((await admin.request.put(`/api/contacts/${contactId}/assignee`, { data: { userId } })).status()).toBe(200);
}

test('a member declines an assignment with a reason, then accepts the next; the admin sees each answer', async ({ page, browser, user }, testInfo) => {
  test.setTimeout(120_000);
  void user;
  const team = await api(page, '/api/teams', { name: uniqueName('Harvest ') });
  const ruth = await api(page, '/api/contacts', { name: 'Ruth Moabite', teamId: team.id });
  const member = await person(browser, testInfo, 'Boaz');
  await joinTeamAs(page, member, team.id, 'member');
  await assign(page, ruth.id, member.user.id);

  // The admin: waiting for an answer.
  await page.goto(`/contacts/${ruth.id}`);
  await expect(page.getByTestId('assignment-status')).toHaveText('Waiting for an answer');
  await expect(page.getByTestId('answer-assignment')).toHaveCount(0);

  // The member: on the contact's page, Accept and Decline; Decline asks for a reason.
  const mine = member.page;
  await mine.goto(`/contacts/${ruth.id}`);
  const answer = mine.getByTestId('answer-assignment');
  await expect(answer).toContainText('Assigned to you: waiting for your answer');
  expect(await seriousAxeViolations(mine, 'main')).toEqual([]);
  await photograph(mine, `${testInfo.project.name}/assignment-pending.png`);
  await answer.getByRole('button', { name: 'Decline' }).click();
  const dialog = mine.getByRole('dialog', { name: 'Decline Ruth Moabite?' });
  await dialog.getByLabel('Reason (optional)').fill('Too far away this month');
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(toast(mine, 'Assignment declined: it goes back to the team’s admins').last()).toBeVisible();
  await expect(mine.getByTestId('assigned-to')).toHaveCount(0);
  await expect(mine.getByTestId('answer-assignment')).toHaveCount(0);

  // Assigned again: the member finds it under 'Assigned to me', waiting for their answer, and accepts it there.
  await assign(page, ruth.id, member.user.id);
  await mine.goto('/contacts?assigned=me');
  const pending = mine.getByTestId('pending-assignments');
  await expect(pending.getByText('Ruth Moabite')).toBeVisible();
  expect(await overflow(mine)).toBeLessThanOrEqual(0);
  await pending.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(mine, 'Assignment accepted').last()).toBeVisible();
  await expect(mine.getByTestId('pending-assignments')).toHaveCount(0);
  await mine.goto(`/contacts/${ruth.id}`);
  await expect(mine.getByTestId('assignment-status')).toHaveText('Accepted');

  await page.reload();
  await expect(page.getByTestId('assignment-status')).toHaveText('Accepted');
  await expect(page.getByTestId('assigned-to')).toHaveText('Assigned to Boaz Teammate');
  await member.page.context().close();
});

test('in Spanish at 320 px, the assignee accepts on the contact page with no overflow @phone-only', async ({ page, browser, user }, testInfo) => {
  test.setTimeout(120_000);
  void user;
  const team = await api(page, '/api/teams', { name: uniqueName('Cosecha ') });
  const lucia = await api(page, '/api/contacts', { name: 'Lucía Gómez', teamId: team.id });
  const member = await person(browser, testInfo, 'Bruno');
  await joinTeamAs(page, member, team.id, 'member');
  await assign(page, lucia.id, member.user.id);
  const mine = member.page;
  expect((await mine.request.put('/api/account/language', { data: { language: 'es' } })).status()).toBe(200);
  await mine.setViewportSize({ width: 320, height: 720 });
  await mine.goto(`/contacts/${lucia.id}`);
  const answer = mine.getByTestId('answer-assignment');
  await expect(answer).toContainText('Asignado a ti: espera tu respuesta');
  expect(await overflow(mine)).toBeLessThanOrEqual(0);
  await photograph(mine, 'assignment-pending-es-320.png');
  await answer.getByRole('button', { name: 'Rechazar' }).click();
  const dialog = mine.getByRole('dialog', { name: /Rechazar a/ });
  await expect(dialog.getByLabel('Motivo (opcional)')).toBeVisible();
  expect(await overflow(mine)).toBeLessThanOrEqual(0);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await answer.getByRole('button', { name: 'Aceptar' }).click();
  await expect(mine.getByTestId('assignment-status')).toHaveText('Aceptada');
  await expect(mine.getByTestId('answer-assignment')).toHaveCount(0);
  await member.page.context().close();
});

test('an answer given offline waits in the outbox and is sent when the connection returns @desktop-only', async ({ page, browser, user }, testInfo) => {
  test.setTimeout(120_000);
  void user;
  const team = await api(page, '/api/teams', { name: uniqueName('Offline ') });
  const naomi = await api(page, '/api/contacts', { name: 'Naomi Bethlehem', teamId: team.id });
  const member = await person(browser, testInfo, 'Obed');
  await joinTeamAs(page, member, team.id, 'member');
  await assign(page, naomi.id, member.user.id);
  const mine = member.page;
  await mine.goto(`/contacts/${naomi.id}`);
  const answer = mine.getByTestId('answer-assignment');
  await expect(answer.getByRole('button', { name: 'Accept' })).toBeVisible();
  await mine.context().setOffline(true);
  await answer.getByRole('button', { name: 'Accept' }).click();
  await expect(answer).toHaveText('Waiting to sync');
  await mine.context().setOffline(false);
  await expect(mine.getByTestId('assignment-status')).toHaveText('Accepted');
  await page.goto(`/contacts/${naomi.id}`);
  await expect(page.getByTestId('assignment-status')).toHaveText('Accepted');
  await member.page.context().close();
});

test('assigning from the contact page offline waits in the outbox and is made when the connection returns @desktop-only', async ({
  page,
  browser,
  user,
}, testInfo) => {
  test.setTimeout(120_000);
  void user;
  const team = await api(page, '/api/teams', { name: uniqueName('Offline assign ') });
  const ruth = await api(page, '/api/contacts', { name: 'Ruth Moab', teamId: team.id });
  const member = await person(browser, testInfo, 'Boaz');
  await joinTeamAs(page, member, team.id, 'member');
  const mine = member.page;
  await mine.goto(`/contacts/${ruth.id}`);
  const assignToMe = mine.getByRole('button', { name: 'Assign to me' });
  await expect(assignToMe).toBeVisible();
  await mine.context().setOffline(true);
  await assignToMe.click();
  await expect(mine.getByText('No connection: the change to this contact will be made when you are back online.')).toBeVisible();
  await mine.context().setOffline(false);
  await expect(mine.getByTestId('assigned-to')).toHaveText('Assigned to me');
  // Made once, on the server: the admin sees Boaz as the assignee.
  await page.goto(`/contacts/${ruth.id}`);
  await expect(page.getByTestId('assigned-to')).toHaveText('Assigned to Boaz Teammate');
  await mine.context().close();
});
