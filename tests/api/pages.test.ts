// The page each client route gets (server/http/page.ts, issue 32's first step): in the reader's language and theme
// before any script runs, never cached for another person, under the same strict CSP; /index.html itself stays the
// plain shell the service worker keeps for offline use.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, startServer, type TestServer } from './harness';

let server: TestServer;
let base: string;

beforeAll(async () => {
  base = mkdtempSync(join(tmpdir(), 'sower-pages-'));
  // The source index.html: the build keeps every piece the page replaces (tests/e2e checks the real build).
  mkdirSync(join(base, 'dist'));
  copyFileSync('index.html', join(base, 'dist', 'index.html'));
  server = await startServer({ STATIC_DIR: join(base, 'dist') });
});

afterAll(async () => {
  await server.close();
  rmSync(base, { recursive: true, force: true });
});

const page = (path: string, headers: Record<string, string> = {}, baseUrl = server.baseUrl) => fetch(baseUrl + path, { headers });
const htmlTag = (html: string) => /<html[^>]*>/.exec(html)![0];

describe('the page of a client route', () => {
  it("is in the browser's language for a guest, right to left in Arabic, and never stored", async () => {
    const res = await page('/contacts/12', { 'Accept-Language': 'ar, en;q=0.5' });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(htmlTag(html)).toBe('<html lang="ar" dir="rtl">');
    expect(html).toContain('<span>سجّل رحلتك في مشاركة الإنجيل ونظّمها</span>');
    expect(html).toContain('<meta name="color-scheme" content="light dark" />');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('content-language')).toBe('ar');
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('vary')).toBe('Accept-Encoding, Accept-Language, Cookie');
    // The same strict policy as every answer: scripts from the app's origin only.
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'(;|$)/);
    expect(html).not.toMatch(/<script(?![^>]*\btype="module"\s+src=)[^>]*>/);
  });

  it("is in the account's language, whatever the browser asks for", async () => {
    const { client } = await signedInClient(server, 'pagelang');
    expect((await client.put('/api/account/language', { language: 'fr' })).status).toBe(200);
    const res = await page('/', { 'Accept-Language': 'es', Cookie: client.cookie });
    const html = await res.text();
    expect(htmlTag(html)).toBe('<html lang="fr" dir="ltr">');
    expect(res.headers.get('content-language')).toBe('fr');
    expect(html).not.toContain('Track and manage your gospel sharing journey');
  });

  it("is in the language chosen on this device for a guest (the lang cookie), the account's for a user", async () => {
    const guest = await page('/login', { 'Accept-Language': 'fr', Cookie: 'lang=es' });
    expect(htmlTag(await guest.text())).toBe('<html lang="es" dir="ltr">');
    // A value that is no language of the app's is ignored.
    expect(htmlTag(await (await page('/login', { 'Accept-Language': 'fr', Cookie: 'lang=xx-evil' })).text())).toBe('<html lang="fr" dir="ltr">');
    const { client } = await signedInClient(server, 'pagecookie');
    expect((await client.put('/api/account/language', { language: 'pt-BR' })).status).toBe(200);
    const user = await page('/', { Cookie: `${client.cookie}; lang=es` });
    expect(htmlTag(await user.text())).toBe('<html lang="pt-BR" dir="ltr">');
  });

  it('carries the theme the theme cookie names, and ignores any other value', async () => {
    const dark = await (await page('/settings', { Cookie: 'theme=dark' })).text();
    expect(htmlTag(dark)).toBe('<html lang="en" dir="ltr" data-theme="sower-dark">');
    expect(dark).toContain('<meta name="color-scheme" content="dark" />');
    const light = await (await page('/settings', { Cookie: 'a=1; theme=light' })).text();
    expect(htmlTag(light)).toBe('<html lang="en" dir="ltr" data-theme="sower">');
    for (const cookie of ['theme=purple', 'theme="><script>', 'mytheme=dark'])
      expect(htmlTag(await (await page('/settings', { Cookie: cookie })).text())).toBe('<html lang="en" dir="ltr">');
  });

  it('comes compressed as asked, the same page in each encoding, and answers HEAD without a body', async () => {
    const identity = await (await page('/login', { 'Accept-Encoding': 'identity' })).arrayBuffer();
    const raw = (encoding: string) =>
      new Promise<{ encoding: string | undefined; body: Buffer }>((resolve, reject) => {
        get(server.baseUrl + '/login', { headers: { 'Accept-Encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    const br = await raw('br, gzip');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).equals(Buffer.from(identity))).toBe(true);
    const gzip = await raw('gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(Buffer.from(identity))).toBe(true);
    const head = await fetch(server.baseUrl + '/login', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });

  it('leaves /index.html as built, for the service worker to keep: no language, theme or session in it', async () => {
    const res = await page('/index.html', { 'Accept-Language': 'ar', Cookie: 'theme=dark' });
    expect(await res.text()).toBe(readFileSync('index.html', 'utf8'));
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });
});

describe('when the page cannot be made', () => {
  it('serves the plain index.html for a build that lacks what the page replaces, and logs why', async () => {
    const other = join(base, 'other');
    mkdirSync(other);
    writeFileSync(join(other, 'index.html'), '<!doctype html><html><head><title>Sower</title></head><body></body></html>');
    const plain = await startServer({ STATIC_DIR: other });
    try {
      const res = await fetch(plain.baseUrl + '/contacts', { headers: { 'Accept-Language': 'ar' } });
      expect(await res.text()).toBe('<!doctype html><html><head><title>Sower</title></head><body></body></html>');
      expect(plain.logs).toContainEqual({
        level: 'warn',
        message: 'index.html does not hold <html lang="en"> exactly once: client routes get the plain index.html (server/http/page.ts)',
      });
    } finally {
      await plain.close();
    }
  });

  it("serves the plain index.html when the session's language cannot be read, and logs the cause", async () => {
    const failing = await startServer({ STATIC_DIR: join(base, 'dist') });
    const { client } = await signedInClient(failing, 'pagefail');
    failing.database.close();
    const res = await page('/contacts', { Cookie: client.cookie }, failing.baseUrl);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(readFileSync('index.html', 'utf8'));
    expect(failing.logs.some((line) => line.level === 'error')).toBe(true);
    await failing.close().catch(() => undefined);
  });
});
