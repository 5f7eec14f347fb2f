// Resources: the library every signed-in user reads (global rows plus their own and their teams').
import { and, asc, eq } from 'drizzle-orm';
import { resources } from '../../db/schema';
import { canReadResource, notFound } from '../access';
import { idInput } from '../schemas/common';
import { protectedProcedure, router } from '../trpc';

export const resourceCardColumns = { id: resources.id, title: resources.title, description: resources.description, category: resources.category };

export const resourcesRouter = router({
  list: protectedProcedure.query(({ ctx }) =>
    ctx.database.read
      .select(resourceCardColumns)
      .from(resources)
      .where(canReadResource(resources, ctx.authority))
      .orderBy(asc(resources.id)),
  ),

  byId: protectedProcedure.input(idInput).query(async ({ ctx, input }) => {
    const [row] = await ctx.database.read
      .select({ ...resourceCardColumns, content: resources.content, createdAt: resources.createdAt })
      .from(resources)
      .where(and(eq(resources.id, input.id), canReadResource(resources, ctx.authority)));
    if (!row) throw notFound('Resource');
    return row;
  }),
});
