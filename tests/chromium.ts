// How every test and bench launches Debian's Chromium: never a downloaded browser (CHROMIUM_PATH overrides the path).
//
// `--disable-features=WebUIOmniboxAimPopup,WebUIOmniboxPopup`: Chromium 156 headless loads the address bar's two popup
// pages (chrome://omnibox-popup.top-chrome/) in a renderer of their own for every new window, that is for every
// Playwright context; on two cores that renderer took a quarter of the browser tests' CPU (docs/testing.md). Checked by
// tests/e2e/startup.spec.ts, which fails if a browser page of that kind is back.
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-features=WebUIOmniboxAimPopup,WebUIOmniboxPopup',
  ],
};
