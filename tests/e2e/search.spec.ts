// Quick search: opened by Ctrl+K, '/' and its buttons, driven by keyboard and pointer, landing on the right deep link.
import type { Page } from '@playwright/test';
import { api as post, expect, isPhone, photograph, registerViaApi, seriousAxeViolations, test } from './fixtures';

/** Lydia with one activity and one prayer request that both mention the river. */
async function seed(page: Page) {
  const lydia = await post(page, '/api/contacts', { name: 'Lydia Purple', email: 'lydia@example.com', spiritualStatus: 'seeking' });
  const activity = await post(page, '/api/activities', {
    type: 'conversation',
    contactId: lydia.id,
    notes: 'Met by the river at the place of prayer; she listened closely.',
  });
  const prayer = await post(page, '/api/prayer-requests', { contactId: lydia.id, request: 'Safe travels on the river crossing' });
  return { lydia, activity, prayer };
}

const searchDialog = (page: Page) => page.getByRole('dialog', { name: 'Quick search' });
const searchBox = (page: Page) => searchDialog(page).getByRole('combobox', { name: 'Search' });
/** The phone top bar's button, or the sidebar's on desktop: only one of them is visible at a time. */
const searchButton = (page: Page) => page.getByRole('button', { name: 'Search', exact: true });

test('Ctrl+K opens the search; arrows move through grouped results and Enter opens the activity', async ({ page, user }) => {
  void user;
  const { activity } = await seed(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.keyboard.press('Control+k');
  await expect(searchBox(page)).toBeFocused();
  await expect(searchDialog(page).getByText('Type to search your contacts, activities, follow-ups, prayers, goals and tags.')).toBeVisible();

  await page.keyboard.type('river');
  const options = searchDialog(page).getByRole('option');
  await expect(options).toHaveCount(2);
  await expect(searchDialog(page).getByRole('group', { name: 'Activities' }).getByRole('option')).toContainText('Conversation with Lydia Purple');
  await expect(searchDialog(page).getByRole('group', { name: 'Prayer requests' }).getByRole('option')).toContainText('Safe travels on the river crossing');
  await expect(searchDialog(page).getByRole('group', { name: 'Contacts' })).toHaveCount(0);
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');

  await page.keyboard.press('ArrowDown');
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
  await page.keyboard.press('ArrowDown'); // wraps to the first
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp'); // and back round to the last
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');

  await expect(searchDialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/activities\\?id=${activity.id}$`));
  await expect(page.getByRole('dialog', { name: 'Edit Activity' }).getByLabel('Contact name')).toHaveValue('Lydia Purple');
});

test("'/' opens the search except while typing in a field; Enter on a contact goes to its page", async ({ page, user }) => {
  void user;
  const { lydia } = await seed(page);
  await page.goto('/settings');
  const name = page.getByLabel('Full Name');
  await name.click();
  await page.keyboard.press('End');
  await page.keyboard.press('/');
  await expect(name).toHaveValue(/\/$/);
  await expect(searchDialog(page)).toHaveCount(0);

  await page.getByRole('heading', { name: 'Settings', level: 1 }).click();
  await page.keyboard.press('/');
  await expect(searchBox(page)).toBeFocused();
  await expect(searchBox(page)).toHaveValue('');
  await page.keyboard.type('lyd');
  await expect(searchDialog(page).getByRole('group', { name: 'Contacts' }).getByRole('option')).toContainText(['Lydia Purple']);
  // Enter right after more typing waits for the results of the whole text rather than opening the old ones.
  await page.keyboard.type('ia p');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/contacts/${lydia.id}$`));
  await expect(page.getByRole('heading', { name: 'Lydia Purple', level: 1 })).toBeVisible();
});

test('the search button opens it; Escape closes it and gives focus back; empty and no-result states', async ({ page, user }) => {
  void user;
  await seed(page);
  await page.goto('/followups');
  await expect(page.getByRole('heading', { name: 'Follow-ups', level: 1 })).toBeVisible();
  await searchButton(page).click();
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type('nothing-like-this');
  await expect(searchDialog(page).getByText('No results for "nothing-like-this"')).toBeVisible();
  await expect(searchDialog(page).getByRole('option')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(searchDialog(page)).toHaveCount(0);
  await expect(searchButton(page)).toBeFocused();

  // Opened again, it starts empty; its close button works too.
  await searchButton(page).click();
  await expect(searchBox(page)).toHaveValue('');
  await searchDialog(page).getByRole('button', { name: 'Close search' }).click();
  await expect(searchDialog(page)).toHaveCount(0);
  await expect(searchButton(page)).toBeFocused();
});

test('a tapped prayer request opens it for editing in the prayer journal; the dialog passes axe', async ({ page, user }, testInfo) => {
  void user;
  const { prayer } = await seed(page);
  await page.goto('/');
  await searchButton(page).click();
  await searchBox(page).fill('crossing');
  const option = searchDialog(page).getByRole('option', { name: /Prayer for Lydia Purple/ });
  await expect(option).toBeVisible();
  await expect(option.locator('mark')).toHaveText('crossing');

  expect(await seriousAxeViolations(page, 'dialog[open]')).toEqual([]);
  await searchBox(page).fill('river');
  await expect(searchDialog(page).getByRole('option')).toHaveCount(2);
  await photograph(page, `quick-search-${testInfo.project.name}.png`);

  await searchBox(page).fill('crossing');
  await expect(searchDialog(page).getByRole('option')).toHaveCount(1);
  await option.click();
  await expect(page).toHaveURL(new RegExp(`/prayer-journal\\?id=${prayer.id}$`));
  await expect(page.getByRole('dialog', { name: 'Edit Prayer Request' }).getByLabel('Prayer request')).toHaveValue('Safe travels on the river crossing');
});

test('Enter pressed before the results catch up opens the first result of what was typed, not of earlier text @desktop-only', async ({ page, user }) => {
  void user;
  const { prayer } = await seed(page);
  await page.goto('/');
  await searchButton(page).click();
  await searchBox(page).fill('Lydia');
  await expect(searchDialog(page).getByRole('option').first()).toContainText('Lydia Purple');
  await searchBox(page).fill('crossing');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/prayer-journal\\?id=${prayer.id}$`));
});

/**
 * Holds the page's search requests for `q` (the only ones held) until `release()`; `held` resolves once one is held.
 * Results that arrive late on purpose, as they do on a slow phone or network.
 */
async function holdSearchFor(page: Page, q: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let markHeld!: () => void;
  const held = new Promise<void>((resolve) => (markHeld = resolve));
  await page.route('**/trpc/**search**', async (route) => {
    if (decodeURIComponent(route.request().url()).includes(`"q":${JSON.stringify(q)}`)) {
      markHeld();
      await released;
    }
    await route.continue();
  });
  return { held, release };
}

/**
 * Shows the results for 'rive' (the activity, then the prayer), types the last letter of 'river' and holds the answer;
 * meanwhile a contact named River is added, so the late answer has one more result, above the others.
 */
async function lateRiverResults(page: Page) {
  const seeded = await seed(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await searchButton(page).click();
  await searchBox(page).fill('rive');
  await expect(searchDialog(page).getByRole('option')).toHaveCount(2);
  const late = await holdSearchFor(page, 'river');
  await searchBox(page).press('r');
  await late.held;
  const river = await post(page, '/api/contacts', { name: 'River Jordan' });
  return { ...seeded, river, release: late.release };
}

const activeOption = async (page: Page) => page.locator(`[id="${await searchBox(page).getAttribute('aria-activedescendant')}"]`);

test('results that arrive after the arrows keep the highlighted result, and Enter opens it @desktop-only', async ({ page, user }) => {
  void user;
  const { prayer, release } = await lateRiverResults(page);
  const prayerOption = searchDialog(page).getByRole('option', { name: /Prayer for Lydia Purple/ });
  await page.keyboard.press('ArrowDown');
  await expect(prayerOption).toHaveAttribute('aria-selected', 'true');

  release();
  await expect(searchDialog(page).getByRole('option')).toHaveCount(3);
  await expect(searchDialog(page).getByRole('option').first()).toContainText('River Jordan');
  await expect(prayerOption).toHaveAttribute('aria-selected', 'true');
  await expect(searchDialog(page).locator('[aria-selected="true"]')).toHaveCount(1);
  await expect(await activeOption(page)).toContainText('Prayer for Lydia Purple');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/prayer-journal\\?id=${prayer.id}$`));
});

test('Enter pressed on a highlighted result while late results are on their way opens that result @desktop-only', async ({ page, user }) => {
  void user;
  const { prayer, release } = await lateRiverResults(page);
  await page.keyboard.press('ArrowDown');
  await expect(searchDialog(page).getByRole('option', { name: /Prayer for Lydia Purple/ })).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('Enter');
  // Still waiting for the answer to what was typed.
  await expect(searchDialog(page)).toBeVisible();
  release();
  await expect(page).toHaveURL(new RegExp(`/prayer-journal\\?id=${prayer.id}$`));
});

test('a highlighted result that late results no longer hold gives the highlight back to the first @desktop-only', async ({ page, user }) => {
  void user;
  const { activity, river, release } = await lateRiverResults(page);
  const activityOption = searchDialog(page).getByRole('option', { name: /Conversation with Lydia Purple/ });
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown'); // wraps round to the activity
  await expect(activityOption).toHaveAttribute('aria-selected', 'true');
  // Its notes change meanwhile, so the late answer no longer holds it.
  expect((await page.request.put(`/api/activities/${activity.id}`, { data: { notes: 'Met at the market.' } })).status()).toBe(200);

  release();
  const riverOption = searchDialog(page).getByRole('option', { name: /River Jordan/ });
  await expect(riverOption).toBeVisible();
  await expect(activityOption).toHaveCount(0);
  await expect(riverOption).toHaveAttribute('aria-selected', 'true');
  await expect(await activeOption(page)).toContainText('River Jordan');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/contacts/${river.id}$`));
});

test("another user's contacts, activities and prayers never show @desktop-only", async ({ page, user, browser, baseURL }) => {
  void user;
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await registerViaApi(otherPage, 'Sapphira', 'Secret');
  const contact = await post(otherPage, '/api/contacts', { name: 'Ananias Hidden', notes: 'sapphire field' });
  await post(otherPage, '/api/prayer-requests', { contactId: contact.id, request: 'sapphire prayer' });
  await other.close();

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await (isPhone(page) ? searchButton(page).click() : page.keyboard.press('Control+k'));
  await searchBox(page).fill('sapphire');
  await expect(searchDialog(page).getByText('No results for "sapphire"')).toBeVisible();
  await searchBox(page).fill('Ananias');
  await expect(searchDialog(page).getByText('No results for "Ananias"')).toBeVisible();
});

/** Lucía with a follow-up, a prayer request and a goal that all name Ramón, a tag and a milestone (issue 50 §8). */
async function seedEverything(page: Page) {
  const lucia = await post(page, '/api/contacts', { name: 'Lucía Gómez', tags: ['Célula'] });
  const followUp = await post(page, '/api/followups', {
    contactId: lucia.id,
    date: '2026-09-01T12:00:00Z',
    type: 'meeting',
    description: 'Llevarle la Biblia a Ramón',
  });
  const prayer = await post(page, '/api/prayer-requests', { contactId: lucia.id, request: 'Sanación de la mamá de Ramón' });
  const goal = await post(page, '/api/goals', {
    title: 'Visitar a Ramón cada semana',
    description: 'Con Lucía',
    type: 'conversation',
    targetCount: 4,
    deadline: '2030-01-01T12:00:00Z',
  });
  expect((await page.request.put(`/api/contacts/${lucia.id}/milestones/baptized`, { data: {} })).status()).toBe(200);
  return { lucia, followUp, prayer, goal };
}

/** Opens the search from the page (its button on a phone, Ctrl+K on a desktop) and types `text`. */
async function searchFor(page: Page, text: string) {
  await (isPhone(page) ? searchButton(page).click() : page.keyboard.press('Control+k'));
  await expect(searchBox(page)).toBeFocused();
  await searchBox(page).fill(text);
}

test('follow-ups, prayers, goals, tags and milestones are found folded, each in its group, each opening its place', async ({ page, user }, testInfo) => {
  void user;
  const { lucia, followUp, prayer, goal } = await seedEverything(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await searchFor(page, 'RAMON');
  const group = (name: string) => searchDialog(page).getByRole('group', { name });
  await expect(group('Follow-ups').getByRole('option')).toContainText(['Follow-up with Lucía Gómez']);
  await expect(group('Follow-ups').getByRole('option').locator('mark')).toHaveText('Ramón');
  await expect(group('Prayer requests').getByRole('option')).toContainText(['Prayer for Lucía Gómez']);
  await expect(group('Goals').getByRole('option')).toContainText(['Visitar a Ramón cada semana']);
  await expect(searchDialog(page).getByRole('option')).toHaveCount(3);
  await photograph(page, `quick-search-everything-${testInfo.project.name}.png`);
  await page.emulateMedia({ colorScheme: 'dark' });
  expect(await seriousAxeViolations(page, 'dialog[open]')).toEqual([]);
  await photograph(page, `quick-search-everything-${testInfo.project.name}-dark.png`);
  await page.emulateMedia({ colorScheme: 'light' });

  // The follow-up, first of the three: Enter (or a tap on a phone) opens it for editing.
  await expect(searchDialog(page).getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await (isPhone(page) ? group('Follow-ups').getByRole('option').click() : page.keyboard.press('Enter'));
  await expect(page).toHaveURL(new RegExp(`/followups\\?id=${followUp.id}$`));
  await expect(page.getByRole('dialog', { name: 'Edit Follow-up' }).getByLabel('Description')).toHaveValue('Llevarle la Biblia a Ramón');
  await page.getByRole('dialog', { name: 'Edit Follow-up' }).getByRole('button', { name: 'Cancel' }).click();

  // The prayer request, second: the arrow, then Enter.
  await searchFor(page, 'ramon');
  await expect(searchDialog(page).getByRole('option')).toHaveCount(3);
  if (isPhone(page)) await group('Prayer requests').getByRole('option').click();
  else {
    await page.keyboard.press('ArrowDown');
    await expect(group('Prayer requests').getByRole('option')).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
  }
  await expect(page).toHaveURL(new RegExp(`/prayer-journal\\?id=${prayer.id}$`));
  await expect(page.getByRole('dialog', { name: 'Edit Prayer Request' }).getByLabel('Prayer request')).toHaveValue('Sanación de la mamá de Ramón');
  await page.getByRole('dialog', { name: 'Edit Prayer Request' }).getByRole('button', { name: 'Cancel' }).click();

  await searchFor(page, 'ramon');
  await group('Goals').getByRole('option').click();
  await expect(page).toHaveURL(new RegExp(`/goals\\?id=${goal.id}$`));
  await expect(page.getByRole('dialog', { name: 'Edit Goal' }).getByLabel('Title')).toHaveValue('Visitar a Ramón cada semana');
  await page.getByRole('dialog', { name: 'Edit Goal' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/goals$/);

  // A tag opens the contacts that carry it; a milestone's name, the contact who reached it.
  await searchFor(page, 'celula');
  await group('Tags')
    .getByRole('option', { name: /Célula/ })
    .click();
  await expect(page).toHaveURL(/\/contacts\?tag=C%C3%A9lula$/);
  await expect(page.getByRole('link', { name: 'Lucía Gómez' }).first()).toBeVisible();
  await searchFor(page, 'baptized');
  await expect(group('Faith milestones').getByRole('option')).toContainText(['Lucía Gómez']);
  await group('Faith milestones').getByRole('option').click();
  await expect(page).toHaveURL(new RegExp(`/contacts/${lucia.id}$`));
  await expect(page.getByRole('heading', { name: 'Lucía Gómez', level: 1 })).toBeVisible();
});

test('in Arabic on a phone, a follow-up found by a hamza-less text opens; the results fit 320 px @phone-only', async ({ page, user }) => {
  void user;
  expect((await page.request.put('/api/account/language', { data: { language: 'ar' } })).status()).toBe(200);
  const maryam = await post(page, '/api/contacts', { name: 'مريم' });
  const followUp = await post(page, '/api/followups', {
    contactId: maryam.id,
    date: '2026-09-01T12:00:00Z',
    type: 'phone',
    description: 'اتصل بأحمد بعد الصلاة',
  });
  await post(page, '/api/prayer-requests', { contactId: maryam.id, request: 'شفاء أمّ أحمد' });
  await page.setViewportSize({ width: 320, height: 700 });
  await page.goto('/');
  await page.getByRole('button', { name: 'بحث', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'بحث سريع' });
  await dialog.getByRole('combobox', { name: 'بحث' }).fill('احمد');
  await expect(dialog.getByRole('group', { name: 'المتابعات' }).getByRole('option')).toContainText(['مريم']);
  await expect(dialog.getByRole('group', { name: 'طلبات الصلاة' }).getByRole('option')).toHaveCount(1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await photograph(page, 'quick-search-everything-ar-320.png');
  await dialog.getByRole('group', { name: 'المتابعات' }).getByRole('option').click();
  await expect(page).toHaveURL(new RegExp(`/followups\\?id=${followUp.id}$`));
  await expect(page.getByRole('dialog', { name: 'تعديل المتابعة' })).toBeVisible();
});
