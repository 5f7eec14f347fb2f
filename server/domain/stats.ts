// The stat cards' numbers (totals and real 30-day trends, from tallies the database keeps), for the dashboard and the
// team page.
import type { Queryable } from '../../db/client';
import { scopedTallies, scopedWindows, type SpaceScope } from '../queries/tallies';
import { DAY_MS } from '../queries/calendarDays';
import { msg, type Locale } from '../../shared/i18n';
import { translate } from '../i18n';

/** A trend's label, in English; answered in the user's language. */
export const TREND_LABEL = msg('in the last 30 days');

/**
 * A stat card's trend (issue 28): `value` is how many were added in the last 30 days (the total's own unit, so
 * "16, +15 in the last 30 days" reads plainly), `previous` how many in the 30 days before, and `isPositive` whether the
 * pace held or rose. No percentage: from nothing it would be meaningless, and it hid which windows were compared.
 */
export interface Trend {
  value: number;
  previous: number;
  label: string;
  isPositive: boolean;
}

/** The last 30 days' count against the 30 before's; the label is in `locale`. */
export function trendOf(recent: number, previous: number, locale: Locale): Trend {
  return { value: Number(recent), previous: Number(previous), label: translate(locale, TREND_LABEL), isPositive: Number(recent) >= Number(previous) };
}

/**
 * Totals come from the tallies and the two 30-day windows from the daily tallies (whole UTC days: the last 30 days up
 * to tomorrow, and the 30 before), so neither grows with the history. Over what a user may read, or over one team's
 * rows (the team page, teamInsight.ts).
 */
export async function computeStats(db: Queryable, scope: SpaceScope, locale: Locale) {
  const today = Math.floor(Date.now() / DAY_MS);
  const [totals, windows] = await Promise.all([
    scopedTallies(db, scope, ['activity', 'contact', 'prayer']),
    scopedWindows(db, scope, today - 29, today + 1, today - 59),
  ]);
  const trend = (entity: string, kind: string) => {
    const counted = windows(entity, kind);
    return trendOf(counted.recent, counted.previous, locale);
  };
  const prayers = [totals('prayer', 'active'), totals('prayer', 'answered')];
  return {
    totalConversations: totals('activity', 'conversation').rows,
    totalGospelPresentations: totals('activity', 'gospel_presentation').rows,
    totalContacts: totals('contact', '').rows,
    totalPrayerRequests: prayers[0].rows + prayers[1].rows,
    totalPrayers: prayers[0].prayed + prayers[1].prayed,
    trends: {
      conversations: trend('activity', 'conversation'),
      gospelPresentations: trend('activity', 'gospel_presentation'),
      contacts: trend('contact', ''),
      prayerRequests: trend('prayer', ''),
    },
  };
}
