// The app lock (issues 33, 47): a PIN of 4 to 8 digits over the app on this account's devices, checked by the server so
// a stolen phone cannot try PINs offline, and the lock itself kept on the session (server/security/sessionLock.ts).
// Five wrong in a row on a session end it; five in a row on the account end every session of the account.
import { TRPCError } from '@trpc/server';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { sessions, users } from '../../db/schema';
import { msg } from '../../shared/i18n';
import { LOCK_IDLE_MINUTES } from '../../shared/appLock';
import { hashPassword, verifyPassword } from '../security/auth';
import { recordSecurityEvent } from '../security/securityLog';
import { signedInProcedure, router } from '../trpc';
import { SIGN_IN_REQUIRED } from '../errorContract';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { currentPasswordField, pinSchema } from '../../shared/schemas/account';
import { assertPassword, fieldError } from '../domain/passwordCheck';

export const PIN_TRIES = 5;
/**
 * Wrong PINs in a row one session may send before it ends. The account's count starts again at a right PIN on any
 * device, so without this a thief holding one session could go on guessing while the owner unlocks elsewhere.
 */
export const SESSION_PIN_TRIES = 5;

const idleSchema = z.union(LOCK_IDLE_MINUTES.map((minutes) => z.literal(minutes)) as [z.ZodLiteral<1>, z.ZodLiteral<5>, z.ZodLiteral<15>], {
  error: msg('Lock after 1, 5 or 15 minutes'),
});
const WRONG_PIN = msg('Wrong PIN');
const SIGNED_OUT_EVERYWHERE = msg('Too many wrong PINs: you are signed out on every device.');
const SIGNED_OUT_HERE = msg('Too many wrong PINs: you are signed out on this device.');
const NO_LOCK = msg('There is no app lock on this account.');

export const appLockRouter = router({
  /** Whether the account has a lock, and after how long without a touch it locks. */
  status: signedInProcedure.output(answer(answers.appLock)).query(async ({ ctx }) => {
    const [row] = await ctx.database.read.select({ pin: users.pinHash, idle: users.pinIdleMinutes }).from(users).where(eq(users.id, ctx.user.id));
    return { enabled: Boolean(row?.pin), idleMinutes: row?.idle ?? 5 };
  }),

  /** Sets (or changes) the PIN, with the password. */
  set: signedInProcedure
    .input(z.strictObject({ pin: pinSchema, password: currentPasswordField, idleMinutes: idleSchema.optional() }))
    .output(answer(answers.done))
    .mutation(async ({ ctx, input }) => {
      await assertPassword(ctx, input.password, 'password', msg('Password is incorrect'));
      const pinHash = await hashPassword(input.pin);
      await ctx.database.write(async (tx) => {
        await tx
          .update(users)
          .set({ pinHash, pinFailures: 0, ...(input.idleMinutes ? { pinIdleMinutes: input.idleMinutes } : {}) })
          .where(eq(users.id, ctx.user.id));
        await recordSecurityEvent(tx, ctx.user.id, 'app-lock-set', ctx.userAgent);
      });
      return { success: true as const };
    }),

  /**
   * Locks this session (the page asks when it locks: after the idle time, when hidden, 'Lock now'). Open while locked,
   * so a page that locked offline can say so once it is back; locking again changes nothing.
   */
  lock: signedInProcedure.output(answer(answers.done)).mutation(async ({ ctx }) => {
    const session = ctx.session;
    if (!session) throw new TRPCError({ code: 'UNAUTHORIZED', message: SIGN_IN_REQUIRED });
    const [row] = await ctx.database.read.select({ pin: users.pinHash }).from(users).where(eq(users.id, ctx.user.id));
    if (!row?.pin) throw new TRPCError({ code: 'CONFLICT', message: NO_LOCK });
    await ctx.auth.lockSession(session.id);
    return { success: true as const };
  }),

  /** Removes the lock, with the password; every session of the account opens. */
  remove: signedInProcedure
    .input(z.strictObject({ password: currentPasswordField }))
    .output(answer(answers.done))
    .mutation(async ({ ctx, input }) => {
      await assertPassword(ctx, input.password, 'password', msg('Password is incorrect'));
      await ctx.database.write(async (tx) => {
        await tx.update(users).set({ pinHash: null, pinFailures: 0 }).where(eq(users.id, ctx.user.id));
        await tx.update(sessions).set({ lockedAt: null, pinFailures: 0 }).where(eq(sessions.userId, ctx.user.id));
        await recordSecurityEvent(tx, ctx.user.id, 'app-lock-removed', ctx.userAgent);
      });
      return { success: true as const };
    }),

  /**
   * Unlocks this session: the try is counted on the account and on the session before the PIN is checked, so of tries
   * sent together at most PIN_TRIES are checked. A right PIN opens the session and starts both counts again; the fifth
   * wrong one in a row on the session ends it, and on the account (any of its sessions) ends every session.
   */
  verify: signedInProcedure
    .input(z.strictObject({ pin: z.string().max(8, WRONG_PIN) }))
    .output(answer(answers.done))
    .mutation(async ({ ctx, input }) => {
      const session = ctx.session;
      if (!session) throw new TRPCError({ code: 'UNAUTHORIZED', message: SIGN_IN_REQUIRED });
      const counted = await ctx.database.write(async (tx) => {
        const [account] = await tx
          .update(users)
          .set({ pinFailures: sql`${users.pinFailures} + 1` })
          .where(and(eq(users.id, ctx.user.id), isNotNull(users.pinHash)))
          .returning({ pinHash: users.pinHash, failures: users.pinFailures });
        if (!account?.pinHash) return null;
        const [here] = await tx
          .update(sessions)
          .set({ pinFailures: sql`${sessions.pinFailures} + 1` })
          .where(eq(sessions.id, session.id))
          .returning({ failures: sessions.pinFailures });
        return { pinHash: account.pinHash, failures: account.failures, here: here?.failures };
      });
      if (!counted) throw new TRPCError({ code: 'CONFLICT', message: NO_LOCK });
      // The session was ended meanwhile (by a try sent with this one): nothing is checked for it.
      if (counted.here === undefined) throw new TRPCError({ code: 'UNAUTHORIZED', message: SIGN_IN_REQUIRED });
      const right =
        counted.failures <= PIN_TRIES && counted.here <= SESSION_PIN_TRIES && /^\d{4,8}$/.test(input.pin) && (await verifyPassword(counted.pinHash, input.pin));
      if (right) {
        await ctx.database.write(async (tx) => {
          await tx.update(users).set({ pinFailures: 0 }).where(eq(users.id, ctx.user.id));
          // Seen now, or the idle rule would lock it again at its next request.
          await tx.update(sessions).set({ pinFailures: 0, lockedAt: null, lastSeenAt: new Date() }).where(eq(sessions.id, session.id));
        });
        return { success: true as const };
      }
      if (counted.failures >= PIN_TRIES) {
        await ctx.database.write(async (tx) => {
          await tx.update(users).set({ pinFailures: 0 }).where(eq(users.id, ctx.user.id));
          await recordSecurityEvent(tx, ctx.user.id, 'app-lock-signed-out', ctx.userAgent);
        });
        await ctx.auth.invalidateUserSessions(ctx.user.id);
        ctx.setCookie(ctx.auth.blankSessionCookie(ctx.secure));
        throw new TRPCError({ code: 'UNAUTHORIZED', message: SIGNED_OUT_EVERYWHERE });
      }
      if (counted.here >= SESSION_PIN_TRIES) {
        await ctx.database.write((tx) => recordSecurityEvent(tx, ctx.user.id, 'session-ended', ctx.userAgent));
        await ctx.auth.invalidateSession(session.id);
        ctx.setCookie(ctx.auth.blankSessionCookie(ctx.secure));
        throw new TRPCError({ code: 'UNAUTHORIZED', message: SIGNED_OUT_HERE });
      }
      throw fieldError('pin', WRONG_PIN);
    }),
});
