// The account's sessions, security log and two-factor sign-in (issue 33): every signed-in session with its device, created and last seen,
// ended one at a time or all but this one; and what happened to the account in the last 90 days.
import { TRPCError } from '@trpc/server';
import { and, eq, isNull } from 'drizzle-orm';
import { z } from 'zod';
import { recoveryCodes, users } from '../../db/schema';
import { msg } from '../../shared/i18n';
import { describeDevice } from '../security/device';
import { readSecurityLog, recordSecurityEvent } from '../security/securityLog';
import { matchingStep, newRecoveryCodes, newSecret, otpauthUrl, recoveryCodesLeft, useRecoveryCode, useTotpCode } from '../security/twoFactor';
import { totpCodeSchema } from '../../shared/schemas/auth';
import { codeOrRecoveryCode, currentPasswordField } from '../../shared/schemas/account';
import { signedInProcedure, router } from '../trpc';
import { countTry } from '../domain/signIn';
import { assertPassword, fieldError, type SignedInContext } from '../domain/passwordCheck';
import { answer } from '../answers';
import * as answers from '../schemas/answers';

/** A session's handle, the `id` the list gives (22 characters of base64url); anything longer cannot name one. */
const endSessionInput = z.strictObject({ handle: z.string().max(64, msg('Session not found')) });
const SESSION_NOT_FOUND = msg('Session not found');

export const accountSessionsRouter = router({
  /** Newest first; `current` marks the session asking. No session's id (its secret) is in the answer. */
  list: signedInProcedure.output(answer(answers.sessionList)).query(async ({ ctx }) => {
    const rows = await ctx.auth.listSessions(ctx.user.id);
    return rows.map((row) => ({
      id: row.handle,
      current: row.handle === ctx.session?.handle,
      device: describeDevice(ctx.locale, row.device),
      createdAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
    }));
  }),

  /** 404 for a handle that is not one of the user's sessions (another person's too). Ending this one signs out here. */
  end: signedInProcedure
    .input(endSessionInput)
    .output(answer(answers.done))
    .mutation(async ({ ctx, input }) => {
      if (!(await ctx.auth.endSession(ctx.user.id, input.handle))) throw new TRPCError({ code: 'NOT_FOUND', message: SESSION_NOT_FOUND });
      await ctx.database.write((tx) => recordSecurityEvent(tx, ctx.user.id, 'session-ended', ctx.userAgent));
      if (input.handle === ctx.session?.handle) ctx.setCookie(ctx.auth.blankSessionCookie(ctx.secure));
      return { success: true as const };
    }),

  /** Every session of the user but the one asking. */
  endOthers: signedInProcedure.output(answer(answers.sessionsEnded)).mutation(async ({ ctx }) => {
    const ended = ctx.session ? await ctx.auth.invalidateOtherSessions(ctx.user.id, ctx.session.id) : 0;
    await ctx.database.write((tx) => recordSecurityEvent(tx, ctx.user.id, 'other-sessions-ended', ctx.userAgent));
    return { ended };
  }),
});

/** The last 90 days, newest first (at most SECURITY_LOG_MOST entries); `count` is more than 1 only for failed sign-ins. */
export const securityLogProcedure = signedInProcedure.output(answer(answers.securityLog)).query(async ({ ctx }) => {
  const rows = await readSecurityLog(ctx.database, ctx.user.id);
  return rows.map((row) => ({ event: row.event, at: row.at, device: describeDevice(ctx.locale, row.device), count: row.count }));
});

const WRONG_CODE = msg('That code is not right. Check your authenticator app and try again.');
const ALREADY_ON = msg('Two-factor sign-in is already on.');
const isNullSecret = isNull(users.totpSecret);
const NOT_SET_UP = msg('Start setting up two-factor sign-in again: no code is expected now.');
const NOT_ON = msg('Two-factor sign-in is not on.');

/** Counts a code's try for the account and the address before it is checked, like a password's (passwordCheck.ts). */
async function countCodeTry(ctx: SignedInContext) {
  return countTry(ctx, `second-factor:user:${ctx.user.id}`, ctx.limits.passwordPerUser);
}

export const twoFactorRouter = router({
  status: signedInProcedure.output(answer(answers.twoFactorStatus)).query(async ({ ctx }) => {
    const [row] = await ctx.database.read.select({ secret: users.totpSecret }).from(users).where(eq(users.id, ctx.user.id));
    const enabled = Boolean(row?.secret);
    return { enabled, recoveryCodesLeft: enabled ? await recoveryCodesLeft(ctx.database.read, ctx.user.id) : 0 };
  }),

  /** A new secret for the authenticator app; nothing changes for sign-in until a code from it confirms it (enable). */
  setup: signedInProcedure
    .input(z.strictObject({ password: currentPasswordField }))
    .output(answer(answers.twoFactorSetup))
    .mutation(async ({ ctx, input }) => {
      await assertPassword(ctx, input.password, 'password', msg('Password is incorrect'));
      const secret = newSecret();
      const [updated] = await ctx.database.write((tx) =>
        tx
          .update(users)
          .set({ totpPendingSecret: secret })
          .where(and(eq(users.id, ctx.user.id), isNullSecret))
          .returning({ username: users.username }),
      );
      if (!updated) throw new TRPCError({ code: 'CONFLICT', message: ALREADY_ON });
      return { secret, otpauthUrl: otpauthUrl(secret, updated.username) };
    }),

  /** A code from the app turns it on; the answer holds the ten recovery codes, shown this once. */
  enable: signedInProcedure
    .input(z.strictObject({ code: totpCodeSchema }))
    .output(answer(answers.recoveryCodeList))
    .mutation(async ({ ctx, input }) => {
      const succeeded = await countCodeTry(ctx);
      const [row] = await ctx.database.read.select({ pending: users.totpPendingSecret, secret: users.totpSecret }).from(users).where(eq(users.id, ctx.user.id));
      if (row?.secret) throw new TRPCError({ code: 'CONFLICT', message: ALREADY_ON });
      if (!row?.pending) throw new TRPCError({ code: 'CONFLICT', message: NOT_SET_UP });
      const pending = row.pending;
      const step = matchingStep(pending, input.code, new Date(), null);
      if (step === null) throw fieldError('code', WRONG_CODE);
      await succeeded();
      const codes = await ctx.database.write(async (tx) => {
        // Only the secret this code came from, and only once: two confirmations sent together turn it on once.
        const [turnedOn] = await tx
          .update(users)
          .set({ totpSecret: pending, totpPendingSecret: null, totpLastStep: step })
          .where(and(eq(users.id, ctx.user.id), eq(users.totpPendingSecret, pending), isNullSecret))
          .returning({ id: users.id });
        if (!turnedOn) return null;
        await recordSecurityEvent(tx, ctx.user.id, 'two-factor-enabled', ctx.userAgent);
        return newRecoveryCodes(tx, ctx.user.id);
      });
      if (!codes) throw new TRPCError({ code: 'CONFLICT', message: ALREADY_ON });
      return { recoveryCodes: codes };
    }),

  /** Needs the password and a code from the app (or a recovery code, for someone who lost the phone). */
  disable: signedInProcedure
    .input(z.strictObject({ password: currentPasswordField, code: codeOrRecoveryCode }))
    .output(answer(answers.done))
    .mutation(async ({ ctx, input }) => {
      await assertPassword(ctx, input.password, 'password', msg('Password is incorrect'));
      const succeeded = await countCodeTry(ctx);
      const code = input.code.replace(/\s/g, '');
      const turnedOff = await ctx.database.write(async (tx) => {
        const [row] = await tx.select({ secret: users.totpSecret }).from(users).where(eq(users.id, ctx.user.id));
        if (!row?.secret) return 'off' as const;
        const accepted = /^\d{6}$/.test(code) ? await useTotpCode(tx, ctx.user.id, code) : await useRecoveryCode(tx, ctx.user.id, code);
        if (!accepted) return 'wrong' as const;
        await tx.update(users).set({ totpSecret: null, totpPendingSecret: null, totpLastStep: null }).where(eq(users.id, ctx.user.id));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, ctx.user.id));
        await recordSecurityEvent(tx, ctx.user.id, 'two-factor-disabled', ctx.userAgent);
        return 'done' as const;
      });
      if (turnedOff === 'off') throw new TRPCError({ code: 'CONFLICT', message: NOT_ON });
      if (turnedOff === 'wrong') throw fieldError('code', WRONG_CODE);
      await succeeded();
      return { success: true as const };
    }),
});
