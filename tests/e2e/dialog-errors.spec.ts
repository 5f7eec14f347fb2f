// An error raised under an open form is seen and heard (issue 48): the toast lies over every form dialog, in a live
// region the modal does not make inert; a viewer's forms offer neither the team nor its contacts.
import type { Locator, Page } from '@playwright/test';
import { api, expect, person, photograph, test, toast, TRPC_SERVER_ERROR, uniqueName } from './fixtures';

// Each failed write is logged on purpose (SPEC §8).
test.use({ allowConsoleErrors: [/TRPCClientError/] });

/** Every write the forms send fails as the server fails: 500, with its own words. */
async function failEveryWrite(page: Page) {
  await page.route(/\/trpc\/[^?]*\b(create|update)\b/, (route) => (route.request().method() !== 'POST' ? route.fallback() : route.fulfill(TRPC_SERVER_ERROR)));
}

/**
 * The toast is on top (the element at its centre is inside it), in a live region (its own role), and not inert (its
 * Close button takes focus: a modal dialog makes everything outside itself inert, and an inert button cannot).
 */
async function expectOnTopAndHeard(card: Locator, label: string) {
  await expect(card, label).toBeVisible();
  const seen = await card.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const close = element.querySelector('button');
    close?.focus();
    return {
      onTop: Boolean(hit && element.contains(hit)),
      hit: hit ? `${hit.tagName.toLowerCase()}.${String(hit.className).slice(0, 60)}` : 'nothing',
      live: element.getAttribute('role') ?? element.getAttribute('aria-live'),
      focusable: Boolean(close) && document.activeElement === close,
    };
  });
  expect(seen.onTop, `${label}: the toast is under ${seen.hit}`).toBe(true);
  expect(['alert', 'status'], `${label}: live region`).toContain(seen.live);
  expect(seen.focusable, `${label}: the toast is inert`).toBe(true);
}

interface FormCase {
  dialog: string;
  path: string;
  /** Opens the dialog on its page. */
  open(page: Page): Promise<void>;
  /** Fills what the form needs before it sends anything. */
  fill?(dialog: Locator): Promise<void>;
  submit: string;
  failed: string;
}

const openButton = (name: string) => async (page: Page) => {
  await page.getByRole('main').getByRole('button', { name, exact: true }).first().click();
};
const editFrom = (menu: string) => async (page: Page) => {
  await page.getByRole('button', { name: menu }).first().click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
};

const forms: FormCase[] = [
  {
    dialog: 'Log Activity',
    path: '/activities',
    open: openButton('Log Activity'),
    fill: (d) => d.getByRole('combobox', { name: 'Contact name' }).fill('Thomas Didymus'),
    submit: 'Log Activity',
    failed: 'Failed to create activity. Please try again.',
  },
  {
    dialog: 'Edit Activity',
    path: '/activities',
    open: editFrom('Actions for Conversation with Mara Edit'),
    submit: 'Save Changes',
    failed: 'Failed to update activity. Please try again.',
  },
  {
    dialog: 'Add Contact',
    path: '/contacts',
    open: openButton('Add Contact'),
    fill: (d) => d.getByLabel('Name', { exact: true }).fill(uniqueName('Dorcas ')),
    submit: 'Add Contact',
    failed: 'Failed to create new contact. Please try again.',
  },
  {
    dialog: 'Edit Contact',
    path: '/contacts',
    open: editFrom('Actions for Mara Edit'),
    submit: 'Save Changes',
    failed: 'Failed to update contact. Please try again.',
  },
  {
    dialog: 'Schedule Follow-up',
    path: '/followups',
    open: openButton('Schedule Follow-up'),
    fill: async (d) => {
      await d.getByLabel('Contact', { exact: true }).selectOption({ label: 'Mara Edit' });
      await d.getByLabel('Description').fill('Bring the book');
    },
    submit: 'Schedule Follow-up',
    failed: 'Failed to schedule follow-up. Please try again.',
  },
  {
    dialog: 'Edit Follow-up',
    path: '/followups',
    open: editFrom('Actions for follow-up with Mara Edit'),
    submit: 'Save Changes',
    failed: 'Failed to update follow-up. Please try again.',
  },
  {
    dialog: 'Add Prayer Request',
    path: '/prayer-journal',
    open: openButton('Add Prayer Request'),
    fill: async (d) => {
      await d.getByLabel('Contact', { exact: true }).selectOption({ label: 'Mara Edit' });
      await d.getByLabel('Prayer request').fill('Peace at home');
    },
    submit: 'Add Prayer Request',
    failed: 'Failed to add prayer request. Please try again.',
  },
  {
    dialog: 'Edit Prayer Request',
    path: '/prayer-journal',
    open: editFrom('Actions for prayer for Mara Edit'),
    submit: 'Save Changes',
    failed: 'Failed to update prayer request. Please try again.',
  },
  {
    dialog: 'Create Goal',
    path: '/goals',
    open: openButton('Create Goal'),
    fill: async (d) => {
      await d.getByLabel('Title').fill('Ten conversations');
      await d.getByLabel('Description').fill('This month');
    },
    submit: 'Create Goal',
    failed: 'Failed to create goal. Please try again.',
  },
  {
    dialog: 'Edit Goal',
    path: '/goals',
    open: editFrom('Actions for Share weekly'),
    submit: 'Save Changes',
    failed: 'Failed to update goal. Please try again.',
  },
];

test('an error raised under every form dialog is on top of it and in a live region that is not inert', async ({ page, user }, testInfo) => {
  test.setTimeout(120_000);
  void user;
  const mara = await api(page, '/api/contacts', { name: 'Mara Edit' });
  await api(page, '/api/activities', { type: 'conversation', contactId: mara.id });
  await api(page, '/api/followups', { contactId: mara.id, date: '2031-03-04', type: 'phone', description: 'Call back' });
  await api(page, '/api/prayer-requests', { contactId: mara.id, request: 'Health' });
  await api(page, '/api/goals', { title: 'Share weekly', description: 'Each week', type: 'conversation', targetCount: 4, deadline: '2031-06-01' });
  await failEveryWrite(page);

  for (const form of forms) {
    await page.goto(form.path);
    const dialog = page.getByRole('dialog', { name: form.dialog });
    // A tap before the server-rendered page has hydrated does nothing: tapped again until the dialog opens.
    await expect(async () => {
      if (!(await dialog.isVisible())) await form.open(page);
      await expect(dialog).toBeVisible({ timeout: 1_000 });
    }).toPass();
    await form.fill?.(dialog);
    await dialog.getByRole('button', { name: form.submit, exact: true }).click();
    const card = page.getByRole('region', { name: 'Notifications (F8)' }).getByRole('alert').filter({ hasText: form.failed });
    await expectOnTopAndHeard(card, form.dialog);
    // The form stays open under it, with what was typed (SPEC §8).
    await expect(dialog).toBeVisible();
  }
  await photograph(page, `${testInfo.project.name}/toast-over-dialog.png`);
});

test("a refusal by role says what the role cannot do, over the form; a viewer's forms offer neither the team nor its contacts", async ({
  page,
  browser,
  user,
}, testInfo) => {
  test.setTimeout(120_000);
  void user;
  const teamName = uniqueName('Equipo Centro ');
  const team = await api(page, '/api/teams', { name: teamName });
  await api(page, '/api/contacts', { name: 'Jorge Team', teamId: team.id });
  const lucia = await person(browser, testInfo, 'Lucia');
  const invitation = await api(page, `/api/teams/${team.id}/members`, { username: lucia.user.username, role: 'member' });
  expect((await lucia.page.request.post(`/api/invitations/${invitation.id}/accept`)).status()).toBe(200);
  await api(lucia.page, '/api/contacts', { name: 'Ana Personal' });

  // A member's form offers the team's contact and says where the record goes; then an admin makes her a viewer.
  const viewer = lucia.page;
  await viewer.goto('/activities');
  const log = viewer.getByRole('dialog', { name: 'Log Activity' });
  await expect(async () => {
    if (!(await log.isVisible())) await viewer.getByRole('main').getByRole('button', { name: 'Log Activity', exact: true }).first().click();
    await expect(log).toBeVisible({ timeout: 1_000 });
  }).toPass();
  const contactField = log.getByRole('combobox', { name: 'Contact name' });
  await contactField.fill('Jorge');
  await log.getByRole('option', { name: 'Jorge Team' }).click();
  await expect(log.getByTestId('record-place')).toHaveText(`Saved to the team ${teamName}, with its contact.`);
  expect((await page.request.put(`/api/teams/${team.id}/members/${lucia.user.id}`, { data: { role: 'viewer' } })).status()).toBe(200);
  await log.getByRole('button', { name: 'Log Activity', exact: true }).click();
  // The team's name is placed in Unicode isolates (shared/i18n.ts isolated).
  const refusal = `Viewers of \u2068${teamName}\u2069 can read the team's records but cannot add or change them.`;
  const card = viewer.getByRole('region', { name: 'Notifications (F8)' }).getByRole('alert').filter({ hasText: refusal });
  await expectOnTopAndHeard(card, 'refused by role');
  await expect(card).not.toContainText('try again');
  await expect(log).toBeVisible();
  await photograph(viewer, `${testInfo.project.name}/toast-role-refusal.png`);

  // As a viewer, the forms offer her own contacts only, and no team to save to: what she logs is personal.
  await viewer.reload();
  await expect(async () => {
    if (!(await log.isVisible())) await viewer.getByRole('main').getByRole('button', { name: 'Log Activity', exact: true }).first().click();
    await expect(log).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(viewer.getByTestId('team-switcher').filter({ visible: true })).toBeVisible();
  await contactField.fill('Jorge');
  await expect(log.getByRole('option', { name: 'Jorge Team' })).toHaveCount(0);
  await expect(log.getByLabel('Save to')).toHaveCount(0);
  await contactField.fill('Ana');
  await log.getByRole('option', { name: 'Ana Personal' }).click();
  await expect(log.getByTestId('record-place')).toHaveCount(0);
  await expect(log.getByText(teamName)).toHaveCount(0);
  await log.getByRole('button', { name: 'Log Activity', exact: true }).click();
  await expect(toast(viewer, 'Activity created')).toBeVisible();
  const activities = (await (await viewer.request.get('/api/activities')).json()) as { contactName: string; teamId: number | null }[];
  expect(activities.filter((a) => a.contactName === 'Ana Personal').map((a) => a.teamId)).toEqual([null]);

  await viewer.goto('/prayer-journal');
  const pray = viewer.getByRole('dialog', { name: 'Add Prayer Request' });
  await expect(async () => {
    if (!(await pray.isVisible())) await viewer.getByRole('main').getByRole('button', { name: 'Add Prayer Request', exact: true }).first().click();
    await expect(pray).toBeVisible({ timeout: 1_000 });
  }).toPass();
  const contactSelect = pray.getByLabel('Contact', { exact: true });
  await expect(contactSelect.locator('option')).toHaveText(['Choose a contact', 'No one person (a place, a group, a need)', 'Ana Personal']);
  await contactSelect.selectOption({ label: 'Ana Personal' });
  await expect(pray.getByTestId('record-place')).toHaveCount(0);
  await pray.getByLabel('Prayer request').fill('Peace at home');
  await pray.getByRole('button', { name: 'Add Prayer Request', exact: true }).click();
  await expect(toast(viewer, 'Prayer request added')).toBeVisible();
  const prayers = (await (await viewer.request.get('/api/prayer-requests')).json()) as { request: string; teamId: number | null }[];
  expect(prayers.filter((p) => p.request === 'Peace at home').map((p) => p.teamId)).toEqual([null]);
  await viewer.context().close();
});
