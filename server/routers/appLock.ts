// The app lock (issue 33): a PIN of 4 to 8 digits over the app on this account's devices, checked by the server so a
// stolen phone cannot try PINs offline. Five wrong in a row end every session of the account.
import { TRPCError } from '@trpc/server';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { users } from '../../db/schema';
import { msg } from '../../shared/i18n';
import { hashPassword, verifyPassword } from '../security/auth';
import { recordSecurityEvent } from '../security/securityLog';
import { signedInProcedure, router } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { currentPasswordField, pinSchema } from '../schemas/account';
import { assertPassword, fieldError } from './passwordCheck';

export const PIN_TRIES = 5;
export const LOCK_IDLE_MINUTES = [1, 5, 15] as const;

const idleSchema = z.union(LOCK_IDLE_MINUTES.map((minutes) => z.literal(minutes)) as [z.ZodLiteral<1>, z.ZodLiteral<5>, z.ZodLiteral<15>], {
  error: msg('Lock after 1, 5 or 15 minutes'),
});
const WRONG_PIN = msg('Wrong PIN');
const SIGNED_OUT_EVERYWHERE = msg('Too many wrong PINs: you are signed out on every device.');

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

  /** Removes the lock, with the password. */
  remove: signedInProcedure
    .input(z.strictObject({ password: currentPasswordField }))
    .output(answer(answers.done))
    .mutation(async ({ ctx, input }) => {
      await assertPassword(ctx, input.password, 'password', msg('Password is incorrect'));
      await ctx.database.write(async (tx) => {
        await tx.update(users).set({ pinHash: null, pinFailures: 0 }).where(eq(users.id, ctx.user.id));
        await recordSecurityEvent(tx, ctx.user.id, 'app-lock-removed', ctx.userAgent);
      });
      return { success: true as const };
    }),

  /**
   * Unlocks: the try is counted before the PIN is checked, so of tries sent together at most PIN_TRIES are checked; the
   * fifth wrong one in a row (and any after) ends every session of the account. A right PIN starts the count again.
   */
  verify: signedInProcedure
    .input(z.strictObject({ pin: z.string().max(8, WRONG_PIN) }))
    .output(answer(answers.done))
    .mutation(async ({ ctx, input }) => {
      const [counted] = await ctx.database.write((tx) =>
        tx
          .update(users)
          .set({ pinFailures: sql`${users.pinFailures} + 1` })
          .where(and(eq(users.id, ctx.user.id), isNotNull(users.pinHash)))
          .returning({ pinHash: users.pinHash, failures: users.pinFailures }),
      );
      if (!counted?.pinHash) throw new TRPCError({ code: 'CONFLICT', message: msg('There is no app lock on this account.') });
      const right = counted.failures <= PIN_TRIES && /^\d{4,8}$/.test(input.pin) && (await verifyPassword(counted.pinHash, input.pin));
      if (right) {
        await ctx.database.write((tx) => tx.update(users).set({ pinFailures: 0 }).where(eq(users.id, ctx.user.id)));
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
      throw fieldError('pin', WRONG_PIN);
    }),
});
