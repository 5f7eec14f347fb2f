// The team's place (issue 51 §1): its dashboard, for every role over the team's rows alone, and a member's workload for
// its admins. Each figure reads the team's own indexes or tallies and each list at most LIST_LIMIT rows, so the page
// costs what it shows, not what the team has written (bench/team.ts measures it).
import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, startOfDay, startOfMonth } from 'date-fns';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { activities, contacts, followUps, prayerRequests, teamMembers, teams, users } from '../../db/schema';
import { assertTeamAdmin, notFound, TEAM_NOT_FOUND, teamRole, type Authority } from '../access';
import { roleCan } from '../../shared/roles';
import { msg } from '../../shared/i18n';
import { readSettings } from '../nudges/settings';
import type { AttentionDays } from '../nudges/attention';
import { protectedProcedure } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { teamDashboardInput, teamWorkloadInput } from '../../shared/schemas/teamInsight';
import { weekBoundaries } from '../../shared/weeks';
import { spiritualStatuses } from '../../shared/vocabulary';
import { activityWeeks, milestoneCounts } from '../domain/insights';
import { lastContactAt } from '../queries/lastContact';
import { halfDay } from '../queries/calendarDays';
import { needsUpdate, updateNeededSince } from '../domain/assignments';

/** How many contacts, follow-ups or answered requests a list of the page names; its count says how many there are. */
export const LIST_LIMIT = 20;
/** Good news: the team's requests answered in the last this many days, newest first. */
const GOOD_NEWS_DAYS = 30;
const GOOD_NEWS_LIMIT = 5;
const DAY_MS = 86_400_000;

// Exported for bench/profiling only.

const MEMBER_NOT_FOUND = msg('Member not found');

/** The stretches the page counts in the caller's zone: today, this week (Monday first, as the dashboard) and this month. */
function stretches(timeZone: string, now = Date.now()) {
  const local = new TZDate(now, timeZone);
  const [weekStart, weekEnd] = weekBoundaries(1, local).map((date) => new Date(date.getTime()));
  const monthStart = startOfMonth(local);
  const today = startOfDay(local);
  return {
    todayStart: today.getTime(),
    tomorrowStart: addDays(today, 1).getTime(),
    week: { start: weekStart, end: weekEnd },
    month: { start: new Date(monthStart.getTime()), end: new Date(addMonths(monthStart, 1).getTime()) },
  };
}

/**
 * The team's rows only, as a reader who is in that team and has no personal rows (user id 0 is nobody): a touch is a
 * team activity or completed team follow-up, never a member's personal record (issue 51 §1).
 */
const teamOnly = (teamId: number): Authority => ({ userId: 0, teams: [{ teamId, role: 'viewer' }] });

/**
 * A list of the page from its first LIST_LIMIT + 1 rows found: the count exact up to LIST_LIMIT, else LIST_LIMIT with
 * `more` ("20 or more"): the page never walks a big team's rows to count what it does not show.
 */
const listOf = <Row>(rows: Row[]) => ({ count: Math.min(rows.length, LIST_LIMIT), more: rows.length > LIST_LIMIT, items: rows.slice(0, LIST_LIMIT) });
/** A workload's list: its exact count (the member's line counts it), and its first LIST_LIMIT rows. */
const countedList = <Row>(rows: Row[], total: number) => ({ count: total, more: total > LIST_LIMIT, items: rows.slice(0, LIST_LIMIT) });

interface LineRow {
  id: number;
  name: string;
  assigned_to: number | null;
  first_name: string | null;
  last_name: string | null;
  since: number | null;
}

const lineOf = (row: LineRow) => ({
  contactId: Number(row.id),
  name: row.name,
  assignedTo: row.assigned_to === null ? null : Number(row.assigned_to),
  assigneeName: row.first_name === null ? null : `${row.first_name} ${row.last_name ?? ''}`.trim(),
  since: row.since === null ? null : new Date(Number(row.since)),
});

/**
 * Who needs attention among the team's contacts, by the rules of the personal list (server/nudges/attention.ts): the
 * last touch (the team's activities and completed follow-ups, server/queries/lastContact.ts) older than the status's
 * threshold (the caller's own thresholds, or the person's stay-in-touch rhythm), no pending follow-up, not archived.
 * Snoozes are each person's own and are not read. The page names LIST_LIMIT of them, so the walk stops at the first
 * LIST_LIMIT + 1 found, oldest contacts first (contacts_team_idx's order), each touch one seek of the contact's own
 * indexes: a big team where many need attention costs what the page shows (bench/team.ts), and `count` says "at least".
 */
export async function teamAttention(db: Queryable, teamId: number, days: AttentionDays, now: number) {
  const cases = spiritualStatuses.map((status) => sql`when ${status} then ${days[status] * DAY_MS}`);
  const threshold = sql`coalesce((${contacts.stayInTouchDays} + 1) * ${DAY_MS}, case ${contacts.spiritualStatus} ${sql.join(cases, sql` `)} else ${days.unknown * DAY_MS} end)`;
  const touched = lastContactAt(teamOnly(teamId), now);
  const dueAt = sql`min(coalesce(${touched}, ${contacts.createdAt}), ${now}) + ${threshold}`;
  const rows = await db.all<LineRow>(sql`select c.id, c.name, c.assigned_to, ${users.firstName} as first_name, ${users.lastName} as last_name, c.since
    from (
      select ${contacts.id} as id, ${contacts.name} as name, ${contacts.assignedTo} as assigned_to, ${dueAt} as since
      from ${contacts} indexed by contacts_team_idx
      where ${contacts.teamId} = ${teamId} and ${contacts.archivedAt} is null
        and not exists (select 1 from ${followUps} indexed by follow_ups_contact_date_idx where ${followUps.contactId} = ${contacts.id} and ${followUps.completed} = 0)
        and ${dueAt} <= ${now}
      limit ${LIST_LIMIT + 1}
    ) c left join ${users} on ${users.id} = c.assigned_to
    order by c.since, c.id`);
  return listOf(rows.map(lineOf));
}

/**
 * The team's contacts assigned and `extra`, with their assignee: the first LIST_LIMIT + 1 found (the walk stops there),
 * ordered by `since` among themselves.
 */
async function assignedList(db: Queryable, teamId: number, extra: SQL, since: SQL) {
  const rows = await db.all<LineRow>(sql`select c.id, c.name, c.assigned_to, ${users.firstName} as first_name, ${users.lastName} as last_name, c.since
    from (
      select ${contacts.id} as id, ${contacts.name} as name, ${contacts.assignedTo} as assigned_to, ${since} as since
      from ${contacts} indexed by contacts_team_assignee_idx
      where ${contacts.teamId} = ${teamId} and ${contacts.assignedTo} is not null and ${contacts.archivedAt} is null and ${extra}
      limit ${LIST_LIMIT + 1}
    ) c left join ${users} on ${users.id} = c.assigned_to
    order by c.since, c.id`);
  return listOf(rows.map(lineOf));
}

/** Assigned contacts whose assignee has not answered yet (contacts.assignment_status = 'pending'), longest waiting first. */
export const waitingList = (db: Queryable, teamId: number) =>
  assignedList(db, teamId, sql`${contacts.assignmentStatus} = 'pending'`, sql`${contacts.assignedAt}`);

/**
 * The last team activity on the outer contacts row dated up to today: one seek of activities_contact_date_idx, which
 * carries team_id, so no row is read (a member's personal activity is never counted).
 */
const lastTeamActivity = (teamId: number, now: number) =>
  sql`(select max(${activities.date}) from ${activities} indexed by activities_contact_date_idx where ${activities.contactId} = ${contacts.id} and ${activities.date} <= ${now} + ${halfDay} and ${activities.teamId} = ${teamId})`;

/**
 * Assigned contacts that need an update (issue 51 §2), by the rule a contact's `updateNeeded` and the sweep's nudges
 * follow (domain/assignments.ts needsUpdate): untouched for the team's days since assigned or their latest activity
 * up to today, as first person or one of the others; the longest quiet first, `since` when it became due.
 */
export const updateNeededList = (db: Queryable, teamId: number, now: number) => assignedList(db, teamId, sql`${needsUpdate(now)} = 1`, updateNeededSince(now));

/** The team's prayer requests answered in the last GOOD_NEWS_DAYS, newest first (issue 51 §5's good news). */
export async function goodNews(db: Queryable, teamId: number, now: number) {
  const answeredAt = sql<number>`coalesce(${prayerRequests.answerDate}, ${prayerRequests.date})`;
  const rows = await db
    .select({
      id: prayerRequests.id,
      request: prayerRequests.request,
      contactId: prayerRequests.contactId,
      contactName: sql<
        string | null
      >`(select ${contacts.name} from ${contacts} where ${contacts.id} = ${prayerRequests.contactId} and ${contacts.teamId} = ${teamId})`,
      answeredAt,
    })
    .from(prayerRequests)
    .where(and(eq(prayerRequests.teamId, teamId), eq(prayerRequests.answered, true), sql`${answeredAt} >= ${now - GOOD_NEWS_DAYS * DAY_MS}`))
    .orderBy(sql`${answeredAt} desc`, asc(prayerRequests.id))
    .limit(GOOD_NEWS_LIMIT);
  return rows.map((row) => ({ ...row, contactId: row.contactId, answeredAt: new Date(Number(row.answeredAt)) }));
}

/** Pending team follow-ups due today and overdue (before the start of today), from follow_ups_team_idx alone. */
export async function followUpCounts(db: Queryable, teamId: number, todayStart: number, tomorrowStart: number) {
  const [row] = await db
    .select({
      overdue: sql<number>`sum(${followUps.date} < ${todayStart})`,
      dueToday: sql<number>`sum(${followUps.date} >= ${todayStart})`,
    })
    .from(followUps)
    .where(and(eq(followUps.teamId, teamId), eq(followUps.completed, false), sql`${followUps.date} < ${tomorrowStart}`));
  return { overdue: Number(row?.overdue ?? 0), dueToday: Number(row?.dueToday ?? 0) };
}

/**
 * The members' lines (every member's, or one's): memberFiguresQuery's subqueries (teamInsight.ts: each seeks one index for
 * that member alone) for what the line shows: assigned, overdue, last activity.
 */
export function memberLinesQuery(db: Queryable, teamId: number, todayStart: number, tomorrowStart: number, userId?: number) {
  const member = teamMembers.userId;
  const mine = (table: typeof activities | typeof followUps) => sql`${table.createdBy} = ${member} and +${table.teamId} = ${teamId}`;
  return db
    .select({
      userId: teamMembers.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      role: teamMembers.role,
      lastActivity: sql<
        number | null
      >`(select ${activities.date} from ${activities} where ${mine(activities)} and ${activities.date} < ${tomorrowStart} order by ${activities.date} desc limit 1)`,
      assigned: sql<number>`(select count(*) from ${contacts} where ${contacts.teamId} = ${teamId} and ${contacts.assignedTo} = ${member})`,
      overdueFollowUps: sql<number>`(select count(*) from ${followUps} where ${mine(followUps)} and ${followUps.completed} = 0 and ${followUps.date} < ${todayStart})`,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(and(eq(teamMembers.teamId, teamId), userId === undefined ? undefined : eq(teamMembers.userId, userId)))
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.userId));
}

type MemberRow = Awaited<ReturnType<typeof memberLinesQuery>>[number];
const memberLineOf = ({ lastActivity, ...row }: MemberRow) => ({
  ...row,
  assigned: Number(row.assigned),
  overdueFollowUps: Number(row.overdueFollowUps),
  lastActivityAt: lastActivity === null ? null : new Date(Number(lastActivity)),
});

/** The team's name and update setting, for a caller in it (any role); a stranger and a missing team are the same 404. */
async function teamOf(db: Queryable, teamId: number, who: Authority) {
  const role = await teamRole(db, teamId, who);
  if (!role) throw notFound(TEAM_NOT_FOUND);
  const [team] = await db.select({ id: teams.id, name: teams.name, updateNeededDays: teams.updateNeededDays }).from(teams).where(eq(teams.id, teamId));
  if (!team) throw notFound(TEAM_NOT_FOUND);
  return { ...team, role };
}

/** teams.dashboard: every role reads the team's figures (shared/roles.ts 'read'); each member's line is for admins ('manage'). */
export const teamDashboard = protectedProcedure
  .input(teamDashboardInput)
  .output(answer(answers.teamDashboard))
  .query(async ({ ctx, input }) => {
    const db = ctx.database.read;
    const team = await teamOf(db, input.teamId, ctx.authority);
    const settings = await readSettings(db, ctx.user.id);
    const timeZone = input.timeZone ?? settings.timeZone ?? 'UTC';
    const now = Date.now();
    const at = stretches(timeZone, now);
    const scope = { teamId: team.id };
    const [[week], weekMilestones, monthMilestones, followUpFigures, attention, waiting, updateNeeded, news, members] = await Promise.all([
      activityWeeks(db, scope, [at.week.start, at.week.end]),
      milestoneCounts(db, scope, at.week.start, at.week.end),
      milestoneCounts(db, scope, at.month.start, at.month.end),
      followUpCounts(db, team.id, at.todayStart, at.tomorrowStart),
      teamAttention(db, team.id, settings.attentionDays, now),
      waitingList(db, team.id),
      updateNeededList(db, team.id, now),
      goodNews(db, team.id, now),
      memberLinesQuery(db, team.id, at.todayStart, at.tomorrowStart, roleCan(team.role, 'manage') ? undefined : ctx.user.id),
    ]);
    return {
      team,
      week,
      month: at.month,
      milestones: { week: weekMilestones, month: monthMilestones },
      followUps: followUpFigures,
      attention,
      waiting,
      updateNeeded,
      goodNews: news,
      members: members.map(memberLineOf),
    };
  });

/**
 * teams.workload (admins): a member's assigned contacts in this team, their overdue follow-ups on its contacts and their
 * last activity in it; never a personal row of theirs. A member or viewer asking is refused in the role table's words;
 * someone outside the team, or a user who is not in it, gets 404.
 */
export const teamWorkload = protectedProcedure
  .input(teamWorkloadInput)
  .output(answer(answers.teamWorkload))
  .query(async ({ ctx, input }) => {
    const db = ctx.database.read;
    await assertTeamAdmin(db, input.teamId, ctx.authority);
    const timeZone = input.timeZone ?? (await readSettings(db, ctx.user.id)).timeZone ?? 'UTC';
    const now = Date.now();
    const days = stretches(timeZone, now);
    const [member] = await memberLinesQuery(db, input.teamId, days.todayStart, days.tomorrowStart, input.userId);
    if (!member) throw notFound(MEMBER_NOT_FOUND);
    const mineHere = and(eq(contacts.teamId, input.teamId), eq(contacts.assignedTo, input.userId));
    const overdueWhere = sql`${followUps.createdBy} = ${input.userId} and +${followUps.teamId} = ${input.teamId} and ${followUps.completed} = 0 and ${followUps.date} < ${days.todayStart}`;
    const [assigned, overdue] = await Promise.all([
      db
        .select({
          contactId: contacts.id,
          name: contacts.name,
          spiritualStatus: contacts.spiritualStatus,
          assignmentStatus: contacts.assignmentStatus,
          assignedAt: contacts.assignedAt,
          lastActivityAt: sql<number | null>`${lastTeamActivity(input.teamId, now)}`,
        })
        .from(contacts)
        .where(mineHere)
        .orderBy(sql`lower(${contacts.name})`, asc(contacts.id))
        .limit(LIST_LIMIT + 1),
      db
        .select({ id: followUps.id, contactId: followUps.contactId, contactName: contacts.name, date: followUps.date, description: followUps.description })
        .from(followUps)
        .innerJoin(contacts, eq(contacts.id, followUps.contactId))
        .where(overdueWhere)
        .orderBy(asc(followUps.date), asc(followUps.id))
        .limit(LIST_LIMIT + 1),
    ]);
    const line = memberLineOf(member);
    return {
      member: line,
      contacts: countedList(
        assigned.map((row) => ({ ...row, lastActivityAt: row.lastActivityAt === null ? null : new Date(Number(row.lastActivityAt)) })),
        line.assigned,
      ),
      overdue: countedList(overdue, line.overdueFollowUps),
    };
  });
