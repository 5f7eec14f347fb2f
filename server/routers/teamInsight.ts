// A team's insight (the team page): the dashboard's figures over the team's rows, and each member's workload for admins.
import { TZDate } from '@date-fns/tz';
import { addDays, startOfDay } from 'date-fns';
import { asc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { activities, activityTypes, contacts, dailyTallies, followUps, teamMembers, users } from '../../db/schema';
import { notFound, TEAM_NOT_FOUND, teamRole } from '../access';
import { roleCan } from '../../shared/roles';
import { readSettings } from '../nudges/settings';
import { protectedProcedure } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { teamInsightInput } from '../../shared/schemas/teamInsight';
import { weekBoundaries } from '../../shared/weeks';
import { computeStats } from '../domain/stats';
import { activityWeeks, journeyCounts } from '../domain/insights';
import { DAY_MS } from '../queries/calendarDays';

/** The chart's weeks, as on the dashboard. */
const WEEKS = 12;
/** A member's recent activities: their last 30 days, today included. */
const RECENT_DAYS = 30;

/** A local date (of a moment in `timeZone`) as a daily_tallies day: the UTC day numbered like it. */
const dayOf = (at: Date | number, timeZone: string) => {
  const local = new TZDate(typeof at === 'number' ? at : at.getTime(), timeZone);
  return Date.UTC(local.getFullYear(), local.getMonth(), local.getDate()) / DAY_MS;
};

/**
 * The days the figures read, in the caller's zone: the start of today and of tomorrow, the 12 weeks' local Monday
 * midnights, and as tally days the 30 days up to today.
 */
export function daysIn(timeZone: string, now = Date.now()) {
  const today = startOfDay(new TZDate(now, timeZone));
  const boundaries = weekBoundaries(WEEKS, new TZDate(now, timeZone)).map((date) => new Date(date.getTime()));
  return {
    todayStart: today.getTime(),
    tomorrowStart: addDays(today, 1).getTime(),
    boundaries,
    recentDays: { from: dayOf(today, timeZone) - (RECENT_DAYS - 1), until: dayOf(today, timeZone) },
  };
}

type Days = ReturnType<typeof daysIn>;
const activityKinds = sql.join(
  activityTypes.map((type) => sql`${type}`),
  sql`, `,
);

/**
 * One row per member, each figure a subquery that seeks one index for that member alone, so none walks the team's
 * history: activities in the last 30 days from daily_tallies' key (created_by, entity, kind, day, team_id; whole days,
 * as the chart), the last one on the (created_by, date) entries of activities_owner_search_idx, which carry team_id, assignments on
 * contacts_team_assignee_idx, pending and overdue follow-ups on follow_ups_owner_idx (created_by, completed, date).
 * The unary `+` on team_id keeps SQLite off the team's own (team_id, …) indexes, which would walk the team's rows of
 * every member to find one member's. Each costs at most that member's own rows (30 days of tallies, their activities
 * since their last one in the team, their pending follow-ups), however long the team's history grows.
 */
export function memberFiguresQuery(db: Queryable, teamId: number, days: Days) {
  const member = teamMembers.userId;
  const { todayStart, tomorrowStart, recentDays } = days;
  const mine = (table: typeof activities | typeof followUps) => sql`${table.createdBy} = ${member} and +${table.teamId} = ${teamId}`;
  return db
    .select({
      userId: teamMembers.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      role: teamMembers.role,
      activities30d: sql<number>`(select coalesce(sum(${dailyTallies.rowCount}), 0) from ${dailyTallies} where ${dailyTallies.createdBy} = ${member} and ${dailyTallies.entity} = 'activity' and ${dailyTallies.kind} in (${activityKinds}) and ${dailyTallies.day} between ${recentDays.from} and ${recentDays.until} and +${dailyTallies.teamId} = ${teamId})`,
      lastActivity: sql<
        number | null
      >`(select ${activities.date} from ${activities} where ${mine(activities)} and ${activities.date} < ${tomorrowStart} order by ${activities.date} desc limit 1)`,
      assigned: sql<number>`(select count(*) from ${contacts} where ${contacts.teamId} = ${teamId} and ${contacts.assignedTo} = ${member})`,
      pendingFollowUps: sql<number>`(select count(*) from ${followUps} where ${mine(followUps)} and ${followUps.completed} = 0)`,
      overdueFollowUps: sql<number>`(select count(*) from ${followUps} where ${mine(followUps)} and ${followUps.completed} = 0 and ${followUps.date} < ${todayStart})`,
    })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.userId));
}

/** teams.insight: a stranger gets 404; `members` is empty unless the caller is the team's admin. */
export const teamInsight = protectedProcedure
  .input(teamInsightInput)
  .output(answer(answers.teamInsight))
  .query(async ({ ctx, input }) => {
    const db = ctx.database.read;
    const role = await teamRole(db, input.teamId, ctx.authority);
    if (!role) throw notFound(TEAM_NOT_FOUND);
    const timeZone = input.timeZone ?? (await readSettings(db, ctx.user.id)).timeZone ?? 'UTC';
    const days = daysIn(timeZone);
    const scope = { teamId: input.teamId };
    const [stats, weeks, funnel, members] = await Promise.all([
      computeStats(db, scope, ctx.locale),
      activityWeeks(db, scope, input.boundaries ?? days.boundaries),
      journeyCounts(db, scope),
      roleCan(role, 'manage') ? memberFiguresQuery(db, input.teamId, days) : [],
    ]);
    return {
      totals: { ...stats, weeks, funnel },
      members: members.map(({ lastActivity, ...row }) => ({
        ...row,
        activities30d: Number(row.activities30d),
        assigned: Number(row.assigned),
        pendingFollowUps: Number(row.pendingFollowUps),
        overdueFollowUps: Number(row.overdueFollowUps),
        lastActivityAt: lastActivity === null ? null : new Date(Number(lastActivity)),
      })),
    };
  });
