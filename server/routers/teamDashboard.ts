// The team's place (issue 51 §1): its dashboard, for every role over the team's rows alone, and a member's workload for
// its admins. Each figure reads the team's own indexes or tallies and each list at most LIST_LIMIT rows, so the page
// costs what it shows, not what the team has written (bench/team.ts measures it).
import { TZDate } from '@date-fns/tz';
import { addDays, addMonths, startOfDay, startOfMonth } from 'date-fns';
import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { activities, contacts, followUps, prayerRequests, teams, users } from '../../db/schema';
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
import { daysIn, memberFiguresQuery } from './teamInsight';

/** How many contacts, follow-ups or answered requests a list of the page names; its count says how many there are. */
export const LIST_LIMIT = 20;
/** Good news: the team's requests answered in the last this many days, newest first. */
const GOOD_NEWS_DAYS = 30;
const GOOD_NEWS_LIMIT = 5;
const DAY_MS = 86_400_000;

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

/** A list's count and its first LIST_LIMIT rows, from rows read with `limit LIST_LIMIT + 1` and a separate count. */
const listOf = <Row>(rows: Row[], total: number) => ({ count: total, more: total > LIST_LIMIT, items: rows.slice(0, LIST_LIMIT) });

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
 * Snoozes are each person's own and are not read. Every team contact is looked at once: the touch of each is one seek
 * of its own (contact, …) indexes (bench/team.ts: 10,000 contacts).
 */
async function teamAttention(db: Queryable, teamId: number, days: AttentionDays, now: number) {
  const cases = spiritualStatuses.map((status) => sql`when ${status} then ${days[status] * DAY_MS}`);
  const threshold = sql`coalesce((${contacts.stayInTouchDays} + 1) * ${DAY_MS}, case ${contacts.spiritualStatus} ${sql.join(cases, sql` `)} else ${days.unknown * DAY_MS} end)`;
  const touched = lastContactAt(teamOnly(teamId), now);
  const rows = await db.all<LineRow & { total: number }>(sql`with due as materialized (
      select ${contacts.id} as id, ${contacts.name} as name, ${contacts.assignedTo} as assigned_to,
        min(coalesce(${touched}, ${contacts.createdAt}), ${now}) + ${threshold} as due_at
      from ${contacts} indexed by contacts_team_idx
      where ${contacts.teamId} = ${teamId} and ${contacts.archivedAt} is null
        and not exists (select 1 from ${followUps} indexed by follow_ups_contact_date_idx where ${followUps.contactId} = ${contacts.id} and ${followUps.completed} = 0)
    ), late as (select * from due where due_at <= ${now})
    select late.id, late.name, late.assigned_to, ${users.firstName} as first_name, ${users.lastName} as last_name, late.due_at as since,
      (select count(*) from late) as total
    from late left join ${users} on ${users.id} = late.assigned_to
    order by late.due_at, late.id limit ${LIST_LIMIT + 1}`);
  return listOf(rows.map(lineOf), Number(rows[0]?.total ?? 0));
}

/** The team's contacts assigned and `extra`, with their assignee, in `order`: a count and the first LIST_LIMIT. */
async function assignedList(db: Queryable, teamId: number, extra: SQL, since: SQL) {
  const where = sql`${contacts.teamId} = ${teamId} and ${contacts.assignedTo} is not null and ${contacts.archivedAt} is null and ${extra}`;
  const [rows, [total]] = await Promise.all([
    db.all<LineRow>(sql`select ${contacts.id} as id, ${contacts.name} as name, ${contacts.assignedTo} as assigned_to,
        ${users.firstName} as first_name, ${users.lastName} as last_name, ${since} as since
      from ${contacts} indexed by contacts_team_assignee_idx left join ${users} on ${users.id} = ${contacts.assignedTo}
      where ${where} order by since, ${contacts.id} limit ${LIST_LIMIT + 1}`),
    db.all<{ n: number }>(sql`select count(*) as n from ${contacts} indexed by contacts_team_assignee_idx where ${where}`),
  ]);
  return listOf(rows.map(lineOf), Number(total?.n ?? 0));
}

/** Assigned contacts whose assignee has not answered yet (contacts.assignment_status = 'pending'), longest waiting first. */
const waitingList = (db: Queryable, teamId: number) => assignedList(db, teamId, sql`${contacts.assignmentStatus} = 'pending'`, sql`${contacts.assignedAt}`);

/**
 * The last team activity on the outer contacts row dated up to today: one seek of activities_contact_date_idx, which
 * carries team_id, so no row is read (a member's personal activity is never counted).
 */
const lastTeamActivity = (teamId: number, now: number) =>
  sql`(select max(${activities.date}) from ${activities} indexed by activities_contact_date_idx where ${activities.contactId} = ${contacts.id} and ${activities.date} <= ${now} + ${halfDay} and ${activities.teamId} = ${teamId})`;

/**
 * Assigned contacts that need an update (issue 51 §2): no team activity for the team's `update_needed_days` since
 * they were assigned or last touched, whichever is later; the longest quiet first, `since` when it became due.
 */
function updateNeededList(db: Queryable, teamId: number, updateNeededDays: number, now: number) {
  const quietSince = sql`max(coalesce(${lastTeamActivity(teamId, now)}, 0), coalesce(${contacts.assignedAt}, 0))`;
  const limit = updateNeededDays * DAY_MS;
  return assignedList(db, teamId, sql`${quietSince} <= ${now - limit}`, sql`${quietSince} + ${limit}`);
}

/** The team's prayer requests answered in the last GOOD_NEWS_DAYS, newest first (issue 51 §5's good news). */
async function goodNews(db: Queryable, teamId: number, now: number) {
  const answeredAt = sql<number>`coalesce(${prayerRequests.answerDate}, ${prayerRequests.date})`;
  const rows = await db
    .select({
      id: prayerRequests.id,
      request: prayerRequests.request,
      contactId: prayerRequests.contactId,
      contactName: sql<string | null>`(select ${contacts.name} from ${contacts} where ${contacts.id} = ${prayerRequests.contactId} and ${contacts.teamId} = ${teamId})`,
      answeredAt,
    })
    .from(prayerRequests)
    .where(and(eq(prayerRequests.teamId, teamId), eq(prayerRequests.answered, true), sql`${answeredAt} >= ${now - GOOD_NEWS_DAYS * DAY_MS}`))
    .orderBy(sql`${answeredAt} desc`, asc(prayerRequests.id))
    .limit(GOOD_NEWS_LIMIT);
  return rows.map((row) => ({ ...row, contactId: row.contactId, answeredAt: new Date(Number(row.answeredAt)) }));
}

/** Pending team follow-ups due today and overdue (before the start of today), from follow_ups_team_idx alone. */
async function followUpCounts(db: Queryable, teamId: number, todayStart: number, tomorrowStart: number) {
  const [row] = await db
    .select({
      overdue: sql<number>`sum(${followUps.date} < ${todayStart})`,
      dueToday: sql<number>`sum(${followUps.date} >= ${todayStart})`,
    })
    .from(followUps)
    .where(and(eq(followUps.teamId, teamId), eq(followUps.completed, false), sql`${followUps.date} < ${tomorrowStart}`));
  return { overdue: Number(row?.overdue ?? 0), dueToday: Number(row?.dueToday ?? 0) };
}

type MemberRow = Awaited<ReturnType<typeof memberFiguresQuery>>[number];
const memberLineOf = ({ lastActivity, activities30d: _recent, ...row }: MemberRow) => ({
  ...row,
  assigned: Number(row.assigned),
  pendingFollowUps: Number(row.pendingFollowUps),
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
      updateNeededList(db, team.id, team.updateNeededDays, now),
      goodNews(db, team.id, now),
      memberFiguresQuery(db, team.id, daysIn(timeZone, now)),
    ]);
    const manage = roleCan(team.role, 'manage');
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
      members: members.filter((member) => manage || member.userId === ctx.user.id).map(memberLineOf),
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
    const days = daysIn(timeZone, now);
    const [member] = (await memberFiguresQuery(db, input.teamId, days)).filter((row) => row.userId === input.userId);
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
      contacts: listOf(
        assigned.map((row) => ({ ...row, lastActivityAt: row.lastActivityAt === null ? null : new Date(Number(row.lastActivityAt)) })),
        line.assigned,
      ),
      overdue: listOf(overdue, line.overdueFollowUps),
    };
  });
