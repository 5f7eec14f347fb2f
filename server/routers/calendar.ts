// The private calendar feed: a secret URL per user that calendar apps subscribe to without a session.
import { and, asc, eq, gte } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { followUps, users } from '../../db/schema';
import { canRead, decidedInSql, notFound } from '../access';
import { FEED_NAME, followUpsCalendar } from '../ics';
import { requestLocale } from '../i18n';
import { protectedProcedure, publicProcedure, router } from '../trpc';
import { selectCalendarFollowUps } from './followUps';
import { DAY_MS } from './calendarDays';
import { msg } from '../../shared/i18n';

/** How far back the feed reaches: overdue follow-ups stay visible for a month. */
const FEED_PAST_DAYS = 30;

/** 32 random bytes, base64url: 43 characters, 256 bits, safe in a URL path as it is. */
const newToken = () => randomBytes(32).toString('base64url');
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

/** The path part of the feed URL; the client puts its own origin in front. */
export const feedPath = (token: string) => `/api/calendar/${token}.ics`;

const feedInput = z.object({ token: z.string() });

export const calendarRouter = router({
  status: protectedProcedure.query(async ({ ctx }) => {
    const [row] = await ctx.database.read.select({ token: users.calendarToken }).from(users).where(eq(users.id, ctx.user.id));
    return row?.token ? { enabled: true as const, url: feedPath(row.token) } : { enabled: false as const, url: null };
  }),

  /** Turns the feed on, keeping the URL the user may already have subscribed to. */
  enable: protectedProcedure.mutation(({ ctx }) =>
    ctx.database.write(async (tx) => {
      const [row] = await tx.select({ token: users.calendarToken }).from(users).where(eq(users.id, ctx.user.id));
      if (row?.token) return { url: feedPath(row.token) };
      const token = newToken();
      await tx.update(users).set({ calendarToken: token }).where(eq(users.id, ctx.user.id));
      return { url: feedPath(token) };
    }),
  ),

  /** A new URL for a leaked one: the old token is overwritten, so it stops working with this write. */
  rotate: protectedProcedure.mutation(({ ctx }) =>
    ctx.database.write(async (tx) => {
      const token = newToken();
      await tx.update(users).set({ calendarToken: token }).where(eq(users.id, ctx.user.id));
      return { url: feedPath(token) };
    }),
  ),

  disable: protectedProcedure.mutation(({ ctx }) =>
    ctx.database.write(async (tx) => {
      await tx.update(users).set({ calendarToken: null }).where(eq(users.id, ctx.user.id));
      return { enabled: false as const };
    }),
  ),

  /**
   * The feed itself, for whoever holds the token. The token is found by value through the unique index on
   * users.calendar_token, so there is no comparison of secrets in JavaScript whose timing could leak a prefix;
   * the index lookup's timing says nothing useful about 256 random bits. A wrong, malformed or revoked token is
   * the same 404.
   */
  feed: publicProcedure.input(feedInput).query(async ({ ctx, input }) => {
    if (!tokenShape.test(input.token)) throw notFound(msg('Calendar feed not found'));
    const [owner] = await ctx.database.read.select({ id: users.id, language: users.language }).from(users).where(eq(users.calendarToken, input.token));
    if (!owner) throw notFound(msg('Calendar feed not found'));
    const now = new Date();
    const pending = await selectCalendarFollowUps(ctx.database.read)
      .where(
        and(
          // The feed's owner, decided in SQL: the feed is read outside a signed-in request.
          canRead(followUps, decidedInSql(owner.id)),
          eq(followUps.completed, false),
          gte(followUps.date, new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS)),
        ),
      )
      .orderBy(asc(followUps.date), asc(followUps.id));
    // Read by a calendar app, not by the owner's browser: the feed speaks the owner's saved language.
    return followUpsCalendar(pending, { now, locale: requestLocale(owner.language, undefined), name: FEED_NAME });
  }),
});
