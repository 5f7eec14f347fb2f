// One-off: renders the app icons (public/icons/*.png) from their SVGs with Debian Chromium, so they stay one drawing.
// Usage: node scripts/render-icons.mjs   (rerun after changing an SVG of public/icons/; commit the PNGs)
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';

const targets = [
  // "any" icons keep their rounded corners (transparent outside); maskable and Apple icons fill the square,
  // because the platform cuts its own shape and a transparent corner would show as black or white.
  { svg: 'icon.svg', out: 'icon-192.png', size: 192 },
  { svg: 'icon.svg', out: 'icon-512.png', size: 512 },
  { svg: 'maskable.svg', out: 'maskable-512.png', size: 512 },
  { svg: 'maskable.svg', out: 'apple-touch-icon.png', size: 180 },
  // The discreet install's (issue 33, public/manifest-discreet.webmanifest): the same sizes and purposes.
  { svg: 'discreet.svg', out: 'discreet-192.png', size: 192 },
  { svg: 'discreet.svg', out: 'discreet-512.png', size: 512 },
  { svg: 'discreet-maskable.svg', out: 'discreet-maskable-512.png', size: 512 },
  { svg: 'discreet-maskable.svg', out: 'discreet-apple-touch-icon.png', size: 180 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
for (const { svg, out, size } of targets) {
  const source = readFileSync(`public/icons/${svg}`, 'utf8');
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<html><body style="margin:0;background:transparent"><img width="${size}" height="${size}" src="data:image/svg+xml;base64,${Buffer.from(source).toString('base64')}"></body></html>`,
  );
  await page.locator('img').evaluate((img) => img.decode());
  await page.screenshot({ path: `public/icons/${out}`, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  console.log(`public/icons/${out} (${size}×${size})`);
}
await browser.close();
