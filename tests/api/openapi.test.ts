// GET /api/openapi.json: a valid OpenAPI 3.1 document of every REST row, its answers the procedures' declared outputs (the harness holds real answers to it).
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { ClientErrorBody } from '../../server/errorContract';
import { OPENAPI_PATH, openApiDocument, openApiPathOf } from '../../server/rest/openapi';
import { restRoutes } from '../../server/rest/routes';
import type { errorBody } from '../../server/schemas/answers';
import packageJson from '../../package.json';
import { ApiClient, startSignedIn, type TestServer } from './harness';

// Each answer's schema is its procedure's `.output()`, so tsc holds the resolver to it; the error body is the error contract's exactly.
type Exact<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type NoneOf<T extends never> = T;
export type ErrorBodyIsTheContracts = NoneOf<Exact<z.output<typeof errorBody>, ClientErrorBody> extends true ? never : 'Error'>;

let server: TestServer;
let client: ApiClient;

beforeAll(async () => {
  ({ server, client } = await startSignedIn('openapi'));
});
afterAll(() => server.close());

type Operation = {
  operationId: string;
  summary?: string;
  security?: unknown[];
  parameters?: { name: string; in: string }[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
};
const document = openApiDocument();
const operations = document.paths as Record<string, Record<string, Operation>>;

describe(`GET ${OPENAPI_PATH}`, () => {
  it('answers the document to a caller without a session, cacheable, with an ETag that revalidates', async () => {
    const anonymous = new ApiClient(server.baseUrl);
    const res = await anonymous.get(OPENAPI_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    expect(res.body).toEqual(JSON.parse(JSON.stringify(document)));
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const again = await anonymous.request('GET', OPENAPI_PATH, undefined, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.body).toBeUndefined();
  });

  it('refuses other methods with 405', async () => {
    const res = await client.post(OPENAPI_PATH, {});
    expect(res.status).toBe(405);
    expect(res.body).toEqual({ message: `POST is not supported on ${OPENAPI_PATH}`, code: 'METHOD_NOT_SUPPORTED' });
  });

  it('is logged under its own path', async () => {
    await client.get(OPENAPI_PATH);
    expect(server.logs.some((line) => line.route === OPENAPI_PATH && line.status === 200)).toBe(true);
  });
});

describe('the document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(document);
    expect(result).toEqual({ valid: true });
    expect(document.openapi).toBe('3.1.0');
  });

  it('lists every row of the REST table under its method, named for its procedure', () => {
    for (const route of restRoutes) {
      const operation = operations[openApiPathOf(route)]?.[route.method.toLowerCase()];
      expect(operation?.operationId, `${route.method} ${route.path}`).toBe(route.procedure);
      expect(Object.keys(operation.responses), route.procedure).toContain(String(route.status ?? 200));
      const inPath = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
      expect(inPath, route.procedure).toEqual([...route.path.matchAll(/:(\w+)/g)].map((m) => m[1]));
    }
    const documented = Object.values(operations).reduce((sum, methods) => sum + Object.keys(methods).length, 0);
    expect(documented).toBe(restRoutes.length + 1);
  });

  it('gives every operation the one-line summary of its row in the REST table, each its own', () => {
    const summaries = restRoutes.map((route) => {
      const { summary } = operations[openApiPathOf(route)][route.method.toLowerCase()];
      expect(summary, `${route.method} ${route.path}`).toBe(route.summary);
      expect(summary, route.procedure).toMatch(/^[A-Z][^\n]{9,79}$/);
      expect(summary, route.procedure).not.toMatch(/[.\s]$/);
      return summary;
    });
    expect(new Set(summaries).size).toBe(summaries.length);
  });

  it('names the project’s licence, the one package.json gives', () => {
    expect(packageJson.license).toBeTruthy();
    expect(document.info.license).toMatchObject({ name: expect.any(String) });
    const { identifier } = document.info.license as { identifier?: string };
    expect(identifier === packageJson.license || identifier?.startsWith('LicenseRef-')).toBe(true);
  });

  it('asks for the session cookie on every operation but the public rows and itself', () => {
    expect(document.components.securitySchemes.sessionCookie).toMatchObject({ type: 'apiKey', in: 'cookie', name: 'sower_session' });
    expect(document.security).toEqual([{ sessionCookie: [] }]);
    const open = Object.entries(operations).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.security?.length === 0)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(open.sort()).toEqual([
      'GET /api/auth/password-reset',
      'GET /api/calendar/{token}.ics',
      'GET /api/invite-links/{code}/preview',
      `GET ${OPENAPI_PATH}`,
      'POST /api/account/email/confirm',
      'POST /api/auth/login',
      'POST /api/auth/login/2fa',
      'POST /api/auth/logout',
      'POST /api/auth/password-reset',
      'POST /api/auth/password-reset/check',
      'POST /api/auth/password-reset/complete',
      'POST /api/auth/register',
    ]);
  });

  it('takes input where the table says: the query of a list, the JSON body of a write, the id in the path', () => {
    const list = operations['/api/contacts'].get;
    expect(list.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual([
      'query:limit',
      'query:cursor',
      'query:team',
      'query:q',
      'query:status',
      'query:assignedTo',
      'query:tag',
      'query:archived',
      'query:milestone',
      'query:milestoneFrom',
      'query:milestoneTo',
      'query:sort',
    ]);
    const update = operations['/api/contacts/{id}'].put;
    expect(update.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual(['path:id']);
    expect(update.requestBody).toMatchObject({
      content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string', maxLength: 200 } } } } },
    });
    expect(JSON.stringify(update.requestBody)).not.toContain('"id"');
    const activity = operations['/api/activities'].post;
    expect(activity.parameters).toEqual([expect.objectContaining({ name: 'Idempotency-Key', in: 'header' })]);
  });

  it('documents dates as ISO 8601 strings, as REST sends them', async () => {
    const contact = document.components.schemas.Contact as { properties: Record<string, unknown> };
    expect(contact.properties.createdAt).toEqual({ type: 'string', format: 'date-time' });
    const created = await client.post('/api/contacts', { name: 'Dated' });
    expect(new Date(created.body.createdAt).toISOString()).toBe(created.body.createdAt);
  });

  it('names the error statuses of each operation, with the one error body', () => {
    expect(Object.keys(operations['/api/auth/login'].post.responses)).toEqual(['200', '400', '401', '403', '413', '415', '429', '500', '503']);
    expect(Object.keys(operations['/api/contacts/{id}'].put.responses)).toEqual(['200', '400', '401', '403', '404', '409', '413', '415', '423', '500', '503']);
    expect(Object.keys(operations['/api/dashboard/stats'].get.responses)).toEqual(['200', '400', '401', '403', '423', '500', '503']);
    // A locked session's way out (issue 47) never answers 423.
    expect(Object.keys(operations['/api/account/pin/verify'].post.responses)).not.toContain('423');
    expect(document.components.responses.Error404).toEqual({
      description: expect.any(String),
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    });
  });
});
