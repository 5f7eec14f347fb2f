// In the browser: the app runs under its Content-Security-Policy, and stored script payloads show as text and never run.
import { expect, test } from './fixtures';

// This spec is about what the service worker does, or how pages arrive with it: it runs (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

const payloads = ['<img src=x onerror="alert(1)">', '<script>alert(2)</script>', '"><svg onload=alert(3)>', 'javascript:alert(4)'];

test('serves the app under a strict CSP without any violation', async ({ page, user }) => {
  void user;
  const violations: string[] = [];
  page.on('console', (m) => m.text().includes('Content Security Policy') && violations.push(m.text()));
  const response = await page.goto('/');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await page.goto('/contacts');
  await page.goto('/resources');
  expect(violations).toEqual([]);
});

test('shows script payloads in names, notes and prayers as plain text', async ({ page, user }) => {
  void user;
  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const contact = await (await page.request.post('/api/contacts', { data: { name: payloads[0], notes: payloads[1], email: '', phone: payloads[2] } })).json();
  await page.request.post('/api/activities', { data: { type: 'conversation', contactId: contact.id, notes: payloads[3] } });
  await page.request.post('/api/prayer-requests', { data: { contactId: contact.id, request: payloads[1] } });
  await page.request.post('/api/goals', { data: { title: payloads[2], description: payloads[0], type: 'other', targetCount: 2, deadline: '2030-01-01' } });

  for (const path of ['/', '/contacts', '/activities', '/prayer-journal', '/goals']) {
    await page.goto(path);
    await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  }
  await page.goto('/contacts');
  await expect(page.getByText(payloads[0]).first()).toBeVisible();
  await page.goto('/prayer-journal');
  await expect(page.getByText(payloads[1]).first()).toBeVisible();
  expect(await page.locator('img[src="x"], svg[onload]').count()).toBe(0);
  expect(dialogs).toEqual([]);
});
