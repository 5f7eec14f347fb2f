// An error raised under an open form is seen and heard (issue 48): the toast lies over every form dialog, in a live
// region the modal does not make inert; a viewer's forms offer neither the team nor its contacts.
import type { Browser, Locator, Page, TestInfo } from '@playwright/test';
import { api, expect, photograph, registerViaApi, test, toast, uniqueName, type TestUser } from './fixtures';

// Each failed write is logged on purpose (SPEC §8).
test.use({ allowConsoleErrors: [/TRPCClientError/] });

/** Every write the forms send fails as the server fails: 500, with its own words. */
async function failEveryWrite(page: Page) {
  await page.route(/\/trpc\/[^?]*\b(create|update)\b/, (route) =>
    route.request().method() !== 'POST'
      ? route.fallback()
      : route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify([
            {
              error: {
                json: {
                  message: 'Something went wrong on our side. Please try again.',
                  code: -32603,
                  data: { code: 'INTERNAL_SERVER_ERROR', httpStatus: 500 },
                },
              },
            },
          ]),
        }),
  );
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
