// Vite plugin: bundles sw/sw.js with Workbox's precaching into dist/sw.js, its list of the build's files each with its
// own revision (decision 016): a hashed asset's name is its revision; any other file's is a hash of its bytes.
import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

/** A file under /assets/ carries its content hash in its name (Vite's `[name]-[hash]`). */
const HASHED = /^\/assets\//;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]));
}

export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/**
 * What the worker keeps: every file of the build but itself, source maps, the compressed copies (the server picks
 * an encoding per request; the worker keeps what the browser decoded) and hidden folders (.vite: the server's alone).
 * Sorted, so the same build gives the same list.
 */
export function precacheManifest(outDir: string): PrecacheEntry[] {
  return filesUnder(outDir)
    .map((file) => ({ file, url: `/${relative(outDir, file).split(sep).join('/')}` }))
    .filter(({ url }) => url !== '/sw.js' && !/\.(map|br|gz)$/.test(url) && !url.includes('/.'))
    .sort((a, b) => (a.url < b.url ? -1 : 1))
    .map(({ file, url }) => ({ url, revision: HASHED.test(url) ? null : createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16) }));
}

/** Writes `outDir`/sw.js: sw/sw.js and Workbox in one file, the manifest in place of self.__WB_MANIFEST. */
export async function buildServiceWorker(root: string, outDir: string) {
  await build({
    entryPoints: [join(root, 'sw/sw.js')],
    outfile: join(outDir, 'sw.js'),
    bundle: true,
    format: 'iife',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    // Workbox logs in development builds only.
    define: { 'process.env.NODE_ENV': '"production"', 'self.__WB_MANIFEST': JSON.stringify(precacheManifest(outDir)) },
    logLevel: 'warning',
  });
}

export function precacheServiceWorker(): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'sower-sw-precache',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    // After everything is written, public/ included: the list is exactly what the server will serve.
    closeBundle: () => buildServiceWorker(root, outDir),
  };
}
