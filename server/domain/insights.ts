// What the dashboard's insight, the team page and the due badge count: activities per week by type, contacts by
// spiritual status, follow-ups due, over a space, a team or what the user may read.
import { and, eq, lt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  activities,
  activityTypes,
  contactMilestones,
  contacts,
  followUps,
  teamMembers,
  teamRowTallies,
  spiritualStatuses,
  type ActivityType,
  type SpiritualStatus,
} from '../../db/schema';
import { canRead, inScope, preparedUser, readableParts, type Authority, type OwnedTable, type Who } from '../access';
import { DAY_MS } from '../queries/calendarDays';
import { dailyTallySource } from '../queries/tallies';
import { preparedPer } from '../queries/prepared';
import { milestoneKinds, type MilestoneKind } from '../../shared/vocabulary';

/**
 * Whose rows a figure counts: those a user may read, their personal ones alone (the dashboard in the Personal space,
 * issue 48), or one team's (the dashboard in a team's space, and the team page, teamInsight.ts).
 */
export type Scope = Authority | { teamId: number } | { userId: number; mine: true };

/** The scope of the dashboard's space: every readable row without one, else 'mine' or a team (checked by assertSpace). */
export function scopeOfSpace(who: Authority, team: 'mine' | number | undefined): Scope {
  if (team === undefined) return who;
  return team === 'mine' ? { userId: who.userId, mine: true } : { teamId: team };
}

/** The readable parts of a scope (access.readableParts): a team's rows, the personal ones alone, or each readable part. */
function partsOf(table: Pick<OwnedTable, 'teamId' | 'createdBy'>, scope: Scope): SQL[] {
  if ('teamId' in scope) return [eq(table.teamId, scope.teamId)];
  return readableParts(table, 'mine' in scope ? { userId: scope.userId, teams: [] } : scope);
}

/** The week (index of the boundary pair) a moment falls in, as SQL over `at` (ms). */
function weekCase(at: unknown, boundaries: Date[]) {
  const cases = boundaries.slice(1, -1).map((end, index) => sql`when ${at} < ${end.getTime()} then ${index}`);
  return cases.length ? sql<number>`case ${sql.join(cases, sql` `)} else ${boundaries.length - 2} end` : sql<number>`0`;
}

/** The same groups over the whole UTC days [fromDay, toDay) except `cutDays`, from daily_tallies (kept by date and type). */
export function tallyWeeksQuery(db: Queryable, scope: Scope, boundaries: Date[], fromDay: number, toDay: number, cutDays: number[]) {
  const kinds = sql.join(
    activityTypes.map((type) => sql`${type}`),
    sql`, `,
  );
  const cut = cutDays.length
    ? sql` and day not in (${sql.join(
        cutDays.map((day) => sql`${day}`),
        sql`, `,
      )})`
    : sql``;
  const source = dailyTallySource(scope, sql`entity = 'activity' and kind in (${kinds}) and day >= ${fromDay} and day < ${toDay}${cut}`);
  return db
    .select({
      week: weekCase(sql`day * ${DAY_MS}`, boundaries).as('week'),
      type: sql<ActivityType>`kind`,
      count: sql<number>`sum(row_count)`,
    })
    .from(sql`(${source})`)
    .groupBy(sql`week`, sql`kind`);
}

/**
 * Activities per week and type, exact to the millisecond at the cost of days, not of activities (a shared team logs
 * tens of thousands in 12 weeks): the whole UTC days inside the weeks come from daily_tallies; only the days a
 * boundary cuts (local midnights away from UTC: at most one a boundary) are counted from the activities themselves,
 * each one range of the date indexes.
 */
export async function activityWeeks(db: Queryable, scope: Scope, boundaries: Date[]) {
  const times = boundaries.map((date) => date.getTime());
  const cutDays = [...new Set(times.filter((t) => t % DAY_MS !== 0).map((t) => Math.floor(t / DAY_MS)))];
  const fromDay = Math.ceil(times[0] / DAY_MS);
  const toDay = Math.floor(times[times.length - 1] / DAY_MS);
  const cutRanges = cutDays.map((day): [number, number] => [Math.max(times[0], day * DAY_MS), Math.min(times[times.length - 1], (day + 1) * DAY_MS)]);
  const groups = await Promise.all([
    fromDay < toDay ? tallyWeeksQuery(db, scope, boundaries, fromDay, toDay, cutDays) : [],
    cutRanges.length ? cutDaysQuery(db, scope, boundaries, cutRanges) : [],
  ]);
  return weeksOf(boundaries, groups.flat());
}

/**
 * The activities of the cut days' ranges per week and type, in one statement. Each range is read per part of the
 * scope (the reader's personal rows, each of their teams: readableParts, which do not overlap; or the one team), each
 * part one seek per type of its (owner or team, type, date) index, from the index alone: a busy team's day costs index
 * entries, not rows. At most one range a boundary (13 for 12 weeks).
 */
export function cutDaysQuery(db: Queryable, scope: Scope, boundaries: Date[], ranges: [number, number][]) {
  const scopeParts = partsOf(activities, scope);
  const types = sql.join(
    activityTypes.map((type) => sql`${type}`),
    sql`, `,
  );
  const parts = ranges.flatMap(([from, to]) =>
    scopeParts.map(
      (part) =>
        sql`select ${activities.date} as at, ${activities.type} as type from ${activities} where ${part} and ${activities.type} in (${types}) and ${activities.date} >= ${from} and ${activities.date} < ${to}`,
    ),
  );
  return db
    .select({ week: weekCase(sql`at`, boundaries).as('week'), type: sql<ActivityType>`type`, count: sql<number>`count(*)` })
    .from(sql`(${sql.join(parts, sql` union all `)})`)
    .groupBy(sql`week`, sql`type`);
}

/**
 * Contacts per spiritual status: the reader's personal contacts counted (their own index), and each team's from its
 * 'journey' tallies (db/migrations/0017), one row per status whatever the team holds.
 */
export function journeyQuery(db: Queryable, scope: Scope) {
  const teamPart = (which: SQL) =>
    sql`select ${teamRowTallies.kind} as status, ${teamRowTallies.rowCount} as n from ${teamRowTallies} where ${which} and ${teamRowTallies.entity} = 'journey'`;
  let source: SQL;
  if ('teamId' in scope) source = teamPart(sql`${teamRowTallies.teamId} = ${scope.teamId}`);
  else {
    const [own, ...teams] = partsOf(contacts, scope);
    const ownPart = sql`select ${contacts.spiritualStatus} as status, 1 as n from ${contacts} where ${own}`;
    source = teams.length
      ? sql`${ownPart} union all ${teamPart(sql`${teamRowTallies.teamId} in (select ${teamMembers.teamId} from ${teamMembers} where ${teamMembers.userId} = ${scope.userId})`)}`
      : ownPart;
  }
  return db
    .select({ status: sql<SpiritualStatus>`status`, count: sql<number>`sum(n)` })
    .from(sql`(${source})`)
    .groupBy(sql`status`);
}

/** Pending follow-ups dated before `before` that the user may read, in a space when one is given ('mine' or a team). */
export function dueFollowUpsQuery(db: Queryable, who: Who, before: Date | Placeholder<'before'>, team?: 'mine' | number) {
  return db
    .select({ count: sql<number>`count(*)` })
    .from(followUps)
    .where(
      and(canRead(followUps, who), team === undefined ? undefined : inScope(followUps, who, team), eq(followUps.completed, false), lt(followUps.date, before)),
    );
}

/** How many follow-ups are due before `before`: the prepared query without a space, one built for a space. */
export async function dueFollowUps(db: Queryable, who: Authority, before: Date, team?: 'mine' | number) {
  const [row] =
    team === undefined ? await preparedDueFollowUps(db).all({ userId: who.userId, before: before.getTime() }) : await dueFollowUpsQuery(db, who, before, team);
  return Number(row?.count ?? 0);
}

/** Asked on every screen for the due badge, so prepared (run with `{ userId, before }`). */
export const preparedDueFollowUps = preparedPer((db) => dueFollowUpsQuery(db, preparedUser, sql.placeholder('before')).prepare());

const zeroPerType = () => Object.fromEntries(activityTypes.map((type) => [type, 0])) as Record<ActivityType, number>;

/** Every week between the boundaries, empty ones included, oldest first, with a count per activity type, from (week, type, count) groups. */
function weeksOf(boundaries: Date[], groups: { week: number; type: ActivityType; count: number }[]) {
  const weeks = boundaries.slice(0, -1).map((start, index) => ({ start, end: boundaries[index + 1], counts: zeroPerType(), total: 0 }));
  for (const row of groups) {
    const week = weeks[Number(row.week)];
    week.counts[row.type] += Number(row.count);
    week.total += Number(row.count);
  }
  return weeks;
}

/** How many contacts stand at each step of the journey, in the journey's order; unknown last. */
export async function journeyCounts(db: Queryable, scope: Scope) {
  const counts = Object.fromEntries(spiritualStatuses.map((status) => [status, 0])) as Record<SpiritualStatus, number>;
  for (const row of await journeyQuery(db, scope)) counts[row.status] = Number(row.count);
  return spiritualStatuses.map((status) => ({ status, count: counts[status] }));
}

/**
 * The faith milestones (issue 50) dated from `from` (included) to `to` (excluded) on the contacts of a scope, per kind
 * and in the journey's order, zeros included. A milestone carries its contact's owner and team (migration 0026), so each
 * readable part is one range per kind of a milestone index: a person holds a kind once, so a month reads at most that
 * many index entries per contact of the scope, never the contacts themselves.
 */
export async function milestoneCounts(db: Queryable, scope: Scope, from: Date, to: Date) {
  const kinds = sql.join(
    milestoneKinds.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const parts = partsOf({ teamId: contactMilestones.teamId, createdBy: contactMilestones.createdBy }, scope).map(
    (part) =>
      sql`select ${contactMilestones.kind} as kind from ${contactMilestones} where ${part} and ${contactMilestones.kind} in (${kinds}) and ${contactMilestones.date} >= ${from.getTime()} and ${contactMilestones.date} < ${to.getTime()}`,
  );
  const rows = await db
    .select({ kind: sql<MilestoneKind>`kind`, count: sql<number>`count(*)` })
    .from(sql`(${sql.join(parts, sql` union all `)})`)
    .groupBy(sql`kind`);
  const counts = new Map(rows.map((row) => [row.kind, Number(row.count)]));
  return milestoneKinds.map((kind) => ({ kind, count: counts.get(kind) ?? 0 }));
}
