// Every screen at both widths: no serious or critical axe violations, no horizontal overflow, a screenshot when asked.
import type { Page } from '@playwright/test';
import { expect, goInApp, mainScreens as screens, photograph, seriousAxeViolations, test, tourTest } from './fixtures';

/** Every screen of the tour, the ones whose path needs a seeded or listed row included. */
async function everyScreen(page: Page, contactId: number) {
  const resources = await (await page.request.get('/api/resources')).json();
  return [
    ...screens,
    { name: 'resource-detail', path: `/resources/${resources[0].id}`, heading: resources[0].title },
    { name: 'not-found', path: '/nowhere', heading: '404 Page Not Found' },
    { name: 'contact-detail', path: `/contacts/${contactId}`, heading: 'Maria Santos' },
    { name: 'contact-not-found', path: '/contacts/999999999', heading: 'Contact not found' },
    { name: 'contacts-filtered', path: '/contacts?q=maria&status=new_believer', heading: 'Contacts' },
    { name: 'activities-filtered', path: `/activities?type=conversation&contactId=${contactId}`, heading: 'Activities' },
  ];
}

/**
 * The tour in parts of about three screens, each its own test with its own time: in one test of 14 screens (axe and a
 * full-page photograph each) the phone needed more than 90 s on a machine whose cores were both busy.
 */
const PARTS = 5;

/**
 * Visits a part of the screens: axe, horizontal overflow and a full-page screenshot named `{screen}{suffix}-{project}.png`.
 * The first is loaded unless the app runs already; the others are reached in the app (each has a heading of its own).
 */
async function tour(page: Page, project: string, contactId: number, part: number, suffix = '', rules?: string[]) {
  const all = await everyScreen(page, contactId);
  let running = page.url().startsWith('http');
  for (const [index, screen] of all.entries()) {
    if (index % PARTS !== part) continue;
    if (running) await goInApp(page, screen.path);
    else await page.goto(screen.path);
    running = true;
    await expect(page.getByRole('heading', { name: screen.heading, level: 1 })).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
    expect(await seriousAxeViolations(page, undefined, { rules }), screen.name + suffix).toEqual([]);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${screen.name} overflows horizontally`).toBeLessThanOrEqual(0);
    await photograph(page, `${screen.name}${suffix}-${project}.png`, { fullPage: true });
  }
}

for (let part = 0; part < PARTS; part++) {
  tourTest(`every screen passes axe, fits the width and is photographed (part ${part + 1} of ${PARTS})`, async ({ page, seeded: { maria } }, testInfo) => {
    test.setTimeout(90_000);
    await tour(page, testInfo.project.name, maria.id, part);
  });

  // A theme changes colours only: the dark tour asks axe for contrast, the light tour for every WCAG A and AA rule.
  tourTest(`every screen passes axe's contrast check in the dark theme too (part ${part + 1} of ${PARTS})`, async ({ page, seeded: { maria } }, testInfo) => {
    test.setTimeout(90_000);
    await page.goto('/settings');
    await page.getByLabel('Dark').check();
    await tour(page, testInfo.project.name, maria.id, part, '-dark', ['color-contrast']);
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'sower-dark');
  });
}

test('the login screen passes axe and is photographed', async ({ page, consoleErrors }, testInfo) => {
  void consoleErrors;
  for (const [name, path] of [
    ['login', '/login'],
    ['register', '/login?mode=register'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: name === 'login' ? 'Login' : 'Register' })).toBeVisible();
    expect(await seriousAxeViolations(page), name).toEqual([]);
    await photograph(page, `${name}-${testInfo.project.name}.png`, { fullPage: true });
  }
});
