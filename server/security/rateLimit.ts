// Attempt limits: every attempt is counted before it is tried, in counters kept in the database.
import { TRPCError } from '@trpc/server';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { attempts } from '../../db/schema';
import { msg } from '../../shared/i18n';

export interface AttemptCount {
  count: number;
  /** When the key's window ends (ms since the epoch). */
  resetAt: number;
}

/** Counters of attempts per key in fixed windows; an interface, so a store outside the database could replace it. */
export interface AttemptStore {
  /** Adds one attempt to every key at once (a key whose window ended starts a new one) and answers their counts. */
  hit(keys: { key: string; windowMs: number }[]): Promise<AttemptCount[]>;
  /** Takes one attempt back from each key: the attempt succeeded and should not count. */
  release(keys: string[]): Promise<void>;
  /** Forgets the keys' attempts. */
  reset(keys: string[]): Promise<void>;
}

/** How often ended windows are swept from the table, at most. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The counters as rows of `attempts`, changed by one upsert per key inside a write transaction: several processes on
 * one database share them, and attempts made together (a tRPC batch, concurrent requests) each see the ones before.
 */
export function createDatabaseStore(database: Database, now: () => number = Date.now): AttemptStore {
  let lastSweep = 0;
  return {
    hit(keys) {
      return database.write(async (tx) => {
        const t = now();
        if (t - lastSweep >= SWEEP_EVERY_MS) {
          lastSweep = t;
          await tx.delete(attempts).where(sql`${attempts.resetAt} <= ${t}`);
        }
        const counts: AttemptCount[] = [];
        for (const { key, windowMs } of keys) {
          const [row] = await tx
            .insert(attempts)
            .values({ key, count: 1, resetAt: t + windowMs })
            .onConflictDoUpdate({
              target: attempts.key,
              set: {
                count: sql`case when ${attempts.resetAt} <= ${t} then 1 else ${attempts.count} + 1 end`,
                resetAt: sql`case when ${attempts.resetAt} <= ${t} then excluded.reset_at else ${attempts.resetAt} end`,
              },
            })
            .returning({ count: attempts.count, resetAt: attempts.resetAt });
          counts.push(row);
        }
        return counts;
      });
    },
    async release(keys) {
      if (!keys.length) return;
      await database.write((tx) =>
        tx
          .update(attempts)
          .set({ count: sql`max(${attempts.count} - 1, 0)` })
          .where(sql`${attempts.key} in (select value from json_each(${JSON.stringify(keys)}))`),
      );
    },
    async reset(keys) {
      if (!keys.length) return;
      await database.write((tx) => tx.delete(attempts).where(sql`${attempts.key} in (select value from json_each(${JSON.stringify(keys)}))`));
    },
  };
}

export interface LimitRule {
  max: number;
  windowMs: number;
}

export interface Limits {
  /** Failed sign-ins for one username from one client address. */
  loginPerUsernameAndAddress: LimitRule;
  /** Failed sign-ins from one client address, whatever the username. */
  loginPerAddress: LimitRule;
  /** Wrong current passwords given by one signed-in user (password change, email change, account deletion). */
  passwordPerUser: LimitRule;
  /** Registrations (made or refused) from one client address. */
  registerPerAddress: LimitRule;
  /** Fetches of one calendar feed (by its token, counted before it is looked up). */
  feedPerToken: LimitRule;
  /** Fetches of any calendar feeds, or of tokens that are none, from one client address. */
  feedPerAddress: LimitRule;
  /** Exports (JSON, CSV, vCard) of one account. */
  downloadPerUser: LimitRule;
  /** Exports of any accounts from one client address. */
  downloadPerAddress: LimitRule;
  /** Imports of a Sower export (plain or encrypted) into one account, answered or refused (a wrong passphrase counts). */
  importPerUser: LimitRule;
  /** Imports of a Sower export into any accounts from one client address. */
  importPerAddress: LimitRule;
  /** Email-confirmation links sent for one user: a cooldown between two (issue 27). */
  confirmationCooldown: LimitRule;
  /** Email-confirmation links sent in a day, for one user and to one address alike. */
  confirmationsPerDay: LimitRule;
  /** Invite-link codes that matched no link (shown or accepted), from one client address. */
  inviteCodePerAddress: LimitRule;
  /** Invite-link codes that matched no link, by one user from any address. */
  inviteCodePerUser: LimitRule;
  /** Invite links mailed by one admin. */
  inviteEmailPerAdmin: LimitRule;
  /** Invite links mailed for one team, by all its admins. */
  inviteEmailPerTeam: LimitRule;
  /** Invite links mailed to one address, by anyone. */
  inviteEmailPerAddress: LimitRule;
  /** "Forgot password?" asked from one client address, whatever the name or address typed. */
  resetRequestPerAddress: LimitRule;
  /** Reset links mailed for one account: a cooldown between two. */
  resetLinkCooldown: LimitRule;
  /** Reset links mailed for one account in a day. */
  resetLinksPerAccount: LimitRule;
}

export const defaultLimits: Limits = {
  loginPerUsernameAndAddress: { max: 10, windowMs: 15 * 60_000 },
  loginPerAddress: { max: 50, windowMs: 15 * 60_000 },
  passwordPerUser: { max: 10, windowMs: 15 * 60_000 },
  registerPerAddress: { max: 10, windowMs: 60 * 60_000 },
  // Calendar apps refresh a subscription every 5 minutes at the most eager (Apple's shortest setting) to every few hours
  // (Google); one address may be a calendar service fetching for many people.
  feedPerToken: { max: 30, windowMs: 10 * 60_000 },
  feedPerAddress: { max: 600, windowMs: 10 * 60_000 },
  downloadPerUser: { max: 20, windowMs: 60 * 60_000 },
  downloadPerAddress: { max: 60, windowMs: 60 * 60_000 },
  // Moving an account takes one import, a few with typing mistakes; each encrypted one costs a second of scrypt.
  importPerUser: { max: 10, windowMs: 60 * 60_000 },
  importPerAddress: { max: 30, windowMs: 60 * 60_000 },
  confirmationCooldown: { max: 1, windowMs: 60_000 },
  confirmationsPerDay: { max: 5, windowMs: 24 * 60 * 60_000 },
  // A person types or pastes a code a few times at most; the codes are 128 random bits, so these only stop a flood.
  inviteCodePerAddress: { max: 30, windowMs: 15 * 60_000 },
  inviteCodePerUser: { max: 30, windowMs: 15 * 60_000 },
  // A small team invites a handful of people a day; an account made to send mail to strangers gets few.
  inviteEmailPerAdmin: { max: 20, windowMs: 24 * 60 * 60_000 },
  inviteEmailPerTeam: { max: 50, windowMs: 24 * 60 * 60_000 },
  inviteEmailPerAddress: { max: 3, windowMs: 24 * 60 * 60_000 },
  // A person asks once or twice; an address asking for many accounts is looking for them or mailing them.
  resetRequestPerAddress: { max: 10, windowMs: 60 * 60_000 },
  resetLinkCooldown: { max: 1, windowMs: 60_000 },
  resetLinksPerAccount: { max: 5, windowMs: 24 * 60 * 60_000 },
};

export const TOO_MANY_ATTEMPTS = msg('Too many attempts. Please try again later.');

/**
 * The part of a client address that one client controls: an IPv4 address, or an IPv6 address's /64 (one home or one
 * server gets a whole /64, so counting single IPv6 addresses would give an attacker billions of fresh counters).
 */
export function addressKey(ip: string) {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!ip.includes(':')) return ip;
  const [head, tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export interface Attempt {
  /** The attempt succeeded: the `release` keys give it back, the `reset` keys forget their failures. */
  succeeded(keys: { release?: string[]; reset?: string[] }): Promise<void>;
}

/**
 * Counts one attempt on every key first, then refuses with 429 and Retry-After when any key is past its limit: of
 * attempts made together, only the first `max` are ever tried, whatever a batch or a burst of requests holds. An
 * attempt that is tried keeps its count until it `succeeded`; a refused one gives it back at once.
 */
export async function takeAttempt(
  store: AttemptStore,
  checks: { key: string; rule: LimitRule }[],
  setHeader: (name: string, value: string) => void,
  now = Date.now,
): Promise<Attempt> {
  const counts = await store.hit(checks.map(({ key, rule }) => ({ key, windowMs: rule.windowMs })));
  const t = now();
  let wait: number | null = null;
  checks.forEach(({ rule }, i) => {
    if (counts[i].count > rule.max) wait = Math.max(wait ?? 1, Math.ceil((counts[i].resetAt - t) / 1000));
  });
  if (wait !== null) {
    // A refused attempt was never tried: it gives its count back, so hammering one key does not use up another.
    await store.release(checks.map(({ key }) => key));
    setHeader('Retry-After', String(wait));
    throw new TRPCError({ code: 'TOO_MANY_REQUESTS', message: TOO_MANY_ATTEMPTS });
  }
  return {
    async succeeded({ release = [], reset = [] }) {
      await Promise.all([store.release(release), store.reset(reset)]);
    },
  };
}
