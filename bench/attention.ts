// Needs attention at scale: one user with 10,000 contacts (added over two years, in id order) (50,000 activities, 10,000 follow-ups, 500 snoozes); times a
// first page, a page after a cursor, the count, and prints the first page's plan.
// Usage: tsx bench/attention.ts [--contacts 10000]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SQLiteSyncDialect } from 'drizzle-orm/sqlite-core';
import { openDatabase } from '../db/client';
import { prepareDatabase } from '../db/migrate';
import { attentionCount, attentionPage, attentionQuery } from '../server/nudges/attention';
import { defaultAttentionDays } from '../shared/nudges';
import { spiritualStatuses } from '../shared/vocabulary';
import { prng } from './dataset';

const argument = process.argv.indexOf('--contacts');
const CONTACTS = argument > 0 ? Number(process.argv[argument + 1]) : 10_000;
const DAY = 86_400_000;
const now = Date.now();

const dir = mkdtempSync(join(tmpdir(), 'sower-attention-bench-'));
const database = await openDatabase({ url: `file:${join(dir, 'bench.db')}` });
try {
  await prepareDatabase(database);
  const random = prng(16).next;
  const pick = (max: number) => Math.floor(random() * max);
  const client = database.writerClient;
  await client.execute(
    `insert into users (id, username, username_key, email, password_hash) values (1, 'heavy', 'heavy', 'heavy@example.com', 'x'), (2, 'other', 'other', 'other@example.com', 'x')`,
  );
  const statements: { sql: string; args: (string | number)[] }[] = [];
  for (let id = 1; id <= CONTACTS; id++)
    statements.push({
      sql: 'insert into contacts (id, name, spiritual_status, created_by, created_at) values (?, ?, ?, 1, ?)',
      args: [id, `Contact ${id}`, spiritualStatuses[pick(6)], now - Math.round(((CONTACTS - id) / CONTACTS) * 700 + 30) * DAY],
    });
  for (let i = 0; i < CONTACTS * 5; i++)
    statements.push({
      sql: "insert into activities (contact_id, type, date, created_by) values (?, 'conversation', ?, 1)",
      args: [1 + pick(CONTACTS), now - pick(400) * DAY],
    });
  for (let i = 0; i < CONTACTS; i++) {
    const completed = random() < 0.8;
    statements.push({
      sql: "insert into follow_ups (contact_id, date, description, type, completed, completed_at, created_by) values (?, ?, 'Visit', 'meeting', ?, ?, 1)",
      args: [1 + pick(CONTACTS), now + (pick(200) - 150) * DAY, completed ? 1 : 0, completed ? now - pick(150) * DAY : (null as never)],
    });
  }
  for (let id = 1; id <= CONTACTS; id += Math.ceil(CONTACTS / 500))
    statements.push({ sql: 'insert into contact_snoozes (user_id, contact_id, until) values (1, ?, ?)', args: [id, now + pick(30) * DAY] });
  for (let start = 0; start < statements.length; start += 5000) await client.batch(statements.slice(start, start + 5000), 'write');
  await client.execute('analyze');

  const db = database.read;
  const time = async <T>(label: string, run: () => Promise<T>) => {
    await run();
    const runs: number[] = [];
    let result!: T;
    for (let i = 0; i < 10; i++) {
      const start = performance.now();
      result = await run();
      runs.push(performance.now() - start);
    }
    runs.sort((a, b) => a - b);
    console.log(`${label}: median ${runs[5].toFixed(1)} ms, max ${runs[9].toFixed(1)} ms`);
    return result;
  };
  const first = await time('first page of 50', () => attentionPage(db, 1, defaultAttentionDays, now, { limit: 50 }));
  await time('page of 50 after a cursor', () => attentionPage(db, 1, defaultAttentionDays, now, { limit: 50, cursor: first[first.length - 1].contactId }));
  await time('first page of 1000', () => attentionPage(db, 1, defaultAttentionDays, now, { limit: 1000 }));
  const total = await time('count', () => attentionCount(db, 1, defaultAttentionDays, now));
  console.log(`${CONTACTS} contacts, ${total} need attention`);
  const { sql, params } = new SQLiteSyncDialect().sqlToQuery(attentionQuery(1, defaultAttentionDays, now, { limit: 50, cursor: 7 }));
  const plan = await client.execute({ sql: `explain query plan ${sql}`, args: params as never });
  console.log(plan.rows.map((row) => `  ${row.detail}`).join('\n'));
} finally {
  database.close();
  rmSync(dir, { recursive: true, force: true });
}
