// Follow-ups: what a user plans to do next with a contact; pending until completed.
import { and, asc, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { contacts, followUps } from '../../db/schema';
import { assertCanCreateIn, canRead, notFound } from '../access';
import { followUpsCalendar } from '../ics';
import { idInput } from '../schemas/common';
import { followUpCreateInput, followUpListInput, followUpUpdateInput } from '../schemas/followUps';
import { protectedProcedure, router } from '../trpc';
import { afterCursor, limitOf, readablePage } from './paging';
import { removeOwned, requireReadableContact, updateOwned } from './shared';
import { readableTallies } from './tallies';

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

export function selectFollowUps(db: Queryable) {
  return db
    .select({ ...followUpColumns, contactName: contacts.name })
    .from(followUps)
    .innerJoin(contacts, eq(contacts.id, followUps.contactId));
}

async function loadFollowUp(db: Queryable, followUpId: number, userId: number) {
  const [row] = await selectFollowUps(db).where(and(eq(followUps.id, followUpId), canRead(followUps, userId)));
  if (!row) throw notFound('Follow-up');
  return row;
}

export const followUpsRouter = router({
  /** Soonest first; `completed` narrows to one tab (the client shows completed ones newest first itself). */
  list: protectedProcedure.input(followUpListInput).query(({ ctx, input }) => {
    const order = [asc(followUps.date), asc(followUps.id)];
    const filters = [
      input?.completed === undefined ? undefined : eq(followUps.completed, input.completed),
      input?.cursor ? afterCursor(followUps, followUps.date, 'asc', input.cursor, ctx.user.id) : undefined,
    ];
    return selectFollowUps(ctx.database.read)
      .where(readablePage(followUps, ctx.user.id, filters, order, limitOf(input)))
      .orderBy(...order)
      .limit(limitOf(input));
  }),

  counts: protectedProcedure.query(async ({ ctx }) => {
    const tally = await readableTallies(ctx.database.read, ctx.user.id, ['follow_up']);
    return { pending: tally('follow_up', 'pending').rows, completed: tally('follow_up', 'completed').rows };
  }),

  byId: protectedProcedure.input(idInput).query(({ ctx, input }) => loadFollowUp(ctx.database.read, input.id, ctx.user.id)),

  /** One follow-up as an .ics file, for "Add to calendar". */
  ics: protectedProcedure.input(idInput).query(async ({ ctx, input }) =>
    followUpsCalendar([await loadFollowUp(ctx.database.read, input.id, ctx.user.id)], { now: new Date() }),
  ),

  create: protectedProcedure.input(followUpCreateInput).mutation(({ ctx, input }) =>
    ctx.database.write(async (tx) => {
      await assertCanCreateIn(tx, input.teamId, ctx.user.id);
      await requireReadableContact(tx, input.contactId, ctx.user.id);
      const [row] = await tx
        .insert(followUps)
        .values({ ...input, createdBy: ctx.user.id })
        .returning({ id: followUps.id });
      return loadFollowUp(tx, row.id, ctx.user.id);
    }),
  ),

  update: protectedProcedure.input(followUpUpdateInput).mutation(({ ctx, input }) =>
    ctx.database.write(async (tx) => {
      const { id, ...changes } = input;
      await updateOwned(tx, followUps, id, ctx.user.id, changes, 'Follow-up');
      return loadFollowUp(tx, id, ctx.user.id);
    }),
  ),

  complete: protectedProcedure.input(idInput).mutation(({ ctx, input }) =>
    ctx.database.write(async (tx) => {
      await updateOwned(tx, followUps, input.id, ctx.user.id, { completed: true }, 'Follow-up');
      return loadFollowUp(tx, input.id, ctx.user.id);
    }),
  ),

  remove: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) => ctx.database.write((tx) => removeOwned(tx, followUps, input.id, ctx.user.id, 'Follow-up'))),
});
