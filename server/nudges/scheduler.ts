// The reminder scheduler: inside the one server process, a timer that sends each user's daily digest at most once per
// local day. Among several processes on one database only the holder of the 'reminders' lease sends. Each digest is
// claimed in digest_sends before it goes out and counts as done only once that row says 'sent'.
//
// Catch-up: a digest that fell due while no process ran goes out on the first tick after the start, as the digest of
// the user's local day *at that moment*; today's row then stops the regular hour from sending a second one that day.
// A catch-up before today's hour is therefore today's digest, sent early. A day with nothing to remind is recorded
// ('sent', 0 reminders) and sends nothing.
//
// Digests go out side by side, a few at a time (DIGESTS_AT_ONCE): each delivery has its own deadline (push.ts,
// email.ts), and a push service or SMTP server that hangs for one user holds that user's slot only, not everyone's.
// Email goes only to an address its owner confirmed (server/nudges/confirmation.ts); push to the user's own devices
// needs no such proof.
import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, lte, or } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { digestSends, leases, users, userSettings } from '../../db/schema';
import { isLocale, sourceLocale } from '../../shared/i18n';
import { createLimiter } from '../queries/limiter';
import { nextTurn } from '../queries/turns';
import { composeDigest, reminderCount, type PushMessage } from './digest';
import { digestMessageId, unsubscribeTokenOf, unsubscribeUrlOf, type Mailer } from './email';
import { gatherDigest, type DigestSources } from './gather';
import { localDay, nextDigestAt } from './schedule';
import { notificationPusher, notificationsForDigest } from './notifications';

/** Pushes to each of the user's devices: how many took it, were gone (removed) and failed (retried later if none took it). */
export type PushSender = (userId: number, message: PushMessage) => Promise<{ sent: number; removed: number; failed: number }>;

export interface SchedulerOptions {
  database: Database;
  tickSeconds: number;
  /** The app's address for links (PUBLIC_URL, else http://localhost:PORT), without a trailing slash. */
  baseUrl: string;
  /** Null: email is off on this server. */
  mailer: Mailer | null;
  sources: DigestSources;
  /** Delivers a notification to each of the user's devices (server/nudges/push.ts); absent: no push. */
  push?: PushSender;
  log?: (line: Record<string, unknown>) => void;
  /** The clock (tests move it). */
  now?: () => number;
  /** Users read per batch (each batch in its own turn of the event loop). */
  batchSize?: number;
  /** Digests sent at once (DIGESTS_AT_ONCE unless a test says otherwise). */
  concurrency?: number;
  /** False: no timer, the caller ticks (tests). */
  timer?: boolean;
  /**
   * The update-needed sweep (issue 51 §2: server/domain/assignments.ts sweepUpdateNeeded, handed in by serve.ts as the
   * digest's sources are): answers how many it nudged. Absent: no sweep.
   */
  updateNeeded?: (database: Database, options: { now: () => number; stopping: () => boolean }) => Promise<number>;
  /** How often the update-needed sweep runs, in ms: UPDATE_NEEDED_EVERY_MS unless a test says otherwise. */
  updateNeededEveryMs?: number;
}

/**
 * The update-needed sweep (server/domain/assignments.ts) runs at most this often, on the pass that finds it due: a
 * contact needs an update after whole days, so an hour late is on time.
 */
export const UPDATE_NEEDED_EVERY_MS = 60 * 60_000;

export const LEASE_NAME = 'reminders';
/** A 'sending' claim older than this is a dead attempt and may be taken again (well beyond the longest send). */
export const STALE_CLAIM_MS = 5 * 60_000;
/** Attempts at one day's digest before the scheduler gives up on that day (an SMTP server that keeps refusing). */
export const MAX_ATTEMPTS = 5;
/** How long stop() waits for the digests in flight. */
const STOP_WAIT_MS = 10_000;
/**
 * Digests in flight at once. Each mostly waits on an outside server (SMTP, push services), so a few side by side cost
 * little; the bound keeps the database reads, the open connections and the event loop's share modest. With every slot
 * held by a hung delivery, the next digest waits for the first deadline to pass (10 s for a push, 20 s idle for SMTP).
 */
const DIGESTS_AT_ONCE = 8;

export interface Scheduler {
  /** One pass: take or renew the lease, then send every digest due. Passes never overlap. */
  tick(): Promise<void>;
  /** Stops the timer, waits (bounded) for a digest in flight, and gives the lease up. */
  stop(): Promise<void>;
  readonly holder: string;
}

export function startScheduler(options: SchedulerOptions): Scheduler {
  const { database, mailer, sources, push } = options;
  const log = options.log ?? ((line) => process.stdout.write(JSON.stringify(line) + '\n'));
  const clock = options.now ?? Date.now;
  const tickMs = options.tickSeconds * 1000;
  const leaseMs = Math.max(3 * tickMs, 3000);
  const batchSize = options.batchSize ?? 50;
  const slots = createLimiter(options.concurrency ?? DIGESTS_AT_ONCE);
  const holder = randomBytes(12).toString('base64url');
  /** Failed attempts per user and day, for the backoff and its bound. */
  const attempts = new Map<string, number>();
  let running: Promise<void> | null = null;
  let stopping = false;
  let renewedAt = 0;
  /** Pushes the notifications nobody has sent yet (issue 51 §3), a batch a pass, while this process holds the lease. */
  const pushNotifications = push ? notificationPusher(database, push, clock) : null;
  let sweptAt = -Infinity;

  /** Takes the lease when it is free or expired, or renews our own: one compare-and-set statement. */
  async function takeLease(): Promise<boolean> {
    const now = clock();
    const rows = await database.write((tx) =>
      tx
        .insert(leases)
        .values({ name: LEASE_NAME, holder, expiresAt: now + leaseMs })
        .onConflictDoUpdate({
          target: leases.name,
          set: { holder, expiresAt: now + leaseMs },
          setWhere: or(eq(leases.holder, holder), lte(leases.expiresAt, now)),
        })
        .returning({ holder: leases.holder }),
    );
    const held = rows[0]?.holder === holder;
    if (held) renewedAt = now;
    return held;
  }

  async function releaseLease() {
    await database.write((tx) => tx.delete(leases).where(and(eq(leases.name, LEASE_NAME), eq(leases.holder, holder))));
  }

  /** Moves the user's next digest, unless their settings moved it meanwhile (compare-and-set on the value read). */
  async function moveNext(userId: number, seen: number, next: number | null) {
    await database.write((tx) =>
      tx
        .update(userSettings)
        .set({ nextDigestAt: next })
        .where(and(eq(userSettings.userId, userId), eq(userSettings.nextDigestAt, seen))),
    );
  }

  async function digestFor(userId: number, seen: number) {
    const [user] = await database.read
      .select({ settings: userSettings, email: users.email, emailConfirmed: users.emailConfirmed, language: users.language })
      .from(userSettings)
      .innerJoin(users, eq(users.id, userSettings.userId))
      .where(eq(userSettings.userId, userId));
    if (!user || user.settings.nextDigestAt !== seen) return;
    const { settings } = user;
    if (!settings.remindersOn) return moveNext(userId, seen, null);
    const now = clock();
    const timeZone = settings.timeZone ?? 'UTC';
    const day = localDay(now, timeZone);
    const next = nextDigestAt(now, settings.reminderHour, timeZone);

    // Claim the day: a new row, or a 'sending' one whose attempt is dead (a process that stopped mid-send) or released.
    const [claim] = await database.write((tx) =>
      tx
        .insert(digestSends)
        .values({ userId, day, status: 'sending', claimedAt: now })
        .onConflictDoUpdate({
          target: [digestSends.userId, digestSends.day],
          set: { claimedAt: now },
          setWhere: and(eq(digestSends.status, 'sending'), lte(digestSends.claimedAt, now - STALE_CLAIM_MS)),
        })
        .returning(),
    );
    if (!claim) {
      const [row] = await database.read
        .select()
        .from(digestSends)
        .where(and(eq(digestSends.userId, userId), eq(digestSends.day, day)));
      // Sent today already: on to the next day. Being sent by a live attempt: look again once that attempt would be dead.
      return moveNext(userId, seen, row?.status === 'sending' ? Math.min(next, row.claimedAt + STALE_CLAIM_MS + 1) : next);
    }

    let failed = false;
    let count = 0;
    try {
      count = await deliver();
    } catch (error) {
      // Gathering or recording failed: the same bounded retry as a channel that failed.
      failed = true;
      log({ level: 'error', message: 'Reminder digest failed', userId, error: error instanceof Error ? error.message : String(error) });
    }

    /** Sends what the digest holds by each channel not yet done; answers how many reminders it held. */
    async function deliver() {
      const locale = isLocale(user.language) ? user.language : sourceLocale;
      const base = { userId, locale, timeZone, discreet: settings.discreet, now, baseUrl: options.baseUrl };
      const include = { followUps: settings.includeFollowUps, attention: settings.includeAttention, prayers: settings.includePrayers };
      const data = await gatherDigest(database.read, sources, { ...base, include });
      data.notifications = await notificationsForDigest(database.read, userId, locale, settings, now);
      const reminders = reminderCount(data);
      // Email only to an address its owner confirmed (issue 27): anyone can type a stranger's address into Sower.
      const wantsEmail = Boolean(mailer) && settings.byEmail && user.emailConfirmed && !claim.emailSent;
      const wantsPush = Boolean(push) && settings.byPush && claim.pushSent === 0;
      if (reminders === 0 || !(wantsEmail || wantsPush)) return reminders;
      const token = wantsEmail ? await unsubscribeTokenOf(database, userId) : undefined;
      const unsubscribeUrl = token ? unsubscribeUrlOf(options.baseUrl, token) : undefined;
      const message = composeDigest({ ...data, unsubscribeUrl });
      const mark = (set: Partial<typeof digestSends.$inferInsert>) =>
        database.write((tx) =>
          tx
            .update(digestSends)
            .set(set)
            .where(and(eq(digestSends.userId, userId), eq(digestSends.day, day))),
        );
      if (wantsEmail && mailer && unsubscribeUrl) {
        try {
          await mailer.send({
            to: user!.email,
            subject: message.subject,
            text: message.text,
            html: message.html,
            messageId: digestMessageId(userId, day, options.baseUrl),
            unsubscribeUrl,
          });
          // Recorded at once: a retry (or a restart) never sends this day's email again.
          await mark({ emailSent: true });
        } catch (error) {
          failed = true;
          log({ level: 'warn', message: 'Reminder email failed', userId, error: error instanceof Error ? error.message : String(error) });
        }
      }
      if (wantsPush && push) {
        try {
          const result = await push(userId, message.push);
          if (result.sent > 0) await mark({ pushSent: result.sent });
          // No device took it and at least one failed (no answer in time, an error): the push is retried like a refused
          // email. Once one device has it, the others are not tried again (they would be sent twice to the first).
          else if (result.failed > 0) throw new Error(`no device took the push (${result.failed} failed)`);
        } catch (error) {
          failed = true;
          log({ level: 'warn', message: 'Reminder push failed', userId, error: error instanceof Error ? error.message : String(error) });
        }
      }
      return reminders;
    }

    const key = `${userId}:${day}`;
    if (failed) {
      // Release the claim and come back later (doubling each time, within the day and before the next regular hour);
      // after MAX_ATTEMPTS, or when no retry fits, give the day up: its row stays 'sending', never counted as sent.
      const tries = (attempts.get(key) ?? 0) + 1;
      const retryAt = now + Math.min(60 * 60_000, Math.max(tickMs, 30_000) * 2 ** (tries - 1));
      const retry = tries < MAX_ATTEMPTS && retryAt < next && localDay(retryAt, timeZone) === day;
      attempts.set(key, tries);
      if (!retry) attempts.delete(key);
      await database.write((tx) =>
        tx
          .update(digestSends)
          .set({ claimedAt: 0 })
          .where(and(eq(digestSends.userId, userId), eq(digestSends.day, day), eq(digestSends.status, 'sending'))),
      );
      return moveNext(userId, seen, retry ? retryAt : next);
    }
    attempts.delete(key);
    await database.write((tx) =>
      tx
        .update(digestSends)
        .set({ status: 'sent', sentAt: clock(), reminders: count })
        .where(and(eq(digestSends.userId, userId), eq(digestSends.day, day))),
    );
    await moveNext(userId, seen, next);
  }

  async function pass() {
    if (!(await takeLease())) return;
    if (options.updateNeeded && clock() - sweptAt >= (options.updateNeededEveryMs ?? UPDATE_NEEDED_EVERY_MS)) {
      sweptAt = clock();
      // In batches, each in its own turn (server/domain/assignments.ts): a heavy team never holds the event loop.
      try {
        const nudged = await options.updateNeeded(database, { now: clock, stopping: () => stopping });
        if (nudged) log({ level: 'info', message: 'Update-needed nudges written', count: nudged });
      } catch (error) {
        log({ level: 'error', message: 'Update-needed sweep failed', error: error instanceof Error ? error.message : String(error) });
      }
    }
    const inFlight = new Set<Promise<void>>();
    try {
      let cursor: { at: number; userId: number } | null = null;
      for (;;) {
        // Each page of due digests waits in the process's one line of turns (server/queries/turns.ts), as requests and
        // long downloads do: a plain setImmediate would run it in the same turn as every other one queued meanwhile.
        await nextTurn();
        if (stopping) return;
        const now = clock();
        const due: { userId: number; at: number | null }[] = await database.read
          .select({ userId: userSettings.userId, at: userSettings.nextDigestAt })
          .from(userSettings)
          .where(
            and(
              lte(userSettings.nextDigestAt, now),
              cursor
                ? or(gt(userSettings.nextDigestAt, cursor.at), and(eq(userSettings.nextDigestAt, cursor.at), gt(userSettings.userId, cursor.userId)))
                : undefined,
            ),
          )
          .orderBy(asc(userSettings.nextDigestAt), asc(userSettings.userId))
          .limit(batchSize);
        for (const { userId, at } of due) {
          if (at === null) return;
          const release = await slots.acquire();
          // Only the holder sends: renew before each digest once a tick has gone by, and stop when the lease is gone.
          let holding = false;
          try {
            holding = !stopping && (clock() - renewedAt < tickMs || (await takeLease()));
          } finally {
            if (!holding) release();
          }
          if (!holding) return;
          const sending: Promise<void> = digestFor(userId, at)
            .catch((error: unknown) =>
              log({ level: 'error', message: 'Reminder digest failed', userId, error: error instanceof Error ? error.message : String(error) }),
            )
            .finally(() => {
              release();
              inFlight.delete(sending);
            });
          inFlight.add(sending);
          cursor = { at, userId };
        }
        if (due.length < batchSize) return;
      }
    } finally {
      // The pass (and so stop()) ends once the digests it started have.
      await Promise.all(inFlight);
      if (pushNotifications && !stopping)
        await pushNotifications().catch((error: unknown) =>
          log({ level: 'warn', message: 'Notification push failed', error: error instanceof Error ? error.message : String(error) }),
        );
    }
  }

  function tick(): Promise<void> {
    if (stopping) return Promise.resolve();
    running ??= pass()
      .catch((error: unknown) =>
        log({ level: 'error', message: 'Reminder scheduler pass failed', error: error instanceof Error ? error.message : String(error) }),
      )
      .finally(() => {
        running = null;
      });
    return running;
  }

  const timer = options.timer === false ? undefined : setInterval(() => void tick(), tickMs);
  timer?.unref();
  if (timer) void tick();

  return {
    holder,
    tick,
    async stop() {
      stopping = true;
      clearInterval(timer);
      if (running) await Promise.race([running, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
      await releaseLease().catch(() => undefined);
      mailer?.close();
    },
  };
}
