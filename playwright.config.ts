// Browser tests: the production build served by the real server, in Debian Chromium, at desktop and phone widths.
import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from './tests/chromium';

const port = Number(process.env.E2E_PORT ?? 4173);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  // One retry in CI at most, and every test that needed it is named (flaky-reporter.ts, printed by .ci/run).
  retries: process.env.CI ? 1 : 0,
  // A whole journey's budget. Under two CPU hogs (scripts/e2e-under-load.sh) the longest journeys without a budget of
  // their own took 20-28 s and, with a build running beside them, 31-35 s (password change, a new account's empty
  // screens); each single wait keeps the 7 s below, so a wrong or stuck state still fails as fast as before.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  // PW_WAITS=<file> adds where the time went, by kind of step and by file (tests/e2e/wait-reporter.ts).
  reporter: [['list'], ['./tests/e2e/flaky-reporter.ts'], ...(process.env.PW_WAITS ? [['./tests/e2e/wait-reporter.ts'] as const] : [])],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromiumLaunch,
    trace: 'off',
    screenshot: 'only-on-failure',
    // No service worker but in the specs about what it does (offline, the installed app, push, the device's storage, how
    // the first screen arrives), which allow it with test.use: every new context otherwise installs it and precaches
    // the whole build, and the other specs ran 23% slower for it (pages and contact-page: 183 s to 140 s).
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'desktop', grepInvert: /@phone-only/, use: { browserName: 'chromium', viewport: { width: 1280, height: 800 } } },
    {
      name: 'phone',
      grepInvert: /@desktop-only/,
      use: { browserName: 'chromium', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { E2E_PORT: String(port) },
  },
});
