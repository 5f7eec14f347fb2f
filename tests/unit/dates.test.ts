import { describe, it, expect } from 'vitest';
import {
  activityDateLabel,
  addDaysFromToday,
  addMonthsFromToday,
  followUpDueBadge,
  fromDateInputValue,
  isMoreThanADayAhead,
  overdueBy,
  toDateInputValue,
} from '../../src/lib/dates';

// Sunday 22 November 2026, 15:30 local time.
const now = new Date(2026, 10, 22, 15, 30);

function localParts(date: Date) {
  return [date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes(), date.getSeconds(), date.getMilliseconds()];
}

describe('activityDateLabel', () => {
  it('labels an activity earlier today as Today', () => {
    expect(activityDateLabel(new Date(2026, 10, 22, 0, 0), now)).toBe('Today');
  });

  it('labels an activity later today as Today', () => {
    expect(activityDateLabel(new Date(2026, 10, 22, 23, 59, 59, 999), now)).toBe('Today');
  });

  it('labels an activity late yesterday as Yesterday, by calendar day not 24 hours', () => {
    expect(activityDateLabel(new Date(2026, 10, 21, 23, 59), now)).toBe('Yesterday');
  });

  it('labels an activity early yesterday as Yesterday', () => {
    expect(activityDateLabel(new Date(2026, 10, 21, 0, 0), now)).toBe('Yesterday');
  });

  it('labels an activity 2 days ago as 2 days ago', () => {
    expect(activityDateLabel(new Date(2026, 10, 20, 18, 0), now)).toBe('2 days ago');
  });

  it('labels an activity 6 days ago as 6 days ago', () => {
    expect(activityDateLabel(new Date(2026, 10, 16, 9, 0), now)).toBe('6 days ago');
  });

  it('shows the full date for an activity 7 days ago', () => {
    expect(activityDateLabel(new Date(2026, 10, 15, 23, 59), now)).toBe('Nov 15, 2026');
  });

  it('shows the full date for an activity in an earlier year', () => {
    expect(activityDateLabel(new Date(2025, 0, 3, 10, 0), now)).toBe('Jan 3, 2025');
  });

  it('counts calendar days across a month boundary', () => {
    expect(activityDateLabel(new Date(2026, 10, 29, 8, 0), new Date(2026, 11, 1, 7, 0))).toBe('2 days ago');
  });

  it('shows the full date for a future-dated activity', () => {
    expect(activityDateLabel(new Date(2026, 10, 23, 9, 0), now)).toBe('Nov 23, 2026');
  });
});

describe('followUpDueBadge', () => {
  it('labels a follow-up due yesterday as Overdue in red', () => {
    expect(followUpDueBadge(new Date(2026, 10, 21, 23, 59), now)).toEqual({ label: 'Overdue', tone: 'error' });
  });

  it('labels a follow-up due long ago as Overdue in red', () => {
    expect(followUpDueBadge(new Date(2026, 0, 1, 12, 0), now)).toEqual({ label: 'Overdue', tone: 'error' });
  });

  it('labels a follow-up due earlier today as Today in red, not Overdue', () => {
    expect(followUpDueBadge(new Date(2026, 10, 22, 0, 0), now)).toEqual({ label: 'Today', tone: 'error' });
  });

  it('labels a follow-up due later today as Today in red', () => {
    expect(followUpDueBadge(new Date(2026, 10, 22, 23, 59, 59, 999), now)).toEqual({ label: 'Today', tone: 'error' });
  });

  it('labels a follow-up due early tomorrow as Tomorrow in yellow', () => {
    expect(followUpDueBadge(new Date(2026, 10, 23, 0, 0), now)).toEqual({ label: 'Tomorrow', tone: 'warning' });
  });

  it('labels a follow-up due in 2 days as In 2 days in green', () => {
    expect(followUpDueBadge(new Date(2026, 10, 24, 9, 0), now)).toEqual({ label: 'In 2 days', tone: 'success' });
  });

  it('labels a follow-up due in 3 days as In 3 days in green', () => {
    expect(followUpDueBadge(new Date(2026, 10, 25, 23, 59), now)).toEqual({ label: 'In 3 days', tone: 'success' });
  });

  it('shows the date in grey for a follow-up due in 4 days', () => {
    expect(followUpDueBadge(new Date(2026, 10, 26, 0, 0), now)).toEqual({ label: 'Nov 26', tone: 'neutral' });
  });

  it('shows the date in grey for a follow-up due next year', () => {
    expect(followUpDueBadge(new Date(2027, 1, 3, 12, 0), now)).toEqual({ label: 'Feb 3', tone: 'neutral' });
  });
});

describe('toDateInputValue', () => {
  it('formats the local calendar day as yyyy-MM-dd', () => {
    expect(toDateInputValue(new Date(2026, 2, 5, 23, 59))).toBe('2026-03-05');
  });

  it('uses the local day even just after local midnight', () => {
    expect(toDateInputValue(new Date(2026, 10, 22, 0, 0))).toBe('2026-11-22');
  });

  it('gives an empty string for an Invalid Date, which clears the input', () => {
    expect(toDateInputValue(new Date(NaN))).toBe('');
  });
});

describe('fromDateInputValue', () => {
  it('gives local noon of the named day', () => {
    expect(localParts(fromDateInputValue('2026-11-22'))).toEqual([2026, 10, 22, 12, 0, 0, 0]);
  });

  it('accepts the 29th of February in a leap year', () => {
    expect(localParts(fromDateInputValue('2028-02-29'))).toEqual([2028, 1, 29, 12, 0, 0, 0]);
  });

  it('keeps years below 100 instead of mapping them to the 1900s', () => {
    expect(fromDateInputValue('0099-06-01').getFullYear()).toBe(99);
  });

  it('round-trips through toDateInputValue', () => {
    expect(toDateInputValue(fromDateInputValue('2026-12-31'))).toBe('2026-12-31');
  });

  it.each([
    ['an empty string', ''],
    ['free text', 'tomorrow'],
    ['a day that does not exist', '2026-02-30'],
    ['the 29th of February in a common year', '2026-02-29'],
    ['month 13', '2026-13-01'],
    ['day 00', '2026-11-00'],
    ['a date with a time', '2026-11-22T10:00'],
    ['a date without zero padding', '2026-1-5'],
    ['a day-first date', '22-11-2026'],
  ])('returns an Invalid Date without throwing for %s', (_description, value) => {
    expect(Number.isNaN(fromDateInputValue(value).getTime())).toBe(true);
  });
});

describe('addDaysFromToday', () => {
  it('gives local noon 7 days ahead, the default follow-up date', () => {
    expect(localParts(addDaysFromToday(7, now))).toEqual([2026, 10, 29, 12, 0, 0, 0]);
  });

  it('gives local noon today for 0 days, whatever the time now', () => {
    expect(localParts(addDaysFromToday(0, new Date(2026, 10, 22, 0, 0, 0, 1)))).toEqual([2026, 10, 22, 12, 0, 0, 0]);
    expect(localParts(addDaysFromToday(0, new Date(2026, 10, 22, 23, 59, 59, 999)))).toEqual([2026, 10, 22, 12, 0, 0, 0]);
  });

  it('crosses month and year boundaries', () => {
    expect(localParts(addDaysFromToday(10, now))).toEqual([2026, 11, 2, 12, 0, 0, 0]);
    expect(localParts(addDaysFromToday(40, now))).toEqual([2027, 0, 1, 12, 0, 0, 0]);
  });

  it('goes back for negative days', () => {
    expect(localParts(addDaysFromToday(-22, now))).toEqual([2026, 9, 31, 12, 0, 0, 0]);
  });

  // Days on which clocks change in the US, EU, New Zealand and Chile (where midnight itself is skipped);
  // only meaningful when the suite runs in such a time zone, harmless elsewhere.
  it.each([
    [new Date(2026, 2, 7, 15, 0), 2026, 2, 8],
    [new Date(2026, 2, 28, 15, 0), 2026, 2, 29],
    [new Date(2026, 3, 4, 15, 0), 2026, 3, 5],
    [new Date(2026, 8, 5, 15, 0), 2026, 8, 6],
    [new Date(2026, 9, 24, 15, 0), 2026, 9, 25],
    [new Date(2026, 9, 31, 15, 0), 2026, 10, 1],
  ])('gives local noon on a day when clocks change (from %s)', (from, year, month, day) => {
    expect(localParts(addDaysFromToday(1, from))).toEqual([year, month, day, 12, 0, 0, 0]);
  });

  it('does not change the now it was given', () => {
    const fixed = new Date(now);
    addDaysFromToday(7, fixed);
    expect(fixed.getTime()).toBe(now.getTime());
  });
});

describe('addMonthsFromToday', () => {
  it('gives local noon one month ahead, the default goal deadline', () => {
    expect(localParts(addMonthsFromToday(1, now))).toEqual([2026, 11, 22, 12, 0, 0, 0]);
  });

  it('crosses into the next year', () => {
    expect(localParts(addMonthsFromToday(2, now))).toEqual([2027, 0, 22, 12, 0, 0, 0]);
  });

  it('clamps to the last day of a shorter month', () => {
    expect(localParts(addMonthsFromToday(1, new Date(2027, 0, 31, 8, 0)))).toEqual([2027, 1, 28, 12, 0, 0, 0]);
  });
});

describe('overdueBy', () => {
  const morning = new Date(2026, 10, 24, 9, 0);
  it.each([
    [new Date(2026, 10, 24, 12), null],
    [new Date(2026, 10, 25, 12), null],
    [new Date(2026, 10, 23, 12), '1 day overdue'],
    [new Date(2026, 10, 21, 12), '3 days overdue'],
  ])('says %s is %s', (date, label) => {
    expect(overdueBy(date, morning)).toBe(label);
  });
});

describe('isMoreThanADayAhead', () => {
  const lateEvening = new Date(2026, 10, 24, 23, 30);
  it.each([
    [new Date(2026, 10, 24, 12), false],
    [new Date(2026, 10, 25, 12), false],
    [new Date(2026, 10, 26, 12), true],
    [new Date(2036, 10, 24, 12), true],
    [new Date(Number.NaN), false],
  ])('%s is more than a day ahead: %s', (date, ahead) => {
    expect(isMoreThanADayAhead(date, lateEvening)).toBe(ahead);
  });
});
