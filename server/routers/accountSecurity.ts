// The account's sessions and security log (issue 33): every signed-in session with its device, created and last seen,
// ended one at a time or all but this one; and what happened to the account in the last 90 days.
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { msg } from '../../shared/i18n';
import { describeDevice } from '../security/device';
import { readSecurityLog, recordSecurityEvent } from '../security/securityLog';
import { signedInProcedure, router } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';

/** A session's handle, the `id` the list gives (22 characters of base64url); anything longer cannot name one. */
const endSessionInput = z.object({ handle: z.string().max(64, msg('Session not found')) });
const SESSION_NOT_FOUND = msg('Session not found');

export const accountSessionsRouter = router({
  /** Newest first; `current` marks the session asking. No session's id (its secret) is in the answer. */
  list: signedInProcedure.output(answer(answers.sessionList)).query(async ({ ctx }) => {
    const rows = await ctx.auth.listSessions(ctx.user.id);
    return rows.map((row) => ({
      id: row.handle,
      current: row.handle === ctx.session?.handle,
      device: describeDevice(ctx.locale, row.device),
      createdAt: row.createdAt,
      lastSeenAt: row.lastSeenAt,
    }));
  }),

  /** 404 for a handle that is not one of the user's sessions (another person's too). Ending this one signs out here. */
  end: signedInProcedure
    .input(endSessionInput)
    .output(answer(answers.done))
    .mutation(async ({ ctx, input }) => {
      if (!(await ctx.auth.endSession(ctx.user.id, input.handle))) throw new TRPCError({ code: 'NOT_FOUND', message: SESSION_NOT_FOUND });
      await ctx.database.write((tx) => recordSecurityEvent(tx, ctx.user.id, 'session-ended', ctx.userAgent));
      if (input.handle === ctx.session?.handle) ctx.setCookie(ctx.auth.blankSessionCookie(ctx.secure));
      return { success: true as const };
    }),

  /** Every session of the user but the one asking. */
  endOthers: signedInProcedure.output(answer(answers.sessionsEnded)).mutation(async ({ ctx }) => {
    const ended = ctx.session ? await ctx.auth.invalidateOtherSessions(ctx.user.id, ctx.session.id) : 0;
    await ctx.database.write((tx) => recordSecurityEvent(tx, ctx.user.id, 'other-sessions-ended', ctx.userAgent));
    return { ended };
  }),
});

/** The last 90 days, newest first (at most SECURITY_LOG_MOST entries); `count` is more than 1 only for failed sign-ins. */
export const securityLogProcedure = signedInProcedure.output(answer(answers.securityLog)).query(async ({ ctx }) => {
  const rows = await readSecurityLog(ctx.database, ctx.user.id);
  return rows.map((row) => ({ event: row.event, at: row.at, device: describeDevice(ctx.locale, row.device), count: row.count }));
});
