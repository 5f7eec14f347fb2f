// Goals: targets a user sets, counted from logged activities and new contacts, completed by the user.
import { afterUpdate, goalKeys } from '../queries/searchKeys';
import { desc, eq, inArray } from 'drizzle-orm';
import { goals } from '../../db/schema';
import { assertCanCreateIn, canRead } from '../access';
import { idInput, MAX_PAGE_ROWS } from '../../shared/schemas/common';
import { nextTurn } from '../queries/turns';
import { goalCreateInput, goalUpdateInput, START_AFTER_DEADLINE, startsAfterDeadline } from '../../shared/schemas/goals';
import { fieldInvalid } from '../errors';
import { protectedProcedure, router } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { adjustTo, goalRecords, GOALS_PER_TURN, goalWithShares } from '../domain/goals';
import { rowsOf } from '../queries/rows';

export const goalsRouter = router({
  list: protectedProcedure.output(answer(answers.goal.array())).query(async ({ ctx }) => {
    const order = [desc(goals.createdAt), desc(goals.id)];
    const ids = (
      await ctx.database.read
        .select({ id: goals.id })
        .from(goals)
        .where(canRead(goals, ctx.authority))
        .orderBy(...order)
        .limit(MAX_PAGE_ROWS)
    ).map((g) => g.id);
    // Counting is a range of index entries per goal; a slice of goals per event-loop turn keeps a long list over a dense
    // history (108 goals over 50,000 activities: 177 ms in one query when every row was counted) from holding the server for its whole length.
    const listed = [];
    for (let start = 0; start < ids.length; start += GOALS_PER_TURN) {
      if (start > 0) await nextTurn();
      const slice = ids.slice(start, start + GOALS_PER_TURN);
      listed.push(
        ...(await rowsOf(
          goalWithShares,
          ctx.database.read
            .select(goalWithShares)
            .from(goals)
            .where(inArray(goals.id, slice))
            .orderBy(...order),
        )),
      );
    }
    return listed;
  }),

  byId: protectedProcedure
    .input(idInput)
    .output(answer(answers.goal))
    .query(({ ctx, input }) => goalRecords.read(ctx.database.read, input.id, ctx.authority)),

  create: protectedProcedure
    .input(goalCreateInput)
    .output(answer(answers.goal))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        await assertCanCreateIn(tx, input.teamId, ctx.authority);
        const { currentCount, ...values } = input;
        const [row] = await tx
          .insert(goals)
          .values({ ...values, ...goalKeys(values), createdBy: ctx.user.id })
          .returning({ id: goals.id });
        if (currentCount !== undefined) await adjustTo(tx, row.id, currentCount);
        return goalRecords.read(tx, row.id, ctx.authority);
      }),
    ),

  update: protectedProcedure
    .input(goalUpdateInput)
    .output(answer(answers.goal))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        const { id, currentCount, ...changes } = input;
        // The key follows the title and description (kept as they were where the update leaves them).
        const [before] =
          changes.title !== undefined || changes.description !== undefined
            ? await tx.select({ title: goals.title, description: goals.description }).from(goals).where(eq(goals.id, id))
            : [];
        await goalRecords.update(tx, id, ctx.authority, { ...changes, ...(before ? goalKeys(afterUpdate(before, changes)) : {}) });
        const [period] = await tx.select({ startsOn: goals.startsOn, deadline: goals.deadline }).from(goals).where(eq(goals.id, id));
        if (startsAfterDeadline(period.startsOn, period.deadline)) throw fieldInvalid({ field: 'startsOn', message: START_AFTER_DEADLINE });
        if (currentCount !== undefined) await adjustTo(tx, id, currentCount);
        return goalRecords.read(tx, id, ctx.authority);
      }),
    ),

  complete: protectedProcedure
    .input(idInput)
    .output(answer(answers.goal))
    .mutation(({ ctx, input }) => ctx.database.write((tx) => goalRecords.updated(tx, input.id, ctx.authority, { completed: true }))),

  remove: protectedProcedure
    .input(idInput)
    .output(answer(answers.removed))
    .mutation(({ ctx, input }) => ctx.database.write((tx) => goalRecords.remove(tx, input.id, ctx.authority))),
});
