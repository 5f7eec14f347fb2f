// The dashboard's numbers: totals and real 30-day trends, counted in SQL.
import { sql } from 'drizzle-orm';
import { activities, contacts, prayerRequests } from '../../db/schema';
import { canRead } from '../access';
import { protectedProcedure, router } from '../trpc';

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

export const dashboardRouter = router({
  stats: protectedProcedure.query(async ({ ctx }) => {
    const userId = ctx.user.id;
    const now = Date.now();
    const recentFrom = now - 30 * DAY;
    const previousFrom = now - 60 * DAY;
    const window = (column: unknown, from: number, to: number) => sql`sum(case when ${column} >= ${from} and ${column} < ${to} then 1 else 0 end)`;

    const activityCounts = await ctx.database.read
      .select({
        type: activities.type,
        total: sql<number>`count(*)`,
        recent: sql<number>`coalesce(${window(activities.date, recentFrom, now + DAY)}, 0)`,
        previous: sql<number>`coalesce(${window(activities.date, previousFrom, recentFrom)}, 0)`,
      })
      .from(activities)
      .where(sql`${canRead(activities, userId)} and ${activities.type} in ('conversation', 'gospel_presentation')`)
      .groupBy(activities.type);
    const [contactCounts] = await ctx.database.read
      .select({
        total: sql<number>`count(*)`,
        recent: sql<number>`coalesce(${window(contacts.createdAt, recentFrom, now + DAY)}, 0)`,
        previous: sql<number>`coalesce(${window(contacts.createdAt, previousFrom, recentFrom)}, 0)`,
      })
      .from(contacts)
      .where(canRead(contacts, userId));
    const [prayerCounts] = await ctx.database.read
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
  }),
});
