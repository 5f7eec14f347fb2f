// Resources: the library every signed-in user reads (global rows plus their own and their teams'), each article in the
// reader's language where it has a version in it (resource_translations), else as written.
import { and, asc, eq } from 'drizzle-orm';
import { resources, resourceTranslations } from '../../db/schema';
import { msg } from '../../shared/i18n';
import { canReadResource, notFound } from '../access';
import { idInput } from '../../shared/schemas/common';
import { protectedProcedure, router } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { cardTexts, inLanguage, inReadersLanguage, resourceCardColumns } from '../domain/resources';

export const resourcesRouter = router({
  list: protectedProcedure
    .output(answer(answers.resourceSummary.array()))
    .query(({ ctx }) =>
      ctx.database.read
        .select(resourceCardColumns)
        .from(resources)
        .leftJoin(resourceTranslations, inReadersLanguage(ctx.locale))
        .where(canReadResource(resources, ctx.authority))
        .orderBy(asc(resources.id)),
    ),

  byId: protectedProcedure
    .input(idInput)
    .output(answer(answers.resource))
    .query(async ({ ctx, input }) => {
      const [row] = await ctx.database.read
        .select(answers.resourceRow.select({ ...cardTexts, content: inLanguage('content') }))
        .from(resources)
        .leftJoin(resourceTranslations, inReadersLanguage(ctx.locale))
        .where(and(eq(resources.id, input.id), canReadResource(resources, ctx.authority)));
      if (!row) throw notFound(msg('Resource not found'));
      return row;
    }),
});
