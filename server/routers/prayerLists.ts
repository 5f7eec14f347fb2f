// Prayer lists (issue 50 §5): the lists a user names ("Family", "Unreached peoples"), each with how many of its requests
// Pray today shows a day. A list is its author's alone (team_id stays null): a team's requests may sit in each member's
// own lists, and a teammate never sees or changes them.
import { and, asc, eq, sql } from 'drizzle-orm';
import { prayerLists, prayerRequests } from '../../db/schema';
import type { Queryable, Tx } from '../../db/client';
import { foldText } from '../../shared/fold';
import { fmt, msg } from '../../shared/i18n';
import { idInput } from '../../shared/schemas/common';
import { MAX_PRAYER_LISTS, prayerListCreateInput, prayerListUpdateInput } from '../../shared/schemas/prayerLists';
import { notFound } from '../access';
import { answer } from '../answers';
import { fieldConflict, fieldInvalid } from '../errors';
import { decoded } from '../queries/rows';
import * as answers from '../schemas/answers';
import { protectedProcedure, router } from '../trpc';
import { ownLists, PRAYER_LIST_NOT_FOUND } from '../domain/prayerLists';

const NAME_TAKEN = msg('You already have a list of that name');
const TOO_MANY = fmt('At most {max} prayer lists: delete one first', { max: MAX_PRAYER_LISTS });

const requestsIn = (answered: boolean) =>
  decoded(
    sql`${sql`(select count(*) from ${prayerRequests} where ${prayerRequests.listId} = ${prayerLists.id} and ${prayerRequests.answered} = ${answered ? 1 : 0})`}`,
    Number,
  );
const listColumns = answers.prayerListRow.select({ active: requestsIn(false), answered: requestsIn(true) });

function readList(db: Queryable, id: number, userId: number) {
  return db
    .select(listColumns)
    .from(prayerLists)
    .where(and(eq(prayerLists.id, id), ownLists(userId)))
    .then(([row]) => {
      if (!row) throw notFound(PRAYER_LIST_NOT_FOUND);
      return row;
    });
}

/** Whether another of the user's lists (not `except`) has this name, compared folded (case, accents). */
async function nameTaken(tx: Tx, userId: number, name: string, except?: number) {
  const lists = await tx.select({ id: prayerLists.id, name: prayerLists.name }).from(prayerLists).where(ownLists(userId));
  const key = foldText(name);
  return { taken: lists.some((list) => list.id !== except && foldText(list.name) === key), count: lists.length };
}

export const prayerListsRouter = router({
  /** The user's lists by name (at most MAX_PRAYER_LISTS), each with how many active and answered requests it holds. */
  list: protectedProcedure.output(answer(answers.prayerList.array())).query(({ ctx }) =>
    ctx.database.read
      .select(listColumns)
      .from(prayerLists)
      .where(ownLists(ctx.user.id))
      .orderBy(asc(sql`${prayerLists.name} collate nocase`), asc(prayerLists.id))
      .limit(MAX_PRAYER_LISTS),
  ),

  // The cap is counted inside the write's transaction: writes are one at a time, so a batch of creates or several at
  // once each see the ones before them.
  create: protectedProcedure
    .input(prayerListCreateInput)
    .output(answer(answers.prayerList))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        const { taken, count } = await nameTaken(tx, ctx.user.id, input.name);
        if (count >= MAX_PRAYER_LISTS) throw fieldInvalid({ field: 'name', message: TOO_MANY });
        if (taken) throw fieldConflict({ field: 'name', message: NAME_TAKEN });
        const [row] = await tx.insert(prayerLists).values({ name: input.name, perDay: input.perDay, createdBy: ctx.user.id }).returning({ id: prayerLists.id });
        return readList(tx, row.id, ctx.user.id);
      }),
    ),

  update: protectedProcedure
    .input(prayerListUpdateInput)
    .output(answer(answers.prayerList))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        const { id, name, perDay } = input;
        await readList(tx, id, ctx.user.id);
        if (name !== undefined && (await nameTaken(tx, ctx.user.id, name, id)).taken) throw fieldConflict({ field: 'name', message: NAME_TAKEN });
        const changes = Object.fromEntries(Object.entries({ name, perDay }).filter(([, value]) => value !== undefined));
        if (Object.keys(changes).length > 0) await tx.update(prayerLists).set(changes).where(eq(prayerLists.id, id));
        return readList(tx, id, ctx.user.id);
      }),
    ),

  /** Deletes a list: its requests stay, in no list (the column's `on delete set null`). */
  remove: protectedProcedure
    .input(idInput)
    .output(answer(answers.removed))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        const rows = await tx
          .delete(prayerLists)
          .where(and(eq(prayerLists.id, input.id), ownLists(ctx.user.id)))
          .returning({ id: prayerLists.id });
        if (rows.length === 0) throw notFound(PRAYER_LIST_NOT_FOUND);
        return { success: true as const, id: input.id };
      }),
    ),
});
