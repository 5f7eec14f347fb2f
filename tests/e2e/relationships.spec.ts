// Relationships on a person's page (issue 50 §3): a link added from one person shows, named from each side, on both
// pages; a circle of "discipled by" is refused with the server's sentence; a link is removed. A phone and a desktop.
import { api, expect, photograph, seriousAxeViolations, test, toast } from './fixtures';

// A refused write is logged (SPEC: data-write failures log to the console): the circle refused below, and only it.
test.use({ allowConsoleErrors: [/^TRPCClientError: This would make a circle/] });

test('links two people from one page, shows the link named from each side, refuses a circle and removes a link', async ({ page, user }, testInfo) => {
  void user;
  const mary = await api(page, '/api/contacts', { name: 'Mary' });
  await api(page, '/api/contacts', { name: 'Paul' });
  await page.goto(`/contacts/${mary.id}`);
  await page.getByLabel('Mary is').selectOption({ label: 'Discipled by' });
  await page.getByLabel('Person').selectOption({ label: 'Paul' });
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(toast(page, 'Relationship added').last()).toBeVisible();
  const marys = page.getByRole('list', { name: 'Relationships of Mary' });
  await expect(marys.getByRole('listitem')).toHaveText([/^Discipled by\s*Paul/]);
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await photograph(page, `relationships-${testInfo.project.name}.png`, { fullPage: true });

  await marys.getByRole('link', { name: 'Paul' }).click();
  const pauls = page.getByRole('list', { name: 'Relationships of Paul' });
  await expect(pauls.getByRole('listitem')).toHaveText([/^Disciples\s*Mary/]);
  // Paul discipled by Mary would be a circle.
  await page.getByLabel('Paul is').selectOption({ label: 'Discipled by' });
  await page.getByLabel('Person').selectOption({ label: 'Mary' });
  await page.getByRole('button', { name: 'Link', exact: true }).click();
  await expect(page.getByText('This would make a circle: that person is already among the disciples of this one')).toBeVisible();
  await pauls.getByRole('button', { name: 'Remove the link to Mary' }).click();
  await expect(toast(page, 'Relationship removed').last()).toBeVisible();
  await expect(pauls).toHaveCount(0);
  expect(await (await page.request.get(`/api/contacts/${mary.id}/relationships`)).json()).toEqual([]);
});

test('the generation tree shows who disciples whom, generation by generation, each opening their page', async ({ page, user }, testInfo) => {
  void user;
  const lydia = await api(page, '/api/contacts', { name: 'Lydia', spiritualStatus: 'mature' });
  const ruth = await api(page, '/api/contacts', { name: 'Ruth', spiritualStatus: 'growing' });
  const tim = await api(page, '/api/contacts', { name: 'Tim', spiritualStatus: 'new_believer' });
  await api(page, `/api/contacts/${ruth.id}/relationships`, { contactId: lydia.id, kind: 'discipled_by' });
  await api(page, `/api/contacts/${tim.id}/relationships`, { contactId: ruth.id, kind: 'discipled_by' });
  await page.goto(`/contacts/${ruth.id}`);
  await page.getByRole('link', { name: 'Generation tree' }).click();
  await expect(page.getByRole('heading', { name: 'Generations', level: 1 })).toBeVisible();
  const tree = page.getByRole('region', { name: 'Generation tree' });
  await expect(tree.getByText('3 generations deep')).toBeVisible();
  await expect(tree.getByRole('listitem').filter({ hasText: 'Tim' }).last()).toContainText('Generation 3');
  await expect(tree.getByRole('listitem').filter({ hasText: 'Lydia' }).first()).toContainText('Generation 1');
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await photograph(page, `generations-${testInfo.project.name}.png`, { fullPage: true });
  await tree.getByRole('link', { name: 'Tim' }).click();
  await expect(page.getByRole('heading', { name: 'Tim', level: 1 })).toBeVisible();
});
