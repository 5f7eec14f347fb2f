// Applies the committed drizzle migrations (one transaction) and seeds the resource library.
import { migrate } from 'drizzle-orm/libsql/migrator';
import { fileURLToPath } from 'node:url';
import { usernameKey } from '../shared/fold';
import type { Database } from './client';
import { seedResources } from './seed/resources';

/** db/migrations, found from this file whether it runs from source or from the bundled dist-server/. */
export const migrationsFolder = fileURLToPath(new URL('../db/migrations', import.meta.url));

/** Applies pending migrations in one transaction (all or nothing), then seeds. */
export async function prepareDatabase(database: Database, folder = migrationsFolder) {
  await database.exclusive((db) => migrate(db, { migrationsFolder: folder }));
  await foldLegacyUsernames(database);
  await seedResources(database);
}

/**
 * Migration 0005 keys existing usernames by SQLite's lower(), which folds A-Z only; a non-ASCII username gets its
 * Unicode key here. Should two older accounts fold to one key, the later keeps its old key (both can still sign in).
 */
async function foldLegacyUsernames(database: Database) {
  const keyed = await database.readerClient.execute("select 1 from pragma_table_info('users') where name = 'username_key'");
  if (!keyed.rows.length) return;
  const legacy = await database.readerClient.execute("select id, username, username_key from users where username glob '*[^ -~]*'");
  for (const row of legacy.rows) {
    const key = usernameKey(String(row.username));
    if (key === row.username_key) continue;
    await database.exclusive(() => database.writerClient.execute({ sql: 'update or ignore users set username_key = ? where id = ?', args: [key, row.id] }));
  }
}
