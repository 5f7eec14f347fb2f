// Gathers what one user's digest holds: their due follow-ups (read here), who needs attention and today's prayer list
// (read by the functions the attention and Pray today modules provide, injected as `sources`).
import { and, asc, count, eq, lt } from 'drizzle-orm';
import { canRead, decidedInSql, readAuthority, readableContactName } from '../access';
import { upcomingDates } from './upcomingDates';
import type { Queryable } from '../../db/client';
import { contacts, followUps } from '../../db/schema';
import type { Locale } from '../../shared/i18n';
import type { SpiritualStatus } from '../../shared/vocabulary';
import { DIGEST_ITEMS_MAX, type DigestData, type DigestPrayer } from './digest';
import { localDay } from './schedule';

/** The readers of the other nudges, with the signatures of server/nudges/attention.ts and server/nudges/prayToday.ts. */
export interface DigestSources {
  attentionForDigest(
    db: Queryable,
    userId: number,
    now: number,
    limit: number,
  ): Promise<{
    total: number;
    items: { contactId: number; name: string; spiritualStatus: SpiritualStatus; lastTouchAt: Date; stayInTouchDays?: number | null }[];
  }>;
  prayTodayForDigest(db: Queryable, userId: number, now: number, timeZone: string): Promise<DigestPrayer[]>;
}

const DAY_MS = 86_400_000;

/**
 * The bounds of a user's today as follow-up dates are compared: a follow-up's day is the UTC calendar date of its stored
 * instant (docs/decisions/005), so today is the UTC day whose date is the user's local date now.
 */
export function followUpDayBounds(now: number, timeZone: string) {
  const start = Date.parse(`${localDay(now, timeZone)}T00:00:00Z`);
  return { start, end: start + DAY_MS };
}

/** The user's own pending follow-ups dated on or before their today: how many, and the first (oldest) ones named. */
export async function dueFollowUps(db: Queryable, userId: number, now: number, timeZone: string, limit = DIGEST_ITEMS_MAX) {
  const { start, end } = followUpDayBounds(now, timeZone);
  // Their own that they may still read: never one they wrote in a team they have left (issue 30).
  const where = and(
    eq(followUps.createdBy, userId),
    canRead(followUps, decidedInSql(userId)),
    eq(followUps.completed, false),
    lt(followUps.date, new Date(end)),
  );
  const [{ total }] = await db.select({ total: count() }).from(followUps).where(where);
  if (!total) return { total: 0, items: [] };
  const rows = await db
    .select({ id: followUps.id, contactName: readableContactName(decidedInSql(userId)), description: followUps.description, date: followUps.date })
    .from(followUps)
    .innerJoin(contacts, eq(contacts.id, followUps.contactId))
    .where(where)
    .orderBy(asc(followUps.date), asc(followUps.id))
    .limit(limit);
  return { total, items: rows.map((row) => ({ ...row, overdue: row.date.getTime() < start })) };
}

/** The important dates of the people the user reads (archived ones aside) that fall on their today (issue 50 §6). */
async function datesToday(db: Queryable, userId: number, now: number, timeZone: string) {
  const items = await upcomingDates(db, await readAuthority(db, userId), localDay(now, timeZone), 0);
  return items.map((item) => ({ name: item.contact.name, label: item.label, kind: item.kind, years: item.years }));
}

export interface GatherInput {
  userId: number;
  locale: Locale;
  timeZone: string;
  discreet: boolean;
  include: DigestData['include'];
  now: number;
  baseUrl: string;
  unsubscribeUrl?: string;
}

/** Everything the digest needs, each section read only when it is included. */
export async function gatherDigest(db: Queryable, sources: DigestSources, input: GatherInput): Promise<DigestData> {
  const { userId, now, timeZone, include } = input;
  const [followUpsDue, attention, prayers, dates] = await Promise.all([
    include.followUps ? dueFollowUps(db, userId, now, timeZone) : undefined,
    include.attention ? sources.attentionForDigest(db, userId, now, DIGEST_ITEMS_MAX) : undefined,
    include.prayers ? sources.prayTodayForDigest(db, userId, now, timeZone) : undefined,
    include.attention ? datesToday(db, userId, now, timeZone) : undefined,
  ]);
  return { ...input, followUps: followUpsDue, attention, prayers, dates };
}
