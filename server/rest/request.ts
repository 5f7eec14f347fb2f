// Low-level HTTP helpers: request metadata, bounded JSON bodies, JSON and text answers, the same-origin check.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import { msg } from '../../shared/i18n';
import type { Env } from '../env';
import type { RequestMeta } from '../trpc';
import { HttpError } from '../errors';
import { TRPCError } from '@trpc/server';

export const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The value a chain of `hops` trusted proxies vouches for in a forwarded header: each appends what it saw (a header may
 * also come as several lines, which count as one list), so the `hops`-th entry from the right is the one the outermost
 * trusted proxy wrote, and every entry left of it was written by the client. Fewer entries than hops: the leftmost,
 * which some trusted proxy wrote. No header, or no trust: nothing.
 */
export function forwardedEntry(header: string | string[] | undefined, hops: number): string {
  if (!hops || header === undefined) return '';
  const entries = (Array.isArray(header) ? header.join(',') : header)
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries[Math.max(0, entries.length - hops)] ?? '';
}

/**
 * The app's address for links an answer holds (an invite link): PUBLIC_URL, else the origin the client addressed (its
 * Host is one the server answers to: app.ts refuses any other before an API call is served).
 */
function appOriginOf(req: IncomingMessage, https: boolean, publicUrl: string | undefined) {
  if (publicUrl) return publicUrl;
  const url = `${https ? 'https' : 'http'}://${req.headers.host ?? 'localhost'}`;
  return URL.canParse(url) ? new URL(url).origin : 'http://localhost';
}

export function requestMeta(req: IncomingMessage, env: Pick<Env, 'TRUST_PROXY' | 'COOKIE_SECURE' | 'PUBLIC_URL'>): RequestMeta & { https: boolean } {
  const forwardedProto = forwardedEntry(req.headers['x-forwarded-proto'], env.TRUST_PROXY).toLowerCase();
  const overTls = 'encrypted' in req.socket && Boolean((req.socket as { encrypted?: boolean }).encrypted);
  const https = overTls || forwardedProto === 'https';
  const secure = env.COOKIE_SECURE === 'auto' ? https : env.COOKIE_SECURE === 'true';
  // Only an address counts: a proxy that wrote something else (a port, 'unknown') leaves the connection's own address.
  const forwardedFor = forwardedEntry(req.headers['x-forwarded-for'], env.TRUST_PROXY);
  const acceptLanguage = typeof req.headers['accept-language'] === 'string' ? req.headers['accept-language'] : undefined;
  return {
    secure,
    https,
    clientIp: (isIP(forwardedFor) ? forwardedFor : '') || req.socket.remoteAddress || 'unknown',
    acceptLanguage,
    appOrigin: appOriginOf(req, https, env.PUBLIC_URL),
    userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : undefined,
  };
}

/** Reads a JSON body, refusing more than MAX_BODY_BYTES before it is all read, and anything but JSON. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > MAX_BODY_BYTES) throw new HttpError(413, 'PAYLOAD_TOO_LARGE', msg('Request body is larger than 1 MB'));
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'PAYLOAD_TOO_LARGE', msg('Request body is larger than 1 MB'));
    chunks.push(chunk as Buffer);
  }
  if (size === 0) return undefined;
  if (!isJsonBody(req)) throw new HttpError(415, 'UNSUPPORTED_MEDIA_TYPE', msg('Send the request body as JSON (Content-Type: application/json)'));
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new HttpError(400, 'BAD_REQUEST', 'Malformed JSON in request body');
  }
}

/** Whether the request says its body is JSON (an upload route takes any other body as a file). */
export function isJsonBody(req: IncomingMessage) {
  const type = String(req.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();
  return type === 'application/json';
}

/** A refusal a procedure throws with its HTTP status (tRPC would answer any other error thrown there as a fault). */
const refusal = (code: 'PAYLOAD_TOO_LARGE' | 'TIMEOUT', status: number, message: string, values?: Record<string, string | number>) =>
  new TRPCError({ code, message, cause: new HttpError(status, code, message, values) });

const UPLOAD_TOO_LARGE = msg('This file is larger than {max} MB, more than Sower can import at once.');
const UPLOAD_TOO_SLOW = msg('The file did not arrive within {seconds} seconds. Please try again on a better connection.');

/**
 * A request's body as it arrives, refused past `maxBytes` (at once when its Content-Length says so) with 413, and
 * with 408 when the whole of it has not arrived within `seconds`: a client sending slowly cannot hold what it was given
 * to read the file (an import's one place in the process) for longer.
 */
export async function* readUpload(req: IncomingMessage, { maxBytes, seconds }: { maxBytes: number; seconds: number }): AsyncGenerator<Uint8Array> {
  const tooLarge = () => refusal('PAYLOAD_TOO_LARGE', 413, UPLOAD_TOO_LARGE, { max: Math.round(maxBytes / 1_000_000) });
  if (Number(req.headers['content-length'] ?? 0) > maxBytes) throw tooLarge();
  const deadline = performance.now() + seconds * 1000;
  const parts = req[Symbol.asyncIterator]();
  let size = 0;
  for (;;) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(refusal('TIMEOUT', 408, UPLOAD_TOO_SLOW, { seconds })), Math.max(0, deadline - performance.now()));
    });
    let next: IteratorResult<Buffer>;
    try {
      next = await Promise.race([parts.next(), late]);
    } finally {
      clearTimeout(timer);
    }
    if (next.done) return;
    size += next.value.length;
    if (size > maxBytes) throw tooLarge();
    yield next.value;
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown) {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/**
 * A text answer (a calendar, an export): never cached, since it holds the user's records; with a file name it is
 * an attachment, whose name is cut down to characters that need no quoting in the header.
 */
export function sendText(res: ServerResponse, status: number, text: string, contentType: string, filename?: string) {
  setTextHeaders(res, status, contentType, filename);
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}

/** The headers of a text answer, without its length (a file written as it is read goes out chunked). */
export function setTextHeaders(res: ServerResponse, status: number, contentType: string, filename?: string) {
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  res.setHeader('Cache-Control', 'private, no-store');
  if (filename) res.setHeader('Content-Disposition', `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"`);
}

/** Loopback names: always served, so the app works on the machine it runs on without configuration. */
function isLoopback(hostname: string) {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(hostname) || hostname === '[::1]';
}

/** The request's `Host` as a host name when it is one the server answers to (loopback or configured), else null. */
export function allowedHost(hostHeader: string | undefined, allowedHosts: string[]): string | null {
  // Only the characters of a host and port: 'evil.example@localhost' would otherwise parse as localhost.
  if (!hostHeader || !/^[a-z0-9.-]+(:\d+)?$|^\[[0-9a-f:.]+\](:\d+)?$/i.test(hostHeader)) return null;
  let hostname: string;
  try {
    hostname = new URL(`http://${hostHeader}`).hostname;
  } catch {
    return null;
  }
  return isLoopback(hostname) || allowedHosts.includes(hostname) ? hostname : null;
}

export interface OriginPolicy {
  /** ALLOWED_ORIGINS and PUBLIC_URL's origin. */
  allowedOrigins: string[];
}

/**
 * Browsers send Origin (or at least Referer) with every cross-site write; a write is accepted only when that origin is
 * this request's own (scheme, host and port, as the browser addressed this server) or a configured one. A request with
 * neither header is not from a browser page, so it carries no forged intent (see docs/decisions/003-origin-check.md).
 */
export function isSameOriginWrite(req: IncomingMessage, https: boolean, policy: OriginPolicy): boolean {
  const method = (req.method ?? 'GET').toUpperCase();
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') return true;
  const source = req.headers.origin ?? originOf(req.headers.referer);
  if (source === undefined) return true;
  if (source === 'null' || !req.headers.host || !URL.canParse(source) || !URL.canParse(`http://${req.headers.host}`)) return false;
  const sourceOrigin = new URL(source).origin;
  const ownOrigin = new URL(`${https ? 'https' : 'http'}://${req.headers.host}`).origin;
  return sourceOrigin === ownOrigin || policy.allowedOrigins.includes(sourceOrigin);
}

function originOf(referer: string | undefined) {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}

/**
 * Only the app's own scripts run (no inline script, no eval); inline style attributes stay allowed because
 * progress bars and the confetti set widths and positions, and styles cannot run code.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function setSecurityHeaders(res: ServerResponse, https: boolean) {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'same-origin');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  if (https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
}
