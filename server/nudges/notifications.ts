// Notifications leaving the server (issue 51 §3): each one by push once (notifications.sent_at), and the day's unread ones
// in the daily digest, by the user's choice per kind (user_settings.notification_choices: a kind not named arrives by
// both). With discreet mode on, what leaves says only how many, never a name or a word of a comment.
import { and, asc, eq, gt, gte, inArray, isNull, lte, max } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/client';
import { notifications, users } from '../../db/schema';
import { isLocale, sourceLocale, type Locale } from '../../shared/i18n';
import { msg } from '../../shared/i18n';
import { DISCREET_NOTIFICATION_ICON } from '../../shared/discreet';
import { notificationKinds, type NotificationKind } from '../../shared/vocabulary';
import { decidedInSql } from '../access';
import { notificationText, selectNotifications } from '../queries/notifications';
import { translate } from '../i18n';
import type { PushMessage } from './push';
import { readSettings, type UserSettings } from './settings';

/** One tag for every notification push: a newer one replaces the one before on a device. */
export const NOTIFICATION_TAG = 'sower-notifications';
/** Notifications pushed per pass: the rest wait for the next tick. */
const PUSH_BATCH = 200;
/** A notification older than this when first seen (written while pushes were off) is not pushed late. */
const PUSH_FRESH_MS = 24 * 60 * 60_000;
/** How far back the digest looks for unread notifications: the day since the last one. */
const DIGEST_WINDOW_MS = 24 * 60 * 60_000;

export type Choices = Record<NotificationKind, { push: boolean; digest: boolean }>;

/** The user's choices, every kind filled in (a kind not named: both on). */
export function choicesOf(settings: Pick<UserSettings, 'notificationChoices'>): Choices {
  return Object.fromEntries(
    notificationKinds.map((kind) => [
      kind,
      { push: settings.notificationChoices?.[kind]?.push ?? true, digest: settings.notificationChoices?.[kind]?.digest ?? true },
    ]),
  ) as Choices;
}

const DISCREET_LINE = msg('{count, plural, one {# new notification} other {# new notifications}}');

/** The push of a user's new notifications: one says itself and opens its contact; several are counted. */
export function notificationPush(locale: Locale, discreet: boolean, items: { text: string; contactId: number | null }[]): PushMessage {
  const count = items.length;
  const counted = translate(locale, DISCREET_LINE, { count });
  if (discreet) return { title: translate(locale, 'Reminder'), body: counted, url: '/notifications', tag: NOTIFICATION_TAG, icon: DISCREET_NOTIFICATION_ICON };
  if (count === 1)
    return { title: 'Sower', body: items[0].text, url: items[0].contactId ? `/contacts/${items[0].contactId}` : '/notifications', tag: NOTIFICATION_TAG };
  return { title: counted, body: items.map((item) => item.text).join('\n'), url: '/notifications', tag: NOTIFICATION_TAG };
}

/**
 * The pusher of notifications: each pass takes the notifications nobody has sent yet (walking the primary key from
 * where the last pass ended), claims them by marking them sent where still unsent before it pushes (once, never twice,
 * even under two passes at once: a failed push is not retried), and pushes each user's wanted ones as one message.
 */
export function notificationPusher(database: Database, push: (userId: number, message: PushMessage) => Promise<unknown>, clock: () => number = Date.now) {
  let after = 0;
  return async function pushPending(): Promise<number> {
    // Up to the newest id now (one seek): a pass that finds nothing moves past it, so the next walks only newer rows.
    const [{ newest }] = await database.read.select({ newest: max(notifications.id) }).from(notifications);
    if (newest === null || newest <= after) return 0;
    const pending = await database.read
      .select({ id: notifications.id, userId: notifications.userId, createdAt: notifications.createdAt })
      .from(notifications)
      .where(and(gt(notifications.id, after), lte(notifications.id, newest), isNull(notifications.sentAt)))
      .orderBy(asc(notifications.id))
      .limit(PUSH_BATCH);
    after = pending.length < PUSH_BATCH ? newest : pending[pending.length - 1].id;
    if (!pending.length) return 0;
    const now = clock();
    // The claim: only rows still unsent, answered back. Another pass reading the same rows at the same moment (a
    // process whose lease ran out mid-pass, two processes on one file) finds them taken and pushes none of them.
    const claimed = await database.write((tx) =>
      tx
        .update(notifications)
        .set({ sentAt: new Date(now) })
        .where(
          and(
            inArray(
              notifications.id,
              pending.map((row) => row.id),
            ),
            isNull(notifications.sentAt),
          ),
        )
        .returning({ id: notifications.id }),
    );
    const ours = new Set(claimed.map((row) => row.id));
    const byUser = new Map<number, number[]>();
    for (const row of pending)
      if (ours.has(row.id) && now - row.createdAt.getTime() < PUSH_FRESH_MS) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.id]);
    let pushed = 0;
    for (const [userId, ids] of byUser) {
      const settings = await readSettings(database.read, userId);
      const choices = choicesOf(settings);
      const locale = await localeOf(database.read, userId);
      // Only those the user may still see (a contact they read), of kinds they want pushed.
      const rows = await selectNotifications(database.read, decidedInSql(userId), userId, inArray(notifications.id, ids));
      const wanted = rows.filter((row) => choices[row.kind].push);
      if (!wanted.length) continue;
      await push(
        userId,
        notificationPush(
          locale,
          settings.discreet,
          wanted.map((row) => ({ text: notificationText(locale, row), contactId: row.contactId })),
        ),
      );
      pushed += wanted.length;
    }
    return pushed;
  };
}

async function localeOf(db: Queryable, userId: number): Promise<Locale> {
  const [row] = await db.select({ language: users.language }).from(users).where(eq(users.id, userId));
  return row && isLocale(row.language) ? row.language : sourceLocale;
}

/** The digest's notifications: the day's unread ones the user may see, of kinds they want in it, said in their language. */
export async function notificationsForDigest(db: Queryable, userId: number, locale: Locale, settings: Pick<UserSettings, 'notificationChoices'>, now: number) {
  const choices = choicesOf(settings);
  const rows = await selectNotifications(
    db,
    decidedInSql(userId),
    userId,
    and(isNull(notifications.readAt), gte(notifications.createdAt, new Date(now - DIGEST_WINDOW_MS))),
  ).limit(100);
  const wanted = rows.filter((row) => choices[row.kind].digest);
  return { total: wanted.length, lines: wanted.map((row) => notificationText(locale, row)) };
}
