// One long unbroken word (a pasted URL, a name without spaces) in every text a user can write must wrap or truncate on
// every screen: the page never scrolls sideways (issue 13 item 1). With isMobile the layout viewport widens to fit an
// overflow, so the page's scroll width is compared with the device's width, not innerWidth.
import type { Page } from '@playwright/test';
import { api, expect, registerViaApi, test } from './fixtures';

const word = (prefix: string) => `${prefix}${'x'.repeat(150 - prefix.length)}`;
const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function expectNoSidewaysScroll(page: Page, where: string) {
  const width = page.viewportSize()!.width;
  const { scrollWidth, culprit } = await page.evaluate((screen) => {
    // The innermost element reaching past the screen's edge, to name in the failure.
    const past = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > screen + 1);
    const innermost = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
    const culprit = innermost
      .slice(0, 3)
      .map((el) => `<${el.tagName.toLowerCase()} class="${el.getAttribute('class') ?? ''}">`)
      .join(', ');
    return { scrollWidth: document.documentElement.scrollWidth, culprit };
  }, width);
  expect.soft(scrollWidth, `${where}: the page is ${scrollWidth}px wide on a ${width}px screen (${culprit})`).toBeLessThanOrEqual(width);
}

test('a 150-character word in every field never widens any screen @phone-only', async ({ page, consoleErrors }) => {
  void consoleErrors;
  test.setTimeout(90_000);
  await registerViaApi(page, word('First').slice(0, 100), word('Last').slice(0, 100));
  const team = await api(page, '/api/teams', { name: word('Team').slice(0, 100), description: word('TeamAbout') });
  const contact = await api(page, '/api/contacts', {
    name: word('Name'),
    email: `${'e'.repeat(64)}@${'d'.repeat(63)}.example`,
    phone: '1'.repeat(50),
    notes: word('ContactNotes'),
    spiritualStatus: 'seeking',
  });
  const activity = await api(page, '/api/activities', {
    type: 'conversation',
    contactId: contact.id,
    description: word('Description'),
    notes: word('ActivityNotes'),
    followUp: { date: dayFromNow(-2), description: word('FollowUp') },
    prayer: { request: word('Prayer') },
  });
  await api(page, '/api/followups', { contactId: contact.id, date: dayFromNow(1), type: 'meeting', description: word('Upcoming') });
  const done = await api(page, '/api/followups', { contactId: contact.id, date: dayFromNow(-5), type: 'phone', description: word('Done') });
  await page.request.put(`/api/followups/${done.id}`, { data: { completed: true } });
  const answered = await api(page, '/api/prayer-requests', { contactId: contact.id, request: word('Answered') });
  await page.request.put(`/api/prayer-requests/${answered.id}`, { data: { answered: true, answerNotes: word('AnswerNotes') } });
  await api(page, '/api/goals', { title: word('Goal'), description: word('GoalAbout'), type: 'conversation', targetCount: 10, deadline: dayFromNow(30) });
  const finished = await api(page, '/api/goals', {
    title: word('Finished'),
    description: word('FinishedAbout'),
    type: 'other',
    targetCount: 1,
    deadline: dayFromNow(30),
  });
  await page.request.post(`/api/goals/${finished.id}/complete`);
  await api(page, '/api/contacts', { name: word('Teammate'), teamId: team.id });
  void activity;

  const screens = [
    '/',
    '/activities',
    `/activities?id=${activity.id}`,
    '/contacts',
    `/contacts/${contact.id}`,
    '/followups',
    '/followups?tab=completed',
    '/prayer-journal',
    '/prayer-journal?tab=answered',
    '/goals',
    '/goals?tab=completed',
    '/resources',
    '/settings',
  ];
  for (const path of screens) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.loading-spinner')).toHaveCount(0);
    await expectNoSidewaysScroll(page, path);
    // LAYOUT_SHOTS=dir keeps a full-page picture of each screen to look at.
    if (process.env.LAYOUT_SHOTS)
      await page.screenshot({ path: `${process.env.LAYOUT_SHOTS}/${test.info().project.name}${path.replace(/\W+/g, '-')}.png`, fullPage: true });
  }

  // The quick search, opened from the dashboard, with the long name among its results.
  await page.goto('/');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await page.getByRole('combobox', { name: 'Search' }).fill('Namexxx');
  // The result itself: the shell's team switcher has options of its own.
  await expect(page.getByRole('option', { name: /Namexxx/ }).first()).toBeVisible();
  await expectNoSidewaysScroll(page, 'quick search');
});

test('right-to-left text lays itself out right to left, wherever it shows', async ({ page, user }) => {
  void user;
  const maryam = await api(page, '/api/contacts', { name: 'مريم الأحمد', notes: 'التقينا في السوق وتحدثنا عن الصلاة', spiritualStatus: 'seeking' });
  await api(page, '/api/activities', { type: 'conversation', contactId: maryam.id, notes: 'سألت عن الإنجيل' });
  const direction = (locator: ReturnType<Page['locator']>) => locator.evaluate((el) => getComputedStyle(el).direction);

  await page.goto(`/contacts/${maryam.id}`);
  const heading = page.getByRole('heading', { level: 1, name: 'مريم الأحمد' });
  await expect(heading).toHaveAttribute('dir', 'auto');
  expect(await direction(heading)).toBe('rtl');
  expect(await direction(page.getByText('التقينا في السوق وتحدثنا عن الصلاة'))).toBe('rtl');

  await page.goto('/activities');
  const notes = page.getByText('سألت عن الإنجيل');
  await expect(notes).toHaveAttribute('dir', 'auto');
  expect(await direction(notes)).toBe('rtl');
  // The English around the name stays left to right; the name inside it is isolated.
  const line = page.getByText('Conversation with').first();
  expect(await direction(line)).toBe('ltr');
  await expect(line.getByRole('link', { name: 'مريم الأحمد' })).toHaveAttribute('dir', 'auto');
});

test('a long form keeps its Save button in view, and a row menu is a 44 px target on a phone @phone-only', async ({ page, user }) => {
  void user;
  await api(page, '/api/activities', { type: 'conversation', contactName: 'Priscilla' });
  await page.goto('/activities');
  const menuButton = page.getByRole('button', { name: 'Actions for Conversation with Priscilla' });
  const box = (await menuButton.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(44);
  expect(box.height).toBeGreaterThanOrEqual(44);

  await page.getByRole('button', { name: 'Log Activity' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Log Activity' });
  await dialog.getByLabel('Schedule a follow-up').check();
  await dialog.getByLabel('Add to prayer journal').check();
  const save = dialog.getByRole('button', { name: 'Log Activity' });
  await expect(save).toBeVisible();
  await expect(save).toBeInViewport({ ratio: 1 });
  if (process.env.LAYOUT_SHOTS) await page.screenshot({ path: `${process.env.LAYOUT_SHOTS}/long-form-phone.png` });
});

test('a timeline entry keeps its date on its title line, and tabs show their box and every count as a pill', async ({ page, user }) => {
  void user;
  const contact = await api(page, '/api/contacts', { name: 'Joanna', spiritualStatus: 'exploring' });
  expect((await page.request.put(`/api/contacts/${contact.id}`, { data: { spiritualStatus: 'new_believer' } })).status()).toBe(200);
  await page.goto(`/contacts/${contact.id}`);
  const entry = page.getByRole('listitem').filter({ hasText: 'Status changed from Exploring to New Believer' });
  const title = (await entry.getByText('Status changed from Exploring to New Believer').boundingBox())!;
  const date = (await entry.locator('time').boundingBox())!;
  // Baselines within a few pixels: the date sits on the title's first line, not under it.
  expect(Math.abs(date.y - title.y)).toBeLessThan(8);

  await page.goto('/followups');
  const tabs = page.getByRole('tablist', { name: 'Follow-ups' });
  expect(await tabs.evaluate((el) => getComputedStyle(el).borderTopWidth)).not.toBe('0px');
  const inactiveCount = page.getByRole('tab', { name: /Completed/ }).locator('.badge');
  await expect(inactiveCount).toHaveText('0');
  expect(await inactiveCount.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
});
