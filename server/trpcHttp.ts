// Serves /trpc on node:http: tRPC resolves the request; the answer goes out as one buffered body.
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { resolveResponse, type HTTPErrorHandler, type ResolveHTTPRequestOptionsContextFn } from '@trpc/server/http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_BATCH_CALLS } from './batching';
import { MAX_BODY_BYTES } from './http';
import { appRouter, type AppRouter } from './routers';

/**
 * The stock node adapter pipes every answer through a web WritableStream and gives every request an abort
 * controller wired to the socket, which only streaming links and subscriptions need. The client uses
 * httpBatchLink, so an answer is always one JSON body: it is read whole and sent with its length, and a GET (all
 * queries) gets a plain Request. Measured on the dashboard's batch: see docs/performance.md.
 */
export async function serveTrpc(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  createContext: ResolveHTTPRequestOptionsContextFn<AppRouter>,
  onError: HTTPErrorHandler<AppRouter, Request>,
) {
  const request = req.method === 'GET' || req.method === 'HEAD' ? queryRequest(req, url) : incomingMessageToRequest(req, res, { maxBodySize: MAX_BODY_BYTES });
  const response = await resolveResponse({ router: appRouter, req: request, path: url.pathname.slice('/trpc/'.length), error: null, createContext, onError, maxBatchSize: MAX_BATCH_CALLS });
  const body = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
  for (const cookie of response.headers.getSetCookie()) res.appendHeader('Set-Cookie', cookie);
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

const neverAborted = new AbortController().signal;

/**
 * A GET (or HEAD) as tRPC's resolveResponse reads it: method, url, headers.get/has and signal, nothing else (checked
 * against @trpc/server 11.19.0, pinned in package.json; tests/api/trpc-transport.test.ts covers the batch, errors and
 * HEAD). A fetch Request costs an AbortSignal and a copy of every header each time, a third of a small query's CPU.
 */
function queryRequest(req: IncomingMessage, url: URL): Request {
  const header = (name: string) => {
    const value = req.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  };
  const headers = { get: header, has: (name: string) => header(name) !== null };
  return { method: req.method, url: url.href, headers, signal: neverAborted } as unknown as Request;
}
