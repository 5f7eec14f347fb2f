// The one generic adapter: matches a request against the REST table and calls the procedure through a server-side caller.
import { TRPCError } from '@trpc/server';
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { appRouter } from '../routers';
import { HttpError } from '../errors';
import { isJsonBody, readJsonBody, readUpload, sendJson, sendText, setTextHeaders } from './request';
import { EXPORT_UPLOAD_MAX_BYTES } from '../../shared/schemas/account';
import { isDownload, type Download } from '../downloads';
import { longStep } from '../queries/turns';
import { SIGN_IN_REQUIRED, toClientError } from '../errorContract';
import { msg, type Locale } from '../../shared/i18n';
import { requestLocale } from '../i18n';
import { createCallerFactory, type Context } from '../trpc';
import { MAX_PAGE_ROWS } from '../../shared/schemas/common';
import { OPENAPI_PATH, openApiDocument } from './openapi';
import { restRoutes, type RestRoute } from './routes';

const createCaller = createCallerFactory(appRouter);
type Procedure = (input?: unknown) => Promise<unknown>;

interface CompiledRoute extends RestRoute {
  pattern: RegExp;
  params: string[];
}

/** A parameter that names a row (`:id`, `:teamId`) is digits; others (the feed's `:token`) any text but a slash. */
const paramPattern = (name: string) => (name === 'id' || name.endsWith('Id') ? '(\\d+)' : '([^/]+)');

/** Each row's path as a pattern; literal parts are escaped, so the dot of '/:token.ics' is a dot. */
export function compileRoutes(routes: readonly RestRoute[]): CompiledRoute[] {
  return routes.map((route) => {
    const params: string[] = [];
    const source = route.path
      .split(/(:\w+)/)
      .map((part) => {
        if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        params.push(part.slice(1));
        return paramPattern(part.slice(1));
      })
      .join('');
    return { ...route, pattern: new RegExp(`^${source}/?$`), params };
  });
}

const compiled = compileRoutes(restRoutes);

/**
 * The table's pattern for a path ('/api/calendar/:token.ics'), so request logs name the route without the values
 * of its parameters: a feed token in a log line would be a working credential.
 */
export function routePatternOf(pathname: string): string | undefined {
  if (pathname === OPENAPI_PATH) return OPENAPI_PATH;
  return compiled.find((route) => route.pattern.test(pathname))?.path;
}

/** Finds the procedure a dotted name names on a caller ('teams.members.add'). */
export function procedureOf(caller: unknown, name: string): Procedure {
  const found = name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], caller);
  if (typeof found !== 'function') throw new Error(`REST table names a missing procedure: ${name}`);
  return found as Procedure;
}

/** The row for a method and path (and whether the path is one of the table's under another method, for 405). */
export function matchRoute(method: string, pathname: string, routes: readonly CompiledRoute[] = compiled) {
  let pathMatched = false;
  for (const route of routes) {
    const match = route.pattern.exec(pathname);
    if (!match) continue;
    pathMatched = true;
    if (route.method !== method) continue;
    const params = Object.fromEntries(route.params.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
    return { route, params, pathMatched };
  }
  return { route: undefined, params: {}, pathMatched };
}

/** Fills the fields a route takes from headers (Idempotency-Key) when the input object does not give them. */
function withHeaderInputs(route: RestRoute, req: IncomingMessage, input: unknown) {
  if (!route.headerInputs || typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const fromHeaders: Record<string, string> = {};
  for (const [header, field] of Object.entries(route.headerInputs)) {
    const value = req.headers[header];
    if (typeof value === 'string') fromHeaders[field] = value;
  }
  return { ...fromHeaders, ...input };
}

/** The most a file sent as a request's body may be, and the time it has to arrive. */
const UPLOAD_LIMITS = { maxBytes: EXPORT_UPLOAD_MAX_BYTES, seconds: 120 };

/** An upload's other input fields, from its percent-encoded headers (a header holds Latin-1 alone). */
function uploadFields(upload: NonNullable<RestRoute['upload']>, req: IncomingMessage) {
  const fields: Record<string, string> = {};
  for (const [header, field] of Object.entries(upload.fields)) {
    const value = req.headers[header];
    if (typeof value !== 'string') continue;
    try {
      fields[field] = decodeURIComponent(value);
    } catch {
      throw new HttpError(400, 'BAD_REQUEST', msg('The {header} header must be percent-encoded UTF-8'), { header });
    }
  }
  return fields;
}

/** A query string as input: a key given once is a text, a key repeated (`?tag=a&tag=b`) the list of its texts. */
function queryInput(query: URLSearchParams): Record<string, string | string[]> {
  // Built as entries, so a key like __proto__ stays an own key the input's checks refuse, never the object's prototype.
  return Object.fromEntries(
    [...new Set(query.keys())].map((key) => {
      const values = query.getAll(key);
      return [key, values.length === 1 ? values[0] : values];
    }),
  );
}

async function buildInput(route: RestRoute, req: IncomingMessage, params: Record<string, string>, query: URLSearchParams) {
  // POST and PUT always have their body read (and checked); another method only when the route takes input from it.
  const takesBody = route.input === 'body' || route.input === 'params+body';
  const body = takesBody || route.method === 'POST' || route.method === 'PUT' ? await readJsonBody(req) : undefined;
  switch (route.input) {
    case 'none':
      return undefined;
    case 'params':
      return params;
    case 'query':
      return queryInput(query);
    case 'params+query':
      return { ...queryInput(query), ...params };
    case 'body':
      return body ?? {};
    case 'params+body':
      if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body)))
        throw new HttpError(400, 'BAD_REQUEST', msg('Request body must be a JSON object'));
      return { ...(body as object | undefined), ...params };
  }
}

/** The OpenAPI document, built once when the server starts: the same for everyone, so caches may keep it. */
const openApi = (() => {
  const text = JSON.stringify(openApiDocument());
  return { text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` };
})();

function sendOpenApi(req: IncomingMessage, res: ServerResponse) {
  res.setHeader('Cache-Control', 'public, max-age=3600');
  res.setHeader('ETag', openApi.etag);
  if (req.headers['if-none-match'] === openApi.etag) {
    res.statusCode = 304;
    return res.end();
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(openApi.text));
  res.end(req.method === 'HEAD' ? undefined : openApi.text);
}

/** Sends any error as the one error contract (errorContract.ts); the server's own faults are logged. */
export function sendError(res: ServerResponse, error: unknown, log: (error: unknown) => void, locale: Locale) {
  const { status, body, fault } = toClientError(error, locale);
  if (fault) log(error);
  // The rest of a refused over-large body is never read, so this connection cannot carry another request.
  if (status === 413) res.setHeader('Connection', 'close');
  sendJson(res, status, body);
}

/** Resolves once the response can take more, or has closed (then `res.destroyed` says so). */
function writable(res: ServerResponse) {
  return new Promise<void>((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

/**
 * A list without `limit` (the REST contract: every row) read a page (the largest one) at a time along the keyset
 * cursor and written as one JSON array as the client takes it. A whole list held at once costs its size per request
 * in memory (5,000 follow-ups are 1.2 MB of JSON and several times that in row objects), and 50 clients at once had
 * the server past 200 MB. Each page is a long step (server/queries/turns.ts): one is read at a time across all requests,
 * each in a turn of its own, and a client slow to read holds no step while its socket drains. The first page is read
 * before anything is sent, so a bad input still answers its 400; a failure later can only cut the response short (and
 * is logged).
 */
async function sendWholeList(res: ServerResponse, list: Procedure, input: Record<string, string>, log: (error: unknown) => void) {
  const pageAfter = (cursor?: number) => list({ ...input, limit: MAX_PAGE_ROWS, ...(cursor ? { cursor } : {}) }) as Promise<{ id: number }[]>;
  let more = await longStep(async () => {
    const page = await pageAfter();
    res.statusCode = 200;
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Cache-Control', 'no-store');
    return write(res, page, true);
  });
  try {
    while (more !== null) {
      if (!more.flushed) await writable(res);
      if (res.destroyed) return;
      const cursor = more.last;
      more = await longStep(async () => write(res, await pageAfter(cursor), false));
    }
    res.end(']');
  } catch (error) {
    log(error);
    res.destroy();
  }
}

/** Writes one page of a whole list; answers where the next page starts, or null after the last page. */
function write(res: ServerResponse, page: { id: number }[], first: boolean) {
  const rows = JSON.stringify(page).slice(1, -1);
  const flushed = res.write(first ? `[${rows}` : rows ? `,${rows}` : '');
  return page.length < MAX_PAGE_ROWS ? null : { last: page[page.length - 1].id, flushed };
}

/**
 * A file written as its parts are read (server/downloads.ts): each part a long step of its own (server/queries/turns.ts), and
 * the next one only once the client has taken the last, so a slow reader holds one part in memory, never the file.
 * Errors before the first part still answer in full; a failure later can only cut the file short (and is logged).
 */
async function sendDownload(res: ServerResponse, file: Download<unknown>, contentType: string, filename: string | undefined, log: (error: unknown) => void) {
  const parts = file.parts[Symbol.asyncIterator]();
  try {
    let part = await longStep(() => parts.next());
    setTextHeaders(res, 200, contentType, filename);
    try {
      while (!part.done) {
        if (!res.write(part.value)) await writable(res);
        if (res.destroyed) return;
        part = await longStep(() => parts.next());
      }
      res.end();
    } catch (error) {
      log(error);
      res.destroy();
    }
  } finally {
    // A client that went away stops the reading too.
    await parts.return?.();
  }
}

export async function handleRest(req: IncomingMessage, res: ServerResponse, url: URL, makeContext: () => Promise<Context>, log: (error: unknown) => void) {
  const method = (req.method ?? 'GET').toUpperCase();
  // Errors before the session is read answer in the Accept-Language's language; after, in the user's.
  let locale = requestLocale(null, req.headers['accept-language']);
  try {
    if (url.pathname === OPENAPI_PATH) {
      if (method === 'GET' || method === 'HEAD') return sendOpenApi(req, res);
      throw new HttpError(405, 'METHOD_NOT_SUPPORTED', msg('{method} is not supported on {path}'), { method, path: url.pathname });
    }
    const { route, params, pathMatched } = matchRoute(method, url.pathname);
    if (!route) {
      if (pathMatched) throw new HttpError(405, 'METHOD_NOT_SUPPORTED', msg('{method} is not supported on {path}'), { method, path: url.pathname });
      throw new HttpError(404, 'NOT_FOUND', msg('No such API path'));
    }
    const ctx = await makeContext();
    locale = ctx.locale;
    // Only a public row lets a caller without a session through, refused before the body is read or anything is called.
    if (!route.public && !ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: SIGN_IN_REQUIRED });
    let input: unknown;
    if (route.upload && !isJsonBody(req)) {
      // The file is the body, read by the procedure as it arrives; what else it takes comes in headers.
      ctx.upload = readUpload(req, UPLOAD_LIMITS);
      input = uploadFields(route.upload, req);
    } else input = withHeaderInputs(route, req, await buildInput(route, req, params, url.searchParams));
    const procedure = procedureOf(createCaller(ctx), route.procedure);
    if (route.pagedList && !(input as { limit?: string }).limit) return await sendWholeList(res, procedure, input as Record<string, string>, log);
    const result = await procedure(input);
    if (!route.download) return sendJson(res, route.status ?? 200, result);
    const { contentType, filename } = route.download;
    if (isDownload(result)) return await sendDownload(res, result, contentType, filename?.(params), log);
    const text = typeof result === 'string' ? result : contentType.startsWith('application/json') ? JSON.stringify(result, null, 2) : undefined;
    if (text === undefined) throw new Error(`${route.procedure} must answer text for its download route`);
    sendText(res, route.status ?? 200, text, contentType, filename?.(params));
  } catch (error) {
    sendError(res, error, log, locale);
  }
}
