// The built client served as a CDN would: compressed copies written at build time (scripts/compress.mjs), chosen by
// Accept-Encoding with its q-values, ETag revalidation, HEAD, the shell for client routes, nothing outside the build.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a build script in plain JavaScript, without declarations
import { compressDirectory } from '../../scripts/compress.mjs';
import { acceptedEncoding } from '../../server/http/static';
import { startServer, type TestServer } from './harness';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function raw(baseUrl: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(baseUrl + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

// Sizes that compress well, as real bundles do; one file small enough to stay as it is.
const script = Buffer.from(Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i} * 2;\n`).join(''));
const page = `<!doctype html><html><head><title>Sower</title></head><body>${'<div id="root"></div>'.repeat(80)}</body></html>`;
const tiny = 'export const x = 1;\n';
const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, ...Array.from({ length: 3000 }, (_, i) => (i * 7919) % 256)]);

let server: TestServer;
let dist: string;
let secret: string;

beforeAll(async () => {
  const base = mkdtempSync(join(tmpdir(), 'sower-static-'));
  dist = join(base, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), page);
  writeFileSync(join(dist, 'assets', 'app-abc123.js'), script);
  writeFileSync(join(dist, 'assets', 'tiny-def456.js'), tiny);
  writeFileSync(join(dist, 'icon.png'), png);
  writeFileSync(join(dist, 'sw.js'), script);
  // Beside the build, never served: a path that climbs out must not reach it.
  secret = join(base, 'secret.txt');
  writeFileSync(secret, 'not for the web');
  compressDirectory(dist);
  // A copy removed after the build: that file is served uncompressed, not as an error.
  rmSync(join(dist, 'sw.js.br'));
  server = await startServer({ STATIC_DIR: dist });
});

afterAll(async () => {
  await server.close();
  rmSync(join(dist, '..'), { recursive: true, force: true });
});

describe('build-time compression', () => {
  it('writes .br and .gz beside compressible files over 1 kB, only where smaller, and never for images', () => {
    expect(existsSync(join(dist, 'assets', 'app-abc123.js.br'))).toBe(true);
    expect(existsSync(join(dist, 'assets', 'app-abc123.js.gz'))).toBe(true);
    expect(existsSync(join(dist, 'index.html.br'))).toBe(true);
    expect(existsSync(join(dist, 'assets', 'tiny-def456.js.gz'))).toBe(false);
    expect(existsSync(join(dist, 'icon.png.gz'))).toBe(false);
  });
});

describe('serving the build', () => {
  it('sends brotli when accepted, with its encoding, length, type, Vary and a year of caching for hashed assets', async () => {
    const res = await raw(server.baseUrl, '/assets/app-abc123.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(res.body).equals(script)).toBe(true);
  });

  it('sends gzip when brotli is refused or not named, and the file itself when neither is acceptable', async () => {
    const gzip = await raw(server.baseUrl, '/assets/app-abc123.js', { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).equals(script)).toBe(true);
    expect((await raw(server.baseUrl, '/assets/app-abc123.js', { 'Accept-Encoding': 'gzip;q=0.5, br;q=0.4' })).headers['content-encoding']).toBe('gzip');
    for (const header of [undefined, 'identity', 'gzip;q=0, br;q=0', '*;q=0', 'deflate']) {
      const res = await raw(server.baseUrl, '/assets/app-abc123.js', header ? { 'Accept-Encoding': header } : {});
      expect(res.headers['content-encoding'], String(header)).toBeUndefined();
      expect(res.body.equals(script)).toBe(true);
    }
    expect((await raw(server.baseUrl, '/assets/app-abc123.js', { 'Accept-Encoding': '*' })).headers['content-encoding']).toBe('br');
  });

  it('falls back to the next encoding when a copy is missing, and sends small files and images as they are', async () => {
    const sw = await raw(server.baseUrl, '/sw.js', { 'Accept-Encoding': 'br, gzip' });
    expect(sw.headers['content-encoding']).toBe('gzip');
    expect(sw.headers['cache-control']).toBe('no-cache');
    const small = await raw(server.baseUrl, '/assets/tiny-def456.js', { 'Accept-Encoding': 'br, gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body.toString()).toBe(tiny);
    const image = await raw(server.baseUrl, '/icon.png', { 'Accept-Encoding': 'br, gzip' });
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.body.equals(png)).toBe(true);
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await raw(server.baseUrl, '/assets/app-abc123.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    const get = await raw(server.baseUrl, '/assets/app-abc123.js', { 'Accept-Encoding': 'br' });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
    expect(head.headers.etag).toBe(get.headers.etag);
  });

  it('revalidates by ETag, one tag per encoding: a current copy gets a 304 with no body', async () => {
    const br = await raw(server.baseUrl, '/index.html', { 'Accept-Encoding': 'br' });
    const plain = await raw(server.baseUrl, '/index.html');
    expect(br.headers.etag).toMatch(/^"[\w-]+-br"$/);
    expect(plain.headers.etag).not.toBe(br.headers.etag);
    const again = await raw(server.baseUrl, '/index.html', { 'Accept-Encoding': 'br', 'If-None-Match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.vary).toBe('Accept-Encoding');
    // A tag of the other encoding is not this representation.
    expect((await raw(server.baseUrl, '/index.html', { 'If-None-Match': String(br.headers.etag) })).status).toBe(200);
  });

  it('answers client routes with the shell, and a missing file or asset with 404', async () => {
    for (const route of ['/', '/contacts/12', '/settings']) {
      const res = await raw(server.baseUrl, route);
      expect(res.status, route).toBe(200);
      expect(res.body.toString(), route).toBe(page);
    }
    for (const missing of ['/assets/gone-000.js', '/favicon.ico', '/assets/app-abc123.js.br', '/assets/']) {
      expect((await raw(server.baseUrl, missing)).status, missing).toBe(404);
    }
  });

  it('reaches nothing outside the build, however the path is written', async () => {
    for (const path of ['/../secret.txt', '/..%2fsecret.txt', '/%2e%2e/secret.txt', '/assets/..%2f..%2fsecret.txt', '/%E0%A4%A.txt', '/%00.txt']) {
      const res = await raw(server.baseUrl, path);
      // 404, or 400 where the escape itself is malformed; never the file.
      expect([400, 404], path).toContain(res.status);
      expect(res.body.toString(), path).not.toContain('not for the web');
    }
  });
});

describe('acceptedEncoding', () => {
  const both = ['br', 'gzip'] as const;
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['BR;Q=0.1, GZIP;Q=0.2', 'gzip'],
    ['br;q=1.0, gzip;q=1.0', 'br'],
    ['x-gzip', 'gzip'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['br;q=abc', 'br'],
    ['', null],
  ])('%s → %s', (header, expected) => {
    expect(acceptedEncoding(header, both)).toBe(expected);
  });

  it('reads only the first 32 entries of an overlong header', () => {
    expect(acceptedEncoding(`${'a, '.repeat(10_000)}br`, both)).toBeNull();
  });
});
