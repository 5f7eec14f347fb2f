// `npm run restore -- <file>`: puts a backup back in place of the file database; run it while the app is stopped.
import { createClient } from '@libsql/client';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { isFileUrl } from '../db/client';
import { loadEnv } from '../server/env';

const source = process.argv[2] ? resolve(process.argv[2]) : '';
if (!source || !existsSync(source)) {
  console.error('Usage: npm run restore -- <backup-file> (stop the app first)');
  process.exit(2);
}
const env = loadEnv();
if (!isFileUrl(env.DATABASE_URL)) {
  console.error('Restore here is for file databases.');
  process.exit(2);
}
const check = createClient({ url: `file:${source}` });
const integrity = (await check.execute('PRAGMA integrity_check')).rows[0][0];
check.close();
if (integrity !== 'ok') {
  console.error(`Refusing to restore: the backup failed its integrity check (${integrity}).`);
  process.exit(1);
}
const target = resolve(env.DATABASE_URL.slice('file:'.length).split('?')[0]);
mkdirSync(dirname(target), { recursive: true });
// Copy beside the target first, then rename over it, so a crash mid-copy never leaves half a database.
const staging = `${target}.restoring`;
copyFileSync(source, staging);
for (const suffix of ['-wal', '-shm']) rmSync(target + suffix, { force: true });
renameSync(staging, target);
console.log(`Restored ${source} to ${target}`);
