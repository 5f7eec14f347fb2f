import { api, expect, test } from './fixtures';
const day = (n: number) => { const d = new Date(); d.setDate(d.getDate() + n); d.setHours(12, 0, 0, 0); return d; };
for (const scheme of ['light', 'dark'] as const) {
  test(`shots ${scheme}`, async ({ page, user }, info) => {
    void user;
    await page.emulateMedia({ colorScheme: scheme });
    const lydia = await api(page, '/api/contacts', { name: 'Lydia of Thyatira' });
    await api(page, '/api/followups', { contactId: lydia.id, date: day(0).toISOString(), description: 'Read John together', type: 'meeting', repeat: { every: 2, unit: 'week', from: 'date' } });
    await api(page, '/api/followups', { contactId: lydia.id, date: day(3).toISOString(), description: 'Ask how the new job is going', repeat: { every: 1, unit: 'month', from: 'completion' } });
    await api(page, '/api/followups', { contactId: lydia.id, date: day(-2).toISOString(), description: 'Call about Sunday' });
    await page.goto('/followups');
    await expect(page.getByText('Every 2 weeks')).toBeVisible();
    await page.screenshot({ path: `/work/tr/16/shots/followups-list-${info.project.name}-${scheme}.png` });
    await page.getByRole('button', { name: 'Actions for follow-up with Lydia of Thyatira' }).first().click();
    await page.screenshot({ path: `/work/tr/16/shots/followups-menu-${info.project.name}-${scheme}.png` });
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Schedule Follow-up' }).first().click();
    const form = page.getByRole('dialog', { name: 'Schedule Follow-up' });
    await form.getByLabel('Repeat').check();
    await form.getByLabel('Every').fill('2');
    await page.screenshot({ path: `/work/tr/16/shots/followups-form-${info.project.name}-${scheme}.png` });
    await form.getByRole('button', { name: 'Cancel' }).click();
    await page.getByText('Read John together').click({ trial: true });
    await page.getByRole('button', { name: 'Actions for follow-up with Lydia of Thyatira' }).nth(1).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete a repeating follow-up' })).toBeVisible();
    await page.screenshot({ path: `/work/tr/16/shots/followups-scope-${info.project.name}-${scheme}.png` });
  });
}
