// A person's whole story at scale (issue 50): one user with 5,000 contacts, 20,000 links between them (a "discipled by"
// tree and friends, siblings, coworkers), 100,000 activities (10,000 with other people too) and 5,000 important dates;
// the production server times the requests that open a contact's page and the generation tree, each alone, and says
// how long the event loop was held. Usage: npm run build && npm run bench:person [-- --contacts 5000]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/client';
import { prepareDatabase } from '../db/migrate';
import { hashPassword } from '../server/security/auth';
import { backfillSearchKeys } from '../server/queries/searchKeys';
import { spiritualStatuses } from '../shared/vocabulary';
import { BENCH_PASSWORD, HEAVY_USERNAME } from './dataset';
import { mulberry32 } from './random';
import { login, startServer } from './server';

const argument = process.argv.indexOf('--contacts');
const CONTACTS = argument > 0 ? Number(process.argv[argument + 1]) : 5_000;
const LINKS = CONTACTS * 4;
const ACTIVITIES = CONTACTS * 20;
const DAY = 86_400_000;
const now = Date.now();

const dir = mkdtempSync(join(tmpdir(), 'sower-person-bench-'));
const url = `file:${join(dir, 'bench.db')}`;
try {
  const database = await openDatabase({ url });
  await prepareDatabase(database);
  const random = mulberry32(50);
  const pick = (max: number) => Math.floor(random() * max);
  const client = database.writerClient;
  await client.execute({
    sql: 'insert into users (id, username, username_key, email, password_hash) values (50, ?, ?, ?, ?)',
    args: [HEAVY_USERNAME, HEAVY_USERNAME, 'heavy@example.com', await hashPassword(BENCH_PASSWORD)],
  });
  const statements: { sql: string; args: (string | number)[] }[] = [];
  for (let id = 1; id <= CONTACTS; id++)
    statements.push({
      sql: 'insert into contacts (id, name, spiritual_status, created_by, created_at) values (?, ?, ?, 50, ?)',
      args: [id, `Contact ${id}`, spiritualStatuses[pick(6)], now - pick(700) * DAY],
    });
  // The tree: each person after the first ten discipled by one of the fifty before them (a deep, wide tree).
  const links = new Set<string>();
  for (let id = 11; id <= CONTACTS; id++) links.add(`${id}:${Math.max(1, id - 1 - pick(50))}:discipled_by`);
  const kinds = ['friend', 'sibling', 'coworker', 'introduced_by'];
  while (links.size < LINKS) {
    const a = 1 + pick(CONTACTS);
    const b = 1 + pick(CONTACTS);
    // Contact 1 is the hub a busy page shows: every 40th link is theirs (about 500, past the 200 a person may add).
    if (a !== b) links.add(`${links.size % 40 === 0 ? 1 : a}:${b}:${kinds[pick(kinds.length)]}`);
  }
  for (const link of links) {
    const [a, b, kind] = link.split(':');
    if (a !== b)
      statements.push({
        sql: 'insert or ignore into contact_relationships (contact_id, related_id, kind, created_by) values (?, ?, ?, 50)',
        args: [a, b, kind],
      });
  }
  for (let i = 0; i < ACTIVITIES; i++)
    statements.push({
      sql: "insert into activities (id, contact_id, type, date, created_by) values (?, ?, 'conversation', ?, 50)",
      args: [i + 1, i % 20 === 0 ? 1 : 1 + pick(CONTACTS), now - pick(700) * DAY],
    });
  for (let i = 0; i < ACTIVITIES / 10; i++)
    statements.push({
      sql: 'insert or ignore into activity_contacts (activity_id, contact_id, date) select id, ?, date from activities where id = ?',
      args: [i % 5 === 0 ? 1 : 1 + pick(CONTACTS), 1 + pick(ACTIVITIES)],
    });
  for (let id = 1; id <= CONTACTS; id++)
    statements.push({
      sql: "insert into contact_dates (contact_id, kind, label, date, yearly) values (?, 'birthday', 'Birthday', ?, 1)",
      args: [id, `19${50 + pick(50)}-${String(1 + pick(12)).padStart(2, '0')}-${String(1 + pick(28)).padStart(2, '0')}`],
    });
  for (let start = 0; start < statements.length; start += 5000) await client.batch(statements.slice(start, start + 5000), 'write');
  await backfillSearchKeys(database);
  await client.execute('analyze');
  database.close();

  const server = await startServer('app', url, 4870);
  try {
    const cookie = await login(server.base);
    const headers = { cookie: cookie.header, origin: server.base };
    const typical = 2 + pick(CONTACTS - 1);
    const requests: [string, string][] = [
      ['contact page, hub (contact 1)', '/api/contacts/1/timeline?limit=20'],
      ['its links (hub)', '/api/contacts/1/relationships'],
      ['its dates (hub)', '/api/contacts/1/dates'],
      [`contact page, contact ${typical}`, `/api/contacts/${typical}/timeline?limit=20`],
      [`its links (contact ${typical})`, `/api/contacts/${typical}/relationships`],
      ['generation tree', '/api/generations'],
      ['activities with the hub', '/api/activities?contactId=1&limit=50'],
      ['upcoming dates', '/api/upcoming-dates'],
    ];
    console.log(`${CONTACTS} contacts, ${links.size} links, ${ACTIVITIES} activities (${ACTIVITIES / 10} with others), ${CONTACTS} dates`);
    for (const [label, path] of requests) {
      const times: number[] = [];
      for (let i = 0; i < 12; i++) {
        const start = performance.now();
        const res = await fetch(server.base + path, { headers });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
        if (i >= 2) times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const loop = await server.loopDelay();
      console.log(
        `${label.padEnd(34)} median ${times[Math.floor(times.length / 2)].toFixed(1).padStart(6)} ms  max ${times.at(-1)!.toFixed(1).padStart(6)} ms  loop held ≤ ${loop?.maxMs.toFixed(1)} ms`,
      );
    }
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
