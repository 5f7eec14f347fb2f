// Sessions (Lucia v3 behind this module, so it can be replaced), password hashing and the session cookie.
import { DrizzleSQLiteAdapter } from '@lucia-auth/adapter-drizzle';
import { hash, verify } from '@node-rs/argon2';
import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import { Cookie, Lucia, TimeSpan, type Adapter, type DatabaseSession, type DatabaseUser } from 'lucia';
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import type { Database } from '../../db/client';
import { sessions, signInTickets, users } from '../../db/schema';
import type { z } from 'zod';
import { isLocale } from '../../shared/i18n';
import { userRow } from '../queries/userRow';
import { createLimiter } from '../queries/limiter';
import { deviceOf } from './device';
import { LOCKED_SEEN_EVERY_MS } from '../../shared/appLock';
import { lockOf } from './sessionLock';

export const SESSION_COOKIE = 'sower_session';
const SESSION_DAYS = 30;
/**
 * Sessions one account keeps: signing in once more ends the oldest. Each sign-in needs the password, so this only bounds
 * what a list of sessions can hold (and what a thief with the password can pile up).
 */
export const MAX_SESSIONS_PER_USER = 50;
/** How stale a session's "last seen" may get before a request writes it again: one write per session in this time. */
export const LAST_SEEN_EVERY_MS = 5 * 60_000;

/** The signed-in user: the row auth.me answers (server/queries/userRow.ts), read with every session. */
export type SessionUser = z.output<typeof userRow.schema>;
/** The user's columns beside their id, as Lucia calls them: read with the session in one statement. */
const { id: _id, ...userAttributeColumns } = userRow.columns;

export interface AuthSession {
  id: string;
  /** What the owner's list of sessions calls it (never the id, which is the cookie's secret). */
  handle: string;
  expiresAt: Date;
  lastSeenAt: Date;
  fresh: boolean;
  /** Whether the app lock holds the session (server/security/sessionLock.ts): then nearly every call answers 423. */
  locked: boolean;
  /** The account has a PIN: the session's "last seen" is then kept to LOCKED_SEEN_EVERY_MS. */
  pinSet: boolean;
}

/** A session as its owner's list shows it. */
export interface SessionListing {
  handle: string;
  device: string;
  createdAt: Date;
  lastSeenAt: Date;
}

declare module 'lucia' {
  interface Register {
    Lucia: ReturnType<typeof buildLucia>;
    UserId: number;
    // The session's own statement (sessionWithUser) hands over the user's columns.
    DatabaseUserAttributes: Omit<SessionUser, 'id'>;
    DatabaseSessionAttributes: {
      handle: string;
      createdAt: Date;
      lastSeenAt: Date;
      device: string;
      lockedAt?: Date | null;
      pinSet?: boolean;
      idleMinutes?: number;
    };
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
      handle: sessions.handle,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      device: sessions.device,
      lockedAt: sessions.lockedAt,
      pinSet: sql<number>`${users.pinHash} is not null`,
      idleMinutes: users.pinIdleMinutes,
      ...userAttributeColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('sessionId')))
    .prepare();
  return async (sessionId: string): Promise<[DatabaseSession | null, DatabaseUser | null]> => {
    const [row] = await query.all({ sessionId });
    if (!row) return [null, null];
    const { id, userId, expiresAt, handle, createdAt, lastSeenAt, device, lockedAt, pinSet, idleMinutes, ...attributes } = row;
    return [
      {
        id,
        userId,
        expiresAt: new Date(expiresAt * 1000),
        attributes: { handle, createdAt, lastSeenAt, device, lockedAt, pinSet: Boolean(pinSet), idleMinutes },
      },
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
    getSessionAttributes: (a) => ({
      handle: a.handle,
      lastSeenAt: a.lastSeenAt,
      lock: { pinSet: a.pinSet ?? false, idleMinutes: a.idleMinutes ?? 5, lockedAt: a.lockedAt ?? null, lastSeenAt: a.lastSeenAt },
    }),
    getUserAttributes: (a) => ({ ...a, language: isLocale(a.language) ? a.language : null }),
  });
}

export interface Auth {
  /** A new session, from the device `userAgent` names; past MAX_SESSIONS_PER_USER the user's oldest ends. */
  createSession(userId: number, userAgent?: string): Promise<AuthSession>;
  /** The session and its user, null when it is not valid; locks it when the idle rule says so (sessionLock.ts). */
  validateSession(sessionId: string, now?: Date): Promise<{ user: SessionUser; session: AuthSession } | null>;
  invalidateSession(sessionId: string): Promise<void>;
  invalidateUserSessions(userId: number): Promise<void>;
  /** Signs the user out everywhere except the session `keepSessionId` (after a password change); how many ended. */
  invalidateOtherSessions(userId: number, keepSessionId: string): Promise<number>;
  /**
   * Notes that the session was used now, if its last note is older than LAST_SEEN_EVERY_MS (LOCKED_SEEN_EVERY_MS for an
   * account with a PIN); a locked session is not seen: only the right PIN opens it again.
   */
  touchSession(session: AuthSession, now?: Date): Promise<void>;
  /** Locks the session, if it is not locked already (the idle rule, or its page asking). */
  lockSession(sessionId: string, now?: Date): Promise<void>;
  /** The user's sessions, newest first (at most MAX_SESSIONS_PER_USER). */
  listSessions(userId: number): Promise<SessionListing[]>;
  /** Ends the user's session named `handle`; false when the user has none by that name. */
  endSession(userId: number, handle: string): Promise<boolean>;
  /** Deletes every expired session (ops/housekeeping.ts): one the browser no longer sends stays in no list. */
  deleteExpiredSessions(): Promise<void>;
  readSessionId(cookieHeader: string | undefined): string | null;
  sessionCookie(sessionId: string, secure: boolean): string;
  blankSessionCookie(secure: boolean): string;
}

export function createAuth(database: Database): Auth {
  const lucia = buildLucia(database);
  const withSecure = (cookie: Cookie, secure: boolean) => new Cookie(cookie.name, cookie.value, { ...cookie.attributes, secure }).serialize();
  /**
   * Sign-ins half done (the password given, the second step not yet) end with the account's other sessions: whatever
   * ends those (a new password, "end other sessions") also stops someone between the two steps.
   */
  const endHalfSignIns = (userId: number) => database.write((tx) => tx.delete(signInTickets).where(eq(signInTickets.userId, userId)));
  async function lockSession(sessionId: string, now = new Date()) {
    await database.exclusive((db) =>
      db
        .update(sessions)
        .set({ lockedAt: now })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.lockedAt))),
    );
  }
  return {
    async createSession(userId, userAgent) {
      const now = new Date();
      const handle = randomBytes(16).toString('base64url');
      const s = await lucia.createSession(userId, { handle, createdAt: now, lastSeenAt: now, device: deviceOf(userAgent) });
      // The newest MAX_SESSIONS_PER_USER stay; in one statement, so sign-ins at once cannot all keep theirs.
      await database.exclusive((db) =>
        db.run(sql`delete from ${sessions} where ${sessions.userId} = ${userId} and ${sessions.id} not in (
          select ${sessions.id} from ${sessions} where ${sessions.userId} = ${userId}
          order by ${sessions.createdAt} desc, ${sessions.id} limit ${MAX_SESSIONS_PER_USER})`),
      );
      return { id: s.id, handle, expiresAt: s.expiresAt, lastSeenAt: now, fresh: s.fresh, locked: false, pinSet: false };
    },
    async touchSession(session, now = new Date()) {
      if (session.locked || now.getTime() - session.lastSeenAt.getTime() < (session.pinSet ? LOCKED_SEEN_EVERY_MS : LAST_SEEN_EVERY_MS)) return;
      await database.exclusive((db) => db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id)));
    },
    lockSession,
    listSessions: (userId) =>
      database.read
        .select({ handle: sessions.handle, device: sessions.device, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(desc(sessions.createdAt), desc(sessions.id))
        .limit(MAX_SESSIONS_PER_USER),
    async endSession(userId, handle) {
      const ended = await database.exclusive((db) =>
        db
          .delete(sessions)
          .where(and(eq(sessions.userId, userId), eq(sessions.handle, handle)))
          .returning({ id: sessions.id }),
      );
      return ended.length > 0;
    },
    async validateSession(sessionId, now = new Date()) {
      const { user: found, session } = await lucia.validateSession(sessionId);
      if (!found || !session) return null;
      // Lucia puts the id last; the user is answered as auth.me declares it, the id first.
      const { id, ...attributes } = found;
      const { locked, idleNow } = lockOf(session.lock, now);
      // Locked by the idle rule: written, so the lock holds whatever the page does next, and the owner's list shows it.
      if (idleNow) await lockSession(session.id, now);
      return {
        user: { id, ...attributes },
        session: {
          id: session.id,
          handle: session.handle,
          expiresAt: session.expiresAt,
          lastSeenAt: session.lastSeenAt,
          fresh: session.fresh,
          locked,
          pinSet: session.lock.pinSet,
        },
      };
    },
    invalidateSession: (id) => lucia.invalidateSession(id),
    async invalidateUserSessions(userId) {
      await lucia.invalidateUserSessions(userId);
      await endHalfSignIns(userId);
    },
    async invalidateOtherSessions(userId, keepSessionId) {
      const ended = await database.exclusive((db) =>
        db
          .delete(sessions)
          .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)))
          .returning({ id: sessions.id }),
      );
      await endHalfSignIns(userId);
      return ended.length;
    },
    deleteExpiredSessions: () => lucia.deleteExpiredSessions(),
    readSessionId: (header) => {
      if (!header) return null;
      // Lucia decodes every cookie of the header, and throws on one that is not valid percent-encoding ('a=%ff'), which
      // any site of the same domain can set: such a header holds no session, rather than failing every request with a 500.
      try {
        return lucia.readSessionCookie(header);
      } catch {
        return null;
      }
    },
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
