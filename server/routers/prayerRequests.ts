// Prayer requests: the prayer journal, with a prayed counter and answered prayers.
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import { contacts, prayerRequests } from '../../db/schema';
import { assertSpace, canPray, notFound, readableContactName, type Who } from '../access';
import { CONTACT_STAYS, idInput } from '../../shared/schemas/common';
import { fieldInvalid } from '../errors';
import { prayerCountsInput, prayerCreateInput, prayerListInput, prayerUpdateInput } from '../../shared/schemas/prayerRequests';
import { protectedProcedure, router } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { definePagedList } from '../queries/paging';
import { recordsOf } from '../queries/records';
import { createAboutContact } from '../domain/contactTeam';
import { readableTallies } from '../queries/tallies';
import { msg } from '../../shared/i18n';
import { dayStartIn, prayTodayList, setAsideToday } from '../nudges/prayToday';
import { readSettings, writeSettings } from '../nudges/settings';
import { prayTodayCountInput, prayTodayInput } from '../../shared/schemas/prayToday';
import { prayerKeys } from '../queries/searchKeys';

/** When a prayer was answered, its request date standing in for a missing answer date; indexed in this form. */
const answeredOn = sql`coalesce(${prayerRequests.answerDate}, ${prayerRequests.date})`;

/** A prayer request with its contact's name (when the reader may read the contact), as every list shows it. */
export const prayerListColumns = (who: Who) => answers.prayerRequestRow.select({ contactName: readableContactName(who) });

function selectPrayers(db: Queryable, who: Who) {
  return db.select(prayerListColumns(who)).from(prayerRequests).innerJoin(contacts, eq(contacts.id, prayerRequests.contactId));
}

/** Newest first by date, `answered` narrowing to one tab; or one `section` (tab) in the screen's order. */
export const prayerList = definePagedList<NonNullable<z.infer<typeof prayerListInput>>>()({
  table: prayerRequests,
  fields: prayerListColumns,
  select: (db, fields) => db.select(fields).from(prayerRequests).innerJoin(contacts, eq(contacts.id, prayerRequests.contactId)),
  values: ['answered'],
  filters: (input) => {
    const answered = input.section ? input.section === 'answered' : input.answered;
    return [answered === undefined ? undefined : eq(prayerRequests.answered, answered)];
  },
  // SPEC: answered prayers by answer date (else date), newest first; everything else by date.
  order: (input) => ({ key: input.section === 'answered' ? answeredOn : prayerRequests.date, direction: 'desc' }),
});

const prayerRecords = recordsOf(prayerRequests, msg('Prayer request not found'), (db, where, who) => selectPrayers(db, who).where(where));

/** An answered prayer always has an answer date (now unless given); an unanswered one has none. */
function answerFields(answered: boolean | undefined, answerDate: Date | null | undefined) {
  if (answered === undefined) return { answerDate: answerDate ?? undefined };
  return { answered, answerDate: answered ? (answerDate ?? new Date()) : null };
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
      ctx.database.write((tx) =>
        createAboutContact(tx, ctx.authority, input, 'prayer', async (teamId) => {
          const { answered, answerDate, idempotencyKey: _key, ...given } = input;
          const rest = { ...given, teamId };
          const [row] = await tx
            .insert(prayerRequests)
            .values({ ...rest, ...prayerKeys(rest), ...answerFields(answered, answerDate), createdBy: ctx.user.id })
            .returning({ id: prayerRequests.id });
          return prayerRecords.read(tx, row.id, ctx.authority);
        }),
      ),
    ),

  update: protectedProcedure
    .input(prayerUpdateInput)
    .output(answer(answers.prayerRequest))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        const { id, contactId, answered, answerDate, ...changes } = input;
        if (contactId !== undefined && (await prayerRecords.read(tx, id, ctx.authority)).contactId !== contactId)
          throw fieldInvalid({ field: 'contactId', message: CONTACT_STAYS });
        return prayerRecords.updated(tx, id, ctx.authority, {
          ...changes,
          ...(changes.request === undefined ? {} : prayerKeys({ request: changes.request })),
          ...answerFields(answered, answerDate),
        });
      }),
    ),

  /**
   * One more prayer, counted in SQL so two quick presses never lose one. The author's own prayer also records when, and
   * moves the request to the back of their Pray today rotation; a teammate's leaves the author's rotation alone.
   */
  pray: protectedProcedure
    .input(idInput)
    .output(answer(answers.prayerRequest))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        const now = Date.now();
        const own = sql`${prayerRequests.createdBy} = ${ctx.user.id}`;
        return prayerRecords.updated(
          tx,
          input.id,
          ctx.authority,
          {
            prayedCount: sql`${prayerRequests.prayedCount} + 1`,
            lastPrayedAt: sql`case when ${own} then ${now} else ${prayerRequests.lastPrayedAt} end`,
            rotatedAt: sql`case when ${own} then ${now} else ${prayerRequests.rotatedAt} end`,
          },
          canPray,
        );
      }),
    ),

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
