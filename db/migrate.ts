// Applies the committed drizzle migrations (one transaction) and seeds the resource library.
import { migrate } from 'drizzle-orm/libsql/migrator';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';
import { seedResources } from './seed/resources';

/** db/migrations, found from this file whether it runs from source or from the bundled dist-server/. */
export const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

/** Applies pending migrations in one transaction (all or nothing), then seeds. */
export async function prepareDatabase(database: Database, folder = migrationsFolder) {
  await database.exclusive((db) => migrate(db, { migrationsFolder: folder }));
  await seedResources(database);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { loadEnv } = await import('../server/env');
  const { openDatabase } = await import('./client');
  const env = loadEnv();
  const database = await openDatabase({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
  await prepareDatabase(database);
  database.close();
  console.log(`Migrations applied and resources seeded on ${env.DATABASE_URL}`);
}
