// "Forgot password?" (issue 33): what the sign-in page offers, asking for a link, reading one, and using it
// (server/nudges/passwordReset.ts holds the rules).
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { msg } from '../../shared/i18n';
import { hashPassword } from '../security/auth';
import { translate } from '../i18n';
import { addressKey } from '../security/rateLimit';
import { composeResetNotice, mailResetLink, readResetLink, resetLocaleOf, takeResetLink, tryResetLink } from '../nudges/passwordReset';
import { recordSecurityEvent } from '../security/securityLog';
import { useRecoveryCode, useTotpCode } from '../security/twoFactor';
import { passwordResetRequestInput, RESET_LINK_REFUSED, resetLinkInput, resetPasswordInput } from '../../shared/schemas/auth';
import { publicProcedure, router } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { fieldError } from '../domain/passwordCheck';
import { attempt, countSecondFactorTry, signIn, userColumns, WRONG_CODE, WRONG_RECOVERY_CODE } from '../domain/signIn';

const RESET_ASKED = msg(
  'If that is the username or email of an account with a confirmed email address, a link to choose a new password is on its way there. It works for one hour.',
);
const NO_EMAIL = msg('This server does not send email, so it cannot mail you a reset link. Ask the person who runs Sower for one.');
const CODE_NEEDED = msg('Enter the 6-digit code from your authenticator app');

const refused = () => new TRPCError({ code: 'BAD_REQUEST', message: RESET_LINK_REFUSED });

export const passwordResetRouter = router({
  /** Whether this server can mail a link; without email, the page says to ask the operator. */
  options: publicProcedure.output(answer(answers.passwordResetOptions)).query(({ ctx }) => ({ byEmail: ctx.reminders.mailer !== null })),

  /**
   * Asks for a link. The address's attempt is counted first (429 past it); then the same answer for every name, sent
   * before anything about an account is read: the lookup, the account's limits and the mail happen after it.
   */
  request: publicProcedure
    .input(passwordResetRequestInput)
    .output(answer(answers.signedOut))
    .mutation(async ({ ctx, input }) => {
      if (!ctx.reminders.mailer) throw new TRPCError({ code: 'CONFLICT', message: NO_EMAIL });
      await attempt(ctx, [{ key: `password-reset:ip:${addressKey(ctx.clientIp)}`, rule: ctx.limits.resetRequestPerAddress }]);
      setImmediate(() => {
        mailResetLink(ctx, input.identifier, ctx.userAgent).catch((error: unknown) =>
          ctx.reminders.log({ level: 'warn', message: 'Password reset email failed', error: error instanceof Error ? error.message : String(error) }),
        );
      });
      return { message: translate(input.language ?? ctx.locale, RESET_ASKED) };
    }),

  /** What a live link's reset needs (a code, with two-factor sign-in on); 400 for a link that does not work. Changes nothing. */
  check: publicProcedure
    .input(resetLinkInput)
    .output(answer(answers.passwordResetLink))
    .mutation(async ({ ctx, input }) => {
      const link = await readResetLink(ctx.database.read, input.token);
      if (!link) throw refused();
      return { twoFactor: link.twoFactor };
    }),

  /**
   * Uses a link: the new password, and with two-factor sign-in on a code or recovery code, each try counted on the
   * link (5), for the account at this address and for the address before it is checked (countSecondFactorTry, as a
   * sign-in's). Then the link is gone, every session of the account ends, this device is signed in afresh, and the
   * owner is told by email.
   */
  complete: publicProcedure
    .input(resetPasswordInput)
    .output(answer(answers.signedIn))
    .mutation(async ({ ctx, input }) => {
      const link = await readResetLink(ctx.database.read, input.token);
      if (!link) throw refused();
      if (link.twoFactor) {
        if (input.code === undefined && input.recoveryCode === undefined) throw fieldError('code', CODE_NEEDED);
        const succeeded = await countSecondFactorTry(ctx, link.userId);
        if (!(await tryResetLink(ctx.database, input.token))) throw refused();
        const accepted = await ctx.database.write((tx) =>
          input.code !== undefined ? useTotpCode(tx, link.userId, input.code) : useRecoveryCode(tx, link.userId, input.recoveryCode ?? ''),
        );
        if (!accepted) {
          void ctx.database.write((tx) => recordSecurityEvent(tx, link.userId, 'sign-in-failed', ctx.userAgent)).catch(() => undefined);
          throw input.code !== undefined ? fieldError('code', WRONG_CODE) : fieldError('recoveryCode', WRONG_RECOVERY_CODE);
        }
        await succeeded();
      }
      const passwordHash = await hashPassword(input.password);
      const user = await ctx.database.write(async (tx) => {
        const userId = await takeResetLink(tx, input.token);
        if (userId === null) return null;
        const [row] = await tx
          .update(users)
          .set({ passwordHash, lastLogin: new Date() })
          .where(eq(users.id, userId))
          .returning({ ...userColumns, confirmed: users.emailConfirmed });
        await recordSecurityEvent(tx, userId, 'password-reset', ctx.userAgent);
        return row ?? null;
      });
      // Of resets sent together with one link, one gets here; the others find it gone.
      if (!user) throw refused();
      await ctx.auth.invalidateUserSessions(user.id);
      await signIn(ctx, user.id);
      const { mailer } = ctx.reminders;
      if (mailer && user.confirmed)
        mailer.send({ to: user.email, ...composeResetNotice(resetLocaleOf(user.language)) }).catch((error: unknown) =>
          ctx.reminders.log({
            level: 'warn',
            message: 'Password reset notice failed',
            userId: user.id,
            error: error instanceof Error ? error.message : String(error),
          }),
        );
      const { confirmed: _confirmed, ...signedInUser } = user;
      return { user: signedInUser, message: translate(resetLocaleOf(user.language), msg('Your password is changed, and you are signed in.')) };
    }),
});
