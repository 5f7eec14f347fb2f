// Signing in, shared by sign-in, two-factor and password reset: the signed-in user's columns, a fresh session, and
// the attempt counting every password or code try goes through.
import { msg } from '../../shared/i18n';
import { addressKey, takeAttempt, type LimitRule } from '../security/rateLimit';
import type { Context } from '../trpc';
import * as answers from '../schemas/answers';

export const userColumns = answers.userRow.columns;

/** Starts a fresh session (a new id every time, so a planted cookie is never promoted) and sets its cookie. */
export async function signIn(ctx: Context, userId: number) {
  if (ctx.session) await ctx.auth.invalidateSession(ctx.session.id);
  const session = await ctx.auth.createSession(userId, ctx.userAgent);
  ctx.setCookie(ctx.auth.sessionCookie(session.id, ctx.secure));
}

/** Counts an attempt on the limits' keys before it is tried; 429 with Retry-After when any is past its limit. */
export function attempt(ctx: Context, checks: { key: string; rule: LimitRule }[]) {
  return takeAttempt(ctx.attempts, checks, ctx.setHeader);
}

/**
 * Counts a try of a password or a code on its own key and on the address's login allowance, before it is checked. The
 * answer is called once the try is right: it forgets the key's failures and gives the address its try back.
 */
export async function countTry(ctx: Context, key: string, rule: LimitRule) {
  const addressOnlyKey = `login:ip:${addressKey(ctx.clientIp)}`;
  const tried = await attempt(ctx, [
    { key, rule },
    { key: addressOnlyKey, rule: ctx.limits.loginPerAddress },
  ]);
  return () => tried.succeeded({ reset: [key], release: [addressOnlyKey] });
}

/**
 * Counts a second-factor code's try before it is checked, as sign-in counts a password: per account and address (the
 * login rule's 10) and per address (50), never for the account alone, so wrong codes sent from elsewhere by someone who
 * knows the password leave the owner's own address its allowance (issue 47). The answer is called once the code is
 * right: it forgets that pair's failures and gives the address its try back.
 */
export async function countSecondFactorTry(ctx: Context, userId: number) {
  return countTry(ctx, `second-factor:user:${userId}:ip:${addressKey(ctx.clientIp)}`, ctx.limits.loginPerUsernameAndAddress);
}

/** What a wrong second-factor code is told, at sign-in and at a password reset alike. */
export const WRONG_CODE = msg('That code is not right. Check your authenticator app and try again.');
export const WRONG_RECOVERY_CODE = msg('That recovery code is not right or was used already.');
