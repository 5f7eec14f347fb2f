// A goal's progress, counted on every read from the activities and contacts in its period (decision 015), and the
// user's own adjustment to it: what the goals list, the dashboard and an export's import share.
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { contactMilestones, goals, teamMembers, users } from '../../db/schema';
import { milestoneKinds } from '../../shared/vocabulary';
import { msg } from '../../shared/i18n';
import { recordsOf } from '../queries/records';
import { decoded } from '../queries/rows';
import { DAY_MS, halfDay, latestToday } from '../queries/calendarDays';
import * as answers from '../schemas/answers';

/**
 * A goal's period, in whole days (calendarDays.ts): from 12 h before the start (the start date's noon, or the moment the
 * goal was made) to 12 h after the deadline's noon; an activity counts once its day can be today (not in the future).
 */
const periodStart = sql`coalesce(${goals.startsOn}, ${goals.createdAt}) - ${halfDay}`;
/** Contacts carry the instant they were made, not a day: without a start date, those made before the goal are not its. */
const contactsFrom = sql`coalesce(${goals.startsOn} - ${halfDay}, ${goals.createdAt})`;
const periodEnd = sql`coalesce(${goals.deadline}, 9007199254740991) + ${halfDay}`;
const DAY = sql.raw(String(DAY_MS));
type Counted = { table: 'activities' | 'contacts'; column: 'date' | 'created_at'; entity: 'activity' | 'contact'; kind: SQL; also: SQL };
const activityRows: Counted = { table: 'activities', column: 'date', entity: 'activity', kind: sql`${goals.type}`, also: sql`and r.type = ${goals.type}` };
const contactRows: Counted = { table: 'contacts', column: 'created_at', entity: 'contact', kind: sql`''`, also: sql`` };

/** Whose records a goal counts: a personal goal, its owner's; a team goal, the team's. One index range each. */
function rowsBetween(rows: Counted, from: SQL, to: SQL, member?: SQL) {
  const when = sql`r.${sql.raw(rows.column)} >= ${from} and r.${sql.raw(rows.column)} <= ${to} ${rows.also}`;
  const table = sql.raw(rows.table);
  if (member) return sql`(select count(*) from ${table} r where r.team_id = ${goals.teamId} and r.created_by = ${member} and ${when})`;
  return sql`((select count(*) from ${table} r where ${goals.teamId} is null and r.created_by = ${goals.createdBy} and ${when})
  + (select count(*) from ${table} r where r.team_id = ${goals.teamId} and ${when}))`;
}

/** The same records over whole UTC days `first`..`last`, from the daily tallies the triggers keep (migration 0003). */
function tallied(rows: Counted, first: SQL, last: SQL, member?: SQL) {
  const when = sql`t.entity = '${sql.raw(rows.entity)}' and t.kind = ${rows.kind} and t.day >= ${first} and t.day <= ${last}`;
  if (member)
    return sql`(select coalesce(sum(t.row_count), 0) from daily_tallies t where t.created_by = ${member} and t.team_id = ${goals.teamId} and ${when})`;
  return sql`((select coalesce(sum(t.row_count), 0) from daily_tallies t where ${goals.teamId} is null and t.created_by = ${goals.createdBy} and ${when})
  + (select coalesce(sum(t.row_count), 0) from daily_tallies t where t.team_id = ${goals.teamId} and ${when}))`;
}

/**
 * The records from instant `from` to `to` (both included). A long period would count every row in it (a goal over five
 * years of 100,000 activities: tens of thousands of index entries per read), so its whole UTC days are summed from
 * the daily tallies (one row per day and kind) and only the two partial days at its ends are counted row by row. A
 * tally's day is `date / 86400000`, which is the UTC day for days from 1 on; earlier instants are counted row by row.
 */
function countedBetween(rows: Counted, from: SQL, to: SQL, member?: SQL) {
  const first = sql`max(1, (${from} + ${DAY} - 1) / ${DAY})`;
  const last = sql`((${to} + 1) / ${DAY} - 1)`;
  return sql`case when ${first} <= ${last}
    then ${tallied(rows, first, last, member)} + ${rowsBetween(rows, from, sql`${first} * ${DAY} - 1`, member)} + ${rowsBetween(rows, sql`(${last} + 1) * ${DAY}`, to, member)}
    else ${rowsBetween(rows, from, to, member)} end`;
}

const milestoneKindList = sql.join(
  milestoneKinds.map((kind) => sql`${kind}`),
  sql`, `,
);

/**
 * The milestones of a goal's kind dated in its period (issue 50): for a personal goal those of the contacts its owner
 * added (as new_contact counts the contacts they added), for a team goal those of the team's contacts. Each is one range
 * of a milestone index, (created_by or team_id, kind, date): a person holds a kind once, so a period's milestones of one
 * kind are at most the contacts, and a count reads index entries only.
 */
function milestonesBetween(from: SQL, to: SQL, member?: SQL) {
  const when = sql`m.kind = ${goals.type} and m.date >= ${from} and m.date <= ${to}`;
  if (member) return sql`(select count(*) from ${contactMilestones} m where m.team_id = ${goals.teamId} and m.created_by = ${member} and ${when})`;
  return sql`((select count(*) from ${contactMilestones} m where ${goals.teamId} is null and m.created_by = ${goals.createdBy} and ${when})
  + (select count(*) from ${contactMilestones} m where m.team_id = ${goals.teamId} and ${when}))`;
}

/**
 * A goal's progress, counted on every read so it never drifts: the activities of its type dated within its period (for
 * new_contact, the contacts created in it; for a milestone, the milestones dated in it), plus the user's own adjustment
 * (the spec's editable 'current progress'), never below 0. Deleting, moving or re-dating an activity changes it in the
 * same transaction, since nothing is stored.
 */
const countedFor = (member?: SQL) => sql`case when ${goals.type} = 'new_contact'
  then ${countedBetween(contactRows, contactsFrom, periodEnd, member)}
  when ${goals.type} in (${milestoneKindList})
  then ${milestonesBetween(periodStart, sql`min(${periodEnd}, ${latestToday})`, member)}
  else ${countedBetween(activityRows, periodStart, sql`min(${periodEnd}, ${latestToday})`, member)}
  end`;
const countedInPeriod = countedFor();

/**
 * Each current member's share of a team goal (issue 51 §6): the same count narrowed to the records they created in the
 * team, one index range each (a tally's key starts with its creator), so a team goal reads at most its team's size of
 * them. Records of people who have left count toward the goal but are nobody's share; a personal goal has no shares.
 */
const goalShares = decoded(
  sql`case when ${goals.teamId} is null then '[]' else (select json_group_array(json_object('userId', tm.user_id,
    'name', case when trim(u.first_name || ' ' || u.last_name) = '' then u.username else trim(u.first_name || ' ' || u.last_name) end,
    'count', ${countedFor(sql`tm.user_id`)}))
    from ${teamMembers} tm join ${users} u on u.id = tm.user_id where tm.team_id = ${goals.teamId}) end`,
  (value) =>
    (JSON.parse(String(value ?? '[]')) as { userId: number; name: string; count: number }[]).sort(
      (a, b) => b.count - a.count || a.name.localeCompare(b.name) || a.userId - b.userId,
    ),
);
export const goalProgress = decoded(sql`max(0, ${goals.adjustment} + ${countedInPeriod})`, Number);

/** Goals counted in one query, one event-loop turn (measured at about 30 ms on the bench's heaviest history before the
 * tallied days of decision 015's amendment made each count cheaper; the slice still bounds a list of 1,000 goals). */
export const GOALS_PER_TURN = 16;

/** A goal as the dashboard and an export hold it. */
export const goalColumns = answers.goalRow.select({ currentCount: goalProgress });
/** A goal as the goals' own procedures answer it: with each member's share of a team goal. */
export const goalWithShares = { ...goalColumns, shares: goalShares };

export const goalRecords = recordsOf(goals, msg('Goal not found'), (db, where) => db.select(goalWithShares).from(goals).where(where));

/** The user typed the progress: keep the difference from the count as the adjustment, in the write's transaction. */
export async function adjustTo(tx: Tx, goalId: number, progress: number) {
  const [{ counted }] = await tx
    .select({ counted: sql<number>`${countedInPeriod}`.mapWith(Number) })
    .from(goals)
    .where(eq(goals.id, goalId));
  await tx
    .update(goals)
    .set({ adjustment: progress - counted })
    .where(eq(goals.id, goalId));
}
