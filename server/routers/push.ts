// Web Push subscriptions (issue 16): the key browsers subscribe with, and each device's subscription kept or forgotten.
import { msg } from '../../shared/i18n';
import { fieldInvalid } from '../errors';
import { isAllowedEndpoint, isP256Point, removeSubscription, saveSubscription } from '../nudges/push';
import { subscribeInput, unsubscribeInput } from '../../shared/schemas/push';
import { protectedProcedure, router } from '../trpc';
import { answer } from '../answers';
import * as answers from '../schemas/answers';

export const pushRouter = router({
  /** The VAPID public key, the `applicationServerKey` of `pushManager.subscribe`. */
  publicKey: protectedProcedure.output(answer(answers.vapidPublicKey)).query(async ({ ctx }) => ({ publicKey: (await ctx.reminders.vapidKeys()).publicKey })),

  /** Keeps this browser's subscription; the server will POST to its endpoint, so only a push service's is taken. */
  subscribe: protectedProcedure
    .input(subscribeInput)
    .output(answer(answers.done))
    .mutation(async ({ ctx, input }) => {
      if (!isAllowedEndpoint(input.endpoint, ctx.reminders.pushAllowedHosts))
        throw fieldInvalid({ field: 'endpoint', message: msg('The push endpoint must be an https URL of a push service') });
      if (!isP256Point(input.keys.p256dh)) throw fieldInvalid({ field: 'keys.p256dh', message: msg('The p256dh key must be a P-256 public key in base64url') });
      await saveSubscription(ctx.database, ctx.user.id, input);
      return { success: true as const };
    }),

  /** Forgets this user's subscription with the endpoint; one that is not theirs (or none) changes nothing. */
  unsubscribe: protectedProcedure
    .input(unsubscribeInput)
    .output(answer(answers.done))
    .mutation(async ({ ctx, input }) => {
      await removeSubscription(ctx.database, ctx.user.id, input.endpoint);
      return { success: true as const };
    }),
});
