// The installable app: manifest and icons, the 'Log Activity' shortcut, and the service worker's offline shell.
import { expect, photograph, test } from './fixtures';

// This spec is about what the service worker does, or how pages arrive with it: it runs (playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (bytes: Buffer) => ({ width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) });

test('serves a manifest linked from every page, with its icons, theme and the Log Activity shortcut', async ({ page, consoleErrors }) => {
  void consoleErrors;
  await page.goto('/login');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest');
  const themeColor = await page.locator('meta[name="theme-color"]').getAttribute('content');

  const res = await page.request.get('/manifest.webmanifest');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/manifest+json');
  const manifest = await res.json();
  expect(manifest).toMatchObject({
    name: 'Sower',
    short_name: 'Sower',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    theme_color: themeColor,
    background_color: '#f4f7f6',
  });
  expect(manifest.shortcuts).toEqual([expect.objectContaining({ name: 'Log Activity', url: '/activities?new=1' })]);

  const purposes = new Set<string>();
  for (const icon of manifest.icons as { src: string; sizes: string; type: string; purpose: string }[]) {
    const file = await page.request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type']).toBe(icon.type);
    if (icon.type === 'image/png') {
      const [width, height] = icon.sizes.split('x').map(Number);
      expect(pngSize(await file.body()), icon.src).toEqual({ width, height });
    }
    purposes.add(icon.purpose);
  }
  expect([...purposes].sort()).toEqual(['any', 'maskable']);
  expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
});

test("the shortcut's /activities?new=1 opens the activity form and then drops the parameter", async ({ page, user }) => {
  void user;
  await page.goto('/activities?new=1');
  await expect(page.getByRole('dialog', { name: 'Log Activity' })).toBeVisible();
  await expect(page).toHaveURL(/\/activities$/);
});

test('sw.js is revalidated on every load and keeps each file of this build by its own revision @desktop-only', async ({ page }) => {
  const res = await page.request.get('/sw.js');
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('no-cache');
  expect(res.headers()['content-type']).toContain('javascript');
  const source = await res.text();
  // Workbox's precache list, as scripts/sw-precache.ts writes it into the bundle.
  const entries = [...source.matchAll(/\{url:"([^"]+)",revision:(null|"[0-9a-f]{16}")\}/g)].map(([, url, revision]) => ({
    url,
    revision: JSON.parse(revision) as string | null,
  }));
  const urls = entries.map((e) => e.url);
  const html = await (await page.request.get('/')).text();
  const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(html)![1];
  expect(urls).toEqual(expect.arrayContaining([entry, '/index.html', '/manifest.webmanifest', '/icons/icon-192.png']));
  expect(urls.filter((f) => f.startsWith('/api') || f.startsWith('/trpc') || f === '/sw.js' || /\.(br|gz|map)$/.test(f))).toEqual([]);
  // A hashed asset's name is its revision; every other file has a hash of its bytes.
  for (const { url, revision } of entries) expect(revision === null, url).toBe(url.startsWith('/assets/'));
});

test('registers the service worker, which opens the app shell offline and never caches API answers', async ({ page, context, user }, testInfo) => {
  void user;
  await page.goto('/activities');
  await expect(page.getByRole('heading', { name: 'Activities', level: 1 })).toBeVisible();
  const scriptURL = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
  expect(new URL(scriptURL!).pathname).toBe('/sw.js');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  // The page's own requests really fail now.
  expect(
    await page.evaluate(() =>
      fetch('/healthz').then(
        () => 'reached',
        () => 'failed',
      ),
    ),
  ).toBe('failed');
  // So does the worker's own network: a file it does not keep cannot be had, so the reload below comes from its cache.
  expect(
    await page.evaluate(() =>
      fetch('/index.html?not-kept').then(
        () => 'reached',
        () => 'failed',
      ),
    ),
  ).toBe('failed');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Activities', level: 1 })).toBeVisible();
  await expect(page.getByText('You are offline.', { exact: true })).toBeVisible();
  // The activities list itself may come back from the device's kept copy (decision 027) or say it waits for the
  // connection, depending on whether its copy was written before the reload (offline.spec.ts and resilience.spec.ts
  // show each); this test is about the shell.
  // Another screen of the shell, through the app's own navigation.
  if ((page.viewportSize()?.width ?? 1280) < 768) await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('link', { name: 'Resources' }).click();
  await expect(page.getByRole('heading', { name: 'Resources', level: 1 })).toBeVisible();
  // Never loaded, the library cannot be shown; the banner says so rather than leaving an empty list unexplained.
  await expect(page.getByText('This screen was not loaded yet; it fills in when you are back online.')).toBeVisible();
  await photograph(page, `offline-shell-${testInfo.project.name}.png`);

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    return urls;
  });
  expect(cached).toContain('/index.html');
  // One cache, Workbox's, whose keys name each file's revision: a release fetches only the keys it does not have.
  expect(await page.evaluate(() => caches.keys())).toEqual([expect.stringMatching(/^workbox-precache-v2-/)]);
  expect(cached.filter((path) => path.startsWith('/api') || path.startsWith('/trpc'))).toEqual([]);
  await context.setOffline(false);
});
