// Settings → Reminders: the daily digest's hour, time zone, channels and contents (issue 16).
import { remindersUpdateInput } from '../../shared/schemas/reminders';
import { readSettings, writeSettings, type UserSettings } from '../nudges/settings';
import { nextDigestAt } from '../nudges/schedule';
import { protectedProcedure, router, type Context } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';

/** The settings as the client reads them, with what this server can deliver. */
function remindersView(settings: UserSettings, ctx: Context) {
  return {
    remindersOn: settings.remindersOn,
    hour: settings.reminderHour,
    timeZone: settings.timeZone,
    byEmail: settings.byEmail,
    byPush: settings.byPush,
    includeFollowUps: settings.includeFollowUps,
    includeAttention: settings.includeAttention,
    includePrayers: settings.includePrayers,
    discreet: settings.discreet,
    /** False without SMTP_URL: email reminders are off on this server, and Settings says so. */
    emailAvailable: ctx.reminders.emailAvailable,
    nextDigestAt: settings.nextDigestAt,
  };
}

export const remindersRouter = router({
  get: protectedProcedure.output(answer(answers.reminders)).query(async ({ ctx }) => remindersView(await readSettings(ctx.database.read, ctx.user.id), ctx)),

  /** Turning reminders on needs a time zone (given now or before); the next digest is due at the next such hour there. */
  update: protectedProcedure
    .input(remindersUpdateInput)
    .output(answer(answers.reminders))
    .mutation(async ({ ctx, input }) => {
      const { hour, ...rest } = input;
      const settings = await ctx.database.write(async (tx) => {
        const before = await readSettings(tx, ctx.user.id);
        const next = { ...before, ...rest, reminderHour: hour ?? before.reminderHour };
        const timeZone = next.timeZone ?? 'UTC';
        const due = next.remindersOn ? nextDigestAt(Date.now(), next.reminderHour, timeZone) : null;
        return writeSettings(tx, ctx.user.id, {
          ...rest,
          ...(hour === undefined ? {} : { reminderHour: hour }),
          timeZone: next.timeZone ?? timeZone,
          nextDigestAt: due,
        });
      });
      return remindersView(settings, ctx);
    }),
});
