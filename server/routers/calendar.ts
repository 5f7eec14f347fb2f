// The private calendar feed: a secret URL per user that calendar apps subscribe to without a session.
import { and, asc, eq, gte, lt, or } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { contactDates, contacts, followUps, users } from '../../db/schema';
import type { Queryable, Tx } from '../../db/client';
import { canRead, notFound, readAuthority, type Authority } from '../access';
import { CALENDAR_END, calendarEvents, calendarStart, contactDateEvents, FEED_NAME, noteEvent } from '../formats/ics';
import { requestLocale, translate } from '../i18n';
import { countRequest } from '../downloads';
import { addressKey } from '../security/rateLimit';
import { longStep } from '../queries/turns';
import { protectedProcedure, publicProcedure, router } from '../trpc';
import { answer, plainFileAnswer } from '../answers';
import * as answers from '../schemas/answers';
import { calendarFollowUpColumns } from '../domain/followUps';
import { definePagedList } from '../queries/paging';
import { DAY_MS } from '../queries/calendarDays';
import { msg } from '../../shared/i18n';
import { readSettings } from '../nudges/settings';
import { notArchived } from '../queries/archive';

/** How far back the feed reaches: overdue follow-ups stay visible for a month. */
const FEED_PAST_DAYS = 30;
/** How far ahead it reaches: the next 12 months. */
const FEED_AHEAD_DAYS = 366;
/**
 * Follow-ups in one feed at most, soonest first: about 220 kB, built in a few steps of a few ms. An account (or a team
 * a user belongs to) may hold any number, and every calendar app refreshes the feed on its own schedule.
 */
export const MAX_FEED_FOLLOW_UPS = 500;
/** Follow-ups read and written into the feed per long step (server/queries/turns.ts): 100 take 2-4 ms. */
const FEED_PAGE = 100;

const FEED_REACH = msg('Your pending follow-ups from the last 30 days and the next 12 months.');
const FEED_CUT = msg('The first 500 of your pending follow-ups from the last 30 days and the next 12 months. Open Sower to see the rest.');
const MORE_IN_SOWER = msg('More follow-ups in Sower');
const TOO_MANY_FEED_FETCHES = msg('This calendar feed was fetched too often. Please try again later.');

/** A feed token's counter key: a digest, so the attempts table never holds a working credential. */
const tokenKey = (token: string) => `feed:token:${createHash('sha256').update(token).digest('base64url').slice(0, 22)}`;

/** 32 random bytes, base64url: 43 characters, 256 bits, safe in a URL path as it is. */
const newToken = () => randomBytes(32).toString('base64url');
const tokenShape = /^[A-Za-z0-9_-]{43}$/;

/** The path part of the feed URL; the client puts its own origin in front. */
export const feedPath = (token: string) => `/api/calendar/${token}.ics`;

const feedInput = z.object({ token: z.string() });

/** The feed's follow-ups: pending, dated from `from` to before `to`, soonest first, with what a calendar writes of each. */
const feedList = definePagedList<{ from: Date; to: Date; limit?: number; cursor?: number }>()({
  table: followUps,
  fields: calendarFollowUpColumns,
  select: (db, fields) => db.select(fields).from(followUps).innerJoin(contacts, eq(contacts.id, followUps.contactId)),
  values: ['from', 'to'],
  filters: (input) => [eq(followUps.completed, false), gte(followUps.date, input.from!), lt(followUps.date, input.to!)],
  order: () => ({ key: followUps.date, direction: 'asc' }),
});

/** Important dates in one feed at most (issue 50 §6): each is one short event, yearly ones repeating on their own. */
export const MAX_FEED_DATES = 500;

/**
 * The important dates of the people the owner reads, archived ones aside: every yearly one, and the once ones from
 * `from` to before `to`; in discreet mode without the person's name.
 */
async function feedDates(db: Queryable, who: Authority, from: Date, to: Date, discreet: boolean) {
  const day = (instant: Date) => instant.toISOString().slice(0, 10);
  const rows = await db
    .select({ id: contactDates.id, label: contactDates.label, date: contactDates.date, yearly: contactDates.yearly, name: contacts.name })
    .from(contactDates)
    .innerJoin(contacts, eq(contacts.id, contactDates.contactId))
    .where(and(canRead(contacts, who), notArchived, or(eq(contactDates.yearly, true), and(gte(contactDates.date, day(from)), lt(contactDates.date, day(to))))))
    .orderBy(asc(contactDates.id))
    .limit(MAX_FEED_DATES);
  return rows.map(({ name, ...date }) => ({ ...date, contactName: discreet ? null : name }));
}

/** A new feed URL for the user: a new token, which replaces (so ends) any earlier one in the same write. */
async function newFeed(tx: Tx, userId: number) {
  const token = newToken();
  await tx.update(users).set({ calendarToken: token }).where(eq(users.id, userId));
  return { url: feedPath(token) };
}

export const calendarRouter = router({
  status: protectedProcedure.output(answer(answers.calendarStatus)).query(async ({ ctx }) => {
    const [row] = await ctx.database.read.select({ token: users.calendarToken }).from(users).where(eq(users.id, ctx.user.id));
    return row?.token ? { enabled: true as const, url: feedPath(row.token) } : { enabled: false as const, url: null };
  }),

  /** Turns the feed on, keeping the URL the user may already have subscribed to. */
  enable: protectedProcedure.output(answer(answers.feedUrl)).mutation(({ ctx }) =>
    ctx.database.write(async (tx) => {
      const [row] = await tx.select({ token: users.calendarToken }).from(users).where(eq(users.id, ctx.user.id));
      return row?.token ? { url: feedPath(row.token) } : newFeed(tx, ctx.user.id);
    }),
  ),

  /** A new URL for a leaked one: the old token is overwritten, so it stops working with this write. */
  rotate: protectedProcedure.output(answer(answers.feedUrl)).mutation(({ ctx }) => ctx.database.write((tx) => newFeed(tx, ctx.user.id))),

  disable: protectedProcedure.output(answer(answers.calendarDisabled)).mutation(({ ctx }) =>
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
  feed: publicProcedure
    .input(feedInput)
    .output(plainFileAnswer())
    .query(async ({ ctx, input }) => {
      // Counted before the token is looked up, so guessing tokens and refreshing one at speed both meet a limit.
      await countRequest(
        ctx,
        [
          { key: tokenKey(input.token), rule: ctx.limits.feedPerToken },
          { key: `feed:ip:${addressKey(ctx.clientIp)}`, rule: ctx.limits.feedPerAddress },
        ],
        TOO_MANY_FEED_FETCHES,
      );
      if (!tokenShape.test(input.token)) throw notFound(msg('Calendar feed not found'));
      const [owner] = await ctx.database.read.select({ id: users.id, language: users.language }).from(users).where(eq(users.calendarToken, input.token));
      if (!owner) throw notFound(msg('Calendar feed not found'));
      const now = new Date();
      // The owner's memberships, as a signed-in request of theirs reads them: each part of what they may read (their own
      // rows, each team's) gives its soonest through its own index, so a feed never sorts every row of a large team.
      const owned = await readAuthority(ctx.database.read, owner.id);
      const from = new Date(now.getTime() - FEED_PAST_DAYS * DAY_MS);
      const to = new Date(now.getTime() + FEED_AHEAD_DAYS * DAY_MS);
      // Read by a calendar app, not by the owner's browser: the feed speaks the owner's saved language.
      const locale = requestLocale(owner.language, undefined);
      // And counts days in the owner's saved zone, where Sower shows them (server/formats/ics.ts calendarDate).
      const { timeZone: savedZone, discreet } = await readSettings(ctx.database.read, owner.id);
      const timeZone = savedZone ?? undefined;
      // A page read and written per long step (server/queries/turns.ts), soonest first, until the feed is full or the rows end.
      let events = '';
      let shown = 0;
      let last: { date: Date; id: number } | undefined;
      let cut = false;
      for (;;) {
        const limit = Math.min(FEED_PAGE, MAX_FEED_FOLLOW_UPS + 1 - shown);
        const page = await longStep(async () => {
          const rows = await feedList.page(ctx.database.read, owned, { from, to, limit, cursor: last?.id });
          events += calendarEvents(rows.slice(0, MAX_FEED_FOLLOW_UPS - shown), { now, locale, timeZone });
          return rows;
        });
        shown += page.length;
        last = page[page.length - 1];
        if (shown > MAX_FEED_FOLLOW_UPS) cut = true;
        if (cut || page.length < limit) break;
      }
      const reach = translate(locale, cut ? FEED_CUT : FEED_REACH);
      events += contactDateEvents(await feedDates(ctx.database.read, owned, from, to, discreet), now);
      let text = calendarStart({ now, locale, name: FEED_NAME, description: reach }) + events;
      // Where the feed stops short, the calendar itself says so, on the day of the first follow-up it leaves out.
      if (cut && last) text += noteEvent('more-follow-ups@sower', last.date, translate(locale, MORE_IN_SOWER), reach, now, timeZone);
      return text + CALENDAR_END;
    }),
});
