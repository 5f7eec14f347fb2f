// Many contacts at once (issue 51 §4): select on the Contacts page (checkboxes on a desktop, a long press then taps on a
// phone), archive them with the count in the confirmation, and Undo; in Spanish and in Arabic, with nothing wider than
// a 320 px screen. Screenshots of the action bar on a phone.
import type { Locator, Page } from '@playwright/test';
import { api, expect, isPhone, photograph, seriousAxeViolations, test, toast } from './fixtures';

const card = (page: Page, name: string) => page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
const checkbox = (page: Page, name: string) => card(page, name).getByRole('checkbox');

/** A finger resting on the card until it is selected (its checkbox shows checked), then lifted. */
async function longPress(target: Locator, selected: Locator) {
  await target.dispatchEvent('pointerdown', { pointerType: 'touch', isPrimary: true, bubbles: true });
  await expect(selected).toBeChecked();
  await target.dispatchEvent('pointerup', { pointerType: 'touch', isPrimary: true, bubbles: true });
  await target.dispatchEvent('click', { bubbles: true });
}

/** Selects the contacts as the device does: checkboxes on a desktop; on a phone a long press on the first, then taps. */
async function select(page: Page, names: string[]) {
  if (!isPhone(page)) {
    for (const name of names) await checkbox(page, name).check();
    return;
  }
  const [first, ...others] = names;
  await longPress(card(page, first).getByRole('heading'), checkbox(page, first));
  for (const name of others) {
    await card(page, name).getByRole('heading').tap();
    await expect(checkbox(page, name)).toBeChecked();
  }
}

const noOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test('select three contacts, archive them with the count in the confirmation, and Undo', async ({ page, user }, testInfo) => {
  void user;
  for (const name of ['Ana Bulk', 'Ben Bulk', 'Cy Bulk', 'Dee Stays']) await api(page, '/api/contacts', { name });
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: 'Dee Stays' })).toBeVisible();
  await select(page, ['Ana Bulk', 'Ben Bulk', 'Cy Bulk']);
  const bar = page.getByRole('region', { name: 'Selected contacts' });
  await expect(bar.getByRole('status')).toHaveText('3 selected');
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  await photograph(page, `bulk-bar-${testInfo.project.name}.png`);

  await bar.getByRole('button', { name: 'Archive' }).click();
  const dialog = page.getByRole('dialog', { name: 'Archive 3 contacts?' });
  await dialog.getByRole('button', { name: 'Archive', exact: true }).click();
  await expect(toast(page, '3 contacts archived').last()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ana Bulk' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Dee Stays' })).toBeVisible();
  await expect(bar.getByRole('status')).toHaveText('');

  await page.getByRole('button', { name: 'Undo' }).last().click();
  await expect(toast(page, 'Undone').last()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cy Bulk' })).toBeVisible();

  // Escape clears a selection.
  await select(page, ['Dee Stays']);
  await expect(bar.getByRole('status')).toHaveText('1 selected');
  await page.keyboard.press('Escape');
  await expect(bar.getByRole('status')).toHaveText('');
  // On a phone the checkboxes leave with the selection; on a desktop they stay, unchecked.
  if (isPhone(page)) await expect(checkbox(page, 'Dee Stays')).toBeHidden();
  else await expect(checkbox(page, 'Dee Stays')).not.toBeChecked();
});

test('in Spanish on a phone, a long press and a tap archive two with the count, and Undo brings them back @phone-only', async ({ page, user }) => {
  void user;
  for (const name of ['Lucía', 'Mateo', 'Sofía']) await api(page, '/api/contacts', { name });
  expect((await page.request.put('/api/account/language', { data: { language: 'es' } })).status()).toBe(200);
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: 'Sofía' })).toBeVisible();
  await select(page, ['Lucía', 'Mateo']);
  const bar = page.getByRole('region', { name: 'Contactos seleccionados' });
  await expect(bar.getByRole('status')).toHaveText('2 seleccionados');
  expect(await noOverflow(page)).toBe(0);
  await photograph(page, 'bulk-bar-es-320.png');
  await bar.getByRole('button', { name: 'Archivar' }).click();
  await page.getByRole('dialog', { name: '¿Archivar 2 contactos?' }).getByRole('button', { name: 'Archivar', exact: true }).click();
  // The toasts' region is named in the language too: the toast by its words.
  await expect(page.getByText('2 contactos archivados', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lucía' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Deshacer' }).last().click();
  await expect(page.getByRole('heading', { name: 'Mateo' })).toBeVisible();
});

test('in Arabic at 320 px the bar reads right to left, and archiving two says so @phone-only', async ({ page, user }) => {
  void user;
  for (const name of ['مريم', 'يوسف', 'سارة']) await api(page, '/api/contacts', { name });
  expect((await page.request.put('/api/account/language', { data: { language: 'ar' } })).status()).toBe(200);
  await page.setViewportSize({ width: 320, height: 720 });
  await page.goto('/contacts');
  await expect(page.getByRole('heading', { name: 'سارة' })).toBeVisible();
  await select(page, ['مريم', 'يوسف']);
  const bar = page.getByRole('region', { name: 'جهات الاتصال المحددة' });
  await expect(bar.getByRole('status')).toHaveText('اثنتان محددتان');
  expect(await noOverflow(page)).toBe(0);
  await photograph(page, 'bulk-bar-ar-320.png');
  await bar.getByRole('button', { name: 'أرشفة' }).click();
  await page.getByRole('dialog', { name: 'أرشفة جهتي اتصال؟' }).getByRole('button', { name: 'أرشفة', exact: true }).click();
  await expect(page.getByText('تمت أرشفة جهتي اتصال', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'مريم' })).toHaveCount(0);
  await page.getByRole('button', { name: 'تراجع' }).last().click();
  await expect(page.getByRole('heading', { name: 'يوسف' })).toBeVisible();
});

test('offline, a bulk tag waits in the outbox as one entry and is sent when the connection returns @desktop-only', async ({ page, context, user }) => {
  void user;
  const ids: number[] = [];
  for (const name of ['Offline One', 'Offline Two']) ids.push((await api(page, '/api/contacts', { name })).id);
  await page.goto('/contacts');
  await select(page, ['Offline One', 'Offline Two']);
  await context.setOffline(true);
  await page.getByRole('region', { name: 'Selected contacts' }).getByRole('button', { name: 'Tag' }).click();
  const dialog = page.getByRole('dialog', { name: 'Tag 2 contacts?' });
  await dialog.getByLabel('Tag').fill('Campus');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(toast(page, 'Saved on this device').last()).toBeVisible();
  const tagsOf = async (id: number) => (await (await page.request.get(`/api/contacts/${id}`)).json()).tags;
  expect(await tagsOf(ids[0])).toEqual([]);
  await context.setOffline(false);
  await expect.poll(() => Promise.all(ids.map(tagsOf))).toEqual([['Campus'], ['Campus']]);
});
