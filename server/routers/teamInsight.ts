// A team's insight (the team page): the dashboard's figures over the team's rows, and each member's workload for admins.
import { TRPCError } from '@trpc/server';
import { protectedProcedure } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { teamInsightInput } from '../schemas/teamInsight';

/** teams.insight: a stranger gets 404; `members` is empty unless the caller is the team's admin. */
export const teamInsight = protectedProcedure
  .input(teamInsightInput)
  .output(answer(answers.teamInsight))
  .query(() => {
    throw new TRPCError({ code: 'NOT_IMPLEMENTED', message: 'Not yet' });
  });
