// The floor: the bench's endpoints on bare node:http + @libsql/client with hand-written SQL, no framework.
// Same data, same user scoping, same ordering and the same JSON as the app, so app ÷ floor is the framework's cost.
// Usage: DATABASE_URL=file:... PORT=3101 node --import tsx bench/floor.ts
import { createClient, type Client, type InStatement, type Row } from '@libsql/client';
import { verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import superjson from 'superjson';

const url = process.env.DATABASE_URL ?? 'file:.tmp/bench/bench-50000.db';
const port = Number(process.env.PORT ?? 3101);
const writer = createClient({ url, concurrency: 1, timeout: 5000 });
const reader = createClient({ url, timeout: 5000 });
await writer.execute('PRAGMA journal_mode = WAL');
await writer.execute('PRAGMA synchronous = NORMAL');
await writer.execute('PRAGMA foreign_keys = ON');

const DAY = 24 * 60 * 60 * 1000;
const SESSION_MS = 30 * DAY;
/** The user scoping of every read: own rows, and rows of the user's teams (alias `t` is the table). */
const readable = (t: string) => `(${t}.created_by = ? or ${t}.team_id in (select team_id from team_members where user_id = ?))`;

/**
 * One page of a readable list, as the app does it: the first `limit` ids of the user's own rows and of each team's
 * rows, each through its own index, merged by the outer ORDER BY. Returns the WHERE clause and its args.
 */
function pageOf(table: string, alias: string, order: string, user: User, limit: number, filter = 'true'): { where: string; args: number[] } {
  if (limit < 0 || !user.teamIds.length) return { where: `${readable(alias)} and (${filter})`, args: [user.id, user.id] };
  const first = (part: string) => `select id from (select id from ${table} where ${part} and ${filter} order by ${order} limit ${limit})`;
  const parts = [first('created_by = ?'), ...user.teamIds.map(() => first('team_id = ?'))];
  return { where: `${alias}.id in (${parts.join(' union all ')})`, args: [user.id, ...user.teamIds] };
}

let writeTail: Promise<unknown> = Promise.resolve();
/** One write transaction at a time on the single writer connection. */
function write<T>(fn: (tx: Awaited<ReturnType<Client['transaction']>>) => Promise<T>): Promise<T> {
  const run = writeTail.then(async () => {
    const tx = await writer.transaction('write');
    try {
      const result = await fn(tx);
      await tx.commit();
      return result;
    } catch (error) {
      await tx.rollback();
      throw error;
    } finally {
      tx.close();
    }
  });
  writeTail = run.catch(() => undefined);
  return run;
}

const date = (ms: unknown) => (ms === null || ms === undefined ? null : new Date(Number(ms)));
const bool = (v: unknown) => Number(v) === 1;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

// Row mappers: the app's column names and types (dates as Date, so JSON gives ISO strings and superjson tags them).
/** An activity's other people, packed as the app reads them: 0 for none, else a JSON array of [id, name]. */
const othersOf = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as [number, string][]).map(([id, name]) => ({ id, name })) : []);
const activityRow = (r: Row) => {
  const others = othersOf(r.others);
  const contactId = num(r.contact_id);
  return {
    id: num(r.id),
    type: r.type,
    date: date(r.date),
    description: r.description,
    notes: r.notes,
    contactId,
    contactName: r.contact_name,
    teamId: num(r.team_id),
    createdBy: num(r.created_by),
    others,
    contactIds: r.contact_name === null ? others.map((o) => o.id) : [contactId, ...others.map((o) => o.id)],
  };
};
const MILESTONE_ORDER = ['has_bible', 'reading_bible', 'belief', 'can_share', 'sharing', 'baptized', 'baptizing', 'in_group', 'planting'];
/** A contact's rarely filled columns, packed as the app reads them (0 when all are empty). */
function rareOf(value: unknown) {
  if (typeof value !== 'string')
    return { archivedAt: null, archiveReason: null, archiveNote: null, stayInTouchDays: null, assignmentStatus: null, assignedTo: null, updateNeeded: false };
  const [archivedAt, archiveReason, archiveNote, stayInTouchDays, assignmentStatus, assignedTo, updateNeeded] = JSON.parse(value) as unknown[];
  return { archivedAt: date(archivedAt), archiveReason, archiveNote, stayInTouchDays, assignmentStatus, assignedTo, updateNeeded: updateNeeded === 1 };
}
/** A contact's milestones and tags, packed as the app reads them: [0, kind, date] and [1, name_key, name]. */
function storyOf(value: unknown) {
  const entries = typeof value === 'string' ? (JSON.parse(value) as [0 | 1, string, string | number][]) : [];
  return {
    milestones: entries
      .filter(([k]) => k === 0)
      .map(([, kind, at]) => ({ kind, date: new Date(Number(at)) }))
      .sort((x, y) => MILESTONE_ORDER.indexOf(x.kind) - MILESTONE_ORDER.indexOf(y.kind)),
    tags: entries
      .filter(([k]) => k === 1)
      .sort(([, x], [, y]) => (x < y ? -1 : x > y ? 1 : 0))
      .map(([, , name]) => name),
  };
}
const contactRow = (r: Row) => ({
  id: num(r.id),
  name: r.name,
  email: r.email,
  phone: r.phone,
  spiritualStatus: r.spiritual_status,
  notes: r.notes,
  source: r.source,
  createdAt: date(r.created_at),
  teamId: num(r.team_id),
  createdBy: num(r.created_by),
  ...rareOf(r.rare),
  lastContactAt: date(r.last_contact_at),
  nextFollowUpAt: date(r.next_follow_up_at),
  ...storyOf(r.story),
});
const followUpRow = (r: Row) => ({
  id: num(r.id),
  contactId: num(r.contact_id),
  contactName: r.contact_name,
  date: date(r.date),
  description: r.description,
  type: r.type,
  completed: bool(r.completed),
  completedAt: date(r.completed_at),
  createdAt: date(r.created_at),
  teamId: num(r.team_id),
  createdBy: num(r.created_by),
  repeatEvery: num(r.repeat_every),
  repeatUnit: r.repeat_unit,
  repeatFrom: r.repeat_from,
  seriesId: num(r.series_id),
});
/** A request's list and its team's prayers this week, packed as the app reads them (0 for a personal request in no list). */
function prayedOf(value: unknown) {
  if (typeof value !== 'string') return { listId: null, teamPrayedThisWeek: 0, teamPrayedNames: null };
  const [listId, showsNames, prayers] = JSON.parse(value) as [number | null, number | null, [number, string, string, string][] | null];
  const byPerson = new Map((prayers ?? []).map(([userId, first, last, username]) => [userId, `${first} ${last}`.trim() || username]));
  return { listId, teamPrayedThisWeek: byPerson.size, teamPrayedNames: showsNames === 1 ? [...byPerson.values()].sort((x, y) => x.localeCompare(y)) : null };
}
const prayerRow = (r: Row) => ({
  id: num(r.id),
  contactId: num(r.contact_id),
  contactName: r.contact_name,
  request: r.request,
  date: date(r.date),
  answered: bool(r.answered),
  answerNotes: r.answer_notes,
  answerDate: date(r.answer_date),
  prayedCount: num(r.prayed_count),
  createdAt: date(r.created_at),
  teamId: num(r.team_id),
  createdBy: num(r.created_by),
  ...prayedOf(r.prayed),
});
const goalRow = (r: Row) => ({
  id: num(r.id),
  title: r.title,
  description: r.description,
  targetCount: num(r.target_count),
  currentCount: num(r.current_count),
  startsOn: date(r.starts_on),
  deadline: date(r.deadline),
  completed: bool(r.completed),
  type: r.type,
  createdAt: date(r.created_at),
  teamId: num(r.team_id),
});

/** The contact's name where the user may read the contact (a team's row may name a contact of another team): null elsewhere. */
const contactNameFor = (userId: number) =>
  `case when (c.created_by = ${Number(userId)} or c.team_id in (select team_id from team_members where user_id = ${Number(userId)})) then c.name end as contact_name`;
/** The user's inline rule on the contacts row `c2` (the app's readable rule on a contact). */
const readableContact = (alias: string, userId: number) =>
  `(${alias}.created_by = ${Number(userId)} or ${alias}.team_id in (select team_id from team_members where user_id = ${Number(userId)}))`;
const OTHERS = (
  userId: number,
) => `case when a.others_count > 0 then (select json_group_array(json_array(c2.id, c2.name) order by c2.id) from activity_contacts ac
  join contacts c2 on c2.id = ac.contact_id where ac.activity_id = a.id and ${readableContact('c2', userId)}) else 0 end as others`;
const ACTIVITY_SELECT = (userId: number) =>
  `select a.id, a.type, a.date, a.description, a.notes, a.contact_id, ${contactNameFor(userId)}, a.team_id, a.created_by, ${OTHERS(userId)} from activities a join contacts c on c.id = a.contact_id`;
const FOLLOW_UP_SELECT = (userId: number) =>
  `select f.id, f.contact_id, f.date, f.description, f.type, f.completed, f.completed_at, f.created_at, f.team_id, f.created_by, f.repeat_every, f.repeat_unit, f.repeat_from, f.series_id, ${contactNameFor(userId)} from follow_ups f join contacts c on c.id = f.contact_id`;
const NOW = `cast(unixepoch('subsecond') * 1000 as integer)`;
const WEEK_FIRST_DAY = `(${NOW} / ${DAY} - 6)`;
const PRAYED = (userId: number) => `case when p.team_id is null and (p.list_id is null or p.created_by <> ${Number(userId)}) then 0
  else json_array(case when p.created_by = ${Number(userId)} then p.list_id end,
    case when p.team_id is not null then (select t.prayer_names from teams t where t.id = p.team_id) end,
    case when p.team_id is not null then json((select json_group_array(json_array(pp.user_id, u.first_name, u.last_name, u.username))
      from prayer_request_prayers pp join users u on u.id = pp.user_id where pp.request_id = p.id and pp.day >= ${WEEK_FIRST_DAY})) end) end as prayed`;
const PRAYER_SELECT = (userId: number) =>
  `select p.id, p.contact_id, p.request, p.date, p.answered, p.answer_notes, p.answer_date, p.prayed_count, p.created_at, p.team_id, p.created_by, ${contactNameFor(userId)}, ${PRAYED(userId)} from prayer_requests p left join contacts c on c.id = p.contact_id`;
/**
 * The app's two dates on every contact (server/queries/lastContact.ts, routers/contacts.ts): the last contact up to
 * today (as first person or one of the others, or a completed follow-up when completed) and the next follow-up to do.
 */
const LAST_CONTACT = `min((select max(d) from (
  select max(a.date) as d from activities a indexed by activities_contact_date_idx where a.contact_id = c.id and a.date <= (${NOW} + 43200000) and ${readable('a')}
  union all
  select case when c.also_there_count > 0 then (select max(ac.date) from activity_contacts ac where ac.contact_id = c.id and ac.date <= (${NOW} + 43200000)
    and exists (select 1 from activities a where a.id = ac.activity_id and ${readable('a')})) end
  union all
  select max(coalesce(f.completed_at, f.date)) from follow_ups f indexed by follow_ups_contact_date_idx where f.contact_id = c.id and f.completed = 1 and ${readable('f')})), ${NOW})`;
const NEXT_FOLLOW_UP = `(select min(f.date) from follow_ups f indexed by follow_ups_contact_date_idx where f.contact_id = c.id and f.completed = 0 and ${readable('f')})`;
/** Assigned and untouched for its team's days (server/domain/assignments.ts needsUpdate). */
const NEEDS_UPDATE = `(case when c.assignment_status is null or c.team_id is null then 0
  when max(coalesce(c.assigned_at, 0),
    coalesce((select max(a.date) from activities a indexed by activities_contact_date_idx where a.contact_id = c.id and a.date <= ${NOW} + 43200000), 0),
    coalesce((select max(ac.date) from activity_contacts ac where c.also_there_count > 0 and ac.contact_id = c.id and ac.date <= ${NOW} + 43200000), 0))
    <= ${NOW} - (select t.update_needed_days from teams t where t.id = c.team_id) * ${DAY} then 1 else 0 end)`;
const RARE = `case when c.archived_at is null and c.archive_reason is null and c.archive_note is null and c.stay_in_touch_days is null and c.assigned_to is null and c.assignment_status is null then 0
  else json_array(c.archived_at, c.archive_reason, c.archive_note, c.stay_in_touch_days, c.assignment_status,
    json((select json_object('id', u.id, 'firstName', u.first_name, 'lastName', u.last_name) from users u where u.id = c.assigned_to)), ${NEEDS_UPDATE}) end`;
const STORY = (userId: number) => `(select json_group_array(json_array(k, x, y)) from (
  select 0 as k, m.kind as x, m.date as y from contact_milestones m where m.contact_id = c.id
  union all select 1, t.name_key, t.name from contact_tags ct join tags t on t.id = ct.tag_id
    where ct.contact_id = c.id and (t.team_id = c.team_id or (t.team_id is null and t.created_by = ${Number(userId)}))))`;
const CONTACT_SELECT = (userId: number) =>
  `select c.id, c.name, c.email, c.phone, c.spiritual_status, c.notes, c.source, c.created_at, c.team_id, c.created_by, ${RARE} as rare, ${LAST_CONTACT} as last_contact_at, ${NEXT_FOLLOW_UP} as next_follow_up_at, ${STORY(userId)} as story from contacts c`;
/** CONTACT_SELECT's own arguments: the user twice for each of its four readable rules. */
const contactSelectArgs = (userId: number) => Array<number>(8).fill(userId);
// The progress as the app counts it (server/routers/goals.ts): the records of the goal's owner or team in its period,
// whole UTC days from the daily tallies and the partial days at the ends row by row.
const goalCounted = (table: string, when: string) =>
  `((select count(*) from ${table} r where g.team_id is null and r.created_by = g.created_by and ${when}) + (select count(*) from ${table} r where r.team_id = g.team_id and ${when}))`;
const goalTallied = (when: string) =>
  `((select coalesce(sum(t.row_count), 0) from daily_tallies t where g.team_id is null and t.created_by = g.created_by and ${when}) + (select coalesce(sum(t.row_count), 0) from daily_tallies t where t.team_id = g.team_id and ${when}))`;
function goalBetween(table: string, column: string, entity: string, kind: string, also: string, from: string, to: string) {
  const first = `max(1, (${from} + ${DAY} - 1) / ${DAY})`;
  const last = `((${to} + 1) / ${DAY} - 1)`;
  const rowsIn = (lo: string, hi: string) => goalCounted(table, `r.${column} >= ${lo} and r.${column} <= ${hi}${also}`);
  return `case when ${first} <= ${last}
    then ${goalTallied(`t.entity = '${entity}' and t.kind = ${kind} and t.day >= ${first} and t.day <= ${last}`)} + ${rowsIn(from, `${first} * ${DAY} - 1`)} + ${rowsIn(`(${last} + 1) * ${DAY}`, to)}
    else ${rowsIn(from, to)} end`;
}
const GOAL_END = 'coalesce(g.deadline, 9007199254740991) + 43200000';
const GOAL_PROGRESS = `max(0, g.adjustment + case when g.type = 'new_contact'
  then ${goalBetween('contacts', 'created_at', 'contact', "''", '', 'coalesce(g.starts_on - 43200000, g.created_at)', GOAL_END)}
  else ${goalBetween('activities', 'date', 'activity', 'g.type', ' and r.type = g.type', 'coalesce(g.starts_on, g.created_at) - 43200000', `min(${GOAL_END}, cast(unixepoch('subsecond') * 1000 as integer) + 43200000)`)} end)`;
const GOAL_SELECT = `select g.id, g.title, g.description, g.target_count, ${GOAL_PROGRESS} as current_count, g.starts_on, g.deadline, g.completed, g.type, g.created_at, g.team_id from goals g`;

const limitOf = (query: URLSearchParams) => {
  const value = query.get('limit');
  return value ? Math.min(200, Math.max(1, Number(value))) : -1;
};

async function rows(stmt: InStatement) {
  return (await reader.execute(stmt)).rows;
}

function trendOf(recent: number, previous: number) {
  return { value: recent, previous, label: 'in the last 30 days', isPositive: recent >= previous };
}

async function stats(userId: number) {
  const today = Math.floor(Date.now() / DAY);
  const windows = (which: string) =>
    rows({
      sql: `select entity, kind, sum(case when day >= ${today - 29} then row_count else 0 end) as recent, sum(case when day < ${today - 29} then row_count else 0 end) as previous from daily_tallies t where ${readable('t')} and ${which} and day >= ${today - 59} and day <= ${today + 1} group by entity, kind`,
      args: [userId, userId],
    });
  const [tallies, activityWindows, otherWindows] = await Promise.all([
    rows({
      sql: `select entity, kind, sum(row_count) as n, sum(prayed) as prayed from row_tallies t where ${readable('t')} and entity in ('activity', 'contact', 'prayer') group by entity, kind`,
      args: [userId, userId],
    }),
    windows("entity = 'activity' and kind in ('conversation', 'gospel_presentation')"),
    windows("entity in ('contact', 'prayer') and kind = ''"),
  ]);
  const total = (entity: string, kinds: string[], field: 'n' | 'prayed' = 'n') =>
    tallies.filter((r) => r.entity === entity && kinds.includes(String(r.kind))).reduce((sum, r) => sum + Number(r[field]), 0);
  const trend = (entity: string, kind: string) => {
    const row = [...activityWindows, ...otherWindows].find((r) => r.entity === entity && r.kind === kind);
    return trendOf(Number(row?.recent ?? 0), Number(row?.previous ?? 0));
  };
  return {
    totalConversations: total('activity', ['conversation']),
    totalGospelPresentations: total('activity', ['gospel_presentation']),
    totalContacts: total('contact', ['']),
    totalPrayerRequests: total('prayer', ['active', 'answered']),
    totalPrayers: total('prayer', ['active', 'answered'], 'prayed'),
    trends: {
      conversations: trend('activity', 'conversation'),
      gospelPresentations: trend('activity', 'gospel_presentation'),
      contacts: trend('contact', ''),
      prayerRequests: trend('prayer', ''),
    },
  };
}

async function summary(user: User, upcomingFrom: Date) {
  const userId = user.id;
  const recent = pageOf('activities', 'a', 'date desc, id desc', user, 3);
  const from = upcomingFrom.getTime();
  const upcoming = pageOf('follow_ups', 'f', 'date asc, id asc', user, 3, `completed = 0 and date >= ${from}`);
  const [s, goals, activities, followUps, overdue, resources] = await Promise.all([
    stats(userId),
    rows({
      sql: `${GOAL_SELECT} where g.id in (select g.id from goals g where ${readable('g')} and g.completed = 0 order by g.created_at desc, g.id desc limit 3) order by g.created_at desc, g.id desc`,
      args: [userId, userId],
    }),
    rows({ sql: `${ACTIVITY_SELECT(userId)} where ${recent.where} order by a.date desc, a.id desc limit 3`, args: recent.args }),
    rows({
      sql: `${FOLLOW_UP_SELECT(userId)} where ${upcoming.where} and f.completed = 0 and f.date >= ? order by f.date asc, f.id asc limit 3`,
      args: [...upcoming.args, from],
    }),
    rows({
      sql: `select count(*) as count from follow_ups f where ${readable('f')} and f.completed = 0 and f.date < ?`,
      args: [userId, userId, from],
    }),
    rows({
      sql: `select r.id, r.title, r.description, r.category from resources r where (r.created_by is null or ${readable('r')}) order by r.id asc limit 3`,
      args: [userId, userId],
    }),
  ]);
  return {
    stats: s,
    goals: goals.map(goalRow),
    activities: activities.map(activityRow),
    followUps: followUps.map(followUpRow),
    overdueFollowUps: Number(overdue[0]?.count ?? 0),
    resources: resources.map((r) => ({ id: num(r.id), title: r.title, description: r.description, category: r.category })),
  };
}

interface User {
  id: number;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  language: string | null;
  emailConfirmed: boolean;
  teamIds: number[];
}

/** The session's user; their team ids only when `withTeams` (as the app, whose auth.me reads no team rows). */
async function sessionUser(req: IncomingMessage, withTeams = true): Promise<User | null> {
  const match = /(?:^|;\s*)sower_session=([^;]+)/.exec(req.headers.cookie ?? '');
  if (!match) return null;
  const [row] = await rows({
    sql: 'select u.id, u.username, u.email, u.first_name, u.last_name, u.language, u.email_confirmed, s.expires_at from sessions s join users u on u.id = s.user_id where s.id = ?',
    args: [match[1]],
  });
  if (!row || Number(row.expires_at) * 1000 <= Date.now()) return null;
  const teams = withTeams ? await rows({ sql: 'select team_id from team_members where user_id = ?', args: [row.id] }) : [];
  return {
    id: Number(row.id),
    username: String(row.username),
    email: String(row.email),
    firstName: String(row.first_name),
    lastName: String(row.last_name),
    language: row.language === null ? null : String(row.language),
    emailConfirmed: bool(row.email_confirmed),
    teamIds: teams.map((t) => Number(t.team_id)),
  };
}

async function readBody(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

async function login(req: IncomingMessage, res: ServerResponse) {
  const { username, password } = (await readBody(req)) as { username?: string; password?: string };
  const [found] = await rows({
    sql: 'select id, username, email, first_name, last_name, password_hash from users where lower(username) = lower(?)',
    args: [String(username ?? '')],
  });
  if (!found || !(await verify(String(found.password_hash), String(password ?? '')).catch(() => false)))
    return send(res, 401, { message: 'Invalid username or password', code: 'UNAUTHORIZED' });
  const sessionId = randomBytes(20).toString('hex');
  const expires = Date.now() + SESSION_MS;
  await write(async (tx) => {
    await tx.execute({ sql: 'update users set last_login = ? where id = ?', args: [Date.now(), found.id] });
    await tx.execute({ sql: 'insert into sessions (id, user_id, expires_at) values (?, ?, ?)', args: [sessionId, found.id, Math.floor(expires / 1000)] });
  });
  const user = { id: Number(found.id), username: found.username, email: found.email, firstName: found.first_name, lastName: found.last_name };
  send(
    res,
    200,
    { user, message: 'Login successful' },
    { 'Set-Cookie': `sower_session=${sessionId}; HttpOnly; Max-Age=${SESSION_MS / 1000}; Path=/; SameSite=Lax` },
  );
}

async function createActivity(req: IncomingMessage, res: ServerResponse, userId: number) {
  const body = (await readBody(req)) as { contactId?: number; type?: string; description?: string; notes?: string; date?: string };
  const type = body.type ?? 'conversation';
  const result = await write(async (tx) => {
    const contact = await tx.execute({
      sql: `select c.id, c.name from contacts c where c.id = ? and ${readable('c')}`,
      args: [Number(body.contactId), userId, userId],
    });
    if (!contact.rows.length) return null;
    const when = body.date ? new Date(body.date).getTime() : Date.now();
    const inserted = await tx.execute({
      sql: 'insert into activities (contact_id, type, date, description, notes, team_id, created_by) values (?, ?, ?, ?, ?, null, ?) returning id',
      args: [Number(body.contactId), type, when, body.description ?? 'Conversation', body.notes ?? null, userId],
    });
    const row = await tx.execute({ sql: `${ACTIVITY_SELECT(userId)} where a.id = ? and ${readable('a')}`, args: [inserted.rows[0].id, userId, userId] });
    return row.rows[0];
  });
  if (!result) return send(res, 404, { message: 'Contact not found', code: 'NOT_FOUND' });
  send(res, 201, { ...activityRow(result), newContact: false, followUp: null, prayerRequest: null });
}

async function trpc(res: ServerResponse, pathname: string, query: URLSearchParams, user: User | null) {
  const names = pathname.slice('/trpc/'.length).split(',');
  const inputs = JSON.parse(query.get('input') ?? '{}') as Record<string, Parameters<typeof superjson.deserialize>[0]>;
  const results = await Promise.all(
    names.map(async (name, i) => {
      if (!user) return { error: { json: { message: 'Please sign in to continue', code: -32001, data: { code: 'UNAUTHORIZED', httpStatus: 401 } } } };
      const input = inputs[i] ? superjson.deserialize<{ upcomingFrom?: Date; before?: Date }>(inputs[i]) : undefined;
      let data: unknown;
      if (name === 'auth.me')
        data = {
          id: user.id,
          username: user.username,
          email: user.email,
          firstName: user.firstName,
          lastName: user.lastName,
          language: user.language,
          emailConfirmed: user.emailConfirmed,
        };
      else if (name === 'teams.list')
        data = (
          await rows({
            sql: 'select t.id, t.name, t.description, t.created_at, t.update_needed_days, m.role from teams t join team_members m on m.team_id = t.id and m.user_id = ? order by t.name asc, t.id asc',
            args: [user.id],
          })
        ).map((r) => ({
          id: num(r.id),
          name: r.name,
          description: r.description,
          createdAt: date(r.created_at),
          updateNeededDays: num(r.update_needed_days),
          role: r.role,
        }));
      else if (name === 'dashboard.summary') data = await summary(user, input?.upcomingFrom ?? new Date());
      else if (name === 'dashboard.stats') data = await stats(user.id);
      else if (name === 'insights.dueFollowUps') {
        const before = (input?.before ?? new Date()).getTime();
        const [row] = await rows({
          sql: `select count(*) as count from follow_ups f where ${readable('f')} and f.completed = 0 and f.date < ?`,
          args: [user.id, user.id, before],
        });
        data = { count: Number(row?.count ?? 0) };
      } else return { error: { json: { message: 'No such procedure', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404 } } } };
      return { result: { data: superjson.serialize(data) } };
    }),
  );
  send(res, user ? 200 : 401, results);
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const { pathname } = url;
  if (req.method === 'POST' && pathname === '/api/auth/login') return login(req, res);
  if (pathname === '/healthz') return send(res, 200, { status: 'ok' });
  const user = await sessionUser(req, pathname !== '/trpc/auth.me');
  if (pathname.startsWith('/trpc/')) return trpc(res, pathname, url.searchParams, user);
  if (!user) return send(res, 401, { message: 'Please sign in to continue', code: 'UNAUTHORIZED' });
  const id = user.id;
  const limit = limitOf(url.searchParams);
  if (req.method === 'POST' && pathname === '/api/activities') return createActivity(req, res, id);
  if (req.method !== 'GET') return send(res, 405, { message: 'Not supported', code: 'METHOD_NOT_SUPPORTED' });
  switch (pathname) {
    case '/api/dashboard/stats':
      return send(res, 200, await stats(id));
    case '/api/activities': {
      const page = pageOf('activities', 'a', 'date desc, id desc', user, limit);
      return send(
        res,
        200,
        (await rows({ sql: `${ACTIVITY_SELECT(user.id)} where ${page.where} order by a.date desc, a.id desc limit ?`, args: [...page.args, limit] })).map(
          activityRow,
        ),
      );
    }
    case '/api/contacts': {
      const page = pageOf('contacts', 'c', 'lower(name) asc, id asc', user, limit, 'archived_at is null');
      return send(
        res,
        200,
        (
          await rows({
            sql: `${CONTACT_SELECT(user.id)} where ${page.where} order by lower(c.name) asc, c.id asc limit ?`,
            args: [...contactSelectArgs(user.id), ...page.args, limit],
          })
        ).map(contactRow),
      );
    }
    case '/api/followups': {
      const page = pageOf('follow_ups', 'f', 'date asc, id asc', user, limit);
      return send(
        res,
        200,
        (await rows({ sql: `${FOLLOW_UP_SELECT(user.id)} where ${page.where} order by f.date asc, f.id asc limit ?`, args: [...page.args, limit] })).map(
          followUpRow,
        ),
      );
    }
    case '/api/prayer-requests': {
      const page = pageOf('prayer_requests', 'p', 'date desc, id desc', user, limit);
      return send(
        res,
        200,
        (await rows({ sql: `${PRAYER_SELECT(user.id)} where ${page.where} order by p.date desc, p.id desc limit ?`, args: [...page.args, limit] })).map(
          prayerRow,
        ),
      );
    }
    default:
      return send(res, 404, { message: 'No such API path', code: 'NOT_FOUND' });
  }
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    console.error(error);
    if (!res.headersSent) send(res, 500, { message: 'Something went wrong on our side. Please try again.', code: 'INTERNAL_SERVER_ERROR' });
  });
});
server.listen(port, '127.0.0.1', () => console.log(JSON.stringify({ level: 'info', message: `floor listening on http://127.0.0.1:${port}`, port })));
const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
