// The service worker's precache list (scripts/sw-precache.ts): each file of the build with its own revision, so a
// release downloads only the files that changed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { precacheManifest } from '../../scripts/sw-precache';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function build(files: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'sower-sw-'));
  dirs.push(dir);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return precacheManifest(dir);
}

describe('precacheManifest', () => {
  const release = {
    'index.html': '<script src="/assets/index-aaaa.js"></script>',
    'manifest.webmanifest': '{"name":"Sower"}',
    'icons/icon-192.png': 'png',
    'assets/index-aaaa.js': 'entry',
    'assets/GoalsPage-bbbb.js': 'goals',
    'assets/index-aaaa.js.br': 'compressed',
    'assets/index-aaaa.js.gz': 'compressed',
    'assets/index-aaaa.js.map': 'map',
    'sw.js': 'worker',
    // The build's manifest, for the server's modulepreload links (issue 32): never the browser's.
    '.vite/manifest.json': '{}',
  };

  it('lists every file but the worker, maps, compressed copies and hidden folders, sorted; hashed assets have no revision of their own', () => {
    const entries = build(release);
    expect(entries.map((e) => e.url)).toEqual([
      '/assets/GoalsPage-bbbb.js',
      '/assets/index-aaaa.js',
      '/icons/icon-192.png',
      '/index.html',
      '/manifest.webmanifest',
    ]);
    for (const entry of entries) expect(entry.revision === null, entry.url).toBe(entry.url.startsWith('/assets/'));
    for (const entry of entries.filter((e) => e.revision !== null)) expect(entry.revision).toMatch(/^[0-9a-f]{16}$/);
  });

  it('gives a file the same revision in the next release unless its bytes changed', () => {
    const first = build(release);
    const { 'assets/GoalsPage-bbbb.js': _old, ...kept } = release;
    const next = build({ ...kept, 'assets/GoalsPage-cccc.js': 'goals, changed', 'index.html': '<script src="/assets/index-dddd.js"></script>' });
    const known = new Set(first.map((e) => `${e.url} ${e.revision}`));
    const toDownload = next.filter((e) => !known.has(`${e.url} ${e.revision}`)).map((e) => e.url);
    expect(toDownload).toEqual(['/assets/GoalsPage-cccc.js', '/index.html']);
  });
});
