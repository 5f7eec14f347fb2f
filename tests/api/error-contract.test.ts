// One error contract: duplicates known by SQLite's code, not its words; both transports answer the same message, code and issues.
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { SERVER_FAULT, toClientError } from '../../server/errorContract';
import { causes } from '../../server/errors';
import { conflictOnDuplicate, isUniqueViolation } from '../../server/errors';
import { ApiClient, startSignedIn, type TestServer } from './harness';
import { trpcMutation, trpcQuery } from './trpc';

let server: TestServer;
let client: ApiClient;
let owner: { id: number; username: string; email: string };

beforeAll(async () => {
  ({ server, client, user: owner } = await startSignedIn('contract'));
});
afterAll(() => server.close());

const USERNAME_TAKEN = { field: 'username', message: 'Username already taken' };
const EMAIL_TAKEN = { field: 'email', message: 'Email already registered' };

/** The error the database really raises for `write`, as the app's writer connection raises it. */
async function errorOf(write: () => Promise<unknown>) {
  try {
    await write();
  } catch (error) {
    return error;
  }
  throw new Error('the write succeeded');
}

/** A user row as registration inserts it, with the given username key and email. */
const userRow = (usernameKey: string, email: string) => ({ username: usernameKey, usernameKey, email, passwordHash: 'x', firstName: 'A', lastName: 'B' });

describe('unique violations', () => {
  it('are recognised by the extended code libSQL reports (2067), down drizzle’s cause chain', async () => {
    const error = await errorOf(() => server.database.write((tx) => tx.insert(users).values(userRow(owner.username.toLowerCase(), 'other@example.com'))));
    expect(causes(error).some((cause) => (cause as { rawCode?: number }).rawCode === 2067)).toBe(true);
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'users_email')).toBe(false);
  });

  it('map to the same 409 on the field they collide on, for the username and for the email', async () => {
    const onUsername = await errorOf(() =>
      conflictOnDuplicate(
        () => server.database.write((tx) => tx.insert(users).values(userRow(owner.username.toLowerCase(), 'fresh@example.com'))),
        (error) => (isUniqueViolation(error, 'users_email') ? EMAIL_TAKEN : USERNAME_TAKEN),
      ),
    );
    expect(toClientError(onUsername, 'en')).toEqual({
      status: 409,
      body: { message: 'Username already taken', code: 'CONFLICT', issues: [{ path: 'username', message: 'Username already taken' }] },
      fault: false,
    });
    const onEmail = await errorOf(() =>
      conflictOnDuplicate(
        () => server.database.write((tx) => tx.insert(users).values(userRow('somebodyelse', owner.email.toUpperCase()))),
        (error) => (isUniqueViolation(error, 'users_email') ? EMAIL_TAKEN : USERNAME_TAKEN),
      ),
    );
    expect(toClientError(onEmail, 'en').body).toEqual({
      message: 'Email already registered',
      code: 'CONFLICT',
      issues: [{ path: 'email', message: 'Email already registered' }],
    });
  });

  it('answer 409 over HTTP when registrations race past the read check into the index', async () => {
    const username = `race${Date.now().toString(36)}`;
    const register = () =>
      new ApiClient(server.baseUrl).post('/api/auth/register', { username, email: `${username}@example.com`, password: 'correct horse battery' });
    const answers = await Promise.all([register(), register(), register(), register()]);
    expect(answers.filter((res) => res.status === 201)).toHaveLength(1);
    for (const res of answers.filter((r) => r.status !== 201)) {
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ message: 'Username already taken', code: 'CONFLICT', issues: [{ path: 'username', message: 'Username already taken' }] });
    }
  });

  it('are not confused with another constraint whose message says UNIQUE (NOT NULL on a column named so)', async () => {
    await server.database.writerClient.execute('create table if not exists oddly_named ("UNIQUE constraint failed: users.email" text not null)');
    const error = await errorOf(() => server.database.writerClient.execute('insert into oddly_named values (null)'));
    expect(String((error as Error).message)).toContain('UNIQUE constraint failed');
    expect(isUniqueViolation(error)).toBe(false);
    const passedOn = await errorOf(() =>
      conflictOnDuplicate(
        () => server.database.writerClient.execute('insert into oddly_named values (null)'),
        () => USERNAME_TAKEN,
      ),
    );
    expect(passedOn).not.toBeInstanceOf(TRPCError);
    expect(toClientError(passedOn, 'en')).toEqual({ status: 500, body: { message: SERVER_FAULT, code: 'INTERNAL_SERVER_ERROR' }, fault: true });
  });

  it('a trigger that aborts with UNIQUE words answers 500, not 409, and is logged', async () => {
    const username = `trig${Date.now().toString(36)}`;
    await server.database.writerClient.execute(
      `create trigger refuse_${username} before insert on users when new.username = '${username}' begin select raise(abort, 'UNIQUE constraint failed: users.username_key'); end`,
    );
    const res = await new ApiClient(server.baseUrl).post('/api/auth/register', {
      username,
      email: `${username}@example.com`,
      password: 'correct horse battery',
    });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: SERVER_FAULT, code: 'INTERNAL_SERVER_ERROR' });
    expect(server.logs.some((line) => line.level === 'error' && String(line.message).includes('UNIQUE constraint failed: users.username_key'))).toBe(true);
    expect((await server.database.readerClient.execute({ sql: 'select count(*) as n from users where username = ?', args: [username] })).rows[0].n).toBe(0);
  });
});

describe('causes', () => {
  it('walks a chain outermost first and stops on a loop', () => {
    const inner = new Error('inner');
    const outer = new Error('outer', { cause: inner });
    expect(causes(outer)).toEqual([outer, inner]);
    const looped = new Error('loop') as Error & { cause?: unknown };
    looped.cause = looped;
    expect(causes(looped).length).toBe(8);
    expect(causes(undefined)).toEqual([]);
  });
});

describe('both transports', () => {
  it('answer a validation failure with the same status, message, code and issues', async () => {
    const rest = await client.post('/api/contacts', { name: '' });
    const trpc = await trpcMutation(client, 'contacts.create', { name: '' });
    expect(rest.status).toBe(400);
    expect(trpc.status).toBe(400);
    expect(rest.body).toEqual({ message: 'Name is required', code: 'BAD_REQUEST', issues: [{ path: 'name', message: 'Name is required' }] });
    expect(trpc.error).toMatchObject({ message: rest.body.message, data: { code: rest.body.code, httpStatus: 400, issues: rest.body.issues } });
  });

  it('answer a missing record and a signed-out caller the same way', async () => {
    const restMissing = await client.get('/api/contacts/999999');
    const trpcMissing = await trpcQuery(client, 'contacts.byId', { id: 999999 });
    expect([restMissing.status, trpcMissing.status]).toEqual([404, 404]);
    expect(trpcMissing.error).toMatchObject({ message: restMissing.body.message, data: { code: restMissing.body.code, httpStatus: 404 } });

    const anonymous = new ApiClient(server.baseUrl);
    const restOut = await anonymous.get('/api/contacts');
    const trpcOut = await trpcQuery(anonymous, 'contacts.list');
    expect(restOut.body).toEqual({ message: 'Please sign in to continue', code: 'UNAUTHORIZED' });
    expect(trpcOut.error).toMatchObject({ message: 'Please sign in to continue', data: { code: 'UNAUTHORIZED', httpStatus: 401 } });
  });

  it('hide an unexpected error behind the one generic message, over tRPC as over REST', () => {
    const internal = toClientError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'SQLITE_BUSY: database is locked' }), 'en');
    expect(internal).toEqual({ status: 500, body: { message: SERVER_FAULT, code: 'INTERNAL_SERVER_ERROR' }, fault: true });
    expect(toClientError(new Error('/work/secret/path.ts failed'), 'en')).toEqual(internal);
    expect(toClientError(new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: 'pool drained' }), 'en')).toEqual(internal);
  });
});

describe('the database is left as it was', () => {
  it('holds no user from the refused writes above', async () => {
    const rows = await server.database.read
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .where(sql`${users.email} in ('fresh@example.com', 'other@example.com')`);
    expect(rows[0].n).toBe(0);
  });
});
