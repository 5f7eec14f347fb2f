// The dashboard's numbers: totals and real 30-day trends, from tallies the database keeps.
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { contacts, followUps, goals, resources, resourceTranslations } from '../../db/schema';
import { assertSpace, canRead, canReadResource, inScope, preparedUser as user } from '../access';
import { preparedPer } from '../queries/prepared';
import { dateInput, teamFilter } from '../../shared/schemas/common';
import { protectedProcedure, router, scopedInSqlProcedure } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { activityPage } from '../domain/activities';
import { followUpListColumns } from '../domain/followUps';
import { goalColumns } from '../domain/goals';
import { inReadersLanguage, resourceCardColumns } from '../domain/resources';
import { dueFollowUps } from '../domain/insights';
import { definePagedList } from '../queries/paging';
import { type SpaceScope } from '../queries/tallies';
import { computeStats } from '../domain/stats';

/**
 * The 3 newest active goals, chosen before any is counted: with the count in the same select, SQLite counts every
 * active goal before it sorts them (the heavy user's 70-odd goals: 12-45 ms at 100,000 activities instead of ~1 ms).
 */
const activeGoalsQuery = (space: 'all' | 'mine' | 'team') =>
  preparedPer((db) => {
    const newest = [desc(goals.createdAt), desc(goals.id)];
    const inSpace = space === 'all' ? undefined : inScope(goals, user, space === 'mine' ? 'mine' : sql.placeholder('teamId'));
    const chosen = db
      .select({ id: goals.id })
      .from(goals)
      .where(and(canRead(goals, user), inSpace, eq(goals.completed, false)))
      .orderBy(...newest)
      .limit(3);
    return db
      .select(goalColumns)
      .from(goals)
      .where(inArray(goals.id, chosen))
      .orderBy(...newest)
      .prepare();
  });
/** The active goals of each space: every readable one, the personal ones, or one team's (run with `{ userId, teamId }`). */
const activeGoalsIn = { all: activeGoalsQuery('all'), mine: activeGoalsQuery('mine'), team: activeGoalsQuery('team') };
const firstResourcesQuery = preparedPer((db) =>
  db
    .select(resourceCardColumns)
    .from(resources)
    .leftJoin(resourceTranslations, inReadersLanguage(sql.placeholder('locale')))
    .where(canReadResource(resources, user))
    .orderBy(asc(resources.id))
    .limit(3)
    .prepare(),
);

/** Pending follow-ups from a date on, soonest first (the summary's upcoming ones from the start of the caller's day). */
const upcomingList = definePagedList<{ from: Date; limit?: number; team?: 'mine' | number }>()({
  table: followUps,
  fields: followUpListColumns,
  select: (db, fields) => db.select(fields).from(followUps).innerJoin(contacts, eq(contacts.id, followUps.contactId)),
  values: ['from'],
  filters: (input) => [eq(followUps.completed, false), gte(followUps.date, input.from!)],
  order: () => ({ key: followUps.date, direction: 'asc' }),
});

export const dashboardRouter = router({
  stats: scopedInSqlProcedure.output(answer(answers.dashboardStats)).query(({ ctx }) => computeStats(ctx.database.read, { userId: ctx.user.id }, ctx.locale)),

  /**
   * Everything the dashboard shows in one call: stats, 3 active goals, 3 latest activities, 3 upcoming follow-ups
   * (from the start of the caller's local day, which only the client knows), how many pending ones are dated before
   * that day (overdue: said above the upcoming ones, issue 28) and the first 3 resources.
   */
  summary: protectedProcedure
    .input(z.object({ upcomingFrom: dateInput(), team: teamFilter }))
    .output(answer(answers.dashboardSummary))
    .query(async ({ ctx, input }) => {
      const db = ctx.database.read;
      const userId = ctx.user.id;
      const who = ctx.authority;
      // The space (issue 48): without one, everything the user may read, as before; with one, only its rows.
      const { team } = input;
      await assertSpace(db, who, team);
      const statsScope: SpaceScope = team === undefined ? { userId } : team === 'mine' ? { userId, mine: true } : { teamId: team };
      const goalsIn = team === undefined ? activeGoalsIn.all : team === 'mine' ? activeGoalsIn.mine : activeGoalsIn.team;
      const [stats, activeGoals, recentActivities, upcomingFollowUps, overdueFollowUps, firstResources] = await Promise.all([
        computeStats(db, statsScope, ctx.locale),
        goalsIn(db).all({ userId, teamId: typeof team === 'number' ? team : 0 }),
        activityPage(db, who, { limit: 3, team }),
        upcomingList.page(db, who, { from: input.upcomingFrom, limit: 3, team }),
        dueFollowUps(db, who, input.upcomingFrom, team),
        firstResourcesQuery(db).all({ userId, locale: ctx.locale }),
      ]);
      return { stats, goals: activeGoals, activities: recentActivities, followUps: upcomingFollowUps, overdueFollowUps, resources: firstResources };
    }),
});
