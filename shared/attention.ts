// Why a contact needs attention, as data a screen or the digest words: their status, and how many calendar days since
// the last touch (or since they were added, when never touched). Pure: the caller gives now and, if any, the time zone.
import { tz } from '@date-fns/tz';
import { differenceInCalendarDays } from 'date-fns';
import type { SpiritualStatus } from './vocabulary';

export interface AttentionReason {
  status: SpiritualStatus;
  /** 'talked': days since the last activity or completed follow-up; 'added': never touched, days since they were added. */
  kind: 'talked' | 'added';
  /** Whole calendar days between the last touch and now, never below 0. */
  days: number;
}

/** The reason of a needs-attention row at `now`, counted in calendar days of `timeZone` (the runtime's zone without one). */
export function attentionReason(
  item: { spiritualStatus: SpiritualStatus; lastTouchAt: Date; touched: boolean },
  now: Date,
  timeZone?: string,
): AttentionReason {
  const days = differenceInCalendarDays(now, item.lastTouchAt, timeZone ? { in: tz(timeZone) } : undefined);
  return { status: item.spiritualStatus, kind: item.touched ? 'talked' : 'added', days: Math.max(0, days) };
}
