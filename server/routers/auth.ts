// Registration, login, logout and the signed-in user.
import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { msg, type Locale } from '../../shared/i18n';
import { hashPassword, verifyAgainstNothing, verifyPassword, type SessionUser } from '../security/auth';
import { requestLocale, translate } from '../i18n';
import { conflictOnDuplicate, fieldConflict, isUniqueViolation } from '../errors';
import { addressKey } from '../security/rateLimit';
import { offerConfirmation } from '../nudges/confirmation';
import { recordSecurityEvent } from '../security/securityLog';
import type { SecurityEventKind } from '../../shared/securityEvents';
import { usernameKey } from '../../shared/fold';
import { loginInput, loginTwoFactorInput, registerInput } from '../../shared/schemas/auth';
import { endTicket, newTicket, tryTicket, useRecoveryCode, useTotpCode } from '../security/twoFactor';
import { publicProcedure, router, signedInProcedure, type Context } from '../trpc';
import { answer } from '../answers';
import { attempt, countSecondFactorTry, countTry, signIn, userColumns, WRONG_CODE, WRONG_RECOVERY_CODE } from '../domain/signIn';
import * as answers from '../schemas/answers';

const sameText = (column: typeof users.email, value: string) => sql`lower(${column}) = lower(${value})`;

/** The account's last sign-in and language, a log entry and a new session: what a right password (and code) lead to. */
async function completeSignIn(ctx: Context, userId: number, chosenLanguage: Locale | undefined, event: SecurityEventKind = 'sign-in') {
  const user = await ctx.database.write(async (tx) => {
    const [before] = await tx.select({ language: users.language }).from(users).where(eq(users.id, userId));
    const language = chosenLanguage ?? before?.language ?? null;
    await recordSecurityEvent(tx, userId, event, ctx.userAgent);
    const [row] = await tx.update(users).set({ lastLogin: new Date(), language }).where(eq(users.id, userId)).returning(userColumns);
    return row;
  });
  await signIn(ctx, userId);
  // In the language the account has now (the one just chosen on the sign-in page, else its saved one).
  return { user, message: translate(requestLocale(user.language, ctx.acceptLanguage), 'Login successful') };
}

const SIGN_IN_EXPIRED = msg('This sign-in has expired. Please sign in again.');

const USERNAME_TAKEN = { field: 'username', message: msg('Username already taken') };
const EMAIL_TAKEN = { field: 'email', message: msg('Email already registered') };

export const authRouter = router({
  me: signedInProcedure.output(answer(answers.user)).query(({ ctx }): SessionUser => ctx.user),

  register: publicProcedure
    .input(registerInput)
    .output(answer(answers.user))
    .mutation(async ({ ctx, input }) => {
      // Every registration counts, refused ones too: 'Username already taken' would otherwise list usernames at speed.
      await attempt(ctx, [{ key: `register:ip:${addressKey(ctx.clientIp)}`, rule: ctx.limits.registerPerAddress }]);
      const key = usernameKey(input.username);
      const taken = await ctx.database.read
        .select({ usernameKey: users.usernameKey, email: users.email })
        .from(users)
        .where(sql`${users.usernameKey} = ${key} or ${sameText(users.email, input.email)}`);
      if (taken.some((u) => u.usernameKey === key)) throw fieldConflict(USERNAME_TAKEN);
      if (taken.length) throw fieldConflict(EMAIL_TAKEN);

      const passwordHash = await hashPassword(input.password);
      const [user] = await conflictOnDuplicate(
        () =>
          ctx.database.write((tx) =>
            tx
              .insert(users)
              .values({
                username: input.username,
                usernameKey: key,
                email: input.email,
                passwordHash,
                firstName: input.firstName,
                lastName: input.lastName,
                language: input.language ?? ctx.locale,
                lastLogin: new Date(),
              })
              .returning(userColumns),
          ),
        (error) => (isUniqueViolation(error, 'users_email') ? EMAIL_TAKEN : USERNAME_TAKEN),
      );
      await signIn(ctx, user.id);
      // Reminder mail waits until the owner of the address confirms it (issue 27).
      await offerConfirmation(ctx, user.id, user.email);
      return user;
    }),

  login: publicProcedure
    .input(loginInput)
    .output(answer(answers.loginAnswer))
    .mutation(async ({ ctx, input }) => {
      // Failures count per username and address, and per address: an attacker's guesses never lock the owner out of
      // their own account from another address, and one address cannot try many usernames.
      const succeeded = await countTry(ctx, `login:user:${usernameKey(input.username)}:ip:${addressKey(ctx.clientIp)}`, ctx.limits.loginPerUsernameAndAddress);
      const [found] = await ctx.database.read
        .select({ ...userColumns, passwordHash: users.passwordHash, twoFactor: sql<number>`${users.totpSecret} is not null` })
        .from(users)
        .where(eq(users.usernameKey, usernameKey(input.username)));
      const valid = found ? await verifyPassword(found.passwordHash, input.password) : await verifyAgainstNothing(input.password);
      if (!found || !valid) {
        // The owner's log counts the failure; not awaited, so a known username answers as soon as an unknown one.
        if (found) void ctx.database.write((tx) => recordSecurityEvent(tx, found.id, 'sign-in-failed', ctx.userAgent)).catch(() => undefined);
        throw new TRPCError({ code: 'UNAUTHORIZED', message: msg('Invalid username or password') });
      }
      await succeeded();
      // With two-factor sign-in on, no session yet: the second step (loginTwoFactor) makes it once a code is right.
      if (found.twoFactor) return { twoFactorRequired: true as const, ticket: await newTicket(ctx.database, found.id, input.language ?? null) };
      return completeSignIn(ctx, found.id, input.language);
    }),

  /**
   * A sign-in's second step: the ticket and an authenticator code or a recovery code. Each try counts on the ticket
   * (5, within 5 minutes), for the account at this address and for the address before the code is checked; a code is
   * accepted once.
   */
  loginTwoFactor: publicProcedure
    .input(loginTwoFactorInput)
    .output(answer(answers.signedIn))
    .mutation(async ({ ctx, input }) => {
      const waiting = await tryTicket(ctx.database, input.ticket);
      if (!waiting) throw new TRPCError({ code: 'UNAUTHORIZED', message: SIGN_IN_EXPIRED });
      const succeeded = await countSecondFactorTry(ctx, waiting.userId);
      const accepted = await ctx.database.write((tx) =>
        input.code !== undefined ? useTotpCode(tx, waiting.userId, input.code) : useRecoveryCode(tx, waiting.userId, input.recoveryCode ?? ''),
      );
      if (!accepted) {
        void ctx.database.write((tx) => recordSecurityEvent(tx, waiting.userId, 'sign-in-failed', ctx.userAgent)).catch(() => undefined);
        throw new TRPCError({ code: 'UNAUTHORIZED', message: input.code !== undefined ? WRONG_CODE : WRONG_RECOVERY_CODE });
      }
      await succeeded();
      await ctx.database.write((tx) => endTicket(tx, input.ticket));
      return completeSignIn(ctx, waiting.userId, waiting.language ?? undefined, input.recoveryCode !== undefined ? 'recovery-code-used' : 'sign-in');
    }),

  logout: publicProcedure.output(answer(answers.signedOut)).mutation(async ({ ctx }) => {
    if (ctx.session) await ctx.auth.invalidateSession(ctx.session.id);
    const user = ctx.user;
    if (user) await ctx.database.write((tx) => recordSecurityEvent(tx, user.id, 'sign-out', ctx.userAgent));
    ctx.setCookie(ctx.auth.blankSessionCookie(ctx.secure));
    return { message: translate(ctx.locale, 'Logged out') };
  }),
});
