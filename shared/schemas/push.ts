// Inputs of Web Push subscriptions (issue 16: POST/DELETE /api/push/subscriptions). Which hosts an endpoint may name is
// the server's configuration, checked in server/nudges/push.ts; here only the shapes a browser's subscription has.
import { z } from 'zod';
import { msg } from '../i18n';

/** Real endpoints are a few hundred characters (Windows' the longest); the bound keeps stored rows and logs small. */
export const ENDPOINT_MAX = 2048;

const ENDPOINT_INVALID = msg('The push endpoint must be an https URL of a push service');

export const endpointInput = z
  .string({ error: ENDPOINT_INVALID })
  .max(ENDPOINT_MAX, ENDPOINT_INVALID)
  // The exact text a browser's PushSubscription gives: a URL that is already in its normal form, over https.
  .refine((text) => URL.canParse(text) && new URL(text).href === text && new URL(text).protocol === 'https:', ENDPOINT_INVALID);

/**
 * base64url of an uncompressed P-256 point (65 bytes, first 0x04, so its text starts with 'B') and of a 16-byte secret,
 * with or without padding. Whether the point lies on the curve is checked on the server (server/nudges/push.ts).
 */
const P256DH = /^B[A-Za-z0-9_-]{86}=?$/;
const AUTH = /^[A-Za-z0-9_-]{22}(==)?$/;

export const subscribeInput = z.strictObject({
  endpoint: endpointInput,
  keys: z.strictObject({
    p256dh: z
      .string({ error: msg('The p256dh key must be a P-256 public key in base64url') })
      .regex(P256DH, msg('The p256dh key must be a P-256 public key in base64url')),
    auth: z.string({ error: msg('The auth secret must be 16 bytes in base64url') }).regex(AUTH, msg('The auth secret must be 16 bytes in base64url')),
  }),
  // A browser's PushSubscription.toJSON() also gives expirationTime (null from every browser today): taken, and not kept.
  expirationTime: z.number().nullable().optional(),
});

export const unsubscribeInput = z.strictObject({ endpoint: z.string({ error: ENDPOINT_INVALID }).max(ENDPOINT_MAX, ENDPOINT_INVALID) });
