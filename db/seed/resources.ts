// Seeds the global resource library idempotently: each resource is keyed by its slug, and its versions in Sower's other
// languages by the resource and the language.
import { sql } from 'drizzle-orm';
import type { Locale } from '../../shared/i18n';
import type { Database } from '../client';
import { resources, resourceTranslations } from '../schema';
import { resourceLibrary, type LibraryResource } from './library';
import { library as ar } from './library/ar';
import { library as es } from './library/es';
import { library as fr } from './library/fr';
import { library as ptBR } from './library/pt-BR';

/** Each article as written for the readers of each language other than English (db/seed/library/). */
export const libraryTranslations: Record<Exclude<Locale, 'en'>, LibraryResource[]> = { es, 'pt-BR': ptBR, fr, ar };

export async function seedResources(database: Database) {
  // A database migrated by an older release's folder (the migration tests) has no table for the other languages yet.
  const translatable =
    (await database.readerClient.execute("select 1 from sqlite_master where type = 'table' and name = 'resource_translations'")).rows.length > 0;
  await database.write(async (tx) => {
    for (const item of resourceLibrary) {
      await tx
        .insert(resources)
        .values(item)
        .onConflictDoUpdate({
          target: resources.slug,
          set: { title: item.title, description: item.description, content: item.content, category: item.category },
          setWhere: sql`${resources.createdBy} is null`,
        });
    }
    if (!translatable) return;
    for (const [locale, articles] of Object.entries(libraryTranslations) as [Locale, LibraryResource[]][]) {
      for (const { slug, title, description, content, category } of articles) {
        // By slug, and only onto the seeded article of that slug (never one a user wrote).
        await tx
          .insert(resourceTranslations)
          .select(
            tx
              .select({
                resourceId: resources.id,
                locale: sql<Locale>`${locale}`.as('locale'),
                title: sql<string>`${title}`.as('title'),
                description: sql<string>`${description}`.as('description'),
                content: sql<string>`${content}`.as('content'),
                category: sql<string>`${category}`.as('category'),
              })
              .from(resources)
              .where(sql`${resources.slug} = ${slug} and ${resources.createdBy} is null`),
          )
          .onConflictDoUpdate({
            target: [resourceTranslations.resourceId, resourceTranslations.locale],
            set: { title, description, content, category },
          });
      }
    }
  });
}
