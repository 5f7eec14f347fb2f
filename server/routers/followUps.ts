// Follow-ups: what a user plans to do next with a contact; pending until completed.
import { followUpKeys } from '../queries/searchKeys';
import { TRPCError } from '@trpc/server';
import { and, asc, eq, gt, gte, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable, Tx } from '../../db/client';
import { contacts, followUps } from '../../db/schema';
import { nextDate, repeatOf, type Repeat } from '../../shared/recurrence';
import { assertSpace, canDelete, canEdit, canRead, denyWrite, type Authority } from '../access';
import { followUpsCalendar } from '../formats/ics';
import { readSettings } from '../nudges/settings';
import { CONTACT_STAYS, EARLIEST_DATE, idInput, LATEST_DATE } from '../../shared/schemas/common';
import { fieldInvalid } from '../errors';
import {
  followUpCompleteInput,
  followUpCreateInput,
  followUpIcsInput,
  followUpCountsInput,
  followUpListInput,
  followUpRemoveInput,
  followUpSnoozeInput,
  followUpUpdateInput,
} from '../../shared/schemas/followUps';
import { protectedProcedure, router } from '../trpc';
import { answer, plainFileAnswer } from '../answers';
import * as answers from '../schemas/answers';
import { followUpListColumns, selectFollowUps, selectCalendarFollowUps } from '../domain/followUps';
import { definePagedList, type PageQueryInput } from '../queries/paging';
import { recordsOf } from '../queries/records';
import { createAboutContact } from '../domain/contactTeam';
import { readableTallies } from '../queries/tallies';
import { msg } from '../../shared/i18n';
import type { FollowUpScope } from '../../shared/lists';

/** A follow-up page's input as its query is built: these keys as placeholders. */
type FollowUpPageInput = PageQueryInput<NonNullable<z.infer<typeof followUpListInput>>, 'completed' | 'todayStart' | 'tomorrowStart'>;

/**
 * One group of the screen as a filter and a direction on (date, id): pending groups soonest first (so the most
 * overdue, the most urgent, leads), completed ones newest first. Without a section, the list is soonest first,
 * narrowed by `completed` when given.
 */
function sectionOf(input: FollowUpPageInput): { filters: (SQL | undefined)[]; direction: 'asc' | 'desc' } {
  const pending = eq(followUps.completed, false);
  // The schema has made sure the pending sections come with both boundaries.
  const todayStart = input.todayStart!;
  const tomorrowStart = input.tomorrowStart!;
  switch (input.section) {
    case 'overdue':
      return { filters: [pending, lt(followUps.date, todayStart)], direction: 'asc' };
    case 'today':
      return { filters: [pending, gte(followUps.date, todayStart), lt(followUps.date, tomorrowStart)], direction: 'asc' };
    case 'upcoming':
      return { filters: [pending, gte(followUps.date, tomorrowStart)], direction: 'asc' };
    case 'completed':
      return { filters: [eq(followUps.completed, true)], direction: 'desc' };
    default:
      return { filters: [input.completed === undefined ? undefined : eq(followUps.completed, input.completed)], direction: 'asc' };
  }
}

/** Soonest first, `completed` narrowing to one tab; or one `section` of the screen in its own order. */
export const followUpList = definePagedList<NonNullable<z.infer<typeof followUpListInput>>>()({
  table: followUps,
  fields: followUpListColumns,
  select: (db, fields) => db.select(fields).from(followUps).innerJoin(contacts, eq(contacts.id, followUps.contactId)),
  values: ['completed', 'todayStart', 'tomorrowStart'],
  filters: (input) => sectionOf(input).filters,
  order: (input) => ({ key: followUps.date, direction: sectionOf(input).direction }),
});

const NOT_FOUND = msg('Follow-up not found');
const followUpRecords = recordsOf(followUps, NOT_FOUND, (db, where, who) => selectFollowUps(db, who).where(where));
const calendarRecords = recordsOf(followUps, NOT_FOUND, (db, where, who) => selectCalendarFollowUps(db, who).where(where));

/** The stored columns of a repeat (all null: it does not repeat). */
const repeatColumns = (repeat: Repeat | null) => ({ repeatEvery: repeat?.every ?? null, repeatUnit: repeat?.unit ?? null, repeatFrom: repeat?.from ?? null });

const sameRepeat = (a: Repeat | null, b: Repeat | null) => a?.every === b?.every && a?.unit === b?.unit && a?.from === b?.from;

/** What scheduling the next one of a series needs of a follow-up. */
const seriesColumns = {
  id: followUps.id,
  contactId: followUps.contactId,
  date: followUps.date,
  type: followUps.type,
  description: followUps.description,
  completed: followUps.completed,
  teamId: followUps.teamId,
  createdBy: followUps.createdBy,
  repeatEvery: followUps.repeatEvery,
  repeatUnit: followUps.repeatUnit,
  repeatFrom: followUps.repeatFrom,
  repeatAnchor: followUps.repeatAnchor,
  seriesId: followUps.seriesId,
};
type SeriesRow = Pick<typeof followUps.$inferSelect, keyof typeof seriesColumns>;

/** The follow-up if the user may edit it, else 403 for one they only see and 404 for anything else. */
async function editable(tx: Tx, rowId: number, who: Authority): Promise<SeriesRow> {
  const [row] = await tx
    .select(seriesColumns)
    .from(followUps)
    .where(and(eq(followUps.id, rowId), canEdit(followUps, who)));
  return row ?? denyWrite(tx, followUps, rowId, who, NOT_FOUND);
}

/**
 * The zone a series' next date is counted in: the one the browser sent, else the user's saved one, else UTC (a
 * REST client that sends none and never set one gets UTC's month ends and midnights).
 */
async function zoneOf(tx: Tx, userId: number, sent: string | undefined): Promise<string> {
  return sent ?? (await readSettings(tx, userId)).timeZone ?? 'UTC';
}

/**
 * Schedules the follow-up after a repeating one that was just completed, in the completing write's transaction: same
 * contact, type, description, team, owner and series. A series member created after this one means its next one was
 * scheduled already (it was completed, reopened and completed again): then nothing is added, so there is never more
 * than one next one, however often or concurrently it is completed (writes run one at a time, BEGIN IMMEDIATE).
 */
async function scheduleNext(tx: Tx, done: SeriesRow, completedAt: Date, timeZone: () => Promise<string>) {
  const repeat = repeatOf(done);
  if (!repeat) return;
  const seriesId = done.seriesId ?? done.id;
  const [later] = await tx
    .select({ id: followUps.id })
    .from(followUps)
    .where(and(eq(followUps.seriesId, seriesId), gt(followUps.id, done.id)))
    .limit(1);
  if (later) return;
  const date = nextDate(done, completedAt, await timeZone());
  // A series ends with the dates Sower keeps (schemas/common.ts): none is written past the end of 2200.
  if (!date || date > LATEST_DATE) return;
  await tx.insert(followUps).values({
    contactId: done.contactId,
    date,
    type: done.type,
    description: done.description,
    ...followUpKeys(done),
    teamId: done.teamId,
    createdBy: done.createdBy,
    ...repeatColumns(repeat),
    seriesId,
    repeatAnchor: repeat.from === 'date' ? (done.repeatAnchor ?? done.date) : null,
  });
}

/**
 * Marks a follow-up completed (when it is pending) and schedules its series' next one. Completing a completed one
 * changes nothing: only the write that turns it from pending to completed schedules.
 */
async function completeFollowUp(tx: Tx, rowId: number, who: Authority, timeZone: () => Promise<string>) {
  const completedAt = new Date();
  const [done] = await tx
    .update(followUps)
    .set({ completed: true, completedAt })
    .where(and(eq(followUps.id, rowId), canEdit(followUps, who), eq(followUps.completed, false)))
    .returning(seriesColumns);
  if (!done) {
    await editable(tx, rowId, who);
    return;
  }
  await scheduleNext(tx, done, completedAt, timeZone);
}

/**
 * The series' pending follow-up after this one that the user may read (the one Sower scheduled when it was completed),
 * or null: the completion's toast opens it rather than offering to schedule a second one for the same day.
 */
async function pendingNext(db: Queryable, done: { id: number; seriesId: number | null }, who: Authority) {
  if (done.seriesId === null) return null;
  const [next] = await db
    .select({ id: followUps.id, date: followUps.date })
    .from(followUps)
    .where(and(eq(followUps.seriesId, done.seriesId), gt(followUps.id, done.id), eq(followUps.completed, false), canRead(followUps, who)))
    .orderBy(asc(followUps.id))
    .limit(1);
  return next ?? null;
}

/** This follow-up and, for the series scope, the series' pending ones created after it that the user may edit. */
async function scopedRows(tx: Tx, row: SeriesRow, scope: FollowUpScope, who: Authority): Promise<SeriesRow[]> {
  if (scope === 'one' || row.seriesId === null) return [row];
  const later = await tx
    .select(seriesColumns)
    .from(followUps)
    .where(and(eq(followUps.seriesId, row.seriesId), gt(followUps.id, row.id), eq(followUps.completed, false), canEdit(followUps, who)))
    .orderBy(asc(followUps.id));
  return [row, ...later];
}

export const followUpsRouter = router({
  list: protectedProcedure
    .input(followUpListInput)
    .output(answer(answers.followUp.array()))
    .query(async ({ ctx, input }) => {
      await assertSpace(ctx.database.read, ctx.authority, input?.team);
      return followUpList.page(ctx.database.read, ctx.authority, input);
    }),

  counts: protectedProcedure
    .input(followUpCountsInput)
    .output(answer(answers.followUpCounts))
    .query(async ({ ctx, input }) => {
      await assertSpace(ctx.database.read, ctx.authority, input?.team);
      const tally = await readableTallies(ctx.database.read, ctx.user.id, ['follow_up'], input?.team);
      return { pending: tally('follow_up', 'pending').rows, completed: tally('follow_up', 'completed').rows };
    }),

  byId: protectedProcedure
    .input(idInput)
    .output(answer(answers.followUp))
    .query(({ ctx, input }) => followUpRecords.read(ctx.database.read, input.id, ctx.authority)),

  /** One follow-up as an .ics file, for "Add to calendar". */
  ics: protectedProcedure
    .input(followUpIcsInput)
    .output(plainFileAnswer())
    .query(async ({ ctx, input }) => {
      const followUp = await calendarRecords.read(ctx.database.read, input.id, ctx.authority);
      // On the day Sower shows the user: in their browser's zone, else their saved one (server/formats/ics.ts calendarDate).
      const timeZone = input.timeZone ?? (await readSettings(ctx.database.read, ctx.user.id)).timeZone ?? undefined;
      return followUpsCalendar([followUp], { now: new Date(), locale: ctx.locale, timeZone });
    }),

  // An outbox replay with the same key answers the first result and creates nothing (decisions 006, 027).
  create: protectedProcedure
    .input(followUpCreateInput)
    .output(answer(answers.followUp))
    .mutation(({ ctx, input }) =>
      ctx.database.write((tx) =>
        createAboutContact(tx, ctx.authority, input, 'followUp', async (teamId) => {
          const { repeat, timeZone, completed, idempotencyKey: _key, ...given } = input;
          const fields = { ...given, teamId };
          // Written as done: done by its date when that has passed (a call logged afterwards), else now.
          const completedAt = completed ? new Date(Math.min(fields.date.getTime(), Date.now())) : null;
          const [row] = await tx
            .insert(followUps)
            .values({ ...fields, ...followUpKeys(fields), completed, completedAt, createdBy: ctx.user.id, ...repeatColumns(repeat) })
            .returning(seriesColumns);
          if (repeat) {
            // A series is known by its first follow-up's id; a date-based one counts every later date from this one's.
            const series = { seriesId: row.id, repeatAnchor: repeat.from === 'date' ? row.date : null };
            await tx.update(followUps).set(series).where(eq(followUps.id, row.id));
            if (completedAt) await scheduleNext(tx, { ...row, ...series }, completedAt, () => zoneOf(tx, ctx.user.id, timeZone));
          }
          return followUpRecords.read(tx, row.id, ctx.authority);
        }),
      ),
    ),

  /**
   * Changes a follow-up; with `scope: 'series'`, its type, description and repeat go to the series' later pending ones
   * too, and a new date moves them by as much (and re-anchors a date-based series). Completion is always this one's.
   * With `scope: 'one'`, a new date moves only this one (the series keeps its schedule), and a different repeat
   * starts a series of its own from this one.
   */
  update: protectedProcedure
    .input(followUpUpdateInput)
    .output(answer(answers.followUp))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        const { id, contactId, scope, timeZone, repeat, completed, date, ...texts } = input;
        const row = await editable(tx, id, ctx.authority);
        if (contactId !== undefined && contactId !== row.contactId) throw fieldInvalid({ field: 'contactId', message: CONTACT_STAYS });
        const current = repeatOf(row);
        const repeatChanged = repeat !== undefined && !sameRepeat(repeat, current);
        const targets = await scopedRows(tx, row, scope, ctx.authority);
        const shift = date ? date.getTime() - row.date.getTime() : 0;
        const wanted = repeat === undefined ? current : repeat;
        // Dates stay within the years Sower keeps (schemas/common.ts), the series' later ones moved with this one too.
        const moved = targets.map((target) => target.date.getTime() + shift);
        if (moved.some((time) => time > LATEST_DATE.getTime() || time < EARLIEST_DATE.getTime()))
          throw fieldInvalid({ field: 'date', message: msg('This would move a follow-up of the series out of the years 1900 to 2200') });
        for (const target of targets) {
          const isThis = target.id === row.id;
          const values: Partial<typeof followUps.$inferInsert> = {
            ...texts,
            ...(texts.description === undefined ? {} : followUpKeys({ description: texts.description })),
          };
          if (date) values.date = isThis ? date : new Date(target.date.getTime() + shift);
          if (scope === 'series' && row.seriesId !== null) {
            if (repeatChanged) Object.assign(values, repeatColumns(wanted));
            if (wanted?.from === 'date' && (date || repeatChanged)) values.repeatAnchor = date ?? row.repeatAnchor ?? row.date;
          } else if (repeatChanged) {
            Object.assign(values, repeatColumns(wanted), {
              seriesId: wanted ? row.id : row.seriesId,
              repeatAnchor: wanted?.from === 'date' ? (date ?? row.date) : null,
            });
          }
          if (isThis && completed === false) Object.assign(values, { completed: false, completedAt: null });
          if (Object.keys(values).length) await tx.update(followUps).set(values).where(eq(followUps.id, target.id));
        }
        if (completed) await completeFollowUp(tx, id, ctx.authority, () => zoneOf(tx, ctx.user.id, timeZone));
        return followUpRecords.read(tx, id, ctx.authority);
      }),
    ),

  complete: protectedProcedure
    .input(followUpCompleteInput)
    .output(answer(answers.completedFollowUp))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        await completeFollowUp(tx, input.id, ctx.authority, () => zoneOf(tx, ctx.user.id, input.timeZone));
        const done = await followUpRecords.read(tx, input.id, ctx.authority);
        return { ...done, next: await pendingNext(tx, done, ctx.authority) };
      }),
    ),

  /** Moves a pending follow-up to a later date and changes nothing else (a date-based series keeps its schedule). */
  snooze: protectedProcedure
    .input(followUpSnoozeInput)
    .output(answer(answers.followUp))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        const row = await editable(tx, input.id, ctx.authority);
        if (row.completed) throw new TRPCError({ code: 'BAD_REQUEST', message: msg('A completed follow-up cannot be snoozed') });
        await tx.update(followUps).set({ date: input.until }).where(eq(followUps.id, row.id));
        return followUpRecords.read(tx, row.id, ctx.authority);
      }),
    ),

  /** Deletes a follow-up; with `scope: 'series'`, the series' later pending ones too (completed ones stay as history). */
  remove: protectedProcedure
    .input(followUpRemoveInput)
    .output(answer(answers.removed))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        const [row] = await tx
          .delete(followUps)
          .where(and(eq(followUps.id, input.id), canDelete(followUps, ctx.authority)))
          .returning({ id: followUps.id, seriesId: followUps.seriesId });
        if (!row) await denyWrite(tx, followUps, input.id, ctx.authority, NOT_FOUND);
        if (input.scope === 'series' && row.seriesId !== null) {
          await tx
            .delete(followUps)
            .where(and(eq(followUps.seriesId, row.seriesId), gt(followUps.id, row.id), eq(followUps.completed, false), canDelete(followUps, ctx.authority)));
        }
        return { success: true as const, id: input.id };
      }),
    ),
});
