// Seeds the global resource library idempotently: each resource is keyed by its slug.
import { sql } from 'drizzle-orm';
import type { Database } from '../client';
import { resources } from '../schema';
import { resourceLibrary } from './library';

export async function seedResources(database: Database) {
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
  });
}
