// Vite plugin: writes the build's file list and a content hash into dist/sw.js, the service worker's precache.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import type { Plugin } from 'vite';

const PLACEHOLDER = "const BUILD = { version: 'development', files: [] };";

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

export function precacheServiceWorker(): Plugin {
  let outDir = 'dist';
  return {
    name: 'sower-sw-precache',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After everything is written, public/ included: the list is exactly what the server will serve.
    closeBundle() {
      const swPath = join(outDir, 'sw.js');
      const source = readFileSync(swPath, 'utf8');
      if (!source.includes(PLACEHOLDER)) throw new Error(`${swPath} lacks the line to fill in: ${PLACEHOLDER}`);
      const files = filesUnder(outDir)
        .filter((file) => file !== swPath && !file.endsWith('.map'))
        .sort();
      const hash = createHash('sha256');
      for (const file of files) hash.update(file).update(readFileSync(file));
      const urls = files.map((file) => `/${relative(outDir, file).split(sep).join('/')}`);
      const build = { version: hash.digest('hex').slice(0, 16), files: urls };
      writeFileSync(swPath, source.replace(PLACEHOLDER, `const BUILD = ${JSON.stringify(build)};`));
    },
  };
}
