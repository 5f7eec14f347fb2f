// The discreet install (issue 33, shared/discreet.ts): a device with the sower_discreet cookie gets every page in the
// neutral look (manifest, title, theme colour, icons, boot screen) and nothing in its head that names the app or its
// faith; the second manifest and its icons are served as a browser installs them.
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCREET_LOOK, DISCREET_NOSCRIPT, discreetPage, lookTags, SOWER_LOOK } from '../../shared/discreet';
import { signedInClient, startServer, type TestServer } from './harness';

let base: string;
let server: TestServer;

/** A build's index.html as Vite writes it (the module script and stylesheet in the head), and public/ beside it. */
function staticDir() {
  const dir = join(base, 'dist');
  cpSync('public', dir, { recursive: true });
  const script = '<script type="module" src="/src/main.tsx"></script>';
  const source = readFileSync('index.html', 'utf8');
  writeFileSync(
    join(dir, 'index.html'),
    source.replace(script, '').replace('</head>', `${script}<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head>`),
  );
  mkdirSync(join(dir, '.vite'));
  writeFileSync(join(dir, '.vite/manifest.json'), '{}');
  return dir;
}

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'sower-discreet-'));
  // Compiled on its first import (the whole client): within the hook's 60 s, as in first-screen.test.ts.
  await import('../../src/entry-server');
  server = await startServer({ STATIC_DIR: staticDir() }, { firstScreenRenderer: () => import('../../src/entry-server') });
}, 60_000);

afterAll(async () => {
  await server.close();
  rmSync(base, { recursive: true, force: true });
});

const DISCREET = 'sower_discreet=1';
/** Words that tell what the app is for: none may be in a discreet page's head, a manifest or a discreet notification. */
const TELLING = ['sower', 'gospel', 'prayer', 'pray', 'faith', 'bible', 'jesus', 'christ', 'church', 'god', 'spiritual', 'journey'];

/** What of a page a person or the system can see without opening it: the head without its styles and comments, and the boot screen. */
function visibleHead(html: string) {
  const head = html.slice(0, html.indexOf('<div id="root">'));
  const boot = /<div id="boot">[^]*?<\/div>/.exec(html)?.[0] ?? '';
  // The theme's name in data-theme is a hook for the styles, shown nowhere.
  return (head + boot)
    .replace(/<style>[^]*?<\/style>/g, '')
    .replace(/<!--[^]*?-->/g, '')
    .replace(/ data-theme="sower(-dark)?"/, '')
    .toLowerCase();
}

function expectLook(html: string, look: typeof SOWER_LOOK) {
  const tags = lookTags(look);
  for (const tag of [tags.manifest, tags.themeColor, tags.icon, tags.appleTouchIcon]) expect(html).toContain(tag);
  return expect(/<title>([^<]*)<\/title>/.exec(html)?.[1]);
}

function expectNothingTelling(html: string) {
  const seen = visibleHead(html);
  for (const word of TELLING) expect(seen).not.toMatch(new RegExp(`\\b${word}\\b`));
}

async function page(path: string, cookie: string) {
  const res = await fetch(server.baseUrl + path, { headers: { Cookie: cookie }, redirect: 'manual' });
  expect(res.status).toBe(200);
  expect(res.headers.get('vary')).toContain('Cookie');
  return res.text();
}

describe('a page for a device with the discreet install', () => {
  it('is the rendered /login in the discreet look, and without the cookie in Sower’s', async () => {
    const discreet = await page('/login', DISCREET);
    expect(discreet).toContain('id="sower-state"');
    expectLook(discreet, DISCREET_LOOK).toBe('Notes');
    expectNothingTelling(discreet);
    const plain = await page('/login', '');
    expectLook(plain, SOWER_LOOK).toBe('Login · Sower');
    expect(plain).not.toContain(DISCREET_LOOK.manifest);
  });

  it('is a signed-in screen in the discreet look, its title the neutral name whatever the screen', async () => {
    const { client } = await signedInClient(server, 'discreet');
    const withZone = `${client.cookie}; tz=UTC`;
    for (const path of ['/', '/prayer-journal', '/settings']) {
      const discreet = await page(path, `${withZone}; ${DISCREET}`);
      expect(discreet).toContain('id="sower-state"');
      expectLook(discreet, DISCREET_LOOK).toBe('Notes');
      expectNothingTelling(discreet);
    }
    expectLook(await page('/prayer-journal', withZone), SOWER_LOOK).toBe('Prayer Journal · Sower');
  });

  it('is the locked plain page, the no-script page and a guest page in the discreet look too, boot screen and all', async () => {
    const { client } = await signedInClient(server, 'discreetlock');
    // Locked on the server (issue 47): its pages come without data.
    expect((await client.put('/api/account/pin', { pin: '4821', password: 'correct horse battery' })).status).toBe(200);
    expect((await client.post('/api/account/pin/lock')).status).toBe(200);
    const pages = {
      locked: await page('/contacts', `${client.cookie}; tz=UTC; ${DISCREET}`),
      noZone: await page('/contacts', `${client.cookie}; ${DISCREET}`),
      guest: await page('/register', `theme=dark; ${DISCREET}; lang=fr`),
    };
    for (const html of Object.values(pages)) {
      expect(html).not.toContain('id="sower-state"');
      expectLook(html, DISCREET_LOOK).toBe('Notes');
      expectNothingTelling(html);
      expect(html).toMatch(/<div id="boot">\s*<img src="\/icons\/discreet.svg" alt="" \/>\s*Notes\s*<\/div>/);
      expect(html).toContain(`<meta name="description" content="Notes" />`);
    }
    expect(pages.locked).toContain(`<noscript>${DISCREET_NOSCRIPT}</noscript>`);
    // The guest's language and theme as always.
    expect(pages.guest).toContain('<html lang="fr" dir="ltr" data-theme="sower-dark">');
    const plain = await page('/contacts', `${client.cookie}; tz=UTC`);
    expectLook(plain, SOWER_LOOK).toBe('Sower');
    expect(plain).toContain('Track and manage your gospel sharing journey');
  });

  it('is Sower’s own for any other value of the cookie, and never fails', async () => {
    for (const cookie of ['sower_discreet=0', 'sower_discreet=yes', 'sower_discreet=', 'xsower_discreet=1', 'sower_discreet=1x', 'sower_discreet=%ff']) {
      expectLook(await page('/login', cookie), SOWER_LOOK).toBe('Login · Sower');
    }
    expectLook(await page('/login', `a=b; ${DISCREET}; c=d`), DISCREET_LOOK).toBe('Notes');
    // A cookie that is not valid percent-encoding (another site of the domain may set one) holds no session: the page
    // is made as for a guest, still discreet, and the API answers 401, never 500.
    expectLook(await page('/login', `other=%ff; ${DISCREET}`), DISCREET_LOOK).toBe('Notes');
    expect((await fetch(`${server.baseUrl}/api/auth/me`, { headers: { Cookie: `other=%ff; ${DISCREET}` } })).status).toBe(401);
  });

  it('is discreet even when the session cannot be read (the database away), where others get the plain index.html', async () => {
    const failing = await startServer({ STATIC_DIR: join(base, 'dist') });
    try {
      const { client } = await signedInClient(failing, 'discreetfail');
      failing.database.close();
      const res = await fetch(failing.baseUrl + '/contacts', { headers: { Cookie: `${client.cookie}; ${DISCREET}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('vary')).toContain('Cookie');
      const html = await res.text();
      expectLook(html, DISCREET_LOOK).toBe('Notes');
      expectNothingTelling(html);
    } finally {
      await failing.close().catch(() => undefined);
    }
  });

  it('comes from the service worker in the discreet look too: the kept index.html, as the worker changes it offline', () => {
    const shell = readFileSync('index.html', 'utf8');
    const offline = discreetPage(shell, DISCREET_NOSCRIPT);
    expectLook(offline, DISCREET_LOOK).toBe('Notes');
    expectNothingTelling(offline);
    expect(offline).toContain(`<noscript>${DISCREET_NOSCRIPT}</noscript>`);
    expect(offline.replace(/<style>[^]*?<\/style>|<!--[^]*?-->/g, '').toLowerCase()).not.toMatch(/sower|gospel/);
  });
});

describe('the discreet manifest', () => {
  async function manifest(path: string) {
    const res = await fetch(server.baseUrl + path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/manifest+json');
    const text = await res.text();
    return { text, json: JSON.parse(text) as Record<string, unknown> & { icons: { src: string; sizes: string; type: string; purpose: string }[] } };
  }

  /** A PNG's width and height, from its IHDR chunk. */
  const pngSize = (bytes: Buffer) => `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;

  it('names a neutral app of its own, with the icons Sower has in the same sizes and purposes, each served as its type', async () => {
    const discreet = await manifest(DISCREET_LOOK.manifest);
    const sower = await manifest(SOWER_LOOK.manifest);
    expect(discreet.json).toMatchObject({
      name: 'Notes',
      short_name: 'Notes',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: DISCREET_LOOK.themeColor,
    });
    // Another id is another installed app: installing this one never updates Sower's, nor the other way round.
    expect(discreet.json.id).not.toBe(sower.json.id);
    expect(discreet.json).not.toHaveProperty('shortcuts');
    expect(discreet.json).not.toHaveProperty('description');
    for (const word of TELLING) expect(discreet.text.toLowerCase()).not.toMatch(new RegExp(`\\b${word}\\b`));
    const shape = (icons: typeof discreet.json.icons) => icons.map(({ sizes, type, purpose }) => ({ sizes, type, purpose }));
    expect(shape(discreet.json.icons)).toEqual(shape(sower.json.icons));
    for (const icon of discreet.json.icons) {
      expect(icon.src).toMatch(/^\/icons\/discreet/);
      const res = await fetch(server.baseUrl + icon.src);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(icon.type);
      const bytes = Buffer.from(await res.arrayBuffer());
      if (icon.type === 'image/png') expect(pngSize(bytes)).toBe(icon.sizes);
      else expect(bytes.toString('utf8')).toMatch(/^<svg[^>]*viewBox="0 0 32 32"/);
    }
  });

  it('has its favicon and touch icon served too, the touch icon as large as Sower’s', async () => {
    const touch = await fetch(server.baseUrl + DISCREET_LOOK.appleTouchIcon);
    expect(touch.headers.get('content-type')).toBe('image/png');
    const sowerTouch = Buffer.from(await (await fetch(server.baseUrl + SOWER_LOOK.appleTouchIcon)).arrayBuffer());
    expect(pngSize(Buffer.from(await touch.arrayBuffer()))).toBe(pngSize(sowerTouch));
    const icon = await fetch(server.baseUrl + DISCREET_LOOK.icon);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
  });
});
