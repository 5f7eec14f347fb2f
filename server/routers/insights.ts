// Dashboard insight and the due badge: activities per week by type, contacts by spiritual status, follow-ups due.
import { assertSpace } from '../access';
import { activityWeeksInput, dueFollowUpsInput, milestoneCountsInput, spaceInput } from '../../shared/schemas/insights';
import { protectedProcedure, router } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { activityWeeks, dueFollowUps, journeyCounts, milestoneCounts, scopeOfSpace } from '../domain/insights';

export const insightsRouter = router({
  /** Every week between the boundaries, empty ones included, oldest first, with a count per activity type. */
  activityWeeks: protectedProcedure
    .input(activityWeeksInput)
    .output(answer(answers.activityWeeks))
    .query(async ({ ctx, input }) => {
      await assertSpace(ctx.database.read, ctx.authority, input.team);
      return activityWeeks(ctx.database.read, scopeOfSpace(ctx.authority, input.team), input.boundaries);
    }),

  journey: protectedProcedure
    .input(spaceInput)
    .output(answer(answers.journeyCounts))
    .query(async ({ ctx, input }) => {
      await assertSpace(ctx.database.read, ctx.authority, input?.team);
      return journeyCounts(ctx.database.read, scopeOfSpace(ctx.authority, input?.team));
    }),

  /** The faith milestones dated in a stretch of days (the dashboard asks for this month), per kind. */
  milestones: protectedProcedure
    .input(milestoneCountsInput)
    .output(answer(answers.milestoneCounts))
    .query(async ({ ctx, input }) => {
      await assertSpace(ctx.database.read, ctx.authority, input.team);
      return milestoneCounts(ctx.database.read, scopeOfSpace(ctx.authority, input.team), input.from, input.to);
    }),

  /** Pending follow-ups dated before the start of the user's tomorrow: overdue or due today. */
  dueFollowUps: protectedProcedure
    .input(dueFollowUpsInput)
    .output(answer(answers.dueFollowUps))
    .query(async ({ ctx, input }) => {
      await assertSpace(ctx.database.read, ctx.authority, input.team);
      return { count: await dueFollowUps(ctx.database.read, ctx.authority, input.before, input.team) };
    }),
});
