// Prayer requests: the prayer journal, with a prayed counter and answered prayers; a request may name no one person and
// may sit in one of its author's prayer lists (issue 50 §5).
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { contacts, prayerRequests } from '../../db/schema';
import { assertCanCreateIn, assertSpace, canPray, notFound, readableContactName, userOf, type Authority, type Who } from '../access';
import { CONTACT_STAYS, idInput } from '../../shared/schemas/common';
import { fieldInvalid } from '../errors';
import { prayerCountsInput, prayerCreateInput, prayerListInput, prayInput, prayerUpdateInput, teamGoodNewsInput } from '../../shared/schemas/prayerRequests';
import { protectedProcedure, router } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { definePagedList } from '../queries/paging';
import { recordsOf } from '../queries/records';
import { createAboutContact } from '../domain/contactTeam';
import { authorsListId, listAndTeamPrayers, recordTeamPrayer } from '../domain/prayerRequests';
import { rowsOf } from '../queries/rows';
import { onceForKey } from '../idempotency';
import type { Tx } from '../../db/client';
import { assertOwnList, PRAYER_LIST_NOT_FOUND } from '../domain/prayerLists';
import { readableTallies } from '../queries/tallies';
import { msg } from '../../shared/i18n';
import { dayStartIn, prayTodayList, setAsideToday } from '../nudges/prayToday';
import { readSettings, writeSettings } from '../nudges/settings';
import { prayTodayCountInput, prayTodayInput } from '../../shared/schemas/prayToday';
import { prayerKeys } from '../queries/searchKeys';

/** When a prayer was answered, its request date standing in for a missing answer date; indexed in this form. */
const answeredOn = sql`coalesce(${prayerRequests.answerDate}, ${prayerRequests.date})`;

/**
 * A prayer request with its contact's name (when the reader may read the contact; null for a request about no one
 * person, which the left join leaves without a contact) and its list (the author's), as every list shows it.
 */
export const prayerListColumns = (who: Who) => {
  const { listId: _listId, ...columns } = answers.prayerRequestRow.select({ contactName: readableContactName(who), listId: authorsListId(who) });
  return { ...columns, $prayed: listAndTeamPrayers(who) } as unknown as ReturnType<
    typeof answers.prayerRequestRow.select<{ contactName: SQL<string | null>; listId: SQL<number | null> }>
  > & {
    teamPrayedThisWeek: SQL<number>;
    teamPrayedNames: SQL<string[] | null>;
  };
};

type PrayerRequest = z.output<typeof answers.prayerRequest>;

/** Requests with their contact (none for a request about no one person), from the selection `fields`. */
function selectPrayers(db: Queryable, fields: ReturnType<typeof prayerListColumns>) {
  return db.select(fields).from(prayerRequests).leftJoin(contacts, eq(contacts.id, prayerRequests.contactId));
}

/** Newest first by date, `answered` narrowing to one tab; or one `section` (tab) in the screen's order. */
export const prayerList = definePagedList<NonNullable<z.infer<typeof prayerListInput>>>()({
  table: prayerRequests,
  fields: prayerListColumns,
  select: selectPrayers,
  values: ['answered', 'list'],
  filters: (input, who) => {
    const answered = input.section ? input.section === 'answered' : input.answered;
    return [
      answered === undefined ? undefined : eq(prayerRequests.answered, answered),
      // A list is its author's: only their own requests are in it.
      input.list === undefined ? undefined : and(eq(prayerRequests.listId, input.list), eq(prayerRequests.createdBy, userOf(who))),
    ];
  },
  // SPEC: answered prayers by answer date (else date), newest first; everything else by date.
  order: (input) => ({ key: input.section === 'answered' ? answeredOn : prayerRequests.date, direction: 'desc' }),
});

const prayerRecords = recordsOf(prayerRequests, msg('Prayer request not found'), (db, where, who) => {
  const fields = prayerListColumns(who);
  return rowsOf<PrayerRequest>(fields, selectPrayers(db, fields).where(where));
});

/**
 * The list a write puts its request in: the writer's own list (else 404, changing nothing), for a request they wrote.
 * Another reader's lists are their own: a teammate sends back the `null` they see, taken as no change, and a list of
 * theirs is refused like any list that is not the author's.
 */
async function listFor(tx: Tx, listId: number | null | undefined, authorId: number, who: Authority): Promise<number | null | undefined> {
  if (listId === undefined) return undefined;
  if (authorId !== who.userId) {
    if (listId === null) return undefined;
    throw notFound(PRAYER_LIST_NOT_FOUND);
  }
  if (listId !== null) await assertOwnList(tx, listId, who.userId);
  return listId;
}

/** A request about no one person goes into `teamId`'s team when the user may create there (else 403/404), or stays personal. */
function createAboutNoOne<T>(tx: Tx, who: Authority, input: { teamId: number | null; idempotencyKey?: string }, insert: (teamId: number | null) => Promise<T>) {
  return onceForKey(
    tx,
    who.userId,
    input.idempotencyKey,
    input,
    async () => {
      await assertCanCreateIn(tx, input.teamId, who);
      return insert(input.teamId);
    },
    'prayer',
  );
}

/** An answered prayer always has an answer date (now unless given); an unanswered one has none. */
function answerFields(answered: boolean | undefined, answerDate: Date | null | undefined) {
  if (answered === undefined) return { answerDate: answerDate ?? undefined };
  return { answered, answerDate: answered ? (answerDate ?? new Date()) : null };
}

/** One more prayer for the request by `who` (prayerRequests.pray), and the request as it then reads. */
async function prayed(tx: Tx, id: number, who: Authority) {
  const now = Date.now();
  const own = sql`${prayerRequests.createdBy} = ${who.userId}`;
  await prayerRecords.update(
    tx,
    id,
    who,
    {
      prayedCount: sql`${prayerRequests.prayedCount} + 1`,
      lastPrayedAt: sql`case when ${own} then ${now} else ${prayerRequests.lastPrayedAt} end`,
      rotatedAt: sql`case when ${own} then ${now} else ${prayerRequests.rotatedAt} end`,
    },
    canPray,
  );
  // A team request also notes who prayed today (issue 51 §5), once a day a person: the week's count reads these.
  const [{ teamId }] = await tx.select({ teamId: prayerRequests.teamId }).from(prayerRequests).where(eq(prayerRequests.id, id));
  if (teamId !== null) await recordTeamPrayer(tx, id, who.userId, now);
  return prayerRecords.read(tx, id, who);
}

export const prayerRequestsRouter = router({
  list: protectedProcedure
    .input(prayerListInput)
    .output(answer(answers.prayerRequest.array()))
    .query(async ({ ctx, input }) => {
      await assertSpace(ctx.database.read, ctx.authority, input?.team);
      return prayerList.page(ctx.database.read, ctx.authority, input);
    }),

  counts: protectedProcedure
    .input(prayerCountsInput)
    .output(answer(answers.prayerCounts))
    .query(async ({ ctx, input }) => {
      await assertSpace(ctx.database.read, ctx.authority, input?.team);
      const tally = await readableTallies(ctx.database.read, ctx.user.id, ['prayer'], input?.team);
      return { active: tally('prayer', 'active').rows, answered: tally('prayer', 'answered').rows };
    }),

  byId: protectedProcedure
    .input(idInput)
    .output(answer(answers.prayerRequest))
    .query(({ ctx, input }) => prayerRecords.read(ctx.database.read, input.id, ctx.authority)),

  // An outbox replay with the same key answers the first result and creates nothing (decisions 006, 027).
  create: protectedProcedure
    .input(prayerCreateInput)
    .output(answer(answers.prayerRequest))
    .mutation(({ ctx, input }) =>
      ctx.database.write((tx) => {
        const insert = async (teamId: number | null) => {
          const { answered, answerDate, idempotencyKey: _key, listId, ...given } = input;
          const rest = { ...given, contactId: given.contactId ?? null, teamId, listId: await listFor(tx, listId, ctx.user.id, ctx.authority) };
          const [row] = await tx
            .insert(prayerRequests)
            .values({ ...rest, ...prayerKeys(rest), ...answerFields(answered, answerDate), createdBy: ctx.user.id })
            .returning({ id: prayerRequests.id });
          return prayerRecords.read(tx, row.id, ctx.authority);
        };
        const { contactId } = input;
        return contactId == null
          ? createAboutNoOne(tx, ctx.authority, input, insert)
          : createAboutContact(tx, ctx.authority, { ...input, contactId }, 'prayer', insert);
      }),
    ),

  update: protectedProcedure
    .input(prayerUpdateInput)
    .output(answer(answers.prayerRequest))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        const { id, contactId, answered, answerDate, listId, ...changes } = input;
        const stored = await prayerRecords.read(tx, id, ctx.authority);
        if (contactId !== undefined && stored.contactId !== contactId) throw fieldInvalid({ field: 'contactId', message: CONTACT_STAYS });
        // Whether the user may change the request at all comes first: a viewer's list never decides the refusal.
        await prayerRecords.update(tx, id, ctx.authority, {});
        return prayerRecords.updated(tx, id, ctx.authority, {
          ...changes,
          listId: await listFor(tx, listId, stored.createdBy, ctx.authority),
          ...(changes.request === undefined ? {} : prayerKeys({ request: changes.request })),
          ...answerFields(answered, answerDate),
        });
      }),
    ),

  /**
   * One more prayer, counted in SQL so two quick presses never lose one. The author's own prayer also records when, and
   * moves the request to the back of their Pray today rotation; a teammate's leaves the author's rotation alone. Every
   * role of a team may pray for its requests, viewers too (issue 51 §5).
   */
  pray: protectedProcedure
    .input(prayInput)
    .output(answer(answers.prayerRequest))
    .mutation(({ ctx, input }) =>
      ctx.database.write((tx) => onceForKey(tx, ctx.user.id, input.idempotencyKey, input, () => prayed(tx, input.id, ctx.authority), 'pray')),
    ),

  /**
   * A team's good news (issue 51 §5): its latest answered requests, newest answer first, for its dashboard; any of its
   * people may read them, anyone else finds no team. One range of the team's answered index, at most GOOD_NEWS_MOST.
   */
  teamGoodNews: protectedProcedure
    .input(teamGoodNewsInput)
    .output(answer(answers.prayerRequest.array()))
    .query(async ({ ctx, input }) => {
      await assertSpace(ctx.database.read, ctx.authority, input.teamId);
      const fields = prayerListColumns(ctx.authority);
      return rowsOf<PrayerRequest>(
        fields,
        selectPrayers(ctx.database.read, fields)
          .where(and(eq(prayerRequests.teamId, input.teamId), eq(prayerRequests.answered, true)))
          .orderBy(desc(answeredOn), desc(prayerRequests.id))
          .limit(input.limit),
      );
    }),

  /** Pray today: the day's list of the user's own active requests (server/nudges/prayToday.ts), and its length. */
  today: protectedProcedure
    .input(prayTodayInput)
    .output(answer(answers.prayToday))
    .query(async ({ ctx, input }) => {
      const settings = await readSettings(ctx.database.read, ctx.user.id);
      const dayStart = input?.todayStart?.getTime() ?? dayStartIn(Date.now(), settings.timeZone ?? 'UTC');
      const items = await prayTodayList(ctx.database.read, ctx.user.id, dayStart, settings.prayTodayCount);
      return { count: settings.prayTodayCount, items };
    }),

  /** 'Not today': the user's own request leaves today's list for the back of the rotation; anyone else's is not found. */
  notToday: protectedProcedure
    .input(idInput)
    .output(answer(answers.removed))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        if (!(await setAsideToday(tx, ctx.user.id, input.id, Date.now()))) throw notFound(msg('Prayer request not found'));
        return { success: true as const, id: input.id };
      }),
    ),

  /** How many requests the Pray today list holds (Settings of the list itself). */
  setTodayCount: protectedProcedure
    .input(prayTodayCountInput)
    .output(answer(answers.prayTodayCount))
    .mutation(async ({ ctx, input }) => {
      const settings = await ctx.database.write((tx) => writeSettings(tx, ctx.user.id, { prayTodayCount: input.count }));
      return { count: settings.prayTodayCount };
    }),

  markAnswered: protectedProcedure
    .input(idInput)
    .output(answer(answers.prayerRequest))
    .mutation(({ ctx, input }) => ctx.database.write((tx) => prayerRecords.updated(tx, input.id, ctx.authority, { answered: true, answerDate: new Date() }))),

  remove: protectedProcedure
    .input(idInput)
    .output(answer(answers.removed))
    .mutation(({ ctx, input }) => ctx.database.write((tx) => prayerRecords.remove(tx, input.id, ctx.authority))),
});
