// Calls a tRPC procedure over HTTP with a test client's cookie, for procedures the REST table does not list.
import type { ApiClient } from './harness';

export interface TrpcAnswer<T = any> {
  status: number;
  data?: T;
  error?: { message: string; data: { code: string; httpStatus: number; issues?: { path: string; message: string }[] } };
}

function answerOf<T>(res: { status: number; body: any }): TrpcAnswer<T> {
  return res.body?.error ? { status: res.status, error: res.body.error.json } : { status: res.status, data: res.body?.result?.data?.json };
}

export async function trpcQuery<T = any>(client: ApiClient, path: string, input?: unknown): Promise<TrpcAnswer<T>> {
  const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;
  return answerOf<T>(await client.get(`/trpc/${path}${query}`));
}

export async function trpcMutation<T = any>(client: ApiClient, path: string, input?: unknown): Promise<TrpcAnswer<T>> {
  return answerOf<T>(await client.post(`/trpc/${path}`, { json: input }));
}

/** A tRPC batch of `calls` POSTed as one request. */
export function trpcBatch(client: ApiClient, calls: { path: string; input: unknown }[]) {
  const body = Object.fromEntries(calls.map((call, i) => [i, { json: call.input }]));
  return client.request('POST', `/trpc/${calls.map((c) => c.path).join(',')}?batch=1`, body);
}
