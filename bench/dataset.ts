// Generates a realistic, reproducible bench database: 1,000 users, one heavy user with years of outreach, a team
// (and, with `bigTeam`, a 20-member team sharing 20,000 contacts and 200,000 activities: bench/team.ts).
// Usage: tsx bench/dataset.ts [--activities 50000] [--out .tmp/bench/bench-50000.db]
import type { InStatement } from '@libsql/client';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../db/client';
import { activityTypes, followUpTypes, goalTypes, spiritualStatuses } from '../shared/vocabulary';
import { prepareDatabase } from '../db/migrate';
import { hashPassword } from '../server/security/auth';
import { backfillSearchKeys } from '../server/queries/searchKeys';
import { mulberry32 } from './random';

export const HEAVY_USERNAME = 'heavy';
export const BENCH_PASSWORD = 'bench-password-1';
export const HEAVY_USER_ID = 1;
export const TEAM_ID = 1;

/** The big team (`bigTeam`): its id, its members' user ids (the first its admin, the second a member) and its volumes. */
export const BIG_TEAM = { id: 41, firstUser: 950, members: 20, contacts: 20_000, activities: 200_000, followUps: 20_000, assigned: 5_000 };

export interface DatasetOptions {
  /** The database file to (re)create. */
  path: string;
  /** Activities of the heavy user (the other volumes stay fixed). */
  activities?: number;
  seed?: number;
  /** Adds BIG_TEAM, drawn from a seed of its own, so every other row stays as it would be without it. */
  bigTeam?: boolean;
}

export interface DatasetSummary {
  path: string;
  url: string;
  ms: number;
  rows: Record<string, number>;
  heavyUserId: number;
  /** Rows the heavy user may read (own + team), per table. */
  visibleToHeavy: Record<string, number>;
  /** An existing contact of the heavy user, for POST /api/activities. */
  sampleContactId: number;
}

/** A seeded PRNG (bench/random.ts), so every run builds the same data. */
export function prng(seed: number) {
  const next = mulberry32(seed);
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]) => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
    /** Weighted pick: weights in the same order as items. */
    weighted: <T>(items: readonly T[], weights: number[]) => {
      const total = weights.reduce((s, w) => s + w, 0);
      let r = next() * total;
      for (let i = 0; i < items.length; i++) if ((r -= weights[i]) < 0) return items[i];
      return items[items.length - 1];
    },
  };
}

const FIRST = [
  'Anna',
  'Ben',
  'Carla',
  'David',
  'Esther',
  'Felix',
  'Grace',
  'Hannah',
  'Isaac',
  'Julia',
  'Karl',
  'Lena',
  'Micah',
  'Naomi',
  'Oscar',
  'Priya',
  'Quinn',
  'Ruth',
  'Samuel',
  'Tabitha',
  'Uriel',
  'Vera',
  'Walter',
  'Xenia',
  'Yusuf',
  'Zoe',
];
const LAST = [
  'Adams',
  'Baker',
  'Carter',
  'Diaz',
  'Evans',
  'Fischer',
  'Garcia',
  'Hughes',
  'Ito',
  'Jensen',
  'Khan',
  'Lopez',
  'Meyer',
  'Nguyen',
  'Okafor',
  'Patel',
  'Quist',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Umar',
  'Vogel',
  'Weber',
  'Xu',
  'Young',
  'Zimmer',
];
const WORDS =
  `talked about hope grace family work faith questions church prayer bible future forgiveness loss joy doubt story gospel meaning purpose coffee park neighbour invited study next week shared testimony listened`.split(
    ' ',
  );

const YEAR = 365 * 24 * 60 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;

function sentence(r: ReturnType<typeof prng>, min: number, max: number) {
  const n = r.int(min, max);
  const words: string[] = [];
  for (let i = 0; i < n; i++) words.push(r.pick(WORDS));
  const text = words.join(' ');
  return text[0].toUpperCase() + text.slice(1) + '.';
}

/** Multi-row INSERTs of at most `rowsPer` rows each. */
function inserts(table: string, columns: string[], rows: unknown[][], rowsPer = 400): InStatement[] {
  const out: InStatement[] = [];
  const one = `(${columns.map(() => '?').join(', ')})`;
  for (let i = 0; i < rows.length; i += rowsPer) {
    const chunk = rows.slice(i, i + rowsPer);
    out.push({ sql: `insert into ${table} (${columns.join(', ')}) values ${chunk.map(() => one).join(', ')}`, args: chunk.flat() as never });
  }
  return out;
}

let cachedHash: Promise<string> | undefined;

export async function generateDataset(options: DatasetOptions): Promise<DatasetSummary> {
  const started = performance.now();
  const path = resolve(options.path);
  const heavyActivities = options.activities ?? 50_000;
  const r = prng(options.seed ?? 20240611);
  mkdirSync(dirname(path), { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) if (existsSync(path + suffix)) rmSync(path + suffix);
  const url = `file:${path}`;
  const database = await openDatabase({ url });
  await prepareDatabase(database);
  cachedHash ??= hashPassword(BENCH_PASSWORD);
  const passwordHash = await cachedHash;
  // A fixed "now" per run keeps the data relative to the moment of the bench (the dashboard's 30-day trends).
  const now = Date.now();
  const fiveYears = 5 * YEAR;
  const past = (span = fiveYears) => now - Math.floor(r.next() * span);

  const counts: Record<string, number> = {};
  const statements: InStatement[] = [];
  const add = (table: string, columns: string[], rows: unknown[][]) => {
    counts[table] = (counts[table] ?? 0) + rows.length;
    statements.push(...inserts(table, columns, rows));
  };

  // Users: 1 is the heavy user; 2-5 are team members, 6 a team viewer; the rest are light users.
  const USERS = 1000;
  const userRows: unknown[][] = [];
  for (let id = 1; id <= USERS; id++) {
    const username = id === HEAVY_USER_ID ? HEAVY_USERNAME : `user${String(id).padStart(4, '0')}`;
    userRows.push([
      id,
      username,
      username.toLowerCase(),
      `${username}@example.com`,
      passwordHash,
      r.pick(FIRST),
      r.pick(LAST),
      now - fiveYears - DAY * r.int(1, 300),
    ]);
  }
  // The migrations' stand-in author of a deleted account's team rows (0015) took id 1 on the empty database: it moves
  // past the generated users, whose ids the figures name. Nothing refers to it by id.
  statements.push(`update users set id = ${USERS + 1_000_000} where username_key = '(former member)'`);
  add('users', ['id', 'username', 'username_key', 'email', 'password_hash', 'first_name', 'last_name', 'created_at'], userRows);

  // One shared team for the heavy user, and a few teams among light users.
  const teamRows: unknown[][] = [[TEAM_ID, 'Riverside outreach', 'Tuesday evening street team', now - fiveYears, HEAVY_USER_ID]];
  const memberRows: unknown[][] = [
    [TEAM_ID, 1, 'admin', now - fiveYears],
    [TEAM_ID, 2, 'member', now - fiveYears],
    [TEAM_ID, 3, 'member', now - fiveYears],
    [TEAM_ID, 4, 'member', now - fiveYears],
    [TEAM_ID, 5, 'member', now - fiveYears],
    [TEAM_ID, 6, 'viewer', now - fiveYears],
  ];
  for (let t = 2; t <= 40; t++) {
    teamRows.push([t, `Team ${t}`, null, past(), 100 + t * 20]);
    for (let m = 0; m < 5; m++) memberRows.push([t, 100 + t * 20 + m, m === 0 ? 'admin' : 'member', past()]);
  }
  add('teams', ['id', 'name', 'description', 'created_at', 'created_by'], teamRows);
  add('team_members', ['team_id', 'user_id', 'role', 'joined_at'], memberRows);

  // Per-user volumes: [contacts, activities, follow-ups, prayer requests, goals, share of rows in the team].
  const volumes = (userId: number) => {
    if (userId === HEAVY_USER_ID) return { contacts: 2000, activities: heavyActivities, followUps: 5000, prayers: 3000, goals: 100, team: 0.15 };
    if (userId <= 5) return { contacts: 50, activities: 500, followUps: 100, prayers: 50, goals: 5, team: 0.5 };
    return { contacts: 3, activities: 10, followUps: 2, prayers: 2, goals: 1, team: 0 };
  };

  let contactId = 0;
  let activityId = 0;
  const contactRows: unknown[][] = [];
  const statusRows: unknown[][] = [];
  const activityRows: unknown[][] = [];
  const followUpRows: unknown[][] = [];
  const prayerRows: unknown[][] = [];
  const goalRows: unknown[][] = [];
  let heavyFirstContact = 0;

  for (let userId = 1; userId <= USERS; userId++) {
    const v = volumes(userId);
    const teamOf = () => (v.team && r.chance(v.team) ? TEAM_ID : null);
    const first = contactId + 1;
    if (userId === HEAVY_USER_ID) heavyFirstContact = first;
    for (let i = 0; i < v.contacts; i++) {
      const id = ++contactId;
      const name = `${r.pick(FIRST)} ${r.pick(LAST)}${i >= 500 ? ' ' + i : ''}`;
      const status = r.weighted(spiritualStatuses, [3, 2, 1, 1, 1, 2]);
      const createdAt = past();
      contactRows.push([
        id,
        name,
        r.chance(0.5) ? `${name.toLowerCase().replace(/\W+/g, '.')}@mail.test` : null,
        r.chance(0.4) ? `+1 555 ${r.int(1000000, 9999999)}` : null,
        status,
        r.chance(0.3) ? sentence(r, 6, 20) : null,
        createdAt,
        teamOf(),
        userId,
      ]);
      statusRows.push([id, null, status, createdAt, userId]);
    }
    const contactOf = () => first + Math.floor(r.next() * v.contacts);
    for (let i = 0; i < v.activities; i++) {
      const date = past();
      const type = r.weighted(activityTypes, [50, 20, 20, 10]);
      activityRows.push([
        ++activityId,
        contactOf(),
        type,
        date,
        r.chance(0.8) ? sentence(r, 3, 8) : null,
        r.chance(0.3) ? sentence(r, 10, 30) : null,
        date,
        teamOf(),
        userId,
      ]);
    }
    for (let i = 0; i < v.followUps; i++) {
      // From five years ago to three months ahead; the past ones are mostly done.
      const date = now - fiveYears + Math.floor(r.next() * (fiveYears + 90 * DAY));
      const completed = date < now ? (r.chance(0.92) ? 1 : 0) : 0;
      followUpRows.push([contactOf(), date, sentence(r, 3, 10), r.pick(followUpTypes), completed, date - DAY * r.int(1, 30), teamOf(), userId]);
    }
    for (let i = 0; i < v.prayers; i++) {
      const date = past();
      const answered = r.chance(0.3) ? 1 : 0;
      prayerRows.push([
        contactOf(),
        sentence(r, 5, 25),
        date,
        answered,
        answered ? sentence(r, 4, 12) : null,
        answered ? date + DAY * r.int(1, 200) : null,
        r.int(0, 25),
        date,
        teamOf(),
        userId,
      ]);
    }
    for (let i = 0; i < v.goals; i++) {
      const target = r.int(5, 200);
      const completed = r.chance(0.6) ? 1 : 0;
      // Progress is counted from the activities now (issue 13): the stored adjustment is 0, the draw kept so the
      // rest of the dataset stays as it was.
      r.int(0, target - 1);
      goalRows.push([
        `Goal ${i + 1}: ${sentence(r, 2, 5)}`,
        r.chance(0.5) ? sentence(r, 5, 15) : null,
        target,
        0,
        r.chance(0.5) ? now + DAY * r.int(-200, 400) : null,
        completed,
        r.pick(goalTypes),
        past(),
        teamOf(),
        userId,
      ]);
    }
  }
  add('contacts', ['id', 'name', 'email', 'phone', 'spiritual_status', 'notes', 'created_at', 'team_id', 'created_by'], contactRows);
  add('contact_status_changes', ['contact_id', 'from_status', 'to_status', 'changed_at', 'changed_by'], statusRows);
  add('activities', ['id', 'contact_id', 'type', 'date', 'description', 'notes', 'created_at', 'team_id', 'created_by'], activityRows);
  add('follow_ups', ['contact_id', 'date', 'description', 'type', 'completed', 'created_at', 'team_id', 'created_by'], followUpRows);
  add(
    'prayer_requests',
    ['contact_id', 'request', 'date', 'answered', 'answer_notes', 'answer_date', 'prayed_count', 'created_at', 'team_id', 'created_by'],
    prayerRows,
  );
  add('goals', ['title', 'description', 'target_count', 'adjustment', 'deadline', 'completed', 'type', 'created_at', 'team_id', 'created_by'], goalRows);

  if (options.bigTeam) addBigTeam(add, now, contactId, activityId);

  // One transaction on the writer connection (the same one every app write goes through).
  await database.writerClient.batch(statements, 'write');
  // Keyed as a started server would have keyed them, so no measurement runs beside the backfill.
  await backfillSearchKeys(database);
  await database.writerClient.execute('PRAGMA wal_checkpoint(TRUNCATE)');

  const visible: Record<string, number> = {};
  for (const table of ['contacts', 'activities', 'follow_ups', 'prayer_requests', 'goals']) {
    const result = await database.readerClient.execute({
      sql: `select count(*) as n from ${table} where created_by = ? or team_id in (select team_id from team_members where user_id = ?)`,
      args: [HEAVY_USER_ID, HEAVY_USER_ID],
    });
    visible[table] = Number(result.rows[0].n);
  }
  database.close();
  return {
    path,
    url,
    ms: Math.round(performance.now() - started),
    rows: counts,
    heavyUserId: HEAVY_USER_ID,
    visibleToHeavy: visible,
    sampleContactId: heavyFirstContact,
  };
}

/**
 * BIG_TEAM: 20 members (light users otherwise) sharing 20,000 contacts and 200,000 activities over two years (about
 * 8,000 in any 30 days), 20,000 follow-ups (those past mostly done) and 5,000 contacts assigned to members. Each
 * member writes an equal share, so the admin's member rows have work in every figure.
 */
function addBigTeam(add: (table: string, columns: string[], rows: unknown[][]) => void, now: number, lastContactId: number, lastActivityId: number) {
  const r = prng(30_2026);
  const { id, firstUser, members } = BIG_TEAM;
  const member = () => firstUser + r.int(0, members - 1);
  const span = 2 * YEAR;
  add('teams', ['id', 'name', 'description', 'created_at', 'created_by'], [[id, 'Campus mission', 'Twenty people, one campus', now - span, firstUser]]);
  add(
    'team_members',
    ['team_id', 'user_id', 'role', 'joined_at'],
    Array.from({ length: members }, (_, i) => [id, firstUser + i, i === 0 ? 'admin' : i === members - 1 ? 'viewer' : 'member', now - span]),
  );
  const contactRows: unknown[][] = [];
  for (let i = 0; i < BIG_TEAM.contacts; i++) {
    const name = `${r.pick(FIRST)} ${r.pick(LAST)} ${i}`;
    const assignee = i < BIG_TEAM.assigned ? member() : null;
    contactRows.push([
      lastContactId + 1 + i,
      name,
      r.weighted(spiritualStatuses, [3, 2, 1, 1, 1, 2]),
      now - Math.floor(r.next() * span),
      id,
      member(),
      assignee,
      assignee && now - Math.floor(r.next() * 90 * DAY),
    ]);
  }
  add('contacts', ['id', 'name', 'spiritual_status', 'created_at', 'team_id', 'created_by', 'assigned_to', 'assigned_at'], contactRows);
  const contactOf = () => lastContactId + 1 + Math.floor(r.next() * BIG_TEAM.contacts);
  const activityRows: unknown[][] = [];
  for (let i = 0; i < BIG_TEAM.activities; i++) {
    const date = now - Math.floor(r.next() * span);
    activityRows.push([lastActivityId + 1 + i, contactOf(), r.weighted(activityTypes, [50, 20, 20, 10]), date, sentence(r, 3, 8), date, id, member()]);
  }
  add('activities', ['id', 'contact_id', 'type', 'date', 'description', 'created_at', 'team_id', 'created_by'], activityRows);
  const followUpRows: unknown[][] = [];
  for (let i = 0; i < BIG_TEAM.followUps; i++) {
    const date = now - span + Math.floor(r.next() * (span + 90 * DAY));
    const completed = date < now ? (r.chance(0.95) ? 1 : 0) : 0;
    followUpRows.push([contactOf(), date, sentence(r, 3, 10), r.pick(followUpTypes), completed, date - DAY, id, member()]);
  }
  add('follow_ups', ['contact_id', 'date', 'description', 'type', 'completed', 'created_at', 'team_id', 'created_by'], followUpRows);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const activities = Number(arg('activities') ?? 50_000);
  const out = arg('out') ?? `.tmp/bench/bench-${activities}.db`;
  const summary = await generateDataset({ path: out, activities });
  console.log(JSON.stringify(summary, null, 2));
}
