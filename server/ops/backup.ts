// Online backups of the file database (VACUUM INTO: one read snapshot, writers go on) and putting one back.
import { createClient } from '@libsql/client';
import { accessSync, chmodSync, chownSync, constants, copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { userInfo } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { isFileUrl } from '../../db/client';
import type { Env } from '../env';
import { holderOf, pidFileOf } from './holder';

/** The database file of a `file:` URL. */
export function databaseFile(url: string) {
  return resolve(url.slice('file:'.length).split('?')[0]);
}

function fileDatabase(env: Pick<Env, 'DATABASE_URL'>, what: string) {
  if (!isFileUrl(env.DATABASE_URL)) throw new Error(`${what} is for the embedded file database; a libSQL server or Turso keeps its own backups`);
  return databaseFile(env.DATABASE_URL);
}

/** A file name for now: sower-2026-11-27-081503-123.db (UTC, to the millisecond), sorting in time order. */
export function timestamped(prefix = 'sower') {
  return `${prefix}-${new Date().toISOString().slice(0, 23).replace('T', '-').replaceAll(':', '').replace('.', '-')}.db`;
}

async function integrityOf(file: string) {
  const check = createClient({ url: `file:${file}` });
  try {
    return String((await check.execute('PRAGMA integrity_check')).rows[0][0]);
  } finally {
    check.close();
  }
}

/**
 * A consistent copy of the running database at `destination` (a new file), mode 0600, checked with integrity_check.
 * Its folder is created (0700) when missing.
 */
export async function backupTo(env: Pick<Env, 'DATABASE_URL'>, destination: string) {
  fileDatabase(env, 'Backup');
  const target = resolve(destination);
  if (existsSync(target)) throw new Error(`${target} already exists: choose a new file name`);
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  const client = createClient({ url: env.DATABASE_URL, timeout: 10_000 });
  try {
    await client.execute({ sql: 'VACUUM INTO ?', args: [target] });
  } finally {
    client.close();
  }
  chmodSync(target, 0o600);
  const integrity = await integrityOf(target);
  if (integrity !== 'ok') {
    rmSync(target, { force: true });
    throw new Error(`The backup failed its integrity check (${integrity}); nothing was kept`);
  }
  return target;
}

/** The dated backups in `folder` beyond the newest `keep` (by name, which sorts by time), removed; answers those removed. Pre-migration backups stay. */
export function pruneBackups(folder: string, keep: number) {
  const ours = readdirSync(folder)
    .filter((name) => /^sower-\d{4}-\d{2}-\d{2}-\d{6}-\d{3}\.db$/.test(name))
    .sort();
  const old = ours.slice(0, Math.max(0, ours.length - keep));
  for (const name of old) rmSync(join(folder, name), { force: true });
  return old;
}

/**
 * Puts a backup in place of the database: refused while a server holds it (its pid file names a live process), or when
 * the backup fails its integrity check. Copied beside the target and renamed over it, so a crash mid-copy never leaves
 * half a database; the file is owned like its folder (a restore run as root leaves it to the service's user).
 */
export async function restoreFrom(env: Pick<Env, 'DATABASE_URL'>, source: string) {
  const target = fileDatabase(env, 'Restore');
  const from = resolve(source);
  try {
    accessSync(from, constants.R_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`There is no backup at ${from}`);
    throw new Error(`User ${userInfo().username} cannot read ${from} (${code}): put it where the data directory's owner can read it`);
  }
  const holder = holderOf(target);
  if (holder)
    throw new Error(
      `A Sower server (process ${holder}) is using ${target}: stop it first (systemctl stop sower), then restore. ` +
        `If no Sower server is running, delete ${pidFileOf(target)}`,
    );
  const integrity = await integrityOf(from);
  if (integrity !== 'ok') throw new Error(`Refusing to restore ${basename(from)}: it failed its integrity check (${integrity})`);
  mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
  const staging = `${target}.restoring`;
  copyFileSync(from, staging);
  chmodSync(staging, 0o600);
  const folder = statSync(dirname(target));
  if (process.getuid?.() === 0) chownSync(staging, folder.uid, folder.gid);
  for (const suffix of ['-wal', '-shm']) rmSync(target + suffix, { force: true });
  renameSync(staging, target);
  return target;
}
