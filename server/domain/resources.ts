// The library's articles in the reader's language where a version in it exists, as the resources page and the dashboard read them.
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { resources, resourceTranslations } from '../../db/schema';
import * as answers from '../schemas/answers';

/** A column of the article in the reader's language, falling back to the article as written. */
export const inLanguage = <C extends keyof typeof resourceTranslations.$inferSelect & keyof typeof resources.$inferSelect>(column: C) =>
  sql<string>`coalesce(${resourceTranslations[column]}, ${resources[column]})`.as(column);

export const cardTexts = { title: inLanguage('title'), description: inLanguage('description'), category: inLanguage('category') };
export const resourceCardColumns = answers.resourceCardRow.select(cardTexts);

/** The join that brings the reader's version of each article (none: the columns fall back); `locale` may be a placeholder. */
export const inReadersLanguage = (locale: string | SQL | Placeholder) =>
  and(eq(resourceTranslations.resourceId, resources.id), eq(resourceTranslations.locale, sql`${locale}`));
