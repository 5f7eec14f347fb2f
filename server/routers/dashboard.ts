// The dashboard's numbers: totals and real 30-day trends, counted in SQL.
import { and, asc, desc, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { activities, contacts, followUps, goals, prayerRequests, resources } from '../../db/schema';
import { canRead, canReadResource } from '../access';
import { dateInput } from '../schemas/common';
import { protectedProcedure, router } from '../trpc';
import { activityColumns } from './activities';
import { followUpColumns } from './followUps';
import { goalColumns } from './goals';
import { resourceCardColumns } from './resources';

const DAY = 24 * 60 * 60 * 1000;
export const TREND_LABEL = 'vs previous 30 days';

export interface Trend {
  value: number;
  label: string;
  isPositive: boolean;
}

/** Percent change of the last 30 days against the 30 before; from nothing to something counts as +100%. */
export function trendOf(recent: number, previous: number): Trend {
  const value = previous === 0 ? (recent > 0 ? 100 : 0) : Math.round(((recent - previous) / previous) * 100);
  return { value, label: TREND_LABEL, isPositive: value >= 0 };
}

async function computeStats(db: Queryable, userId: number) {
  const now = Date.now();
  const recentFrom = now - 30 * DAY;
  const previousFrom = now - 60 * DAY;
  const window = (column: unknown, from: number, to: number) => sql`sum(case when ${column} >= ${from} and ${column} < ${to} then 1 else 0 end)`;

  const activityCounts = await db
    .select({
      type: activities.type,
      total: sql<number>`count(*)`,
      recent: sql<number>`coalesce(${window(activities.date, recentFrom, now + DAY)}, 0)`,
      previous: sql<number>`coalesce(${window(activities.date, previousFrom, recentFrom)}, 0)`,
    })
    .from(activities)
    .where(sql`${canRead(activities, userId)} and ${activities.type} in ('conversation', 'gospel_presentation')`)
    .groupBy(activities.type);
  const [contactCounts] = await db
    .select({
      total: sql<number>`count(*)`,
      recent: sql<number>`coalesce(${window(contacts.createdAt, recentFrom, now + DAY)}, 0)`,
      previous: sql<number>`coalesce(${window(contacts.createdAt, previousFrom, recentFrom)}, 0)`,
    })
    .from(contacts)
    .where(canRead(contacts, userId));
  const [prayerCounts] = await db
    .select({
      total: sql<number>`count(*)`,
      prayers: sql<number>`coalesce(sum(${prayerRequests.prayedCount}), 0)`,
      recent: sql<number>`coalesce(${window(prayerRequests.createdAt, recentFrom, now + DAY)}, 0)`,
      previous: sql<number>`coalesce(${window(prayerRequests.createdAt, previousFrom, recentFrom)}, 0)`,
    })
    .from(prayerRequests)
    .where(canRead(prayerRequests, userId));

  const byType = (type: string) => activityCounts.find((row) => row.type === type) ?? { total: 0, recent: 0, previous: 0 };
  const conversations = byType('conversation');
  const presentations = byType('gospel_presentation');
  return {
    totalConversations: Number(conversations.total),
    totalGospelPresentations: Number(presentations.total),
    totalContacts: Number(contactCounts.total),
    totalPrayerRequests: Number(prayerCounts.total),
    totalPrayers: Number(prayerCounts.prayers),
    trends: {
      conversations: trendOf(Number(conversations.recent), Number(conversations.previous)),
      gospelPresentations: trendOf(Number(presentations.recent), Number(presentations.previous)),
      contacts: trendOf(Number(contactCounts.recent), Number(contactCounts.previous)),
      prayerRequests: trendOf(Number(prayerCounts.recent), Number(prayerCounts.previous)),
    },
  };
}

export const dashboardRouter = router({
  stats: protectedProcedure.query(({ ctx }) => computeStats(ctx.database.read, ctx.user.id)),

  /**
   * Everything the dashboard shows in one call: stats, 3 active goals, 3 latest activities, 3 upcoming follow-ups
   * (from the start of the caller's local day, which only the client knows) and the first 3 resources.
   */
  summary: protectedProcedure.input(z.object({ upcomingFrom: dateInput() })).query(async ({ ctx, input }) => {
    const db = ctx.database.read;
    const userId = ctx.user.id;
    const [stats, activeGoals, recentActivities, upcomingFollowUps, firstResources] = await Promise.all([
      computeStats(db, userId),
      db.select(goalColumns).from(goals).where(and(canRead(goals, userId), eq(goals.completed, false))).orderBy(desc(goals.createdAt), desc(goals.id)).limit(3),
      db
        .select(activityColumns)
        .from(activities)
        .innerJoin(contacts, eq(contacts.id, activities.contactId))
        .where(canRead(activities, userId))
        .orderBy(desc(activities.date), desc(activities.id))
        .limit(3),
      db
        .select({ ...followUpColumns, contactName: contacts.name })
        .from(followUps)
        .innerJoin(contacts, eq(contacts.id, followUps.contactId))
        .where(and(canRead(followUps, userId), eq(followUps.completed, false), gte(followUps.date, input.upcomingFrom)))
        .orderBy(asc(followUps.date), asc(followUps.id))
        .limit(3),
      db.select(resourceCardColumns).from(resources).where(canReadResource(resources, userId)).orderBy(asc(resources.id)).limit(3),
    ]);
    return { stats, goals: activeGoals, activities: recentActivities, followUps: upcomingFollowUps, resources: firstResources };
  }),
});
