// The contact page: header links, the journey, the timeline, quick actions, edit and delete, links to it, not-found.
import { request as playwrightRequest, type Page } from '@playwright/test';
import { api, expect, test, toast, uniqueName } from './fixtures';

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString();

const timelineEntries = (page: Page) => page.getByRole('list', { name: 'Timeline' }).getByRole('listitem');
const journeyStep = (page: Page, label: string) => page.getByRole('list', { name: 'Journey steps' }).getByRole('listitem').filter({ hasText: label });

/** Clicks a contact card away from its name, menu and links: the card's stretched link takes the click. */
async function clickCard(page: Page, name: string) {
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, level: 2 }) });
  const box = await card.boundingBox();
  await card.click({ position: { x: box!.width - 16, y: box!.height - 16 } });
}

const header = (page: Page) => page.locator('article > header');

async function changeStatus(page: Page, label: string) {
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Contact' });
  await dialog.getByLabel('Spiritual status').selectOption({ label });
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Contact updated').last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test('a card leads to the page: header links, the journey after status changes, and the timeline newest first', async ({ page, user }) => {
  void user;
  const lydia = await api(page, '/api/contacts', {
    name: 'Lydia of Thyatira',
    email: 'lydia@purple.example',
    phone: '+1 (555) 010-0200',
    spiritualStatus: 'exploring',
    notes: 'Sells purple cloth. Met at the river.',
  });
  await api(page, '/api/activities', { type: 'conversation', contactId: lydia.id, date: day(-5), notes: 'Spoke by the river' });
  await api(page, '/api/prayer-requests', {
    contactId: lydia.id,
    request: 'Her household',
    date: day(-4),
    answered: true,
    answerDate: day(-2),
    answerNotes: 'The whole household was baptised.',
  });
  const done = await api(page, '/api/followups', { contactId: lydia.id, date: day(-3), type: 'meeting', description: 'Visit her home' });
  expect((await page.request.post(`/api/followups/${done.id}/complete`)).status()).toBe(200);
  await api(page, '/api/prayer-requests', { contactId: lydia.id, request: 'Her business', date: day(-1) });
  await api(page, '/api/followups', { contactId: lydia.id, date: day(2), type: 'phone', description: 'Call about the study' });

  await page.goto('/contacts');
  await clickCard(page, 'Lydia of Thyatira');
  await expect(page).toHaveURL(new RegExp(`/contacts/${lydia.id}$`));

  await expect(page.getByRole('heading', { name: 'Lydia of Thyatira', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: '+1 (555) 010-0200' })).toHaveAttribute('href', 'tel:+15550100200');
  await expect(page.getByRole('link', { name: 'lydia@purple.example' })).toHaveAttribute('href', 'mailto:lydia@purple.example');
  await expect(page.getByText('Sells purple cloth. Met at the river.')).toBeVisible();
  await expect(header(page).getByText('Exploring', { exact: true })).toBeVisible();
  await expect(page.getByText('LT', { exact: true })).toBeVisible();
  await expect(journeyStep(page, 'Exploring')).toHaveAttribute('aria-current', 'step');

  await changeStatus(page, 'Seeking');
  await changeStatus(page, 'New Believer');
  await expect(header(page).getByText('New Believer', { exact: true })).toBeVisible();
  const today = new Date().toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
  await expect(journeyStep(page, 'New Believer')).toHaveAttribute('aria-current', 'step');
  await expect(journeyStep(page, 'New Believer')).toContainText(`Since ${today}`);
  await expect(journeyStep(page, 'Exploring')).toContainText(`passed, ${today}`);
  await expect(journeyStep(page, 'Seeking')).toContainText(`passed, ${today}`);
  await expect(journeyStep(page, 'Growing')).toContainText('Not yet');
  await expect(journeyStep(page, 'Mature')).not.toHaveAttribute('aria-current', 'step');

  const entries = timelineEntries(page);
  await expect(entries).toHaveCount(8);
  const titles = await entries.evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent));
  expect(titles).toEqual([
    'Follow-up: Phone Call',
    'Status changed from Seeking to New Believer',
    'Status changed from Exploring to Seeking',
    'Added as Exploring',
    'Prayer request',
    'Follow-up: Meeting',
    'Prayer request',
    'Conversation',
  ]);
  await expect(entries.nth(0)).toContainText('Call about the study');
  await expect(entries.nth(0).getByText('Pending', { exact: true })).toBeVisible();
  await expect(entries.nth(4)).toContainText('Her business');
  await expect(entries.nth(4)).toContainText('Prayed 0 times');
  await expect(entries.nth(5)).toContainText('Visit her home');
  await expect(entries.nth(5).getByText('Completed', { exact: true })).toBeVisible();
  await expect(entries.nth(5).getByText('Pending', { exact: true })).toHaveCount(0);
  await expect(entries.nth(6)).toContainText('Her household');
  await expect(entries.nth(6)).toContainText('How God answered');
  await expect(entries.nth(6)).toContainText('The whole household was baptised.');
  await expect(entries.nth(7)).toContainText('Spoke by the river');
});

test('each quick action opens its form with this contact, saves, and the page shows the result', async ({ page, user }) => {
  void user;
  // Two people with one name: the page's actions must keep to the one whose page it is.
  const namesake = await api(page, '/api/contacts', { name: 'John Mark' });
  const john = await api(page, '/api/contacts', { name: 'John Mark', notes: 'Left the team at Pamphylia.' });
  await page.goto(`/contacts/${john.id}`);
  await expect(timelineEntries(page)).toHaveText([/Added as Unknown/]);

  await page.getByRole('button', { name: 'Log Activity' }).click();
  const activity = page.getByRole('dialog', { name: 'Log Activity' });
  await expect(activity.getByLabel('Contact name')).toHaveValue('John Mark');
  await activity.getByLabel('Type').selectOption('gospel_presentation');
  await activity.getByLabel('Notes').fill('Reconciled over bread');
  await activity.getByRole('button', { name: 'Log Activity' }).click();
  await expect(toast(page, 'Activity created')).toBeVisible();
  await expect(activity).toBeHidden();
  await expect(timelineEntries(page).filter({ hasText: 'Reconciled over bread' })).toContainText('Gospel Presentation');

  await page.getByRole('button', { name: 'Schedule Follow-up' }).click();
  const followUp = page.getByRole('dialog', { name: 'Schedule Follow-up' });
  await expect(followUp.getByLabel('Contact')).toHaveValue(String(john.id));
  await followUp.getByLabel('Description').fill('Ask him to come to Rome');
  await followUp.getByRole('button', { name: 'Schedule Follow-up' }).click();
  await expect(toast(page, 'Follow-up scheduled')).toBeVisible();
  await expect(followUp).toBeHidden();
  await expect(timelineEntries(page).filter({ hasText: 'Ask him to come to Rome' }).getByText('Pending', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Add Prayer Request' }).click();
  const prayer = page.getByRole('dialog', { name: 'Add Prayer Request' });
  await expect(prayer.getByLabel('Contact')).toHaveValue(String(john.id));
  await prayer.getByLabel('Prayer request').fill('Useful for ministry');
  await prayer.getByRole('button', { name: 'Add Prayer Request' }).click();
  await expect(toast(page, 'Prayer request added')).toBeVisible();
  await expect(prayer).toBeHidden();
  await expect(timelineEntries(page).filter({ hasText: 'Useful for ministry' })).toContainText('Prayer request');

  const timeline = await (await page.request.get(`/api/contacts/${namesake.id}/timeline`)).json();
  expect(timeline.items.map((item: { kind: string }) => item.kind)).toEqual(['status']);
});

test('edits and deletes the contact from its page, then goes back to Contacts', async ({ page, user }) => {
  void user;
  const demas = await api(page, '/api/contacts', { name: 'Demas', spiritualStatus: 'growing' });
  await api(page, '/api/contacts', { name: 'Luke' });
  await page.goto(`/contacts/${demas.id}`);
  await page.getByRole('button', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Contact' });
  await expect(dialog.getByLabel('Name')).toHaveValue('Demas');
  await dialog.getByLabel('Phone').fill('0123 456');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(toast(page, 'Contact updated')).toBeVisible();
  await expect(page.getByRole('link', { name: '0123 456' })).toHaveAttribute('href', 'tel:0123456');

  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete contact' });
  await expect(confirm).toContainText('Are you sure you want to delete Demas?');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(toast(page, 'Contact deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole('heading', { name: 'Luke', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Demas' })).toHaveCount(0);
});

test("a contact's name leads to their page from activities, follow-ups, prayers and the dashboard; rows still open their item", async ({ page, user }) => {
  void user;
  const timothy = await api(page, '/api/contacts', { name: 'Timothy' });
  const activity = await api(page, '/api/activities', { type: 'conversation', contactId: timothy.id, notes: 'Sincere faith' });
  const followUp = await api(page, '/api/followups', { contactId: timothy.id, date: day(1), type: 'email', description: 'Send the letter' });
  await api(page, '/api/prayer-requests', { contactId: timothy.id, request: 'Courage' });
  const contactPage = new RegExp(`/contacts/${timothy.id}$`);
  const atContactPage = async () => {
    await expect(page).toHaveURL(contactPage);
    await expect(page.getByRole('heading', { name: 'Timothy', level: 1 })).toBeVisible();
  };

  for (const path of ['/activities', '/followups', '/prayer-journal']) {
    await page.goto(path);
    await page.getByRole('link', { name: 'Timothy', exact: true }).click();
    await atContactPage();
  }

  await page.goto('/');
  const recent = page.getByRole('region', { name: 'Recent Activities' });
  // Keyboard: the name is a real link, reachable and followed with Enter.
  await recent.getByRole('link', { name: 'Timothy', exact: true }).focus();
  await page.keyboard.press('Enter');
  await atContactPage();
  await page.goBack();
  await page.getByRole('region', { name: 'Upcoming Follow-ups' }).getByRole('link', { name: 'Timothy', exact: true }).click();
  await atContactPage();
  await page.goBack();

  await recent.getByRole('link', { name: 'Conversation with Timothy' }).click();
  await expect(page).toHaveURL(new RegExp(`/activities\\?id=${activity.id}$`));
  await expect(page.getByRole('dialog', { name: 'Edit Activity' })).toBeVisible();
  await page.goto('/');
  await page.getByRole('region', { name: 'Upcoming Follow-ups' }).getByText('Send the letter').click();
  await expect(page).toHaveURL(new RegExp(`/followups\\?id=${followUp.id}$`));
  await expect(page.getByRole('dialog', { name: 'Edit Follow-up' })).toBeVisible();
});

test("shows not found for an unknown, a malformed and another user's contact @desktop-only", async ({ page, user, baseURL }) => {
  void user;
  const other = await playwrightRequest.newContext({ baseURL });
  const username = uniqueName('other');
  expect(
    (
      await other.post('/api/auth/register', {
        data: { username, email: `${username}@example.com`, password: 'another-sower-1', firstName: 'Eve', lastName: 'Else' },
      })
    ).status(),
  ).toBe(201);
  const foreign = await (await other.post('/api/contacts', { data: { name: 'Not Yours' } })).json();
  await other.dispose();
  expect(foreign.id).toBeGreaterThan(0);

  for (const path of [`/contacts/${foreign.id}`, '/contacts/99999999', '/contacts/not-a-number', '/contacts/0']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Contact not found', level: 1 }), path).toBeVisible();
    await expect(page.getByText("The contact you're looking for doesn't exist.")).toBeVisible();
    await expect(page.getByText('Not Yours')).toHaveCount(0);
  }
  await page.getByRole('link', { name: 'Back to Contacts' }).click();
  await expect(page).toHaveURL(/\/contacts$/);
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
});

test('a long timeline shows its newest 20 entries and fetches older ones a page at a time @desktop-only', async ({ page, user }) => {
  void user;
  const apollos = await api(page, '/api/contacts', { name: 'Apollos' });
  for (let i = 1; i <= 24; i++) await api(page, '/api/activities', { type: 'conversation', contactId: apollos.id, date: day(-i), notes: `Talk ${i}` });
  await page.goto(`/contacts/${apollos.id}`);
  const entries = timelineEntries(page);
  await expect(entries).toHaveCount(20);
  // The status change is from today, then the talks from yesterday backwards.
  await expect(entries.nth(1)).toContainText('Talk 1');
  await expect(entries.nth(19)).toContainText('Talk 19');
  await page.getByRole('button', { name: 'Show older' }).click();
  await expect(entries).toHaveCount(25);
  await expect(entries.nth(24)).toContainText('Talk 24');
  await expect(page.getByRole('button', { name: 'Show older' })).toHaveCount(0);
});

test('merges a duplicate from the page: suggested despite the accents, what moves and which one stays, then the kept contact holds it all @desktop-only', async ({
  page,
  user,
}) => {
  void user;
  const kept = await api(page, '/api/contacts', { name: 'Lucía Fernández', spiritualStatus: 'seeking', notes: 'Met at the market.' });
  const duplicate = await api(page, '/api/contacts', { name: 'Lucia Fernandez', email: 'lucia@example.com' });
  await api(page, '/api/contacts', { name: 'Marta Ruiz' });
  await api(page, '/api/activities', { type: 'conversation', contactId: duplicate.id, date: day(-1), notes: 'Talked about Alpha' });
  await api(page, '/api/followups', { contactId: duplicate.id, date: day(2), type: 'phone', description: 'Call Lucia' });

  await page.goto(`/contacts/${kept.id}`);
  await page.getByRole('button', { name: 'Merge a duplicate…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge a duplicate' });
  // Suggested before anything is typed: the same name without its accents; not someone else.
  const suggested = dialog.getByRole('list', { name: 'Possible duplicates' });
  await expect(suggested.getByRole('button')).toHaveText(['Lucia Fernandez']);
  // Typed without accents or capitals, the name is found too.
  await dialog.getByLabel('Find the duplicate').fill('FERNANDEZ');
  await dialog.getByRole('list', { name: 'Contacts found' }).getByRole('button', { name: 'Lucia Fernandez' }).click();
  // Another pick goes back to the list.
  await dialog.getByRole('button', { name: 'Choose another' }).click();
  await dialog.getByLabel('Find the duplicate').fill('lucia fern');
  await dialog.getByRole('list', { name: 'Contacts found' }).getByRole('button', { name: 'Lucia Fernandez' }).click();

  await expect(dialog.getByText('Kept', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Lucía Fernández', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('list', { name: 'What moves' }).getByRole('listitem')).toHaveText(['1 activity', '1 follow-up']);
  await dialog.getByRole('button', { name: 'Merge contacts' }).click();

  await expect(toast(page, 'Contacts merged')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/contacts/${kept.id}$`));
  await expect(page.getByRole('heading', { name: 'Lucía Fernández', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'lucia@example.com' })).toBeVisible();
  await expect(timelineEntries(page).filter({ hasText: 'Talked about Alpha' })).toBeVisible();
  await expect(timelineEntries(page).filter({ hasText: 'Call Lucia' })).toBeVisible();
  expect((await page.request.get(`/api/contacts/${duplicate.id}`)).status()).toBe(404);
});
