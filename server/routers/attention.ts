// Who needs attention (issue 16): the list, snoozing a contact for oneself, and the thresholds by status.
import { and, eq } from 'drizzle-orm';
import { contacts, contactSnoozes } from '../../db/schema';
import { msg } from '../../shared/i18n';
import { defaultAttentionDays } from '../../shared/nudges';
import type { SpiritualStatus } from '../../shared/vocabulary';
import { canRead, notFound } from '../access';
import { attentionPage } from '../nudges/attention';
import { readSettings, writeSettings } from '../nudges/settings';
import { idInput } from '../../shared/schemas/common';
import { attentionDaysInput, attentionListInput, snoozeInput } from '../../shared/schemas/attention';
import { protectedProcedure, router } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { limitOf } from '../queries/paging';
import type { Tx } from '../../db/client';
import type { Authority } from '../access';

const CONTACT_NOT_FOUND = msg('Contact not found');

/** A contact the user may read, checked inside the write; anything else is the same 404 every contact route answers. */
async function assertReadableContact(tx: Tx, contactId: number, who: Authority) {
  const [row] = await tx
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), canRead(contacts, who)));
  if (!row) throw notFound(CONTACT_NOT_FOUND);
}

export const attentionRouter = router({
  /**
   * The user's own contacts that need attention now, most overdue first; `cursor` is the last contact id received.
   * Team contacts are on their creator's list only, so a team's person is nudged to one person, not to all.
   */
  list: protectedProcedure
    .input(attentionListInput)
    .output(answer(answers.attentionItem.array()))
    .query(async ({ ctx, input }) => {
      const { attentionDays } = await readSettings(ctx.database.read, ctx.user.id);
      const items = await attentionPage(ctx.database.read, ctx.user.id, attentionDays, Date.now(), { cursor: input?.cursor, limit: limitOf(input) });
      return items.map(({ contactId, ...item }) => ({ id: contactId, ...item }));
    }),

  /** Puts a readable contact off the user's own list until `until` (replacing an earlier snooze). */
  snooze: protectedProcedure
    .input(snoozeInput)
    .output(answer(answers.snoozed))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        await assertReadableContact(tx, input.id, ctx.authority);
        await tx
          .insert(contactSnoozes)
          .values({ userId: ctx.user.id, contactId: input.id, until: input.until })
          .onConflictDoUpdate({ target: [contactSnoozes.userId, contactSnoozes.contactId], set: { until: input.until } });
        return { contactId: input.id, until: input.until };
      }),
    ),

  /** Ends the user's snooze of a readable contact (none is fine: the answer is the same). */
  unsnooze: protectedProcedure
    .input(idInput)
    .output(answer(answers.removed))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        await assertReadableContact(tx, input.id, ctx.authority);
        await tx.delete(contactSnoozes).where(and(eq(contactSnoozes.userId, ctx.user.id), eq(contactSnoozes.contactId, input.id)));
        return { success: true as const, id: input.id };
      }),
    ),

  /** The thresholds in days, by status (defaults where the user set none). */
  settings: protectedProcedure.output(answer(answers.attentionDays)).query(async ({ ctx }) => {
    const settings = await readSettings(ctx.database.read, ctx.user.id);
    return { days: settings.attentionDays, datesAheadDays: settings.datesAheadDays };
  }),

  /** Sets some thresholds (the others keep theirs) and, when given, the days ahead of important dates. */
  updateSettings: protectedProcedure
    .input(attentionDaysInput)
    .output(answer(answers.attentionDays))
    .mutation(async ({ ctx, input }) => {
      const settings = await ctx.database.write(async (tx) => {
        const before = await readSettings(tx, ctx.user.id);
        // Only the thresholds that differ from the defaults are kept, so a reset (the defaults sent) leaves none.
        const merged = { ...before.attentionDays, ...input.days };
        const own = Object.fromEntries(Object.entries(merged).filter(([status, days]) => defaultAttentionDays[status as SpiritualStatus] !== days));
        const datesAhead = input.datesAheadDays === undefined ? {} : { datesAheadDays: input.datesAheadDays };
        return writeSettings(tx, ctx.user.id, { attentionDays: Object.keys(own).length ? own : null, ...datesAhead });
      });
      return { days: settings.attentionDays, datesAheadDays: settings.datesAheadDays };
    }),
});
