// Serves the built client as a CDN would: every file read once at start, with the brotli and gzip copies the build
// wrote beside it (scripts/compress.mjs), chosen by Accept-Encoding; nothing is compressed on a request. Hashed assets
// are cached for a year, the rest revalidated by ETag; index.html answers every client route.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, resolve, sep } from 'node:path';
import { requestLocale, translate } from '../i18n';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.map': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.woff2': 'font/woff2',
};

/** The encodings the build writes, most compact first: on a tie in the client's preference, brotli wins. */
const encodings = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;
type Encoding = (typeof encodings)[number]['name'];

interface Representation {
  body: Buffer;
  etag: string;
}

interface Asset {
  type: string;
  identity: Representation;
  encoded: Partial<Record<Encoding, Representation>>;
}

const represent = (body: Buffer, tag: string): Representation => ({ body, etag: `"${tag}"` });

/** The build's files, but none under a hidden folder: dist/.vite holds the build's manifest, for the server alone. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory() && entry.name.startsWith('.')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(path) : entry.isFile() ? [path] : [];
  });
}

/** Every built file by its URL path, with its compressed copies; the copies themselves are not paths of their own. */
function loadBuild(root: string): Map<string, Asset> {
  const files = filesUnder(root);
  const present = new Set(files);
  const isCopy = (file: string) => encodings.some(({ suffix }) => file.endsWith(suffix) && present.has(file.slice(0, -suffix.length)));
  const assets = new Map<string, Asset>();
  for (const file of files) {
    if (isCopy(file)) continue;
    const body = readFileSync(file);
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 22);
    const encoded: Asset['encoded'] = {};
    for (const { name, suffix } of encodings) {
      if (present.has(file + suffix)) encoded[name] = represent(readFileSync(file + suffix), `${hash}-${name}`);
    }
    const urlPath = '/' + relative(root, file).split(sep).join('/');
    assets.set(urlPath, { type: types[extname(file)] ?? 'application/octet-stream', identity: represent(body, hash), encoded });
  }
  return assets;
}

/**
 * The client's preference for each encoding (RFC 9110 §12.5.3): `br;q=0.8, gzip`, `*`, `gzip;q=0`. A coding it does
 * not name gets the `*` weight, or 0; identity is always acceptable here (the server never refuses with a 406).
 */
export function acceptedEncoding(header: string | undefined, available: readonly Encoding[]): Encoding | null {
  if (!header || available.length === 0) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',').slice(0, 32)) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((param) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(param)?.[1]).find((value) => value !== undefined);
    weights.set(token.trim(), q === undefined ? 1 : Number(q));
  }
  let best: Encoding | null = null;
  let bestWeight = 0;
  for (const name of available) {
    const weight = weights.get(name) ?? (name === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
    if (weight > bestWeight) [best, bestWeight] = [name, weight];
  }
  return best;
}

/** `If-None-Match` holds this representation's tag (or `*`): the client's copy is current. */
function isFresh(req: IncomingMessage, etag: string) {
  const header = req.headers['if-none-match'];
  if (!header) return false;
  return header === '*' || header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The path as the file is named; a malformed escape names no file. */
function decoded(pathname: string) {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return '';
  }
}

export function createStaticHandler(directory: string) {
  const root = resolve(directory);
  const available = existsSync(join(root, 'index.html'));
  const assets = available ? loadBuild(root) : new Map<string, Asset>();
  const shell = assets.get('/index.html');

  /** A missing file: a short text, in the language the browser asks for. */
  function notFound(req: IncomingMessage, res: ServerResponse) {
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end(translate(requestLocale(null, req.headers['accept-language']), 'Not found'));
  }

  return {
    available,
    /** The built index.html, which server/http/page.ts makes each client route's page from. */
    shell: shell?.identity.body.toString('utf8'),
    /** Whether a path is a client route (no file of the build, no extension): the app's page answers it. */
    isPage(pathname: string) {
      return pathname === '/' || (!assets.has(decoded(pathname)) && !pathname.startsWith('/assets/') && !extname(pathname));
    },
    serve(req: IncomingMessage, res: ServerResponse, pathname: string) {
      // Only the files of the build are known, so no path can reach outside it, however it is written.
      const isAsset = pathname.startsWith('/assets/');
      let asset = pathname === '/' ? undefined : assets.get(decoded(pathname));
      // A file that is not there is a 404; any other path is a client route, answered with the app's shell (when no
      // page is made for it: server/http/page.ts).
      if (!asset && (isAsset || extname(pathname))) return notFound(req, res);
      asset ??= shell;
      if (!asset) return notFound(req, res);
      const encoding = acceptedEncoding(
        req.headers['accept-encoding'],
        encodings.map(({ name }) => name).filter((name) => asset.encoded[name]),
      );
      const chosen = (encoding && asset.encoded[encoding]) || asset.identity;
      res.setHeader('Content-Type', asset.type);
      res.setHeader('Cache-Control', isAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('Vary', 'Accept-Encoding');
      res.setHeader('ETag', chosen.etag);
      if (encoding) res.setHeader('Content-Encoding', encoding);
      if (isFresh(req, chosen.etag)) {
        res.statusCode = 304;
        return res.end();
      }
      res.setHeader('Content-Length', chosen.body.length);
      res.end(req.method === 'HEAD' ? undefined : chosen.body);
    },
  };
}
