// Serves /trpc on node:http: tRPC resolves the request; the answer goes out as one buffered body.
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { resolveResponse, type HTTPErrorHandler } from '@trpc/server/http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_BODY_BYTES } from './http';
import { appRouter, type AppRouter } from './routers';
import type { Context } from './trpc';

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
  createContext: () => Promise<Context>,
  onError: HTTPErrorHandler<AppRouter, Request>,
) {
  const request =
    req.method === 'GET' || req.method === 'HEAD'
      ? new Request(url, { method: req.method, headers: headersOf(req) })
      : incomingMessageToRequest(req, res, { maxBodySize: MAX_BODY_BYTES });
  const response = await resolveResponse({ router: appRouter, req: request, path: url.pathname.slice('/trpc/'.length), error: null, createContext, onError });
  const body = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
  for (const cookie of response.headers.getSetCookie()) res.appendHeader('Set-Cookie', cookie);
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

function headersOf(req: IncomingMessage) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
    else if (value) for (const one of value) headers.append(name, one);
  }
  return headers;
}
