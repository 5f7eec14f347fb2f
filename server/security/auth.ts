// Sessions (Lucia v3 behind this module, so it can be replaced), password hashing and the session cookie.
import { DrizzleSQLiteAdapter } from '@lucia-auth/adapter-drizzle';
import { hash, verify } from '@node-rs/argon2';
import { eq, sql } from 'drizzle-orm';
import { Cookie, Lucia, TimeSpan, type Adapter, type DatabaseSession, type DatabaseUser } from 'lucia';
import { availableParallelism } from 'node:os';
import type { Database } from '../../db/client';
import { sessions, users } from '../../db/schema';
import { isLocale, type Locale } from '../../shared/i18n';
import { createLimiter } from '../queries/limiter';

export const SESSION_COOKIE = 'sower_session';
const SESSION_DAYS = 30;

export interface SessionUser {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The language chosen for the account (shared/i18n.ts), or null: the browser's then decides. */
  language: Locale | null;
  /** Whether the owner of `email` confirmed it (issue 27): reminder mail goes only to a confirmed address. */
  emailConfirmed: boolean;
}

export interface AuthSession {
  id: string;
  expiresAt: Date;
  fresh: boolean;
}

declare module 'lucia' {
  interface Register {
    Lucia: ReturnType<typeof buildLucia>;
    UserId: number;
    // The drizzle adapter hands over the table's JS property names.
    DatabaseUserAttributes: { username: string; email: string; firstName: string; lastName: string; language: string | null; emailConfirmed: boolean };
  }
}

/**
 * The session and its user in one prepared statement, with only the columns a session needs. Every signed-in request
 * starts here; the drizzle adapter's version runs two queries that rebuild their SQL each time and read every
 * user column (password hash included).
 */
function sessionWithUser(database: Database) {
  const query = database.read
    .select({
      id: sessions.id,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      language: users.language,
      emailConfirmed: users.emailConfirmed,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare();
  return async (sessionId: string): Promise<[DatabaseSession | null, DatabaseUser | null]> => {
    const [row] = await query.all({ sessionId });
    if (!row) return [null, null];
    const { id, userId, expiresAt, ...attributes } = row;
    return [
      { id, userId, expiresAt: new Date(expiresAt * 1000), attributes: {} },
      { id: userId, attributes },
    ];
  };
}

/** Lucia's drizzle adapter writes on its own; its writes go through the writer lock like every other write. */
function serializedAdapter(database: Database): Adapter {
  const reader = new DrizzleSQLiteAdapter(database.read, sessions, users);
  const getSessionAndUser = sessionWithUser(database);
  const locked =
    <A extends unknown[], R>(fn: (adapter: DrizzleSQLiteAdapter, ...args: A) => Promise<R>) =>
    (...args: A) =>
      database.exclusive((db) => fn(new DrizzleSQLiteAdapter(db, sessions, users), ...args));
  return {
    getSessionAndUser,
    getUserSessions: (userId) => reader.getUserSessions(userId),
    setSession: locked((a, session) => a.setSession(session)),
    updateSessionExpiration: locked((a, id: string, expiresAt: Date) => a.updateSessionExpiration(id, expiresAt)),
    deleteSession: locked((a, id: string) => a.deleteSession(id)),
    deleteUserSessions: locked((a, userId: number) => a.deleteUserSessions(userId)),
    deleteExpiredSessions: locked((a) => a.deleteExpiredSessions()),
  };
}

function buildLucia(database: Database) {
  return new Lucia(serializedAdapter(database), {
    sessionExpiresIn: new TimeSpan(SESSION_DAYS, 'd'),
    sessionCookie: { name: SESSION_COOKIE, attributes: { sameSite: 'lax', path: '/' } },
    getUserAttributes: (a) => ({
      username: a.username,
      email: a.email,
      firstName: a.firstName,
      lastName: a.lastName,
      language: isLocale(a.language) ? a.language : null,
      emailConfirmed: a.emailConfirmed,
    }),
  });
}

export interface Auth {
  createSession(userId: number): Promise<AuthSession>;
  validateSession(sessionId: string): Promise<{ user: SessionUser; session: AuthSession } | null>;
  invalidateSession(sessionId: string): Promise<void>;
  invalidateUserSessions(userId: number): Promise<void>;
  /** Signs the user out everywhere except the session `keepSessionId` (after a password change). */
  invalidateOtherSessions(userId: number, keepSessionId: string): Promise<void>;
  readSessionId(cookieHeader: string | undefined): string | null;
  sessionCookie(sessionId: string, secure: boolean): string;
  blankSessionCookie(secure: boolean): string;
}

export function createAuth(database: Database): Auth {
  const lucia = buildLucia(database);
  const withSecure = (cookie: Cookie, secure: boolean) => new Cookie(cookie.name, cookie.value, { ...cookie.attributes, secure }).serialize();
  return {
    async createSession(userId) {
      const s = await lucia.createSession(userId, {});
      return { id: s.id, expiresAt: s.expiresAt, fresh: s.fresh };
    },
    async validateSession(sessionId) {
      const { user, session } = await lucia.validateSession(sessionId);
      if (!user || !session) return null;
      return {
        user: {
          id: user.id,
          username: user.username,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          language: user.language,
          emailConfirmed: user.emailConfirmed,
        },
        session: { id: session.id, expiresAt: session.expiresAt, fresh: session.fresh },
      };
    },
    invalidateSession: (id) => lucia.invalidateSession(id),
    invalidateUserSessions: (userId) => lucia.invalidateUserSessions(userId),
    async invalidateOtherSessions(userId, keepSessionId) {
      for (const session of await lucia.getUserSessions(userId)) if (session.id !== keepSessionId) await lucia.invalidateSession(session.id);
    },
    readSessionId: (header) => (header ? lucia.readSessionCookie(header) : null),
    sessionCookie: (id, secure) => withSecure(lucia.createSessionCookie(id), secure),
    blankSessionCookie: (secure) => withSecure(lucia.createBlankSessionCookie(), secure),
  };
}

// OWASP's argon2id baseline (19 MiB, 2 passes); @node-rs/argon2 hashes on the libuv pool, off the event loop.
// 2 is Algorithm.Argon2id (a const enum, which isolatedModules cannot import).
const argonOptions = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes at a time: one core's worth less than the machine has (at least one). Each hash keeps a core busy for tens of
 * milliseconds, so 20 logins at once on the libuv pool's 4 threads would take both cores of a small box from the
 * event loop and stall every other request; queued here, logins wait for each other instead.
 */
const hashing = createLimiter(Math.max(1, availableParallelism() - 1));

export function hashPassword(password: string) {
  return hashing.run(() => hash(password, argonOptions));
}

export async function verifyPassword(passwordHash: string, password: string) {
  try {
    return await hashing.run(() => verify(passwordHash, password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so an unknown username cannot be told apart by timing. */
export async function verifyAgainstNothing(password: string) {
  dummyHash ??= hashPassword('not-a-real-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}
