// Registration, login, logout and the signed-in user.
import { TRPCError } from '@trpc/server';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../db/schema';
import { hashPassword, verifyAgainstNothing, verifyPassword, type SessionUser } from '../auth';
import { conflictOnDuplicate, isUniqueViolation } from '../errors';
import { loginInput, registerInput } from '../schemas/auth';
import { protectedProcedure, publicProcedure, router, type Context } from '../trpc';

export const userColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
};

const sameText = (column: typeof users.username | typeof users.email, value: string) => sql`lower(${column}) = lower(${value})`;

/** Starts a fresh session (a new id every time, so a planted cookie is never promoted) and sets its cookie. */
async function signIn(ctx: Context, userId: number) {
  if (ctx.session) await ctx.auth.invalidateSession(ctx.session.id);
  const session = await ctx.auth.createSession(userId);
  ctx.setCookie(ctx.auth.sessionCookie(session.id, ctx.secure));
}

export const authRouter = router({
  me: protectedProcedure.query(({ ctx }): SessionUser => ctx.user),

  register: publicProcedure.input(registerInput).mutation(async ({ ctx, input }) => {
    const taken = await ctx.database.read
      .select({ username: users.username, email: users.email })
      .from(users)
      .where(sql`${sameText(users.username, input.username)} or ${sameText(users.email, input.email)}`);
    if (taken.some((u) => u.username.toLowerCase() === input.username.toLowerCase()))
      throw new TRPCError({ code: 'CONFLICT', message: 'Username already taken' });
    if (taken.length) throw new TRPCError({ code: 'CONFLICT', message: 'Email already registered' });

    const passwordHash = await hashPassword(input.password);
    const [user] = await conflictOnDuplicate(
      () =>
        ctx.database.write((tx) =>
          tx
            .insert(users)
            .values({ username: input.username, email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName, lastLogin: new Date() })
            .returning(userColumns),
        ),
      (error) => (isUniqueViolation(error, 'users_email') ? 'Email already registered' : 'Username already taken'),
    );
    await signIn(ctx, user.id);
    return user;
  }),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const [found] = await ctx.database.read
      .select({ ...userColumns, passwordHash: users.passwordHash })
      .from(users)
      .where(sameText(users.username, input.username));
    const valid = found ? await verifyPassword(found.passwordHash, input.password) : await verifyAgainstNothing(input.password);
    if (!found || !valid) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Invalid username or password' });

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
