// Test harness: a real HTTP server on a random port over a fresh libSQL file, and a cookie-keeping JSON client whose
// REST answers are held to the OpenAPI document.
import { createClient, type InArgs, type Value } from '@libsql/client';
import type { Logger } from 'drizzle-orm';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { openDatabase, type Database, type Tx } from '../../db/client';
import { prepareDatabase } from '../../db/migrate';
import { createApp, type AppOptions } from '../../server/http/app';
import { parseEnv } from '../../server/env';
import { checkAgainstDocument } from './contract';
import { fetchResending } from './resend';

export interface TestServer {
  baseUrl: string;
  database: Database;
  dbUrl: string;
  logs: Record<string, unknown>[];
  /** The rows a read-only SQL query answers, as plain objects: what a request left in the database. */
  rows(sql: string, args?: InArgs): Promise<Record<string, Value>[]>;
  /** How many rows of `table` match the SQL condition `where`. */
  count(table: string, where: string, args?: InArgs): Promise<number>;
  close(): Promise<void>;
}

/** `logger` sees every statement the server's drizzle runs (db/client.ts), for tests that count reads. */
export async function startServer(
  envOverrides: Record<string, string> = {},
  { logger, firstScreenRenderer }: { logger?: Logger; firstScreenRenderer?: AppOptions['firstScreenRenderer'] } = {},
): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'sower-test-'));
  const dbUrl = `file:${join(dir, 'test.db')}`;
  const env = parseEnv({ DATABASE_URL: dbUrl, STATIC_DIR: join(dir, 'no-client'), NODE_ENV: 'test', REGISTER_LIMIT_PER_ADDRESS: '100000', ...envOverrides });
  const database = await openDatabase({ url: dbUrl, logger });
  await prepareDatabase(database);
  const logs: Record<string, unknown>[] = [];
  const { server } = createApp({ env, database, log: (line) => logs.push(line), firstScreenRenderer });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const rows = async (sql: string, args: InArgs = []) => (await database.readerClient.execute({ sql, args })).rows.map((row) => ({ ...row }));
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    database,
    dbUrl,
    logs,
    rows,
    async count(table, where, args = []) {
      return Number((await rows(`select count(*) as n from ${table} where ${where}`, args))[0].n);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * The file's own server, started before its tests and closed after them (the hooks are registered here): the answer
 * stands for it from the first hook on, so a file writes `const server = serverForFile()` instead of a `let`, a
 * `beforeAll` that starts it and an `afterAll` that closes it.
 */
export function serverForFile(...args: Parameters<typeof startServer>): TestServer {
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startServer(...args);
  });
  afterAll(() => started?.close());
  return startedInHook(() => started, 'server');
}

/** What stands for an object a file's `beforeAll` makes (`get` answers it from then on), for the file's `const`. */
export function startedInHook<T extends object>(get: () => T | undefined, name: string): T {
  const started = (key: string | symbol) => {
    const value = get();
    if (!value) throw new Error(`The file's ${name} starts in its first beforeAll: read ${name}.${String(key)} in a hook or a test`);
    return value;
  };
  return new Proxy({} as T, {
    get: (_, key) => Reflect.get(started(key), key),
    // A client's methods set its cookie through `this`, which is this stand-in.
    set: (_, key, value) => Reflect.set(started(key), key, value),
  });
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A JSON client that keeps its session cookie, like one browser. */
export class ApiClient {
  cookie = '';
  constructor(readonly baseUrl: string) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const response = await fetchResending(this.baseUrl + path, {
      method,
      headers: {
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(this.cookie ? { Cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, value] = pair.split('=');
      if (name === 'sower_session') this.cookie = value ? `${name}=${value}` : '';
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON: keep the text
    }
    checkAgainstDocument(method, path, response.status, response.headers.get('content-type'), parsed);
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, body);
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, body);
  }
  delete<T = any>(path: string) {
    return this.request<T>('DELETE', path);
  }
}

let counter = 0;
/** Registers a fresh user and returns a client signed in as them. */
export async function signedInClient(server: TestServer, prefix = 'user') {
  const client = new ApiClient(server.baseUrl);
  const username = `${prefix}${Date.now().toString(36)}${counter++}`;
  const res = await client.post('/api/auth/register', {
    username,
    email: `${username}@example.com`,
    password: 'correct horse battery',
    firstName: 'Test',
    lastName: prefix,
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { client, user: res.body as { id: number; username: string; email: string } };
}

/**
 * The start most files share, for their `beforeAll`: a server of the file's own, one user signed in and, when
 * `contact` names one, a contact of theirs (`contactId`; 0 without).
 */
export async function startSignedIn(prefix: string, { contact, env }: { contact?: string; env?: Record<string, string> } = {}) {
  const server = await startServer(env);
  const { client, user } = await signedInClient(server, prefix);
  let contactId = 0;
  if (contact !== undefined) {
    const res = await client.post('/api/contacts', { name: contact });
    if (res.status !== 201) throw new Error(`contact not created: ${res.status} ${JSON.stringify(res.body)}`);
    contactId = res.body.id;
  }
  return { server, client, user, contactId };
}

/**
 * A server of the file's own and one signed-in user a prefix, in order (`clients` and `ids` line up with `prefixes`),
 * for a file's `beforeAll`; with `contact`, the first user's contact as `startSignedIn` makes it.
 */
export async function startUsers(prefixes: string[], options: Parameters<typeof startSignedIn>[1] = {}) {
  const [first, ...others] = prefixes;
  const { server, client, user, contactId } = await startSignedIn(first, options);
  const users = [{ client, user }];
  for (const prefix of others) users.push(await signedInClient(server, prefix));
  return { server, contactId, clients: users.map((u) => u.client), ids: users.map((u) => u.user.id) };
}

/** A user `usersForFile` signed in: their client, with their id as `id`. */
export type SignedIn = ApiClient & { readonly id: number };

/**
 * `serverForFile` with users: the file's server and one user a prefix, signed in in order in the file's first
 * `beforeAll` (the server closed after its tests); each answer stands for its user's client from then on.
 */
export function usersForFile(prefixes: string[], options: { env?: Record<string, string> } = {}) {
  let started: { server: TestServer; users: SignedIn[] } | undefined;
  beforeAll(async () => {
    const { server, clients, ids } = await startUsers(prefixes, options);
    started = { server, users: clients.map((client, i) => Object.assign(client, { id: ids[i] })) };
  });
  afterAll(() => started?.server.close());
  return {
    server: startedInHook(() => started?.server, 'server'),
    users: prefixes.map((prefix, i) => startedInHook(() => started?.users[i], prefix)),
  };
}

let keyCounter = 0;
/** A fresh idempotency key, shaped like the offline outbox's. */
export const outboxKey = () => `outbox-${Date.now().toString(36)}-${keyCounter++}`;

/** Checks the answer every validation refusal gives: 400 naming one field (`path`) with its message. */
export function expectOneIssue(res: ApiResponse, path: string, message: string) {
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ message, code: 'BAD_REQUEST', issues: [{ path, message }] });
}

/**
 * EXPLAIN QUERY PLAN of a drizzle query, as the lines SQLite prints. Asked on a connection of its own, closed after: on
 * the server's reader pool, an EXPLAIN of the export's status history left one pooled connection reading an old
 * snapshot under load, and the file's later sign-ins read no session there (tests/api/account.test.ts, 1 run in 3
 * beside two CPU hogs).
 */
export async function queryPlan(server: TestServer, query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  const client = createClient({ url: server.dbUrl });
  try {
    const res = await client.execute({ sql: `explain query plan ${sql}`, args: params as never });
    return res.rows.map((row) => String(row.detail));
  } finally {
    client.close();
  }
}

/** The plan lines that read `table` without an index. */
export function unindexedScans(lines: string[], table: string) {
  return lines.filter((line) => new RegExp(`^SCAN ${table}\\b`).test(line) && !/USING (COVERING )?INDEX/.test(line));
}

/**
 * A JSON request sent from a given loopback source address (127.x.y.z all reach a server on 127.0.0.1 on Linux),
 * as clients at different addresses would send it.
 */
export function requestFrom<T = any>(
  localAddress: string,
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<ApiResponse<T>> {
  const url = new URL(path, baseUrl);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        localAddress,
        agent: false,
        headers: { ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(payload)) } : {}), ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {
            // not JSON: keep the text
          }
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') responseHeaders.set(name, value);
          try {
            checkAgainstDocument(method, path, res.statusCode ?? 0, responseHeaders.get('content-type'), parsed);
          } catch (error) {
            return reject(error);
          }
          resolve({ status: res.statusCode ?? 0, body: parsed as T, headers: responseHeaders });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Makes `invitee` a member of the team as `role` the only way there is: the admin invites, the invitee accepts. */
export async function joinTeam(admin: ApiClient, teamId: number, invitee: { client: ApiClient; id: number }, role = 'member') {
  const invited = await admin.post(`/api/teams/${teamId}/members`, { userId: invitee.id, role });
  if (invited.status !== 201) throw new Error(`invite failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  const accepted = await invitee.client.post(`/api/invitations/${invited.body.id}/accept`);
  if (accepted.status !== 200) throw new Error(`accept failed: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return accepted.body as { id: number; role: string };
}

/** An ISO instant `days` from now (negative: ago), for records dated relative to the test's run. */
/** The quick search's answer when it finds nothing: every kind's list empty. */
export const nothingFound = { contacts: [], activities: [], prayers: [], followUps: [], goals: [], tags: [], milestones: [] };

/** The names of a list's rows, in its order. */
export const namesOf = (rows: { name: string }[]) => rows.map((row) => row.name);

export const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

/** A goal's body for POST /api/goals, of `type`, due 30 days from now unless `extra` says otherwise. */
export const goalBody = (type: string, extra: Record<string, unknown> = {}) => ({
  title: `${type} goal`,
  description: 'Keep going',
  type,
  targetCount: 10,
  deadline: daysFromNow(30),
  ...extra,
});

/** The answer for a new one-off follow-up of the caller's own (type phone, no team, no repeat), `fields` the rest. */
export const newFollowUp = (fields: Record<string, unknown>) => ({
  id: expect.any(Number),
  type: 'phone',
  completed: false,
  completedAt: null,
  createdAt: expect.any(String),
  teamId: null,
  createdBy: expect.any(Number),
  repeatEvery: null,
  repeatUnit: null,
  repeatFrom: null,
  seriesId: null,
  ...fields,
});

/** Every page of a list at `limit`, following the cursor, as one array; checks each page answers 200 within the limit. */
export async function allPages<T extends { id: number } = { id: number }>(client: ApiClient, path: string, limit: number): Promise<T[]> {
  const seen: T[] = [];
  let cursor: number | undefined;
  for (let guard = 0; guard < 200; guard++) {
    const res = await client.get(`${path}${path.includes('?') ? '&' : '?'}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.length).toBeLessThanOrEqual(limit);
    seen.push(...res.body);
    if (res.body.length < limit) return seen;
    cursor = res.body.at(-1).id;
  }
  throw new Error('paging did not end');
}

/** Asks /healthz again and again until `work` settles, each answer a 200: how long each answer took, in ms. */
export async function healthWhile(server: TestServer, work: Promise<unknown>) {
  const health: number[] = [];
  let done = false;
  void work.finally(() => (done = true));
  while (!done) {
    const t = performance.now();
    expect((await new ApiClient(server.baseUrl).get('/healthz')).status).toBe(200);
    health.push(performance.now() - t);
  }
  return health;
}

/** The statements (with their args) the server's reader pool is given while `work` runs: what a query reads. */
export async function readerStatements(server: TestServer, work: () => Promise<unknown>) {
  const client = server.database.readerClient;
  const seen: { sql: string; args: unknown }[] = [];
  const execute = client.execute.bind(client);
  client.execute = ((stmt: { sql: string; args: unknown }) => {
    seen.push(stmt);
    return execute(stmt as never);
  }) as typeof client.execute;
  try {
    await work();
  } finally {
    client.execute = execute;
  }
  return seen;
}

/**
 * Runs `change` in a write transaction that stays open until `request` has reached the writer's queue (the server's
 * procedure asked for its write transaction), then commits it, and gives back the request's answer.
 */
export async function committedWhileWaiting(server: TestServer, change: (tx: Tx) => Promise<unknown>, request: () => Promise<ApiResponse>) {
  const database = server.database;
  const write = database.write;
  let release!: () => void;
  let changed!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const changeMade = new Promise<void>((resolve) => (changed = resolve));
  const held = write(async (tx) => {
    await change(tx);
    changed();
    await gate;
  });
  await changeMade;
  let queued!: () => void;
  const waiting = new Promise<void>((resolve) => (queued = resolve));
  database.write = (fn) => {
    queued();
    return write(fn);
  };
  try {
    const answer = request();
    await waiting;
    release();
    await held;
    return await answer;
  } finally {
    database.write = write;
  }
}
