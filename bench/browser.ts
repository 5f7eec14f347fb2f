// The browser part of the bench: a phone on slow 4G with a 4× slower CPU opening the dashboard with a session cookie,
// timed from navigation to the stat cards showing numbers; and what a first visit to /login really transfers.
import { chromium, type Browser, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { STATE_ELEMENT_ID } from '../shared/firstScreen';
import { chromiumLaunch } from '../tests/chromium';

export const MOBILE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  userAgent: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
};
/** Slow 4G: 150 ms latency, 1.6 Mbit/s down, 750 kbit/s up (in bytes per second for CDP). */
export const SLOW_4G = { offline: false, latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
export const CPU_SLOWDOWN = 4;

export interface Transfer {
  url: string;
  type: string;
  /** Bytes on the wire (compressed body + headers). */
  bytes: number;
  /** ms from navigation start to the request being sent, and to its last byte. */
  start: number;
  end: number;
  status: number;
}

export interface DashboardRun {
  /** ms from navigation start to the four stat values in the document (from the server's HTML, or rendered). */
  dataShownMs: number;
  /**
   * ms to the data on screen: nothing is painted before the first contentful paint (the stylesheet blocks it), so a
   * value in the document before it shows with it (a server-rendered screen), and one added later shows when added.
   */
  dataPaintedMs: number;
  firstContentfulPaintMs: number | null;
  /** The largest contentful paint so far when the data was painted. */
  largestContentfulPaintMs: number | null;
  /** ms to the screen being live: hydrated (or rendered) by React, its handlers on it (`<html data-running>`). */
  interactiveMs: number | null;
  jsBytes: number;
  cssBytes: number;
  apiRequests: string[];
  waterfall: Transfer[];
}

export interface BrowserResult {
  cold: DashboardRun[];
  warm: DashboardRun | null;
  coldMedianMs: number;
  /** The form painted (in the document, and the first paint done) and interactive (React's handlers on it). */
  loginFirstVisit: { formShownMs: number; formInteractiveMs: number; jsBytes: number; cssBytes: number; files: Transfer[] };
  settings: { device: typeof MOBILE; network: typeof SLOW_4G; cpuSlowdown: number };
}

/** Records every response's wire size through CDP (Playwright's own events do not carry encoded lengths). */
async function recordTransfers(cdp: CDPSession) {
  const byId = new Map<string, Partial<Transfer> & { sentAt?: number }>();
  const done: Transfer[] = [];
  let origin = 0;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.type === 'Document' && !origin) origin = e.timestamp;
    byId.set(e.requestId, { url: e.request.url, type: e.type ?? 'Other', sentAt: e.timestamp });
  });
  cdp.on('Network.responseReceived', (e) => {
    const entry = byId.get(e.requestId);
    if (entry) entry.status = e.response.status;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const entry = byId.get(e.requestId);
    if (!entry?.url) return;
    done.push({
      url: entry.url,
      type: entry.type ?? 'Other',
      bytes: e.encodedDataLength,
      start: Math.round(((entry.sentAt ?? 0) - origin) * 1000),
      end: Math.round((e.timestamp - origin) * 1000),
      status: entry.status ?? 0,
    });
  });
  await cdp.send('Network.enable');
  return { done, reset: () => ((origin = 0), (done.length = 0), byId.clear()) };
}

/**
 * Notes the moment (ms since navigation start) the stat values (or a list's rows), or the login form, first show, from a
 * MutationObserver installed before any page script runs: no polling work on the throttled CPU. Its callback runs at the
 * next microtask checkpoint, so while a long task holds the main thread (parsing a server-rendered page) it notes the
 * task's end, not the insertion: a traced run showed data "in the document" at 2,601 ms, 19 ms before the first paint.
 * Hence "data painted", the later of this and the first contentful paint, is the figure compared.
 * A string, not a function: the TypeScript loader would wrap a function's inner helpers in names the page lacks.
 */
const MARK_WHEN_SHOWN = `
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__benchLcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new MutationObserver(() => {
    const values = Array.from(document.querySelectorAll('[data-testid="stat-value"]'));
    // A list screen (contacts, follow-ups, prayers) shows data once its rows name their contacts.
    const shown = location.pathname === '/'
      ? values.length >= 4 && values.every((v) => /\\d/.test(v.textContent || ''))
      : document.querySelectorAll('main a[href^="/contacts/"]').length >= 3;
    if (window.__benchShown === undefined && shown) window.__benchShown = performance.now();
    if (window.__benchForm === undefined && document.querySelector('input[type="password"]')) window.__benchForm = performance.now();
  }).observe(document, { childList: true, subtree: true, characterData: true });
  // Interactive: ScreenBoundary marks <html data-running> once the screen has hydrated (or rendered).
  new MutationObserver(() => {
    if (window.__benchRunning === undefined && document.documentElement.hasAttribute('data-running')) window.__benchRunning = performance.now();
  }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-running'] });
`;

async function throttle(context: BrowserContext) {
  await context.addInitScript({ content: MARK_WHEN_SHOWN });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const transfers = await recordTransfers(cdp);
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { page, cdp, transfers };
}

const sumOf = (files: Transfer[], type: string) => files.filter((f) => f.type === type).reduce((s, f) => s + f.bytes, 0);

/** ms to the page's first contentful paint, once there is one. */
async function firstContentfulPaint(page: Page): Promise<number> {
  const painted = await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? false, null, {
    polling: 50,
    timeout: 60_000,
  });
  return Math.round((await painted.jsonValue()) as number);
}

async function openDashboard(page: Awaited<ReturnType<typeof throttle>>['page'], base: string, transfers: Transfer[], path = '/'): Promise<DashboardRun> {
  await page.goto(`${base}${path}`, { waitUntil: 'commit', timeout: 60_000 });
  const shown = await page.waitForFunction(() => (window as unknown as { __benchShown?: number }).__benchShown ?? false, null, {
    polling: 50,
    timeout: 60_000,
  });
  const dataShownMs = Math.round((await shown.jsonValue()) as number);
  // A server-rendered screen has its data in the document before anything is painted: wait for the first paint.
  const fcp = await firstContentfulPaint(page);
  const lcp = await page.evaluate(() => (window as unknown as { __benchLcp?: number }).__benchLcp ?? null);
  // A build from before server rendering has no such mark: its screen is live when its data shows.
  const rendered = await page.evaluate((id) => document.getElementById(id) !== null, STATE_ELEMENT_ID);
  // (null: never, within 30 s; a build without scripts.)
  const running = rendered
    ? await page
        .waitForFunction(() => (window as unknown as { __benchRunning?: number }).__benchRunning ?? false, null, { polling: 50, timeout: 30_000 })
        .then((handle) => handle.jsonValue() as Promise<number>)
        .catch(() => null)
    : dataShownMs;
  const interactiveMs = running === null ? null : Math.round(running);
  // Let late responses (an unneeded refetch) finish so the waterfall is complete.
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  const files = [...transfers];
  return {
    dataShownMs,
    dataPaintedMs: Math.max(dataShownMs, fcp),
    firstContentfulPaintMs: fcp,
    largestContentfulPaintMs: lcp === null ? null : Math.round(lcp),
    interactiveMs,
    jsBytes: sumOf(files, 'Script'),
    cssBytes: sumOf(files, 'Stylesheet'),
    // The session check arrives as a preload (type Other), so API paths count whatever their type.
    apiRequests: files
      .filter((f) => f.type === 'Fetch' || f.type === 'XHR' || /^\/(trpc|api)\//.test(new URL(f.url).pathname))
      .map((f) => decodeURIComponent(new URL(f.url).pathname)),
    waterfall: files.map((f) => ({ ...f, url: new URL(f.url).pathname })),
  };
}

export function launchBrowser(executablePath?: string): Promise<Browser> {
  return chromium.launch({
    ...chromiumLaunch,
    executablePath: executablePath ?? chromiumLaunch.executablePath,
  });
}

/** One cold visit: a fresh phone (empty cache) with the session cookie opens the dashboard (or another screen's path). */
export async function coldDashboard(browser: Browser, base: string, cookie: { name: string; value: string }, path = '/'): Promise<DashboardRun> {
  const context = await browser.newContext(MOBILE);
  try {
    // A returning phone: its session, and the time zone the app wrote on an earlier visit (the server renders the
    // first screen only when it knows it, issue 32).
    await context.addCookies([
      { ...cookie, url: base },
      { name: 'tz', value: 'UTC', url: base },
    ]);
    const { page, transfers } = await throttle(context);
    return await openDashboard(page, base, transfers.done, path);
  } finally {
    await context.close();
  }
}

export async function measureBrowser(options: {
  base: string;
  cookie: { name: string; value: string };
  coldRuns?: number;
  executablePath?: string;
}): Promise<BrowserResult> {
  const browser = await launchBrowser(options.executablePath);
  try {
    // A first visit to /login, signed out: what it downloads and when the form shows.
    const loginContext = await browser.newContext(MOBILE);
    const login = await throttle(loginContext);
    await login.page.goto(`${options.base}/login`, { waitUntil: 'commit', timeout: 60_000 });
    const formShown = await login.page.waitForFunction(() => (window as unknown as { __benchForm?: number }).__benchForm ?? false, null, {
      polling: 50,
      timeout: 60_000,
    });
    const formInDocumentMs = Math.round((await formShown.jsonValue()) as number);
    const formShownMs = Math.max(formInDocumentMs, await firstContentfulPaint(login.page));
    // Interactive once the app marks the document running (ScreenBoundary: the sign-in screen has committed), whether
    // React rendered the form or hydrated the server's.
    const formInteractive = await login.page.waitForFunction(() => (document.documentElement.hasAttribute('data-running') ? performance.now() : false), null, {
      polling: 50,
      timeout: 60_000,
    });
    const formInteractiveMs = Math.round((await formInteractive.jsonValue()) as number);
    await login.page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
    const loginFiles = [...login.transfers.done].map((f) => ({ ...f, url: new URL(f.url).pathname }));
    await loginContext.close();

    const cold: DashboardRun[] = [];
    let warm: DashboardRun | null = null;
    const runs = options.coldRuns ?? 3;
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext(MOBILE);
      await context.addCookies([
        { ...options.cookie, url: options.base },
        { name: 'tz', value: 'UTC', url: options.base },
      ]);
      const { page, transfers } = await throttle(context);
      cold.push(await openDashboard(page, options.base, transfers.done));
      if (i === runs - 1) {
        // The same phone again: hashed assets come from its HTTP cache.
        transfers.reset();
        warm = await openDashboard(page, options.base, transfers.done);
      }
      await context.close();
    }
    const sorted = cold.map((r) => r.dataPaintedMs).sort((a, b) => a - b);
    return {
      cold,
      warm,
      coldMedianMs: sorted[Math.floor(sorted.length / 2)],
      loginFirstVisit: { formShownMs, formInteractiveMs, jsBytes: sumOf(loginFiles, 'Script'), cssBytes: sumOf(loginFiles, 'Stylesheet'), files: loginFiles },
      settings: { device: MOBILE, network: SLOW_4G, cpuSlowdown: CPU_SLOWDOWN },
    };
  } finally {
    await browser.close();
  }
}
