// `npm run backup -- <file>`: a consistent snapshot of the running file database (VACUUM INTO), the app keeps serving.
import { createClient } from '@libsql/client';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { isFileUrl } from '../db/client';
import { loadEnv } from '../server/env';

const target = process.argv[2];
if (!target) {
  console.error('Usage: npm run backup -- <backup-file>');
  process.exit(2);
}
const env = loadEnv();
if (!isFileUrl(env.DATABASE_URL)) {
  console.error('Backups here are for file databases; a libSQL server or Turso has its own backups.');
  process.exit(2);
}
const destination = resolve(target);
if (existsSync(destination)) {
  console.error(`${destination} already exists; choose a new file name.`);
  process.exit(2);
}
const client = createClient({ url: env.DATABASE_URL, timeout: 10_000 });
const started = performance.now();
// VACUUM INTO reads one snapshot (a read transaction), so writers go on and the copy is consistent.
await client.execute({ sql: 'VACUUM INTO ?', args: [destination] });
client.close();
const check = createClient({ url: `file:${destination}` });
const integrity = (await check.execute('PRAGMA integrity_check')).rows[0][0];
check.close();
if (integrity !== 'ok') {
  console.error(`The backup failed its integrity check: ${integrity}`);
  process.exit(1);
}
console.log(`Backed up ${env.DATABASE_URL} to ${destination} in ${Math.round(performance.now() - started)} ms`);
