// Follow-ups: what a user plans to do next with a contact; pending until completed.
import { asc, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { contacts, followUps } from '../../db/schema';
import { assertCanCreateIn } from '../access';
import { followUpsCalendar } from '../ics';
import { idInput } from '../schemas/common';
import { followUpCreateInput, followUpListInput, followUpUpdateInput } from '../schemas/followUps';
import { protectedProcedure, router } from '../trpc';
import { afterCursor, preparedPage, readablePage, type PageWho, type Shaped } from './paging';
import { contactRefs, recordsOf } from './shared';
import { readableTallies } from './tallies';
import { msg } from '../../shared/i18n';

export const followUpColumns = {
  id: followUps.id,
  contactId: followUps.contactId,
  date: followUps.date,
  description: followUps.description,
  type: followUps.type,
  completed: followUps.completed,
  createdAt: followUps.createdAt,
  teamId: followUps.teamId,
};

/** A follow-up with its contact's name, as every list shows it. */
export const followUpListColumns = { ...followUpColumns, contactName: contacts.name };

export function selectFollowUps(db: Queryable) {
  return db
    .select(followUpListColumns)
    .from(followUps)
    .innerJoin(contacts, eq(contacts.id, followUps.contactId));
}

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

type FollowUpPageInput = Shaped<NonNullable<z.infer<typeof followUpListInput>>, 'completed' | 'todayStart' | 'tomorrowStart' | 'cursor'>;

/** Soonest first, `completed` narrowing to one tab; or one `section` of the screen in its own order. */
export function followUpPageQuery(db: Queryable, who: PageWho, input: FollowUpPageInput) {
  const { filters: sectionFilters, direction } = sectionOf(input);
  const by = direction === 'asc' ? asc : desc;
  const order = [by(followUps.date), by(followUps.id)];
  const filters = [...sectionFilters, input.cursor !== undefined ? afterCursor(followUps, followUps.date, direction, input.cursor, who) : undefined];
  return selectFollowUps(db).where(readablePage(followUps, who, filters, order, input.limit)).orderBy(...order).limit(input.limit);
}

/** One page of a follow-up list or section, built once per shape. */
export const followUpPage = preparedPage<NonNullable<z.infer<typeof followUpListInput>>>()(['completed', 'todayStart', 'tomorrowStart', 'cursor'], (db, who, input) => ({
  fields: followUpListColumns,
  query: followUpPageQuery(db, who, input),
}));

const followUpRecords = recordsOf(followUps, msg('Follow-up not found'), (db, where) => selectFollowUps(db).where(where));

export const followUpsRouter = router({
  list: protectedProcedure.input(followUpListInput).query(({ ctx, input }) => followUpPage(ctx.database.read, ctx.authority, input)),

  counts: protectedProcedure.query(async ({ ctx }) => {
    const tally = await readableTallies(ctx.database.read, ctx.user.id, ['follow_up']);
    return { pending: tally('follow_up', 'pending').rows, completed: tally('follow_up', 'completed').rows };
  }),

  byId: protectedProcedure.input(idInput).query(({ ctx, input }) => followUpRecords.read(ctx.database.read, input.id, ctx.authority)),

  /** One follow-up as an .ics file, for "Add to calendar". */
  ics: protectedProcedure.input(idInput).query(async ({ ctx, input }) =>
    followUpsCalendar([await followUpRecords.read(ctx.database.read, input.id, ctx.authority)], { now: new Date(), locale: ctx.locale }),
  ),

  create: protectedProcedure.input(followUpCreateInput).mutation(({ ctx, input }) =>
    ctx.database.write(async (tx) => {
      await assertCanCreateIn(tx, input.teamId, ctx.authority);
      await contactRefs.read(tx, input.contactId, ctx.authority);
      const [row] = await tx
        .insert(followUps)
        .values({ ...input, createdBy: ctx.user.id })
        .returning({ id: followUps.id });
      return followUpRecords.read(tx, row.id, ctx.authority);
    }),
  ),

  update: protectedProcedure.input(followUpUpdateInput).mutation(({ ctx, input }) =>
    ctx.database.write(async (tx) => {
      const { id, ...changes } = input;
      await followUpRecords.update(tx, id, ctx.authority, changes);
      return followUpRecords.read(tx, id, ctx.authority);
    }),
  ),

  complete: protectedProcedure.input(idInput).mutation(({ ctx, input }) =>
    ctx.database.write(async (tx) => {
      await followUpRecords.update(tx, input.id, ctx.authority, { completed: true });
      return followUpRecords.read(tx, input.id, ctx.authority);
    }),
  ),

  remove: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => ctx.database.write((tx) => followUpRecords.remove(tx, input.id, ctx.authority))),
});
