// Serves the built client: hashed assets cached for a year, gzip when accepted, index.html for client routes.
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};
const compressible = new Set(['.html', '.js', '.css', '.svg', '.json', '.webmanifest', '.txt']);

interface Asset {
  body: Buffer;
  gzipped?: Buffer;
  type: string;
}

export function createStaticHandler(directory: string) {
  const root = resolve(directory);
  const available = existsSync(join(root, 'index.html'));
  const cache = new Map<string, Asset>();

  function load(file: string): Asset | null {
    const hit = cache.get(file);
    if (hit) return hit;
    if (!existsSync(file) || !statSync(file).isFile()) return null;
    const body = readFileSync(file);
    const ext = extname(file);
    const asset: Asset = { body, type: types[ext] ?? 'application/octet-stream' };
    if (compressible.has(ext) && body.length > 1024) asset.gzipped = gzipSync(body, { level: 9 });
    cache.set(file, asset);
    return asset;
  }

  return {
    available,
    serve(req: IncomingMessage, res: ServerResponse, pathname: string) {
      const requested = normalize(join(root, decodeURIComponent(pathname)));
      const inside = requested === root || requested.startsWith(root + sep);
      const isAsset = pathname.startsWith('/assets/');
      let asset = inside && pathname !== '/' ? load(requested) : null;
      if (!asset && (isAsset || extname(pathname))) {
        res.statusCode = 404;
        res.setHeader('Content-Type', 'text/plain; charset=utf-8');
        return res.end('Not found');
      }
      asset ??= load(join(root, 'index.html'));
      if (!asset) {
        res.statusCode = 404;
        return res.end('Not found');
      }
      res.setHeader('Content-Type', asset.type);
      res.setHeader('Cache-Control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('Vary', 'Accept-Encoding');
      const useGzip = asset.gzipped && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
      const body = useGzip ? asset.gzipped! : asset.body;
      if (useGzip) res.setHeader('Content-Encoding', 'gzip');
      res.setHeader('Content-Length', body.length);
      res.end(req.method === 'HEAD' ? undefined : body);
    },
  };
}
