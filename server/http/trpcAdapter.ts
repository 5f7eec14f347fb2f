// Serves /trpc on node:http: tRPC resolves the request; the answer goes out as one buffered body.
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { resolveResponse, type HTTPErrorHandler, type ResolveHTTPRequestOptionsContextFn } from '@trpc/server/http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MAX_BATCH_CALLS } from '../../shared/batching';
import { MAX_BODY_BYTES } from '../rest/request';
import { appRouter, type AppRouter } from '../routers';

/**
 * The stock node adapter pipes every answer through a web WritableStream and gives every request an abort
 * controller wired to the socket, which only streaming links and subscriptions need. The client uses
 * httpBatchLink, so an answer is always one JSON body: it is read whole and sent with its length, and a GET (all
 * queries) gets a Request without abort wiring (decision 021).
 */
export async function serveTrpc(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  createContext: ResolveHTTPRequestOptionsContextFn<AppRouter>,
  onError: HTTPErrorHandler<AppRouter, Request>,
) {
  const request = req.method === 'GET' || req.method === 'HEAD' ? queryRequest(req, url) : incomingMessageToRequest(req, res, { maxBodySize: MAX_BODY_BYTES });
  const response = await resolveResponse({
    router: appRouter,
    req: request,
    path: url.pathname.slice('/trpc/'.length),
    error: null,
    createContext,
    onError,
    maxBatchSize: MAX_BATCH_CALLS,
  });
  const body = Buffer.from(await response.arrayBuffer());
  res.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
  for (const cookie of response.headers.getSetCookie()) res.appendHeader('Set-Cookie', cookie);
  res.setHeader('Content-Length', body.length);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * A GET (or HEAD) as a fetch Request of its own: no body to stream and nothing to abort (a query's answer is computed
 * whole, decision 021), so none of incomingMessageToRequest's abort wiring, and the URL already parsed.
 */
function queryRequest(req: IncomingMessage, url: URL): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  return new Request(url, { method: req.method, headers });
}
