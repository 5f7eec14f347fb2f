// Dashboard insight and the due badge: activities per week by type, contacts by spiritual status, follow-ups due.
import { and, eq, gte, lt, sql, type Placeholder } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { activities, activityTypes, contacts, dailyTallies, followUps, spiritualStatuses, type ActivityType, type SpiritualStatus } from '../../db/schema';
import { canRead, canReadTallies, preparedUser, type Authority, type OwnedTable, type Who } from '../access';
import { DAY_MS } from '../queries/calendarDays';
import { preparedPer } from '../queries/prepared';
import { activityWeeksInput, dueFollowUpsInput } from '../schemas/insights';
import { protectedProcedure, router } from '../trpc';

/** Whose rows a figure counts: those a user may read (the dashboard), or one team's (the team page, teamInsight.ts). */
export type Scope = Authority | { teamId: number };
const rowsOf = (table: OwnedTable, scope: Scope) => ('teamId' in scope ? eq(table.teamId, scope.teamId) : canRead(table, scope));
const talliesOf = (scope: Scope) => ('teamId' in scope ? eq(dailyTallies.teamId, scope.teamId) : canReadTallies(dailyTallies, scope));

/** The week (index of the boundary pair) a moment falls in, as SQL over `at` (ms). */
function weekCase(at: unknown, boundaries: Date[]) {
  const cases = boundaries.slice(1, -1).map((end, index) => sql`when ${at} < ${end.getTime()} then ${index}`);
  return cases.length ? sql<number>`case ${sql.join(cases, sql` `)} else ${boundaries.length - 2} end` : sql<number>`0`;
}

/** One group per (week, type) of the activities dated in [from, to); the week is the index of the boundary pair the date falls between. */
export function activityWeeksQuery(db: Queryable, scope: Scope, boundaries: Date[], from = boundaries[0], to = boundaries[boundaries.length - 1]) {
  return db
    .select({ week: weekCase(activities.date, boundaries).as('week'), type: activities.type, count: sql<number>`count(*)` })
    .from(activities)
    .where(and(rowsOf(activities, scope), gte(activities.date, from), lt(activities.date, to)))
    .groupBy(sql`week`, activities.type);
}

/** The same groups over the whole UTC days [fromDay, toDay) except `cutDays`, from daily_tallies (kept by date and type). */
export function tallyWeeksQuery(db: Queryable, scope: Scope, boundaries: Date[], fromDay: number, toDay: number, cutDays: number[]) {
  const kinds = sql.join(
    activityTypes.map((type) => sql`${type}`),
    sql`, `,
  );
  const cut = cutDays.length
    ? sql` and ${dailyTallies.day} not in (${sql.join(
        cutDays.map((day) => sql`${day}`),
        sql`, `,
      )})`
    : sql``;
  return db
    .select({
      week: weekCase(sql`${dailyTallies.day} * ${DAY_MS}`, boundaries).as('week'),
      type: sql<ActivityType>`${dailyTallies.kind}`,
      count: sql<number>`sum(${dailyTallies.rowCount})`,
    })
    .from(dailyTallies)
    .where(
      sql`${talliesOf(scope)} and ${dailyTallies.entity} = 'activity' and ${dailyTallies.kind} in (${kinds}) and ${dailyTallies.day} >= ${fromDay} and ${dailyTallies.day} < ${toDay}${cut}`,
    )
    .groupBy(sql`week`, dailyTallies.kind);
}

/**
 * Activities per week and type, exact to the millisecond at the cost of days, not of activities (a shared team logs
 * tens of thousands in 12 weeks): the whole UTC days inside the weeks come from daily_tallies; only the days a
 * boundary cuts (local midnights away from UTC: at most one a boundary) are counted from the activities themselves,
 * each one range of the date indexes.
 */
export async function activityWeeks(db: Queryable, scope: Scope, boundaries: Date[]) {
  const times = boundaries.map((date) => date.getTime());
  const cutDays = [...new Set(times.filter((t) => t % DAY_MS !== 0).map((t) => Math.floor(t / DAY_MS)))];
  const fromDay = Math.ceil(times[0] / DAY_MS);
  const toDay = Math.floor(times[times.length - 1] / DAY_MS);
  const groups = await Promise.all([
    fromDay < toDay ? tallyWeeksQuery(db, scope, boundaries, fromDay, toDay, cutDays) : [],
    ...cutDays.map((day) =>
      activityWeeksQuery(db, scope, boundaries, new Date(Math.max(times[0], day * DAY_MS)), new Date(Math.min(times[times.length - 1], (day + 1) * DAY_MS))),
    ),
  ]);
  return weeksOf(boundaries, groups.flat());
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

/** Every week between the boundaries, empty ones included, oldest first, with a count per activity type, from (week, type, count) groups. */
function weeksOf(boundaries: Date[], groups: { week: number; type: ActivityType; count: number }[]) {
  const weeks = boundaries.slice(0, -1).map((start, index) => ({ start, end: boundaries[index + 1], counts: zeroPerType(), total: 0 }));
  for (const row of groups) {
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
  /** Every week between the boundaries, empty ones included, oldest first, with a count per activity type. */
  activityWeeks: protectedProcedure.input(activityWeeksInput).query(({ ctx, input }) => activityWeeks(ctx.database.read, ctx.authority, input.boundaries)),

  journey: protectedProcedure.query(({ ctx }) => journeyCounts(ctx.database.read, ctx.authority)),

  /** Pending follow-ups dated before the start of the user's tomorrow: overdue or due today. */
  dueFollowUps: protectedProcedure.input(dueFollowUpsInput).query(async ({ ctx, input }) => {
    const [row] = await preparedDueFollowUps(ctx.database.read).all({ userId: ctx.user.id, before: input.before.getTime() });
    return { count: Number(row?.count ?? 0) };
  }),
});
