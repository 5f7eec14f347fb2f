// A rhythm and important dates on a person's page (issue 50 §6): "stay in touch every 14 days" chosen on the page, a
// person past their rhythm in needs attention with it as the reason, a birthday added on the page and shown on the
// dashboard's upcoming dates with the age it turns; a phone and a desktop; in
// Spanish and in Arabic on a phone, fitting 320 px.
import { addDays, format } from 'date-fns';
import { api, expect, photograph, seriousAxeViolations, test, toast } from './fixtures';
import { expectFits } from './widths';

/** A birthday 30 years before the day three days from now, as the date field takes it. */
const birthdaySoon = () => format(addDays(new Date(), 3), 'yyyy-MM-dd').replace(/^\d{4}/, (year) => String(Number(year) - 30));

test('sets a rhythm and adds a birthday on the contact page, and sees it on the dashboard', async ({ page, user }, testInfo) => {
  void user;
  const ana = await api(page, '/api/contacts', { name: 'Ana' });
  await page.goto(`/contacts/${ana.id}`);
  await page.getByLabel('Stay in touch with Ana').selectOption({ label: 'Every 14 days' });
  await expect(toast(page, 'Stay in touch every 14 days').last()).toBeVisible();
  expect((await (await page.request.get(`/api/contacts/${ana.id}`)).json()).stayInTouchDays).toBe(14);

  await page.getByLabel('Kind').selectOption({ label: 'Birthday' });
  await expect(page.getByLabel('Label')).toHaveValue('Birthday');
  await page.getByLabel('Date', { exact: true }).fill(birthdaySoon());
  await page.getByRole('button', { name: 'Add date' }).click();
  await expect(toast(page, 'Date added').last()).toBeVisible();
  const dates = page.getByRole('list', { name: 'Important dates of Ana' });
  await expect(dates.getByRole('listitem')).toHaveText([/^Birthday.*every year/]);
  expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  await expectFits(page, 'the contact page with a rhythm and a date');
  await photograph(page, `rhythm-dates-contact-${testInfo.project.name}.png`, { fullPage: true });

  // Someone with a rhythm of 14 days, last seen 17 days ago, is due, and the reason says the rhythm.
  const ben = await api(page, '/api/contacts', { name: 'Ben', spiritualStatus: 'mature', stayInTouchDays: 14 });
  await api(page, '/api/activities', { contactId: ben.id, type: 'conversation', date: addDays(new Date(), -17).toISOString() });
  await page.goto('/');
  await expect(page.getByRole('region', { name: 'Needs attention' })).toContainText('Every 14 days · 3 days late');
  const card = page.getByRole('region', { name: 'Upcoming dates' });
  await expect(card.getByRole('listitem')).toHaveText([/Ana\s*Birthday · turns 30/]);
  await expectFits(page, 'the dashboard with an upcoming date');
  await photograph(page, `rhythm-dates-dashboard-${testInfo.project.name}.png`, { fullPage: true });
  await card.getByRole('link', { name: 'Ana' }).click();
  await expect(page.getByRole('heading', { name: 'Ana', level: 1 })).toBeVisible();

  // Removed on the page, it leaves the dashboard.
  await dates.getByRole('button', { name: 'Remove Birthday' }).click();
  await expect(toast(page, 'Date removed').last()).toBeVisible();
  await expect(dates).toHaveCount(0);
});

for (const language of ['es', 'ar'] as const)
  test(`in ${language} on a phone, the rhythm and the dates fit 320 px @phone-only`, async ({ page, user }) => {
    void user;
    expect((await page.request.put('/api/account/language', { data: { language } })).status()).toBe(200);
    const name = language === 'ar' ? 'مريم العذراء من الناصرة' : 'María José de la Fuente';
    const maria = await api(page, '/api/contacts', { name, stayInTouchDays: 30 });
    await api(page, `/api/contacts/${maria.id}/dates`, { label: language === 'ar' ? 'عيد الميلاد' : 'Cumpleaños', kind: 'birthday', date: birthdaySoon() });
    await api(page, `/api/contacts/${maria.id}/dates`, { label: language === 'ar' ? 'ذكرى المعمودية' : 'Bautismo', kind: 'baptism', date: '2015-08-20' });
    for (const width of [390, 320]) {
      await page.setViewportSize({ width, height: 844 });
      await page.goto(`/contacts/${maria.id}`);
      const dates = page.getByRole('list', { name: new RegExp(language === 'ar' ? 'المهمة' : 'Fechas importantes') });
      await expect(dates).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${width} px`).toBe(0);
      await dates.scrollIntoViewIfNeeded();
      await photograph(page, `rhythm-dates-${language}-${width}.png`);
      await page.goto('/');
      const card = page.getByRole('region', { name: language === 'ar' ? 'التواريخ القادمة' : 'Próximas fechas' });
      await expect(card.getByRole('listitem')).toHaveText([new RegExp(language === 'ar' ? 'يبلغ 30' : 'cumple 30')]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${width} px`).toBe(0);
      await card.scrollIntoViewIfNeeded();
      await photograph(page, `rhythm-dates-dashboard-${language}-${width}.png`);
    }
    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await seriousAxeViolations(page, 'main')).toEqual([]);
  });
