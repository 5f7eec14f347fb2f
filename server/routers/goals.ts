// Goals: targets a user sets, counted from logged activities and new contacts, completed by the user.
import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { goals } from '../../db/schema';
import { assertCanCreateIn, canRead } from '../access';
import { idInput, MAX_PAGE_ROWS } from '../../shared/schemas/common';
import { nextTurn } from '../queries/turns';
import { goalCreateInput, goalUpdateInput, START_AFTER_DEADLINE, startsAfterDeadline } from '../../shared/schemas/goals';
import { fieldInvalid } from '../errors';
import { protectedProcedure, router } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { recordsOf } from '../queries/records';
import { decoded, rowsOf } from '../queries/rows';
import { DAY_MS, halfDay, latestToday } from '../queries/calendarDays';
import { msg } from '../../shared/i18n';

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
function rowsBetween(rows: Counted, from: SQL, to: SQL) {
  const when = sql`r.${sql.raw(rows.column)} >= ${from} and r.${sql.raw(rows.column)} <= ${to} ${rows.also}`;
  const table = sql.raw(rows.table);
  return sql`((select count(*) from ${table} r where ${goals.teamId} is null and r.created_by = ${goals.createdBy} and ${when})
  + (select count(*) from ${table} r where r.team_id = ${goals.teamId} and ${when}))`;
}

/** The same records over whole UTC days `first`..`last`, from the daily tallies the triggers keep (migration 0003). */
function tallied(rows: Counted, first: SQL, last: SQL) {
  const when = sql`t.entity = '${sql.raw(rows.entity)}' and t.kind = ${rows.kind} and t.day >= ${first} and t.day <= ${last}`;
  return sql`((select coalesce(sum(t.row_count), 0) from daily_tallies t where ${goals.teamId} is null and t.created_by = ${goals.createdBy} and ${when})
  + (select coalesce(sum(t.row_count), 0) from daily_tallies t where t.team_id = ${goals.teamId} and ${when}))`;
}

/**
 * The records from instant `from` to `to` (both included). A long period would count every row in it (a goal over five
 * years of 100,000 activities: tens of thousands of index entries per read), so its whole UTC days are summed from
 * the daily tallies (one row per day and kind) and only the two partial days at its ends are counted row by row. A
 * tally's day is `date / 86400000`, which is the UTC day for days from 1 on; earlier instants are counted row by row.
 */
function countedBetween(rows: Counted, from: SQL, to: SQL) {
  const first = sql`max(1, (${from} + ${DAY} - 1) / ${DAY})`;
  const last = sql`((${to} + 1) / ${DAY} - 1)`;
  return sql`case when ${first} <= ${last}
    then ${tallied(rows, first, last)} + ${rowsBetween(rows, from, sql`${first} * ${DAY} - 1`)} + ${rowsBetween(rows, sql`(${last} + 1) * ${DAY}`, to)}
    else ${rowsBetween(rows, from, to)} end`;
}

/**
 * A goal's progress, counted on every read so it never drifts: the activities of its type dated within its period (for
 * new_contact, the contacts created in it), plus the user's own adjustment (the spec's editable 'current progress'),
 * never below 0. Deleting, moving or re-dating an activity changes it in the same transaction, since nothing is stored.
 */
const countedInPeriod = sql`case when ${goals.type} = 'new_contact'
  then ${countedBetween(contactRows, contactsFrom, periodEnd)}
  else ${countedBetween(activityRows, periodStart, sql`min(${periodEnd}, ${latestToday})`)}
  end`;
export const goalProgress = decoded(sql`max(0, ${goals.adjustment} + ${countedInPeriod})`, Number);

/** Goals counted in one query, one event-loop turn (measured at about 30 ms on the bench's heaviest history before the
 * tallied days of decision 015's amendment made each count cheaper; the slice still bounds a list of 1,000 goals). */
const GOALS_PER_TURN = 16;

export const goalColumns = answers.goalRow.select({ currentCount: goalProgress });

const goalRecords = recordsOf(goals, msg('Goal not found'), (db, where) => db.select(goalColumns).from(goals).where(where));

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

export const goalsRouter = router({
  list: protectedProcedure.output(answer(answers.goal.array())).query(async ({ ctx }) => {
    const order = [desc(goals.createdAt), desc(goals.id)];
    const ids = (
      await ctx.database.read
        .select({ id: goals.id })
        .from(goals)
        .where(canRead(goals, ctx.authority))
        .orderBy(...order)
        .limit(MAX_PAGE_ROWS)
    ).map((g) => g.id);
    // Counting is a range of index entries per goal; a slice of goals per event-loop turn keeps a long list over a dense
    // history (108 goals over 50,000 activities: 177 ms in one query when every row was counted) from holding the server for its whole length.
    const listed = [];
    for (let start = 0; start < ids.length; start += GOALS_PER_TURN) {
      if (start > 0) await nextTurn();
      const slice = ids.slice(start, start + GOALS_PER_TURN);
      listed.push(
        ...(await rowsOf(
          goalColumns,
          ctx.database.read
            .select(goalColumns)
            .from(goals)
            .where(inArray(goals.id, slice))
            .orderBy(...order),
        )),
      );
    }
    return listed;
  }),

  byId: protectedProcedure
    .input(idInput)
    .output(answer(answers.goal))
    .query(({ ctx, input }) => goalRecords.read(ctx.database.read, input.id, ctx.authority)),

  create: protectedProcedure
    .input(goalCreateInput)
    .output(answer(answers.goal))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        await assertCanCreateIn(tx, input.teamId, ctx.authority);
        const { currentCount, ...values } = input;
        const [row] = await tx
          .insert(goals)
          .values({ ...values, createdBy: ctx.user.id })
          .returning({ id: goals.id });
        if (currentCount !== undefined) await adjustTo(tx, row.id, currentCount);
        return goalRecords.read(tx, row.id, ctx.authority);
      }),
    ),

  update: protectedProcedure
    .input(goalUpdateInput)
    .output(answer(answers.goal))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        const { id, currentCount, ...changes } = input;
        await goalRecords.update(tx, id, ctx.authority, changes);
        const [period] = await tx.select({ startsOn: goals.startsOn, deadline: goals.deadline }).from(goals).where(eq(goals.id, id));
        if (startsAfterDeadline(period.startsOn, period.deadline)) throw fieldInvalid({ field: 'startsOn', message: START_AFTER_DEADLINE });
        if (currentCount !== undefined) await adjustTo(tx, id, currentCount);
        return goalRecords.read(tx, id, ctx.authority);
      }),
    ),

  complete: protectedProcedure
    .input(idInput)
    .output(answer(answers.goal))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        await goalRecords.update(tx, input.id, ctx.authority, { completed: true });
        return goalRecords.read(tx, input.id, ctx.authority);
      }),
    ),

  remove: protectedProcedure
    .input(idInput)
    .output(answer(answers.removed))
    .mutation(({ ctx, input }) => ctx.database.write((tx) => goalRecords.remove(tx, input.id, ctx.authority))),
});
