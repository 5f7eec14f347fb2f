// Prayer requests: the prayer journal, with a prayed counter and answered prayers.
import { and, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { contacts, prayerRequests } from '../../db/schema';
import { assertCanCreateIn, canRead, notFound } from '../access';
import { idInput } from '../schemas/common';
import { prayerCreateInput, prayerListInput, prayerUpdateInput } from '../schemas/prayerRequests';
import { protectedProcedure, router } from '../trpc';
import { afterCursor, limitOf, readablePage } from './paging';
import { removeOwned, requireReadableContact, updateOwned } from './shared';
import { readableTallies } from './tallies';
import { rowsOf } from '../rows';

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

/** When a prayer was answered, its request date standing in for a missing answer date; indexed in this form. */
const answeredOn = sql`coalesce(${prayerRequests.answerDate}, ${prayerRequests.date})`;

function selectPrayers(db: Queryable) {
  return db
    .select({ ...prayerColumns, contactName: contacts.name })
    .from(prayerRequests)
    .innerJoin(contacts, eq(contacts.id, prayerRequests.contactId));
}

/** Newest first by date, `answered` narrowing to one tab; or one `section` (tab) in the screen's order. */
export function prayerPageQuery(db: Queryable, userId: number, input: z.infer<typeof prayerListInput>) {
  const answered = input?.section ? input.section === 'answered' : input?.answered;
  // SPEC: answered prayers by answer date (else date), newest first; everything else by date.
  const key = input?.section === 'answered' ? answeredOn : prayerRequests.date;
  const order = [desc(key), desc(prayerRequests.id)];
  const filters = [
    answered === undefined ? undefined : eq(prayerRequests.answered, answered),
    input?.cursor ? afterCursor(prayerRequests, key, 'desc', input.cursor, userId) : undefined,
  ];
  return selectPrayers(db)
    .where(readablePage(prayerRequests, userId, filters, order, limitOf(input)))
    .orderBy(...order)
    .limit(limitOf(input));
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
  list: protectedProcedure.input(prayerListInput).query(({ ctx, input }) => rowsOf(prayerPageQuery(ctx.database.read, ctx.user.id, input))),

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
