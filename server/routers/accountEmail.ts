// The account's email address (issue 27): a new confirmation link asked for in Settings, and a link's use, which needs
// no session (the token is the credential; the person may open the email on another device).
import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { msg } from '../../shared/i18n';
import { resendConfirmation, useConfirmationToken } from '../nudges/confirmation';
import { CONFIRMATION_LINK_REFUSED, confirmEmailInput } from '../../shared/schemas/account';
import { publicProcedure, router, signedInProcedure } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';

export const accountEmailRouter = router({
  /** 409 when email is not set up or the address is confirmed already; 429 past the limits (server/nudges/confirmation.ts). */
  sendConfirmation: signedInProcedure.output(answer(answers.done)).mutation(async ({ ctx }) => {
    if (!ctx.reminders.mailer)
      throw new TRPCError({ code: 'CONFLICT', message: msg('Email is not set up on this server, so Sower cannot send a confirmation link.') });
    const [user] = await ctx.database.read.select({ email: users.email, confirmed: users.emailConfirmed }).from(users).where(eq(users.id, ctx.user.id));
    const alreadyConfirmed = new TRPCError({ code: 'CONFLICT', message: msg('Your email address is already confirmed.') });
    if (!user || user.confirmed) throw alreadyConfirmed;
    if (!(await resendConfirmation(ctx, ctx.user.id, user.email, ctx.setHeader))) throw alreadyConfirmed;
    return { success: true as const };
  }),

  /** Used, expired, replaced, wrong and malformed tokens all answer the same 400. */
  confirm: publicProcedure
    .input(confirmEmailInput)
    .output(answer(answers.done))
    .mutation(async ({ ctx, input }) => {
      if (!(await useConfirmationToken(ctx.database, input.token))) throw new TRPCError({ code: 'BAD_REQUEST', message: CONFIRMATION_LINK_REFUSED });
      return { success: true as const };
    }),
});
