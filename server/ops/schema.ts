// The database's schema version against the migrations this release carries: newer refuses, older is backed up first.
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { join } from 'node:path';
import { isFileUrl, type Database } from '../../db/client';
import { migrationsFolder, prepareDatabase } from '../../db/migrate';
import { version } from '../../package.json';
import { causes } from '../errors';
import type { Env } from '../env';
import { backupTo, timestamped } from './backup';
import { NeedsOperator } from '../needsOperator';

/** The innermost error message: the useful part of a driver error wrapped by drizzle. */
export function rootCause(error: unknown): string {
  const root = causes(error).at(-1) as { message?: string; code?: string } | undefined;
  return [root?.code, root?.message ?? String(error)].filter(Boolean).join(' ');
}

/** The schema version (migrations applied) of the database, and of this release. */
export async function schemaState(database: Database) {
  const known = readMigrationFiles({ migrationsFolder });
  const table = await database.readerClient.execute("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'");
  const applied = table.rows.length
    ? (await database.readerClient.execute('select created_at from __drizzle_migrations order by created_at')).rows.map((row) => Number(row.created_at))
    : [];
  const newest = known.at(-1)?.folderMillis ?? 0;
  return {
    known: known.length,
    applied: applied.length,
    pending: known.filter((migration) => migration.folderMillis > (applied.at(-1) ?? 0)).length,
    newer: applied.some((when) => when > newest),
  };
}

/**
 * Brings the schema up to this release: refuses a database a newer release has migrated, and before applying any
 * migration to a database that has data, takes a backup into `<data dir>/backups` (the way back: this backup and the
 * previous executable, docs/deploy.md).
 */
export async function migrateWithBackup(database: Database, env: Pick<Env, 'DATABASE_URL' | 'SOWER_DATA_DIR'>) {
  const cannot = (error: unknown, after = '') => new Error(`Cannot migrate the database at ${env.DATABASE_URL}: ${rootCause(error)}${after}`);
  const state = await schemaState(database).catch((error: unknown) => {
    throw cannot(error);
  });
  if (state.newer)
    throw new NeedsOperator(
      `The database at ${env.DATABASE_URL} has schema version ${state.applied}, newer than this Sower ${version} knows (${state.known}): run the release that upgraded it, or restore the backup taken before that upgrade`,
    );
  let backup: string | null = null;
  if (state.pending && state.applied && isFileUrl(env.DATABASE_URL))
    backup = await backupTo(env, join(env.SOWER_DATA_DIR, 'backups', timestamped(`sower-before-${version}`)));
  await prepareDatabase(database).catch((error: unknown) => {
    throw cannot(error, backup ? ` (the backup from before is ${backup})` : '');
  });
  return { ...state, backup };
}

/** What a migration did, in the words `sower migrate` prints and `sower serve` logs. */
export function migrationSummary(result: Awaited<ReturnType<typeof migrateWithBackup>>) {
  return result.pending
    ? `Applied ${result.pending} migration${result.pending === 1 ? '' : 's'}: schema version ${result.known}${result.backup ? `; the database before is in ${result.backup}` : ''}`
    : `The schema is current (version ${result.known})`;
}
