// Measures single-row write transactions on the writer connection: synchronous=NORMAL against FULL.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/client';
import { prepareDatabase } from '../db/migrate';
import { contacts, users } from '../db/schema';

const ROWS = 500;
const dir = mkdtempSync(join(tmpdir(), 'sower-bench-'));
const database = await openDatabase({ url: `file:${join(dir, 'bench.db')}` });
await prepareDatabase(database);
const [user] = await database.write((tx) =>
  tx.insert(users).values({ username: 'bench', usernameKey: 'bench', email: 'bench@example.com', passwordHash: 'x' }).returning({ id: users.id }),
);

async function run(label: string) {
  const started = performance.now();
  for (let i = 0; i < ROWS; i++) await database.write((tx) => tx.insert(contacts).values({ name: `c${i}`, createdBy: user.id }));
  const ms = performance.now() - started;
  console.log(`${label}: ${ROWS} single-row write transactions in ${ms.toFixed(0)} ms (${(ms / ROWS).toFixed(2)} ms each)`);
}

await run('synchronous=NORMAL');
await database.writerClient.execute('PRAGMA synchronous = FULL');
await run('synchronous=FULL  ');
database.close();
rmSync(dir, { recursive: true, force: true });
