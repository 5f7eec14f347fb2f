// Team comments offline (issue 51 §3, "every action works in the outbox offline"): without a connection, a comment
// written, changed or deleted waits in the outbox and shows 'Waiting to sync'; when the connection returns each is sent
// with its key and the list is the server's. A member made a viewer meanwhile is told why their comment was not sent.
import { api, expect, joinTeamAs, person, photograph, test, toast, uniqueName } from './fixtures';

test('a comment written, changed and deleted offline waits in the outbox and is sent when the connection returns @desktop-only', async ({
  page,
  browser,
  user,
}, testInfo) => {
  test.setTimeout(120_000);
  void user;
  const team = await api(page, '/api/teams', { name: uniqueName('Offline talk ') });
  const lydia = await api(page, '/api/contacts', { name: 'Lydia Thyatira', teamId: team.id });
  const path = `/api/contacts/${lydia.id}/comments`;
  await api(page, path, { body: 'To be changed' });
  await api(page, path, { body: 'To be deleted' });

  await page.goto(`/contacts/${lydia.id}`);
  const comments = page.getByRole('region', { name: 'Team comments' });
  const item = (text: string) => comments.getByTestId('comment').filter({ hasText: text });
  await expect(item('To be deleted')).toBeVisible();

  await page.context().setOffline(true);
  // Written offline: kept on this device, shown on top as waiting.
  await comments.getByLabel(/Write to your team about this person/).fill('Written on the road');
  await comments.getByRole('button', { name: 'Add comment' }).click();
  await expect(toast(page, 'Saved on this device').last()).toBeVisible();
  await expect(item('Written on the road')).toContainText('Waiting to sync');
  await expect(comments.getByLabel(/Write to your team about this person/)).toHaveValue('');
  // Changed offline: the new words, waiting.
  await item('To be changed').getByRole('button', { name: 'Edit' }).click();
  await comments.getByLabel('Change your comment').fill('Changed on the road');
  await comments.getByRole('button', { name: 'Save' }).click();
  await expect(item('Changed on the road')).toContainText('Waiting to sync');
  // Deleted offline: still shown, struck through, waiting.
  page.once('dialog', (dialog) => void dialog.accept());
  await item('To be deleted').getByRole('button', { name: 'Delete' }).click();
  await expect(item('To be deleted')).toContainText('Waiting to sync');
  await expect(comments.getByTestId('comment')).toHaveCount(3);
  await comments.scrollIntoViewIfNeeded();
  await photograph(page, 'comments-offline-desktop.png');

  await page.context().setOffline(false);
  await expect(comments.getByText('Waiting to sync')).toHaveCount(0);
  await expect(comments.getByTestId('comment')).toHaveCount(2);
  await expect(item('Written on the road').getByRole('button', { name: 'Edit' })).toBeVisible();
  await expect(item('Changed on the road')).toContainText('edited');
  await expect(item('To be deleted')).toHaveCount(0);
  // What the server holds: each write once.
  const held = await (await page.request.get(path)).json();
  expect(held.map((comment: { body: string }) => comment.body)).toEqual(['Written on the road', 'Changed on the road']);

  // A member writes offline; made a viewer meanwhile, they are told in the role's sentence, and nothing is written.
  const member = await person(browser, testInfo, 'Silas');
  await joinTeamAs(page, member, team.id, 'member');
  const theirs = member.page;
  await theirs.goto(`/contacts/${lydia.id}`);
  const their = theirs.getByRole('region', { name: 'Team comments' });
  await expect(their.getByTestId('comment')).toHaveCount(2);
  await theirs.context().setOffline(true);
  await their.getByLabel(/Write to your team about this person/).fill('From the prison');
  await their.getByRole('button', { name: 'Add comment' }).click();
  await expect(their.getByTestId('comment').filter({ hasText: 'From the prison' })).toContainText('Waiting to sync');
  expect((await page.request.put(`/api/teams/${team.id}/members/${member.user.id}`, { data: { role: 'viewer' } })).status()).toBe(200);
  await theirs.context().setOffline(false);
  await expect(toast(theirs, 'A comment saved offline was not sent')).toBeVisible();
  await expect(theirs.getByText(/can read the team's records but cannot add or change them/)).toBeVisible();
  await expect(their.getByText('From the prison')).toHaveCount(0);
  expect((await (await page.request.get(path)).json()).length).toBe(2);
  await theirs.context().close();
});
