// The OpenAPI 3.1 document of the REST API, built from the REST table and the procedures' zod inputs and outputs.
import { z } from 'zod';
import { license } from '../../package.json';
import { SESSION_COOKIE } from '../security/auth';
import { OPEN_WHILE_LOCKED } from '../security/sessionLock';
import * as answers from '../schemas/answers';
import { parsersOf, procedureAt } from './procedures';
import { restRoutes, type RestRoute } from './routes';

export const OPENAPI_PATH = '/api/openapi.json';

type JsonSchema = Record<string, unknown> & { properties?: Record<string, JsonSchema>; required?: string[] };

const ERRORS: Record<number, string> = {
  400: 'The request is malformed or its input is invalid; `issues` name the fields',
  401: 'No valid session (for login: wrong username or password; for its second step: a wrong code, or a ticket spent or expired)',
  403: 'A cross-origin write, or what the caller’s team role does not allow',
  404: 'No such record, or one the caller may not see',
  409: 'The change collides with what is stored; `issues` name the field',
  410: 'The invite link was revoked, has expired or is used up (the message says which)',
  408: 'A file sent as the body did not arrive within 120 seconds',
  413: 'The body is larger than 1 MB (a file sent as the body itself: 64 MB)',
  415: 'The body is not JSON (Content-Type: application/json)',
  422: 'The Idempotency-Key was used before with another request',
  423: 'The session is locked by the app lock: only POST /api/account/pin/verify, POST /api/account/pin/lock and POST /api/auth/logout answer until the right PIN',
  429: 'Too many attempts; Retry-After says when to try again',
  500: 'Something went wrong on the server (the body says only that)',
  503: 'The server’s storage refuses writes (a full disk, a read-only file system): nothing was saved; or, for an encrypted export or an import, it is busy deriving other passphrases’ keys or importing other files (Retry-After says when to try again)',
};

/** Procedures that count attempts (rateLimit.ts) and answer 429 past their limit. */
const ATTEMPT_LIMITED = new Set<string>([
  'auth.register',
  'auth.login',
  'auth.loginTwoFactor',
  'auth.passwordReset.request',
  'auth.passwordReset.complete',
  'account.updateProfile',
  'account.twoFactor.setup',
  'account.twoFactor.enable',
  'account.twoFactor.disable',
  'account.pin.set',
  'account.pin.remove',
  'account.changePassword',
  'account.deleteAccount',
  'account.email.sendConfirmation',
  'inviteLinks.show',
  'inviteLinks.preview',
  'inviteLinks.accept',
  'teams.links.email',
]);
/** Procedures that answer 410 for a link that worked once and no longer does. */
const GONE_LINKS = new Set<string>(['inviteLinks.show', 'inviteLinks.preview', 'inviteLinks.accept', 'teams.links.email']);
/** Counted per request, as rates: the calendar feed per token and address, the exports per account and address. */
const RATE_LIMITED = new Set<string>([
  'calendar.feed',
  'account.export',
  'account.exportEncrypted',
  'account.exportContactsCsv',
  'account.exportContactsVcard',
  'account.importExport',
]);

/**
 * Dates: a procedure takes and answers Date objects (superjson over /trpc); over REST they are ISO 8601 strings both
 * ways (a Date becomes its toISOString() in the JSON answer; an input date is read from the string).
 */
function datesAsStrings(ctx: { zodSchema: unknown; jsonSchema: Record<string, unknown> }) {
  if (ctx.zodSchema instanceof z.ZodDate) Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
}

const componentRef = (id: string) => `#/components/schemas/${id}`;

/** Schemas that appear in several answers, by the name of their component in the document; any other answer is named for its procedure. */
const components: Record<string, z.ZodType> = {
  User: answers.user,
  Contact: answers.contact,
  Activity: answers.activity,
  FollowUp: answers.followUp,
  PrayerRequest: answers.prayerRequest,
  Goal: answers.goal,
  Team: answers.team,
  OwnTeam: answers.ownTeam,
  TeamMember: answers.member,
  SentInvitation: answers.sentInvitation,
  ReceivedInvitation: answers.receivedInvitation,
  InviteLink: answers.inviteLink,
  Trend: answers.trend,
  TimelineItem: answers.timelineItem,
  AttentionItem: answers.attentionItem,
  Removed: answers.removed,
  Done: answers.done,
  CalendarFeedUrl: answers.feedUrl,
  Error: answers.errorBody,
};

/** The JSON Schema of what the procedure takes (as sent over REST); none for a procedure without input. */
function inputSchemaOf(route: RestRoute): JsonSchema | undefined {
  const { inputs } = parsersOf(procedureAt(route.procedure));
  if (!inputs.length) return undefined;
  if (inputs.length > 1 || !(inputs[0] instanceof z.ZodType)) throw new Error(`${route.procedure}: one zod input schema expected for the OpenAPI document`);
  const { $schema: _dialect, ...schema } = z.toJSONSchema(inputs[0], { io: 'input', unrepresentable: 'any', override: datesAsStrings }) as JsonSchema;
  return schema;
}

const pathParams = (route: RestRoute) => [...route.path.matchAll(/:(\w+)/g)].map((match) => match[1]);

function without(schema: JsonSchema, names: string[]): JsonSchema {
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([name]) => !names.includes(name)));
  const required = (schema.required ?? []).filter((name) => !names.includes(name));
  return { ...schema, properties, ...(schema.required ? { required } : {}) };
}

function parametersOf(route: RestRoute, input: JsonSchema | undefined) {
  const params = pathParams(route);
  const inPath = params.map((name) => ({ name, in: 'path', required: true, schema: input?.properties?.[name] ?? { type: 'string' } }));
  const fromQuery = route.input === 'query' || route.input === 'params+query';
  const inQuery =
    fromQuery && input
      ? Object.entries(without(input, params).properties ?? {}).map(([name, schema]) => ({
          name,
          in: 'query',
          required: Boolean(input.required?.includes(name)),
          schema,
        }))
      : [];
  const inHeaders = Object.entries(route.headerInputs ?? {}).map(([header, field]) => ({
    name: header.replace(/(^|-)\w/g, (start) => start.toUpperCase()),
    in: 'header',
    required: false,
    description: `Stands for \`${field}\` when the body leaves it out`,
    schema: input?.properties?.[field] ?? { type: 'string' },
  }));
  const uploadHeaders = Object.entries(route.upload?.fields ?? {}).map(([header, field]) => ({
    name: header.replace(/(^|-)\w/g, (start) => start.toUpperCase()),
    in: 'header',
    required: false,
    description: `\`${field}\`, percent-encoded, when the body is the file itself`,
    schema: { type: 'string' },
  }));
  return [...inPath, ...inQuery, ...inHeaders, ...uploadHeaders];
}

function requestBodyOf(route: RestRoute, input: JsonSchema | undefined) {
  if (!input || (route.input !== 'body' && route.input !== 'params+body')) return undefined;
  const schema = without(input, pathParams(route));
  // A route that takes a file takes it as the body itself too, of any other type.
  const file = route.upload ? { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } : {};
  return { required: Boolean(schema.required?.length) || Boolean(route.upload), content: { 'application/json': { schema }, ...file } };
}

const readsBody = (route: RestRoute) => route.method === 'POST' || route.method === 'PUT' || route.input === 'body' || route.input === 'params+body';

/** The statuses an operation may answer besides success, from what the row and its input say it does. */
function errorStatusesOf(route: RestRoute, input: JsonSchema | undefined) {
  const write = route.method !== 'GET';
  const signsIn = route.procedure === 'auth.login' || route.procedure === 'auth.loginTwoFactor';
  const session = signsIn || route.procedure === 'auth.logout';
  // A list's space (`team`, issue 48) names a team too: one the caller is not in is 404.
  const namesRecords = pathParams(route).length > 0 || Object.keys(input?.properties ?? {}).some((name) => name.endsWith('Id') || name === 'team');
  return [
    400,
    ...(!route.public || signsIn ? [401] : []),
    ...(write || !route.public ? [403] : []),
    ...(namesRecords ? [404] : []),
    ...(write && !session ? [409] : []),
    ...(GONE_LINKS.has(route.procedure) ? [410] : []),
    ...(readsBody(route) ? [413, 415] : []),
    ...(route.upload ? [408] : []),
    ...(route.headerInputs?.['idempotency-key'] ? [422] : []),
    ...(!route.public && !OPEN_WHILE_LOCKED.has(route.procedure) ? [423] : []),
    ...(ATTEMPT_LIMITED.has(route.procedure) || RATE_LIMITED.has(route.procedure) ? [429] : []),
    500,
    // Any request may write (a session's renewal, a sign-in's attempt count), so any may meet a full disk.
    503,
  ];
}

/** What the procedure's `.output()` was given (server/answers.ts): the schema of its answer, if it declares one. */
function answerSchemaOf(procedure: string): z.ZodType | undefined {
  const { output } = parsersOf(procedureAt(procedure));
  const schema = (output as { schema?: unknown } | undefined)?.schema;
  return schema instanceof z.ZodType ? schema : undefined;
}

function successOf(route: RestRoute, schemaIds: Map<z.ZodType, string>) {
  const answer = answerSchemaOf(route.procedure);
  const json = answer && { schema: { $ref: componentRef(schemaIds.get(answer)!) } };
  if (!route.download) {
    if (!json) throw new Error(`${route.procedure}: no declared answer (.output(answer(…)), server/answers.ts)`);
    const whole = route.pagedList ? ' Without `limit`, every row (sent as it is read); with it, one page after `cursor`.' : '';
    return { description: `The procedure’s answer as JSON; dates are ISO 8601 strings.${whole}`, content: { 'application/json': json } };
  }
  const mediaType = route.download.contentType.split(';')[0];
  const attachment = route.download.filename
    ? { headers: { 'Content-Disposition': { description: 'attachment; filename="…"', schema: { type: 'string' } } } }
    : {};
  return {
    description: route.download.filename ? 'A file to save' : 'Text shown inline',
    content: { [mediaType]: json ?? { schema: { type: 'string' } } },
    ...attachment,
  };
}

/** The OpenAPI path of a table row: '/api/contacts/:id' is '/api/contacts/{id}'. */
export const openApiPathOf = (route: Pick<RestRoute, 'path'>) => route.path.replace(/:(\w+)/g, '{$1}');

/**
 * package.json's `license` as OpenAPI's licence object: an SPDX identifier as it is; npm's `UNLICENSED` (no licence
 * granted, all rights reserved) is not one, so it is named with an SPDX `LicenseRef-` of its own.
 */
function licenseOf(spdx: string) {
  return spdx === 'UNLICENSED'
    ? { name: 'No licence granted: all rights reserved', identifier: 'LicenseRef-Sower-All-Rights-Reserved' }
    : { name: spdx, identifier: spdx };
}

/** Builds the document; the server does it once at start (handler.ts) and answers the same text every time. */
export function openApiDocument() {
  // Shared schemas keep their names; every other answer is a component named for its procedure.
  const registry = z.registry<{ id: string }>();
  const schemaIds = new Map<z.ZodType, string>();
  for (const [id, schema] of Object.entries(components)) {
    registry.add(schema, { id });
    schemaIds.set(schema, id);
  }
  for (const { procedure } of restRoutes) {
    const schema = answerSchemaOf(procedure);
    if (schema && !schemaIds.has(schema)) {
      registry.add(schema, { id: procedure });
      schemaIds.set(schema, procedure);
    }
  }
  const generated = z.toJSONSchema(registry, { io: 'output', unrepresentable: 'any', override: datesAsStrings, uri: componentRef }).schemas;
  const schemas = Object.fromEntries(Object.entries(generated).map(([id, { $schema: _dialect, $id: _id, ...schema }]) => [id, schema]));

  const paths: Record<string, Record<string, unknown>> = {
    [OPENAPI_PATH]: {
      get: {
        operationId: 'openapi',
        summary: 'This document',
        security: [],
        responses: {
          200: { description: 'The OpenAPI 3.1 document of the REST API', content: { 'application/json': { schema: { type: 'object' } } } },
          400: {
            description: 'The Host header names a host this server does not serve (as for every path)',
            content: { 'application/json': { schema: { $ref: componentRef('Error') } } },
          },
        },
      },
    },
  };
  for (const route of restRoutes) {
    const input = inputSchemaOf(route);
    const parameters = parametersOf(route, input);
    const requestBody = requestBodyOf(route, input);
    const errors = Object.fromEntries(errorStatusesOf(route, input).map((status) => [status, { $ref: `#/components/responses/Error${status}` }]));
    (paths[openApiPathOf(route)] ??= {})[route.method.toLowerCase()] = {
      operationId: route.procedure,
      summary: route.summary,
      tags: [route.procedure.split('.')[0]],
      ...(route.public ? { security: [] } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: { [route.status ?? 200]: successOf(route, schemaIds), ...errors },
    };
  }

  return {
    openapi: '3.1.0',
    info: {
      title: 'Sower REST API',
      version: '1.0.0',
      license: licenseOf(license),
      description:
        'The REST shim over the same procedures the app calls through tRPC (/trpc). Plain JSON: dates are ISO 8601 strings in both directions. ' +
        'Writes from a browser must come from the app’s own origin; a client without Origin and Referer headers passes (docs/decisions/003). ' +
        'Sign in with POST /api/auth/login; the session cookie it sets authorises every other call. ' +
        'Messages (errors, validation issues) and texts the server writes (calendar feed, CSV headers, library articles) come in the signed-in user’s language (PUT /api/account/language: en, es, pt-BR, fr or ar), else in the first of the Accept-Language header’s languages that Sower speaks, else in English.',
    },
    servers: [{ url: '/' }],
    security: [{ sessionCookie: [] }],
    paths,
    components: {
      securitySchemes: { sessionCookie: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE, description: 'Set by register and login, cleared by logout' } },
      schemas,
      responses: Object.fromEntries(
        Object.entries(ERRORS).map(([status, description]) => [
          `Error${status}`,
          { description, content: { 'application/json': { schema: { $ref: componentRef('Error') } } } },
        ]),
      ),
    },
  };
}
