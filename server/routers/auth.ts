// Registration, login, logout and the signed-in user.
import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { hashPassword, verifyAgainstNothing, verifyPassword, type SessionUser } from '../auth';
import { conflictOnDuplicate, isUniqueViolation } from '../errors';
import { blockedFor, TOO_MANY_ATTEMPTS } from '../rateLimit';
import { loginInput, registerInput, usernameKey } from '../schemas/auth';
import { publicProcedure, router, signedInProcedure, type Context } from '../trpc';

export const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};

const sameText = (column: typeof users.email, value: string) => sql`lower(${column}) = lower(${value})`;

/** Starts a fresh session (a new id every time, so a planted cookie is never promoted) and sets its cookie. */
async function signIn(ctx: Context, userId: number) {
  if (ctx.session) await ctx.auth.invalidateSession(ctx.session.id);
  const session = await ctx.auth.createSession(userId);
  ctx.setCookie(ctx.auth.sessionCookie(session.id, ctx.secure));
}

/** Refuses with 429 and Retry-After while any of the keys is over its limit. */
export async function assertNotLimited(ctx: Context, checks: Parameters<typeof blockedFor>[1]) {
  const wait = await blockedFor(ctx.attempts, checks);
  if (wait === null) return;
  ctx.setHeader('Retry-After', String(Math.max(1, wait)));
  throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: TOO_MANY_ATTEMPTS });
}

export const authRouter = router({
  me: signedInProcedure.query(({ ctx }): SessionUser => ctx.user),

  register: publicProcedure.input(registerInput).mutation(async ({ ctx, input }) => {
    const addressKey = `register:ip:${ctx.clientIp}`;
    await assertNotLimited(ctx, [{ key: addressKey, rule: ctx.limits.registerPerAddress }]);
    await ctx.attempts.hit(addressKey, ctx.limits.registerPerAddress.windowMs);
    const key = usernameKey(input.username);
    const taken = await ctx.database.read
      .select({ usernameKey: users.usernameKey, email: users.email })
      .from(users)
      .where(sql`${users.usernameKey} = ${key} or ${sameText(users.email, input.email)}`);
    if (taken.some((u) => u.usernameKey === key))
      throw new TRPCError({ code: 'CONFLICT', message: 'Username already taken' });
    if (taken.length) throw new TRPCError({ code: 'CONFLICT', message: 'Email already registered' });

    const passwordHash = await hashPassword(input.password);
    const [user] = await conflictOnDuplicate(
      () =>
        ctx.database.write((tx) =>
          tx
            .insert(users)
            .values({ username: input.username, usernameKey: key, email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName, lastLogin: new Date() })
            .returning(userColumns),
        ),
      (error) => (isUniqueViolation(error, 'users_email') ? 'Email already registered' : 'Username already taken'),
    );
    await signIn(ctx, user.id);
    return user;
  }),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const userKey = `login:user:${usernameKey(input.username)}`;
    const addressKey = `login:ip:${ctx.clientIp}`;
    await assertNotLimited(ctx, [
      { key: userKey, rule: ctx.limits.loginPerUsername },
      { key: addressKey, rule: ctx.limits.loginPerAddress },
    ]);
    const [found] = await ctx.database.read
      .select({ ...userColumns, passwordHash: users.passwordHash })
      .from(users)
      .where(eq(users.usernameKey, usernameKey(input.username)));
    const valid = found ? await verifyPassword(found.passwordHash, input.password) : await verifyAgainstNothing(input.password);
    if (!found || !valid) {
      await ctx.attempts.hit(userKey, ctx.limits.loginPerUsername.windowMs);
      await ctx.attempts.hit(addressKey, ctx.limits.loginPerAddress.windowMs);
      throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Invalid username or password' });
    }
    await ctx.attempts.reset(userKey);

    await ctx.database.write((tx) => tx.update(users).set({ lastLogin: new Date() }).where(eq(users.id, found.id)));
    await signIn(ctx, found.id);
    const { passwordHash: _hash, ...user } = found;
    return { user, message: 'Login successful' };
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    if (ctx.session) await ctx.auth.invalidateSession(ctx.session.id);
    ctx.setCookie(ctx.auth.blankSessionCookie(ctx.secure));
    return { message: 'Logged out' };
  }),
});
