// Compresses the built client once, at build time, so the server never compresses on a request (server/http/static.ts):
// beside each compressible file over 1 kB it writes `name.br` (brotli, quality 11) and `name.gz` (gzip, level 9), each
// only when smaller than the file itself. Run by `npm run build` after Vite (and the service worker's precache list).
// Usage: node scripts/compress.mjs [dir=dist]
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** What is worth compressing; images and fonts are compressed already. Kept in step with server/http/static.ts. */
export const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.webmanifest', '.txt', '.map', '.xml', '.ico']);
export const MIN_BYTES = 1024;

const encoders = {
  br: (body) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  gz: (body) => gzipSync(body, { level: 9 }),
};

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : [];
  });
}

/** Writes the compressed copies under `dir`; returns what it wrote, for the build's log and the tests. */
export function compressDirectory(dir) {
  const written = [];
  for (const file of filesUnder(dir)) {
    if (!COMPRESSIBLE.has(extname(file))) continue;
    const body = readFileSync(file);
    for (const [suffix, encode] of Object.entries(encoders)) {
      const target = `${file}.${suffix}`;
      // A copy left by an earlier build of a file that no longer compresses well must not be served.
      rmSync(target, { force: true });
      if (body.length <= MIN_BYTES) continue;
      const encoded = encode(body);
      if (encoded.length >= body.length) continue;
      writeFileSync(target, encoded);
      written.push({ file: target, bytes: encoded.length, of: body.length });
    }
  }
  return written;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2] ?? 'dist';
  statSync(dir);
  const written = compressDirectory(dir);
  const total = (suffix) => written.filter((w) => w.file.endsWith(suffix)).reduce((sum, w) => sum + w.bytes, 0);
  console.log(`Compressed ${written.length} files in ${dir}: ${(total('.br') / 1024).toFixed(1)} kB brotli, ${(total('.gz') / 1024).toFixed(1)} kB gzip`);
}
