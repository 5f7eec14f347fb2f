// Resources: the library every signed-in user reads (global rows plus their own and their teams'), each article in the
// reader's language where it has a version in it (resource_translations), else as written.
import { and, asc, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { resources, resourceTranslations } from '../../db/schema';
import { msg } from '../../shared/i18n';
import { canReadResource, notFound } from '../access';
import { idInput } from '../../shared/schemas/common';
import { protectedProcedure, router } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';

/** A column of the article in the reader's language, falling back to the article as written. */
const inLanguage = <C extends keyof typeof resourceTranslations.$inferSelect & keyof typeof resources.$inferSelect>(column: C) =>
  sql<string>`coalesce(${resourceTranslations[column]}, ${resources[column]})`.as(column);

const cardTexts = { title: inLanguage('title'), description: inLanguage('description'), category: inLanguage('category') };
export const resourceCardColumns = answers.resourceCardRow.select(cardTexts);

/** The join that brings the reader's version of each article (none: the columns fall back); `locale` may be a placeholder. */
export const inReadersLanguage = (locale: string | SQL | Placeholder) =>
  and(eq(resourceTranslations.resourceId, resources.id), eq(resourceTranslations.locale, sql`${locale}`));

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
