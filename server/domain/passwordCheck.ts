// Checks that the person at a signed-in session knows the account's password (and, with two-factor sign-in on, has the
// authenticator) before a change that needs it: wrong guesses count like failed sign-ins.
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { ZodRealError } from 'zod';
import { users } from '../../db/schema';
import { verifyPassword, type SessionUser } from '../security/auth';
import type { Context } from '../trpc';
import { countTry } from './signIn';

export type SignedInContext = Context & { user: SessionUser };

/** A refusal about one field, shaped like a validation error so a form shows it beside that field. */
export function fieldError(field: string, message: string) {
  return new TRPCError({ code: 'BAD_REQUEST', message, cause: new ZodRealError([{ code: 'custom', path: [field], message, input: undefined }]) });
}

/**
 * Checks the user's password before a change that needs it. Wrong guesses count like failed logins, so a
 * session left open on a shared computer cannot be used to try passwords at speed. 400, not 401: the session
 * itself is fine, and the client treats 401 as "signed out".
 */
export async function assertPassword(ctx: SignedInContext, password: string, field: string, message: string) {
  const succeeded = await countTry(ctx, `password:user:${ctx.user.id}`, ctx.limits.passwordPerUser);
  const [row] = await ctx.database.read.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, ctx.user.id));
  if (!row || !(await verifyPassword(row.passwordHash, password))) throw fieldError(field, message);
  await succeeded();
}
