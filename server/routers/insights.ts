// Dashboard insight and the due badge: activities per week by type, contacts by spiritual status, follow-ups due.
import { and, eq, gte, lt, sql, type Placeholder } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { activities, activityTypes, contacts, followUps, spiritualStatuses, type ActivityType, type SpiritualStatus } from '../../db/schema';
import { canRead, preparedUser, type Authority, type OwnedTable, type Who } from '../access';
import { preparedPer } from '../queries/prepared';
import { activityWeeksInput, dueFollowUpsInput } from '../schemas/insights';
import { protectedProcedure, router } from '../trpc';

/** Whose rows a figure counts: those a user may read (the dashboard), or one team's (the team page, teamInsight.ts). */
export type Scope = Authority | { teamId: number };
const rowsOf = (table: OwnedTable, scope: Scope) => ('teamId' in scope ? eq(table.teamId, scope.teamId) : canRead(table, scope));

/** One group per (week, type); the week is the index of the boundary pair the date falls between. */
export function activityWeeksQuery(db: Queryable, scope: Scope, boundaries: Date[]) {
  const cases = boundaries.slice(1, -1).map((end, index) => sql`when ${activities.date} < ${end.getTime()} then ${index}`);
  const week = cases.length ? sql<number>`case ${sql.join(cases, sql` `)} else ${boundaries.length - 2} end` : sql<number>`0`;
  return db
    .select({ week: week.as('week'), type: activities.type, count: sql<number>`count(*)` })
    .from(activities)
    .where(and(rowsOf(activities, scope), gte(activities.date, boundaries[0]), lt(activities.date, boundaries[boundaries.length - 1])))
    .groupBy(sql`week`, activities.type);
}

export function journeyQuery(db: Queryable, scope: Scope) {
  return db
    .select({ status: contacts.spiritualStatus, count: sql<number>`count(*)` })
    .from(contacts)
    .where(rowsOf(contacts, scope))
    .groupBy(contacts.spiritualStatus);
}

export function dueFollowUpsQuery(db: Queryable, who: Who, before: Date | Placeholder<'before'>) {
  return db
    .select({ count: sql<number>`count(*)` })
    .from(followUps)
    .where(and(canRead(followUps, who), eq(followUps.completed, false), lt(followUps.date, before)));
}

/** Asked on every screen for the due badge, so prepared (run with `{ userId, before }`). */
export const preparedDueFollowUps = preparedPer((db) => dueFollowUpsQuery(db, preparedUser, sql.placeholder('before')).prepare());

const zeroPerType = () => Object.fromEntries(activityTypes.map((type) => [type, 0])) as Record<ActivityType, number>;

/** Every week between the boundaries, empty ones included, oldest first, with a count per activity type. */
export async function activityWeeks(db: Queryable, scope: Scope, boundaries: Date[]) {
  const weeks = boundaries.slice(0, -1).map((start, index) => ({ start, end: boundaries[index + 1], counts: zeroPerType(), total: 0 }));
  for (const row of await activityWeeksQuery(db, scope, boundaries)) {
    const week = weeks[Number(row.week)];
    week.counts[row.type] += Number(row.count);
    week.total += Number(row.count);
  }
  return weeks;
}

/** How many contacts stand at each step of the journey, in the journey's order; unknown last. */
export async function journeyCounts(db: Queryable, scope: Scope) {
  const counts = Object.fromEntries(spiritualStatuses.map((status) => [status, 0])) as Record<SpiritualStatus, number>;
  for (const row of await journeyQuery(db, scope)) counts[row.status] = Number(row.count);
  return spiritualStatuses.map((status) => ({ status, count: counts[status] }));
}

export const insightsRouter = router({
  activityWeeks: protectedProcedure.input(activityWeeksInput).query(({ ctx, input }) => activityWeeks(ctx.database.read, ctx.authority, input.boundaries)),

  journey: protectedProcedure.query(({ ctx }) => journeyCounts(ctx.database.read, ctx.authority)),

  /** Pending follow-ups dated before the start of the user's tomorrow: overdue or due today. */
  dueFollowUps: protectedProcedure.input(dueFollowUpsInput).query(async ({ ctx, input }) => {
    const [row] = await preparedDueFollowUps(ctx.database.read).all({ userId: ctx.user.id, before: input.before.getTime() });
    return { count: Number(row?.count ?? 0) };
  }),
});
