import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { addInterval, nextAfterCompletion, nextDate, nextOccurrence, occurrence } from '../../shared/recurrence';

/** A wall-clock time in a zone as a moment (months 1-based, as people write them). */
const at = (zone: string, year: number, month: number, day: number, hour = 12, minute = 0) =>
  new Date(new TZDate(year, month - 1, day, hour, minute, 0, 0, zone).getTime());
/** A moment as its wall-clock time in a zone. */
const wall = (zone: string, moment: Date) => {
  const local = new TZDate(moment.getTime(), zone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())} ${pad(local.getHours())}:${pad(local.getMinutes())}`;
};

const NY = 'America/New_York';
const PARIS = 'Europe/Paris';

describe('months', () => {
  it('clamps a month end to each month and comes back to the 31st, without drifting', () => {
    const anchor = at(PARIS, 2025, 1, 31);
    expect(Array.from({ length: 6 }, (_, k) => wall(PARIS, occurrence(anchor, 1, 'month', k, PARIS)))).toEqual([
      '2025-01-31 12:00',
      '2025-02-28 12:00',
      '2025-03-31 12:00',
      '2025-04-30 12:00',
      '2025-05-31 12:00',
      '2025-06-30 12:00',
    ]);
  });

  it('gives February its 29th in a leap year, and the 28th after it', () => {
    const anchor = at(NY, 2027, 11, 30);
    expect([1, 2, 3, 4].map((k) => wall(NY, occurrence(anchor, 3, 'month', k, NY)))).toEqual([
      '2028-02-29 12:00',
      '2028-05-30 12:00',
      '2028-08-30 12:00',
      '2028-11-30 12:00',
    ]);
    expect(wall(NY, occurrence(at(NY, 2028, 2, 29), 12, 'month', 1, NY))).toBe('2029-02-28 12:00');
  });

  it('counts the next date of a date-based series from the anchor: after the Feb 28 instance comes Mar 31', () => {
    const anchor = at(PARIS, 2025, 1, 31);
    expect(wall(PARIS, nextOccurrence(anchor, 1, 'month', at(PARIS, 2025, 2, 28), PARIS))).toBe('2025-03-31 12:00');
    expect(wall(PARIS, nextOccurrence(anchor, 2, 'month', at(PARIS, 2025, 3, 31), PARIS))).toBe('2025-05-31 12:00');
  });
});

describe('daylight-saving changes', () => {
  it('keeps 9:00 in New York across the March and November changes', () => {
    const anchor = at(NY, 2025, 3, 3, 9);
    expect(wall(NY, addInterval(anchor, 'week', 1, NY))).toBe('2025-03-10 09:00');
    // 23 hours of real time for a week that lost one.
    expect(addInterval(anchor, 'week', 1, NY).getTime() - anchor.getTime()).toBe((7 * 24 - 1) * 3600_000);
    expect(wall(NY, addInterval(at(NY, 2025, 11, 1, 9), 'day', 2, NY))).toBe('2025-11-03 09:00');
  });

  it('keeps noon in Paris across the last Sunday of March and of October', () => {
    const anchor = at(PARIS, 2025, 3, 29);
    const days = Array.from({ length: 3 }, (_, k) => wall(PARIS, occurrence(anchor, 1, 'day', k, PARIS)));
    expect(days).toEqual(['2025-03-29 12:00', '2025-03-30 12:00', '2025-03-31 12:00']);
    expect(wall(PARIS, occurrence(at(PARIS, 2025, 10, 20), 1, 'week', 1, PARIS))).toBe('2025-10-27 12:00');
  });

  it('moves a time the clocks skip to the moment it became (2:30 on the spring-forward night is 3:30)', () => {
    expect(wall(NY, addInterval(at(NY, 2025, 3, 8, 2, 30), 'day', 1, NY))).toBe('2025-03-09 03:30');
  });

  it("differs between the user's zone and UTC: counted in UTC, New York's 9:00 becomes 8:00 after the change", () => {
    const anchor = at(NY, 2025, 3, 3, 9);
    expect(wall(NY, addInterval(anchor, 'week', 1, 'UTC'))).toBe('2025-03-10 10:00');
    expect(wall(NY, addInterval(anchor, 'week', 1, NY))).toBe('2025-03-10 09:00');
  });

  it("finds a month end by the user's day, not UTC's (23:30 on Jan 31 in New York is Feb 1 in UTC)", () => {
    const anchor = at(NY, 2025, 1, 31, 23, 30);
    expect(wall(NY, addInterval(anchor, 'month', 1, NY))).toBe('2025-02-28 23:30');
    expect(wall('UTC', addInterval(anchor, 'month', 1, 'UTC'))).toBe('2025-03-01 04:30');
  });
});

describe('the next follow-up of a series', () => {
  const base = { repeatEvery: 1, repeatUnit: 'week' as const, repeatFrom: 'date' as const };

  it('is the first scheduled date strictly after this one, so a snoozed one does not shift the series', () => {
    const anchor = at(PARIS, 2025, 1, 6); // a Monday
    const snoozed = at(PARIS, 2025, 1, 15); // the second instance, moved from Monday 13 to Wednesday 15
    expect(wall(PARIS, nextDate({ ...base, repeatAnchor: anchor, date: snoozed }, at(PARIS, 2025, 1, 16, 8), PARIS)!)).toBe('2025-01-20 12:00');
  });

  it('is in the past for a long-overdue date-based one (its schedule, not the completion, decides)', () => {
    const anchor = at(PARIS, 2025, 1, 6);
    expect(wall(PARIS, nextDate({ ...base, repeatAnchor: anchor, date: anchor }, at(PARIS, 2025, 3, 1), PARIS)!)).toBe('2025-01-13 12:00');
  });

  it("counts a completion-based one from the day it was completed in the user's zone, at this one's time", () => {
    const date = at(NY, 2025, 3, 1, 9);
    // Completed at 22:00 on Mar 5 in New York: already Mar 6 in UTC.
    const completedAt = at(NY, 2025, 3, 5, 22);
    expect(wall(NY, nextAfterCompletion(date, completedAt, 2, 'week', NY))).toBe('2025-03-19 09:00');
    expect(wall(NY, nextDate({ date, repeatEvery: 1, repeatUnit: 'month', repeatFrom: 'completion', repeatAnchor: null }, at(NY, 2025, 1, 31, 15), NY)!)).toBe(
      '2025-02-28 09:00',
    );
    expect(wall(NY, nextAfterCompletion(date, completedAt, 2, 'week', 'UTC'))).toBe('2025-03-20 10:00');
  });

  it('is none for a follow-up that does not repeat', () => {
    expect(nextDate({ date: new Date(), repeatEvery: null, repeatUnit: null, repeatFrom: null, repeatAnchor: null }, new Date(), 'UTC')).toBeNull();
  });

  it('finds the next date of a series years old in a few steps, and the anchor for a date before it', () => {
    const anchor = at(PARIS, 2020, 2, 29);
    expect(wall(PARIS, nextOccurrence(anchor, 1, 'month', at(PARIS, 2030, 2, 27), PARIS))).toBe('2030-02-28 12:00');
    // 2030-02-27 is itself an instance (3,651 days on): the next is three days later.
    expect(wall(PARIS, nextOccurrence(anchor, 3, 'day', at(PARIS, 2030, 2, 27), PARIS))).toBe('2030-03-02 12:00');
    expect(wall(PARIS, nextOccurrence(anchor, 3, 'day', at(PARIS, 2030, 2, 26), PARIS))).toBe('2030-02-27 12:00');
    expect(nextOccurrence(anchor, 1, 'week', at(PARIS, 2019, 1, 1), PARIS)).toEqual(anchor);
  });
});
