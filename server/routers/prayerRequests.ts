// Prayer requests: the prayer journal, with a prayed counter and answered prayers.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { contacts, prayerRequests } from '../../db/schema';
import { assertCanCreateIn, canRead, notFound } from '../access';
import { idInput } from '../schemas/common';
import { prayerCreateInput, prayerListInput, prayerUpdateInput } from '../schemas/prayerRequests';
import { protectedProcedure, router } from '../trpc';
import { afterCursor, limitOf, readablePage } from './paging';
import { removeOwned, requireReadableContact, updateOwned } from './shared';
import { readableTallies } from './tallies';

export const prayerColumns = {
  id: prayerRequests.id,
  contactId: prayerRequests.contactId,
  request: prayerRequests.request,
  date: prayerRequests.date,
  answered: prayerRequests.answered,
  answerNotes: prayerRequests.answerNotes,
  answerDate: prayerRequests.answerDate,
  prayedCount: prayerRequests.prayedCount,
  createdAt: prayerRequests.createdAt,
  teamId: prayerRequests.teamId,
};

function selectPrayers(db: Queryable) {
  return db
    .select({ ...prayerColumns, contactName: contacts.name })
    .from(prayerRequests)
    .innerJoin(contacts, eq(contacts.id, prayerRequests.contactId));
}

async function loadPrayer(db: Queryable, prayerId: number, userId: number) {
  const [row] = await selectPrayers(db).where(and(eq(prayerRequests.id, prayerId), canRead(prayerRequests, userId)));
  if (!row) throw notFound('Prayer request');
  return row;
}

/** An answered prayer always has an answer date (now unless given); an unanswered one has none. */
function answerFields(answered: boolean | undefined, answerDate: Date | null | undefined) {
  if (answered === undefined) return { answerDate: answerDate ?? undefined };
  return { answered, answerDate: answered ? (answerDate ?? new Date()) : null };
}

export const prayerRequestsRouter = router({
  /** Newest first; `answered` narrows to one tab. */
  list: protectedProcedure.input(prayerListInput).query(({ ctx, input }) => {
    const order = [desc(prayerRequests.date), desc(prayerRequests.id)];
    const filters = [
      input?.answered === undefined ? undefined : eq(prayerRequests.answered, input.answered),
      input?.cursor ? afterCursor(prayerRequests, prayerRequests.date, 'desc', input.cursor, ctx.user.id) : undefined,
    ];
    return selectPrayers(ctx.database.read)
      .where(readablePage(prayerRequests, ctx.user.id, filters, order, limitOf(input)))
      .orderBy(...order)
      .limit(limitOf(input));
  }),

  counts: protectedProcedure.query(async ({ ctx }) => {
    const tally = await readableTallies(ctx.database.read, ctx.user.id, ['prayer']);
    return { active: tally('prayer', 'active').rows, answered: tally('prayer', 'answered').rows };
  }),

  byId: protectedProcedure.input(idInput).query(({ ctx, input }) => loadPrayer(ctx.database.read, input.id, ctx.user.id)),

  create: protectedProcedure.input(prayerCreateInput).mutation(({ ctx, input }) =>
    ctx.database.write(async (tx) => {
      await assertCanCreateIn(tx, input.teamId, ctx.user.id);
      await requireReadableContact(tx, input.contactId, ctx.user.id);
      const { answered, answerDate, ...rest } = input;
      const [row] = await tx
        .insert(prayerRequests)
        .values({ ...rest, ...answerFields(answered, answerDate), createdBy: ctx.user.id })
        .returning({ id: prayerRequests.id });
      return loadPrayer(tx, row.id, ctx.user.id);
    }),
  ),

  update: protectedProcedure.input(prayerUpdateInput).mutation(({ ctx, input }) =>
    ctx.database.write(async (tx) => {
      const { id, answered, answerDate, ...changes } = input;
      await updateOwned(tx, prayerRequests, id, ctx.user.id, { ...changes, ...answerFields(answered, answerDate) }, 'Prayer request');
      return loadPrayer(tx, id, ctx.user.id);
    }),
  ),

  /** One more prayer, counted in SQL so two quick presses never lose one. */
  pray: protectedProcedure.input(idInput).mutation(({ ctx, input }) =>
    ctx.database.write(async (tx) => {
      await updateOwned(tx, prayerRequests, input.id, ctx.user.id, { prayedCount: sql`${prayerRequests.prayedCount} + 1` }, 'Prayer request');
      return loadPrayer(tx, input.id, ctx.user.id);
    }),
  ),

  markAnswered: protectedProcedure.input(idInput).mutation(({ ctx, input }) =>
    ctx.database.write(async (tx) => {
      await updateOwned(tx, prayerRequests, input.id, ctx.user.id, { answered: true, answerDate: new Date() }, 'Prayer request');
      return loadPrayer(tx, input.id, ctx.user.id);
    }),
  ),

  remove: protectedProcedure
    .input(idInput)
    .mutation(({ ctx, input }) =>
      ctx.database.write((tx) => removeOwned(tx, prayerRequests, input.id, ctx.user.id, 'Prayer request')),
    ),
});
