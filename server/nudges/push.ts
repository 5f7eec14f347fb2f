// Web Push (issue 16): which endpoints a subscription may name, keeping each browser's subscription, and sending a
// short message to every device of a user, signed with this server's VAPID keys and encrypted for each device.
//
// An endpoint is a URL this server will POST to, so a subscription is a way to make the server send requests: only
// https, only the known push services' hosts (and those the operator names in PUSH_ALLOWED_HOSTS), never a redirect
// (a 3xx counts as a failure), and a deadline on each whole request.
import { createPublicKey } from 'node:crypto';
import type { OutgoingHttpHeaders } from 'node:http';
import { request } from 'node:https';
import { isIP } from 'node:net';
import { and, asc, eq, inArray } from 'drizzle-orm';
import webPush from 'web-push';
import type { Database } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import type { ReminderServices } from './delivery';

/** The push services of today's browsers: Chrome, Edge and Android (FCM), Firefox (Mozilla), Safari (Apple), Windows. */
const KNOWN_HOSTS = new Set(['fcm.googleapis.com', 'updates.push.services.mozilla.com']);
const KNOWN_HOST_SUFFIXES = ['.push.apple.com', '.notify.windows.com'];

/** A user's devices kept at most; a new one past this drops the one subscribed longest ago. */
export const SUBSCRIPTIONS_PER_USER = 20;

/** How long a push service keeps a message for a device that is off: a daily digest older than this is stale. */
const TTL_SECONDS = 12 * 60 * 60;
/**
 * How long one push request may take from start to the push service's status line (connection, TLS, request, answer).
 * A deadline for the whole request, not an idle timeout: a service that trickles its answer a byte at a time is cut off
 * all the same. Push services answer in well under a second; a digest is not worth holding a slot longer than this.
 */
const PUSH_TIMEOUT_MS = 10_000;

/**
 * Whether the server may send to this endpoint: https on the default port to a known push service, or https on any
 * port to a host the operator allowed (PUSH_ALLOWED_HOSTS: a self-hosted service, or a test's stub). An address
 * (169.254.169.254, 10.0.0.1, [::1]) is never allowed unless named there.
 */
export function isAllowedEndpoint(endpoint: string, allowedHosts: readonly string[]): boolean {
  if (!URL.canParse(endpoint)) return false;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' || url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (allowedHosts.includes(host)) return true;
  if (url.port !== '' || isIP(host.replace(/^\[|\]$/g, '')) !== 0) return false;
  return KNOWN_HOSTS.has(host) || KNOWN_HOST_SUFFIXES.some((suffix) => host.endsWith(suffix) && host.length > suffix.length);
}

/** Whether the base64url text is an uncompressed point on P-256 (a browser's p256dh key). */
export function isP256Point(p256dh: string): boolean {
  const point = Buffer.from(p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return false;
  try {
    createPublicKey({
      key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33).toString('base64url') },
      format: 'jwk',
    });
    return true;
  } catch {
    return false;
  }
}

/** Keys are kept unpadded, as browsers give them. */
const unpadded = (key: string) => key.replace(/=+$/, '');

/**
 * Keeps this browser's subscription for the user. An endpoint belongs to one browser: held by another account, it
 * moves to this one (the browser is now signed in here). Past SUBSCRIPTIONS_PER_USER, the oldest are dropped.
 */
export async function saveSubscription(database: Database, userId: number, subscription: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  const values = { userId, endpoint: subscription.endpoint, p256dh: unpadded(subscription.keys.p256dh), auth: unpadded(subscription.keys.auth) };
  await database.write(async (tx) => {
    await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { userId, p256dh: values.p256dh, auth: values.auth, createdAt: new Date() } });
    const all = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
    const surplus = all.slice(0, Math.max(0, all.length - SUBSCRIPTIONS_PER_USER)).map((row) => row.id);
    if (surplus.length) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, surplus));
  });
}

/** Forgets this user's subscription with the endpoint; another user's is left alone. True when one was removed. */
export async function removeSubscription(database: Database, userId: number, endpoint: string) {
  const removed = await database.write((tx) =>
    tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
      .returning({ id: pushSubscriptions.id }),
  );
  return removed.length > 0;
}

export interface PushMessage {
  title: string;
  body: string;
  /** A path of this app ('/follow-ups'): where tapping the notification leads. */
  url: string;
  /** One notification per tag on a device: a newer digest replaces the one before. */
  tag: string;
  /** A path of this app's: the notification's icon and badge instead of Sower's (a discreet digest's). */
  icon?: string;
}

/** The path itself when it is one of this app's own ('/x', not '//host' or 'https://…'), else the app's start. */
export function samePath(url: string): string {
  return /^\/(?![/\\])/.test(url) && !/[\s\\]/.test(url) ? url : '/';
}

/** What became of one device's push. */
type DeviceOutcome = 'sent' | 'gone' | 'failed' | 'skipped';

/**
 * Sends the message to every device of the user, all at once (one device that hangs holds no other), and answers how
 * many took it, how many subscriptions the push service said are gone (404, 410) and were removed, and how many failed
 * (no answer within the deadline, a network error, any other status). Failures are counted, never thrown, so one
 * broken device does not stop the digest's other channels. An endpoint no longer allowed (the configuration changed)
 * is skipped and counts as none of these.
 */
export async function pushToUser(
  database: Database,
  services: ReminderServices,
  subject: string,
  userId: number,
  message: PushMessage,
  options: { timeoutMs?: number } = {},
): Promise<{ sent: number; removed: number; failed: number }> {
  const devices = await database.read
    .select({ id: pushSubscriptions.id, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .limit(SUBSCRIPTIONS_PER_USER);
  if (!devices.length) return { sent: 0, removed: 0, failed: 0 };
  const keys = await services.vapidKeys();
  const payload = JSON.stringify({
    title: message.title.slice(0, 200),
    body: message.body.slice(0, 1000),
    url: samePath(message.url),
    tag: message.tag.slice(0, 64),
    ...(message.icon ? { icon: samePath(message.icon) } : {}),
  });
  const allowed = services.pushAllowedHosts;
  // A push service keeps one waiting message per topic and device: a newer one with the same tag replaces it.
  const topic = message.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined;
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;

  const results = await Promise.all(
    devices.map(async (device): Promise<DeviceOutcome> => {
      if (!isAllowedEndpoint(device.endpoint, allowed)) return 'skipped';
      try {
        // web-push signs (VAPID) and encrypts (aes128gcm); the request itself is sent here, under one deadline.
        const details = webPush.generateRequestDetails({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, payload, {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          contentEncoding: 'aes128gcm',
          TTL: TTL_SECONDS,
          urgency: 'normal',
          topic,
        });
        const status = await postWithin(details.endpoint, details.method, details.headers, details.body, timeoutMs);
        if (status >= 200 && status < 300) return 'sent';
        return status === 404 || status === 410 ? 'gone' : 'failed';
      } catch {
        return 'failed';
      }
    }),
  );

  const gone = devices.filter((_, index) => results[index] === 'gone').map((device) => device.id);
  if (gone.length) {
    // Only the rows read above, and only while they still name the same endpoint for this user.
    await database.write((tx) => tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), inArray(pushSubscriptions.id, gone))));
  }
  const counted = (outcome: DeviceOutcome) => results.filter((r) => r === outcome).length;
  return { sent: counted('sent'), removed: gone.length, failed: counted('failed') };
}

/**
 * The scheduler's push sender (server/nudges/scheduler.ts PushSender) as serve.ts hands it over: pushToUser with this
 * process's services and VAPID subject. The notification tests use the same one against their push-service stub.
 */
export function pushSender(database: Database, services: ReminderServices, subject: string) {
  return (userId: number, message: PushMessage) => pushToUser(database, services, subject, userId, message);
}

/**
 * POSTs the request and answers the status of the push service's answer, or throws when no status line came within
 * `timeoutMs` of the start. The answer's body is never read (a push service says all in its status); the abort signal
 * also ends a body that keeps coming after the status, so no socket outlives the deadline.
 */
function postWithin(endpoint: string, method: string, headers: OutgoingHttpHeaders, body: Buffer | null, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const outgoing = request(endpoint, { method, headers, signal: AbortSignal.timeout(timeoutMs) }, (answer) => {
      resolve(answer.statusCode ?? 0);
      answer.resume();
      answer.on('error', () => undefined);
    });
    outgoing.on('error', reject);
    outgoing.end(body ?? undefined);
  });
}
