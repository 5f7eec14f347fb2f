// Measures text search over 50,000 of one user's activities: LIKE as search.quick runs it, against SQLite FTS5.
import { reminderServices } from '../server/nudges/delivery';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/client';
import { prepareDatabase } from '../db/migrate';
import { createAuth } from '../server/auth';
import { createDatabaseStore, defaultLimits } from '../server/rateLimit';
import { appRouter } from '../server/routers';
import { containsPattern } from '../server/routers/matching';
import { createCallerFactory, createContextInner } from '../server/trpc';

const ACTIVITIES = 50_000;
const RUNS = 30;
const words = ['prayer', 'family', 'church', 'coffee', 'bible', 'question', 'hope', 'work', 'grief', 'joy', 'doubt', 'friend', 'study', 'story', 'meal', 'visit', 'call', 'gospel', 'neighbour', 'school'];

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
  return (((t ^ (t >>> 14)) >>> 0) / 4294967296) * max | 0;
};
const sentence = (length: number) => Array.from({ length }, () => words[random(words.length)]).join(' ');

async function fill(username: string) {
  const user = Number((await client.execute({ sql: "insert into users (username, email, password_hash) values (?, ?, 'x') returning id", args: [username, `${username}@example.com`] })).rows[0].id);
  const contactRows = Array.from({ length: 1000 }, (_, c) => ({ sql: 'insert into contacts (name, notes, created_by) values (?, ?, ?)', args: [`Person ${username} ${c}`, sentence(8), user] }));
  await client.batch(contactRows, 'write');
  const firstContact = Number((await client.execute({ sql: 'select min(id) as id from contacts where created_by = ?', args: [user] })).rows[0].id);
  for (let start = 0; start < ACTIVITIES; start += 5000) {
    const rows = Array.from({ length: 5000 }, (_, offset) => {
      const i = start + offset;
      // One activity in 10,000 mentions a rare word, so a rare search must look at every row.
      const notes = `${sentence(15)}${i % 10_000 === 7 ? ' zacchaeus' : ''}`;
      return {
        sql: "insert into activities (contact_id, type, date, notes, description, created_by) values (?, 'conversation', ?, ?, ?, ?)",
        args: [firstContact + (i % 1000), Date.UTC(2024, 0, 1) + i * 600_000, notes, sentence(3), user],
      };
    });
    await client.batch(rows, 'write');
  }
  return user;
}

const userId = await fill('searcher');
await fill('someone_else');
await client.execute('analyze');

async function median(label: string, run: () => Promise<unknown>) {
  await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(58)} median ${times[RUNS >> 1].toFixed(2).padStart(7)} ms   max ${times[RUNS - 1].toFixed(2).padStart(7)} ms`);
}

const reader = database.readerClient;
const likeQuery = (term: string) => () =>
  reader.execute({
    sql: `select id, type, date, notes from activities where created_by = ? and (notes like ? escape '\\' or description like ? escape '\\') order by date desc, id desc limit 5`,
    args: [userId, containsPattern(term), containsPattern(term)],
  });
const likeCount = (term: string) => () =>
  reader.execute({ sql: `select count(*) from activities where created_by = ? and (notes like ? escape '\\' or description like ? escape '\\')`, args: [userId, containsPattern(term), containsPattern(term)] });

const matches = async (term: string) => Number((await likeCount(term)()).rows[0][0]);
console.log(`rows matching: coffee ${await matches('coffee')}, zacchaeus ${await matches('zacchaeus')}, xyzzy ${await matches('xyzzy')}`);
console.log(`${ACTIVITIES} activities of the searching user (plus ${ACTIVITIES} of another), ${RUNS} runs each\n`);
await median("LIKE, common word ('coffee'), newest 5", likeQuery('coffee'));
await median("LIKE, rare word ('zacchaeus', 5 rows), newest 5", likeQuery('zacchaeus'));
await median("LIKE, no match ('xyzzy'), newest 5", likeQuery('xyzzy'));
await median("LIKE, count of a common word ('coffee')", likeCount('coffee'));

const caller = createCallerFactory(appRouter)(
  createContextInner({ database, auth: createAuth(database), attempts: createDatabaseStore(database), limits: defaultLimits, reminders: reminderServices({}, database), user: { id: userId, username: 'searcher', email: 'searcher@example.com', firstName: '', lastName: '', language: null, emailConfirmed: false } }),
);
await median("search.quick procedure, rare word (3 LIKE queries)", () => caller.search.quick({ q: 'zacchaeus', limit: 5 }));
await median("search.quick procedure, no match (3 LIKE queries)", () => caller.search.quick({ q: 'xyzzy', limit: 5 }));

for (const tokenizer of ['unicode61', 'trigram']) {
  await client.execute('drop table if exists activities_fts');
  const started = performance.now();
  await client.execute(`create virtual table activities_fts using fts5(notes, description, content='activities', content_rowid='id', tokenize='${tokenizer}')`);
  await client.execute("insert into activities_fts(activities_fts) values ('rebuild')");
  console.log(`\nFTS5 (${tokenizer}) index built in ${(performance.now() - started).toFixed(0)} ms`);
  const ftsQuery = (term: string) => () =>
    reader.execute({
      sql: `select a.id, a.type, a.date, a.notes from activities_fts f join activities a on a.id = f.rowid
            where activities_fts match ? and a.created_by = ? order by a.date desc, a.id desc limit 5`,
      args: [`"${term}"`, userId],
    });
  console.log(`FTS5 rows for coffee: ${(await reader.execute({ sql: 'select count(*) from activities_fts where activities_fts match ?', args: ['"coffee"'] })).rows[0][0]}`);
  await median(`FTS5 ${tokenizer}, common word ('coffee'), newest 5`, ftsQuery('coffee'));
  await median(`FTS5 ${tokenizer}, rare word ('zacchaeus'), newest 5`, ftsQuery('zacchaeus'));
  await median(`FTS5 ${tokenizer}, no match ('xyzzy'), newest 5`, ftsQuery('xyzzy'));
}

database.close();
rmSync(dir, { recursive: true, force: true });
