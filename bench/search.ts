// Measures text search at a heavy account's size: search.quick and the contact list's `q` as the app runs them, over
// 100,000 of one user's activities (and as many of another user's), 10,000 contacts and 10,000 prayer requests each.
// `npx tsx bench/search.ts [activities] [--fts]`: --fts also measures SQLite FTS5 over the activities (decision 008).
import { reminderServices } from '../server/nudges/delivery';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/client';
import { prepareDatabase } from '../db/migrate';
import { createAuth } from '../server/security/auth';
import { createDatabaseStore, defaultLimits } from '../server/security/rateLimit';
import { appRouter } from '../server/routers';
import { createCallerFactory, createContextInner } from '../server/trpc';

const args = process.argv.slice(2);
const ACTIVITIES = Number(args.find((a) => /^\d+$/.test(a)) ?? 100_000);
const CONTACTS = Math.max(1000, ACTIVITIES / 10);
const PRAYERS = CONTACTS;
const RUNS = 30;
const words = [
  'prayer',
  'family',
  'church',
  'coffee',
  'bible',
  'question',
  'hope',
  'work',
  'grief',
  'joy',
  'doubt',
  'friend',
  'study',
  'story',
  'meal',
  'visit',
  'call',
  'gospel',
  'neighbour',
  'school',
  'café',
  'niño',
  'حديث',
  'عائلة',
];
const givenNames = ['Ramón', 'Lucía', 'Tomás', 'José', 'María', 'أحمد', 'فاطمة', 'Émile', 'Zoë', 'Chloé', 'João', 'Ana'];

const dir = mkdtempSync(join(tmpdir(), 'sower-bench-'));
const database = await openDatabase({ url: `file:${join(dir, 'bench.db')}` });
await prepareDatabase(database);
const client = database.writerClient;

/** mulberry32: a deterministic pseudo-random sequence, so every run searches the same text. */
let seed = 42;
const random = (max: number) => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((((t ^ (t >>> 14)) >>> 0) / 4294967296) * max) | 0;
};
const sentence = (length: number) => Array.from({ length }, () => words[random(words.length)]).join(' ');

/** Rows written as an older release wrote them (plain SQL, no keys): the new code's backfill then keys them. */
async function fill(username: string) {
  const user = Number(
    (
      await client.execute({
        sql: "insert into users (username, email, username_key, password_hash) values (?, ?, ?, 'x') returning id",
        args: [username, `${username}@example.com`, username],
      })
    ).rows[0].id,
  );
  for (let start = 0; start < CONTACTS; start += 5000) {
    const rows = Array.from({ length: Math.min(5000, CONTACTS - start) }, (_, offset) => {
      const c = start + offset;
      return {
        sql: 'insert into contacts (name, phone, notes, created_by) values (?, ?, ?, ?)',
        args: [
          `${givenNames[c % givenNames.length]} ${username} ${c}`,
          `+34 600 ${String(c).padStart(6, '0')}`,
          `${sentence(8)}${c % 2000 === 7 ? ' zacchaeus' : ''}`,
          user,
        ],
      };
    });
    await client.batch(rows, 'write');
  }
  const firstContact = Number((await client.execute({ sql: 'select min(id) as id from contacts where created_by = ?', args: [user] })).rows[0].id);
  for (let start = 0; start < ACTIVITIES; start += 5000) {
    const rows = Array.from({ length: Math.min(5000, ACTIVITIES - start) }, (_, offset) => {
      const i = start + offset;
      // One activity in 20,000 mentions a rare word, so a rare search must look at every row.
      const notes = `${sentence(15)}${i % 20_000 === 7 ? ' zacchaeus' : ''}`;
      return {
        sql: "insert into activities (contact_id, type, date, notes, description, created_by) values (?, 'conversation', ?, ?, ?, ?)",
        args: [firstContact + (i % CONTACTS), Date.UTC(2024, 0, 1) + i * 600_000, notes, sentence(3), user],
      };
    });
    await client.batch(rows, 'write');
  }
  const prayers = Array.from({ length: PRAYERS }, (_, i) => ({
    sql: 'insert into prayer_requests (contact_id, request, date, created_by) values (?, ?, ?, ?)',
    args: [firstContact + (i % CONTACTS), `${sentence(10)}${i % 2000 === 7 ? ' zacchaeus' : ''}`, Date.UTC(2024, 0, 1) + i * 3_600_000, user],
  }));
  await client.batch(prayers, 'write');
  return user;
}

const userId = await fill('searcher');
await fill('someone_else');
// The new release keys rows an older one wrote (server/queries/searchKeys.ts), in batches at start; absent before it.
const keys = await import('../server/queries/searchKeys').catch(() => null);
if (keys) {
  const started = performance.now();
  const filled = await keys.backfillSearchKeys(database);
  console.log(`backfill: ${filled} rows keyed in ${(performance.now() - started).toFixed(0)} ms`);
}
// As a long-running server's automatic checkpoints leave it, whichever release wrote the rows.
await client.execute('PRAGMA wal_checkpoint(TRUNCATE)');
await client.execute('analyze');

/**
 * Wall time, and the process's CPU time: libSQL runs a file database's statements on this thread, so CPU time is the
 * query's cost even on a machine busy with other work, where wall time also counts waiting for a core.
 */
async function median(label: string, run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    const startedCpu = process.cpuUsage();
    await run();
    const used = process.cpuUsage(startedCpu);
    times.push(performance.now() - started);
    cpu.push((used.user + used.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(52)} median ${times[RUNS >> 1].toFixed(2).padStart(7)} ms (CPU ${cpu[RUNS >> 1].toFixed(2).padStart(7)} ms)   max ${times[RUNS - 1].toFixed(2).padStart(7)} ms`,
  );
}

const caller = createCallerFactory(appRouter)(
  createContextInner({
    database,
    auth: createAuth(database),
    attempts: createDatabaseStore(database),
    limits: defaultLimits,
    reminders: reminderServices({}, database),
    user: { id: userId, username: 'searcher', email: 'searcher@example.com', firstName: '', lastName: '', language: null, emailConfirmed: false },
  }),
);
const found = async (q: string) => {
  const quick = await caller.search.quick({ q, limit: 5 });
  const { count } = await caller.contacts.count({ q });
  return `${q}: ${quick.contacts.length}/${quick.activities.length}/${quick.prayers.length} quick, ${count} contacts`;
};
console.log(`${ACTIVITIES} activities, ${CONTACTS} contacts and ${PRAYERS} prayer requests of the searching user (and as many of another), ${RUNS} runs each`);
console.log((await Promise.all(['coffee', 'zacchaeus', 'xyzzy', 'ramon', 'Ramón'].map(found))).join('; '), '\n');
for (const [label, q] of [
  ['common word', 'coffee'],
  ['rare word', 'zacchaeus'],
  ['no match', 'xyzzy'],
]) {
  await median(`search.quick, ${label} ('${q}')`, () => caller.search.quick({ q, limit: 5 }));
  await median(`contacts.list q, ${label}`, () => caller.contacts.list({ q, limit: 50 }));
  await median(`contacts.count q, ${label}`, () => caller.contacts.count({ q }));
}
await median("search.quick, a name as typed ('Ramón')", () => caller.search.quick({ q: 'Ramón', limit: 5 }));
await median("search.quick, a phone number ('600 000123')", () => caller.search.quick({ q: '600 000123', limit: 5 }));
await median('contacts.list, no filter, first page by name', () => caller.contacts.list({ limit: 50 }));

if (args.includes('--fts')) {
  const reader = database.readerClient;
  for (const tokenizer of ['unicode61', 'trigram']) {
    await client.execute('drop table if exists activities_fts');
    const started = performance.now();
    await client.execute(
      `create virtual table activities_fts using fts5(notes, description, content='activities', content_rowid='id', tokenize='${tokenizer}')`,
    );
    await client.execute("insert into activities_fts(activities_fts) values ('rebuild')");
    console.log(`\nFTS5 (${tokenizer}) index built in ${(performance.now() - started).toFixed(0)} ms`);
    const ftsQuery = (term: string) => () =>
      reader.execute({
        sql: `select a.id, a.type, a.date, a.notes from activities_fts f join activities a on a.id = f.rowid
              where activities_fts match ? and a.created_by = ? order by a.date desc, a.id desc limit 5`,
        args: [`"${term}"`, userId],
      });
    await median(`FTS5 ${tokenizer}, common word ('coffee'), newest 5`, ftsQuery('coffee'));
    await median(`FTS5 ${tokenizer}, rare word ('zacchaeus'), newest 5`, ftsQuery('zacchaeus'));
    await median(`FTS5 ${tokenizer}, no match ('xyzzy'), newest 5`, ftsQuery('xyzzy'));
  }
}

database.close();
rmSync(dir, { recursive: true, force: true });
