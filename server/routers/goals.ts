// Goals: targets a user sets, moved by logged activities and new contacts, completed by the user.
import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { goals } from '../../db/schema';
import { assertCanCreateIn, canRead, notFound } from '../access';
import { idInput } from '../schemas/common';
import { goalCreateInput, goalUpdateInput } from '../schemas/goals';
import { protectedProcedure, router } from '../trpc';
import { removeOwned, updateOwned } from './shared';
import { rowsOf } from '../rows';

export const goalColumns = {
  id: goals.id,
  title: goals.title,
  description: goals.description,
  targetCount: goals.targetCount,
  currentCount: goals.currentCount,
  deadline: goals.deadline,
  completed: goals.completed,
  type: goals.type,
  createdAt: goals.createdAt,
  teamId: goals.teamId,
};

async function loadGoal(db: Queryable, goalId: number, userId: number) {
  const [row] = await db
    .select(goalColumns)
    .from(goals)
    .where(and(eq(goals.id, goalId), canRead(goals, userId)));
  if (!row) throw notFound('Goal');
  return row;
}

export const goalsRouter = router({
  list: protectedProcedure.query(({ ctx }) =>
    rowsOf(ctx.database.read.select(goalColumns).from(goals).where(canRead(goals, ctx.user.id)).orderBy(desc(goals.createdAt), desc(goals.id))),
  ),

  byId: protectedProcedure.input(idInput).query(({ ctx, input }) => loadGoal(ctx.database.read, input.id, ctx.user.id)),

  create: protectedProcedure.input(goalCreateInput).mutation(({ ctx, input }) =>
    ctx.database.write(async (tx) => {
      await assertCanCreateIn(tx, input.teamId, ctx.user.id);
      const [row] = await tx
        .insert(goals)
        .values({ ...input, createdBy: ctx.user.id })
        .returning(goalColumns);
      return row;
    }),
  ),

  update: protectedProcedure.input(goalUpdateInput).mutation(({ ctx, input }) =>
    ctx.database.write(async (tx) => {
      const { id, ...changes } = input;
      await updateOwned(tx, goals, id, ctx.user.id, changes, 'Goal');
      return loadGoal(tx, id, ctx.user.id);
    }),
  ),

  complete: protectedProcedure.input(idInput).mutation(({ ctx, input }) =>
    ctx.database.write(async (tx) => {
      await updateOwned(tx, goals, input.id, ctx.user.id, { completed: true }, 'Goal');
      return loadGoal(tx, input.id, ctx.user.id);
    }),
  ),

  remove: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => ctx.database.write((tx) => removeOwned(tx, goals, input.id, ctx.user.id, 'Goal'))),
});
