// The dashboard's numbers: totals and real 30-day trends, counted in SQL.
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
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
import { readablePage } from './paging';
import { readableTallies } from './tallies';

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

/**
 * Totals come from the tallies (flat however long the history); the two 30-day windows count rows in SQL, through
 * date-ranged indexes, so their cost follows the last 60 days only.
 */
async function computeStats(db: Queryable, userId: number) {
  const now = Date.now();
  const recentFrom = now - 30 * DAY;
  const previousFrom = now - 60 * DAY;
  const until = now + DAY;
  const windows = (column: SQLiteColumn) => ({
    recent: sql<number>`coalesce(sum(case when ${column} >= ${recentFrom} then 1 else 0 end), 0)`,
    previous: sql<number>`coalesce(sum(case when ${column} < ${recentFrom} then 1 else 0 end), 0)`,
  });
  const inWindows = (column: SQLiteColumn) => and(gte(column, new Date(previousFrom)), lt(column, new Date(until)));

  const [totals, activityWindows, [contactWindows], [prayerWindows]] = await Promise.all([
    readableTallies(db, userId, ['activity', 'contact', 'prayer']),
    db
      .select({ type: activities.type, ...windows(activities.date) })
      .from(activities)
      .where(and(canRead(activities, userId), inArray(activities.type, ['conversation', 'gospel_presentation']), inWindows(activities.date)))
      .groupBy(activities.type),
    db.select(windows(contacts.createdAt)).from(contacts).where(and(canRead(contacts, userId), inWindows(contacts.createdAt))),
    db.select(windows(prayerRequests.createdAt)).from(prayerRequests).where(and(canRead(prayerRequests, userId), inWindows(prayerRequests.createdAt))),
  ]);

  const windowOf = (type: string) => activityWindows.find((row) => row.type === type) ?? { recent: 0, previous: 0 };
  const trend = (counted: { recent: number; previous: number }) => trendOf(Number(counted.recent), Number(counted.previous));
  const prayers = [totals('prayer', 'active'), totals('prayer', 'answered')];
  return {
    totalConversations: totals('activity', 'conversation').rows,
    totalGospelPresentations: totals('activity', 'gospel_presentation').rows,
    totalContacts: totals('contact', '').rows,
    totalPrayerRequests: prayers[0].rows + prayers[1].rows,
    totalPrayers: prayers[0].prayed + prayers[1].prayed,
    trends: {
      conversations: trend(windowOf('conversation')),
      gospelPresentations: trend(windowOf('gospel_presentation')),
      contacts: trend(contactWindows),
      prayerRequests: trend(prayerWindows),
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
    const newestActivities = [desc(activities.date), desc(activities.id)];
    const soonestFollowUps = [asc(followUps.date), asc(followUps.id)];
    const [stats, activeGoals, recentActivities, upcomingFollowUps, firstResources] = await Promise.all([
      computeStats(db, userId),
      db.select(goalColumns).from(goals).where(and(canRead(goals, userId), eq(goals.completed, false))).orderBy(desc(goals.createdAt), desc(goals.id)).limit(3),
      db
        .select(activityColumns)
        .from(activities)
        .innerJoin(contacts, eq(contacts.id, activities.contactId))
        .where(readablePage(activities, userId, [], newestActivities, 3))
        .orderBy(...newestActivities)
        .limit(3),
      db
        .select({ ...followUpColumns, contactName: contacts.name })
        .from(followUps)
        .innerJoin(contacts, eq(contacts.id, followUps.contactId))
        .where(readablePage(followUps, userId, [eq(followUps.completed, false), gte(followUps.date, input.upcomingFrom)], soonestFollowUps, 3))
        .orderBy(...soonestFollowUps)
        .limit(3),
      db.select(resourceCardColumns).from(resources).where(canReadResource(resources, userId)).orderBy(asc(resources.id)).limit(3),
    ]);
    return { stats, goals: activeGoals, activities: recentActivities, followUps: upcomingFollowUps, resources: firstResources };
  }),
});
