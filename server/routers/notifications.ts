// The notifications inbox (issue 51 §3): what the reader was told, newest first, and the bell's unread count.
import { protectedProcedure, router } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';
import { markRead } from '../domain/notifications';
import { INBOX_LISTED, inboxItem, selectNotifications, unreadCount } from '../queries/notifications';
import { notificationChoicesInput, notificationsReadInput } from '../../shared/schemas/comments';
import { choicesOf } from '../nudges/notifications';
import { readSettings, writeSettings } from '../nudges/settings';

export const notificationsRouter = router({
  /**
   * The newest INBOX_LISTED (50) notifications the reader may see, and how many of all they keep (at most 500) are
   * unread. One about a contact they can no longer read is neither listed nor counted.
   */
  inbox: protectedProcedure.output(answer(answers.notificationInbox)).query(async ({ ctx }) => {
    const rows = await selectNotifications(ctx.database.read, ctx.authority, ctx.user.id).limit(INBOX_LISTED);
    return { items: rows.map((row) => inboxItem(ctx.locale, row)), unread: await unreadCount(ctx.database.read, ctx.authority, ctx.user.id) };
  }),

  /** Marks the reader's notifications read: those `ids` names (others' ids change nothing), or without ids every one. */
  markRead: protectedProcedure
    .input(notificationsReadInput)
    .output(answer(answers.notificationsMarked))
    .mutation(async ({ ctx, input }) => {
      await ctx.database.write((tx) => markRead(tx, ctx.user.id, input?.ids));
      return { unread: await unreadCount(ctx.database.read, ctx.authority, ctx.user.id) };
    }),

  /** Which kinds also arrive by push and in the daily digest: every kind, on unless the user turned it off. */
  choices: protectedProcedure
    .output(answer(answers.notificationChoices))
    .query(async ({ ctx }) => ({ choices: choicesOf(await readSettings(ctx.database.read, ctx.user.id)) })),

  /** Changes the choices of the kinds named; the others stay as they were. */
  setChoices: protectedProcedure
    .input(notificationChoicesInput)
    .output(answer(answers.notificationChoices))
    .mutation(({ ctx, input }) =>
      ctx.database.write(async (tx) => {
        const before = choicesOf(await readSettings(tx, ctx.user.id));
        const settings = await writeSettings(tx, ctx.user.id, { notificationChoices: { ...before, ...input.choices } });
        return { choices: choicesOf(settings) };
      }),
    ),
});
