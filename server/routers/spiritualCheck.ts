// 'Any changes spiritually?' (issue 16): after a few activities with a person since their status last changed, Sower asks;
// the answer is a journey step dated now, from their status to the one chosen (the same one when nothing changed), so
// the count starts again. Served as contacts.spiritualCheck and contacts.answerSpiritualCheck.
import { spiritualCheckAnswerInput, spiritualCheckInput } from '../../shared/schemas/spiritualCheck';
import { protectedProcedure } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { checkOf, contactStatus } from '../domain/spiritualCheck';
import { recordStatusChanges } from '../domain/journey';

export const spiritualCheckProcedures = {
  spiritualCheck: protectedProcedure
    .input(spiritualCheckInput)
    .output(answer(answers.spiritualCheck))
    .query(({ ctx, input }) => checkOf(ctx.database.read, input.id, ctx.authority, input.timeZone)),

  /** The answer: the status now (changed or not) and a journey step dated now; 403 for a team viewer, 404 for others'. */
  answerSpiritualCheck: protectedProcedure
    .input(spiritualCheckAnswerInput)
    .output(answer(answers.spiritualCheck))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        const before = await contactStatus.read(tx, input.id, ctx.authority);
        await contactStatus.update(tx, input.id, ctx.authority, before.spiritualStatus === input.status ? {} : { spiritualStatus: input.status });
        await recordStatusChanges(tx, ctx.user.id, [{ contactId: input.id, fromStatus: before.spiritualStatus, toStatus: input.status }]);
        return checkOf(tx, input.id, ctx.authority, input.timeZone);
      }),
    ),
};
