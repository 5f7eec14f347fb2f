import { describe, it, expect } from 'vitest';
import { groupFollowUps, recentActivities, sortActivePrayers, sortActivities, sortAnsweredPrayers, upcomingFollowUps } from '../support/ordering';

// Sunday 22 November 2026, 15:30 local time.
const now = new Date(2026, 10, 22, 15, 30);
const startOfToday = new Date(2026, 10, 22, 0, 0, 0, 0);
const endOfToday = new Date(2026, 10, 22, 23, 59, 59, 999);

const ids = (items: { id: number }[]) => items.map((item) => item.id);

function activity(id: number, date: Date) {
  return { id, date };
}

function followUp(id: number, date: Date, completed = false) {
  return { id, date, completed };
}

function prayer(id: number, date: Date, answerDate: Date | null = null) {
  return { id, date, answerDate };
}

describe('sortActivities', () => {
  it('puts the newest activity first', () => {
    const items = [activity(1, new Date(2026, 10, 20, 9, 0)), activity(2, new Date(2026, 10, 22, 9, 0)), activity(3, new Date(2026, 10, 21, 9, 0))];
    expect(ids(sortActivities(items))).toEqual([2, 3, 1]);
  });

  it('puts the higher id first when two activities share a time', () => {
    const same = new Date(2026, 10, 22, 9, 0);
    expect(ids(sortActivities([activity(4, same), activity(9, same), activity(6, same)]))).toEqual([9, 6, 4]);
  });

  it('orders by time within the same day', () => {
    const items = [activity(1, new Date(2026, 10, 22, 8, 0)), activity(2, new Date(2026, 10, 22, 8, 1))];
    expect(ids(sortActivities(items))).toEqual([2, 1]);
  });

  it('returns a new array and leaves the input untouched', () => {
    const items = [activity(1, new Date(2026, 10, 20)), activity(2, new Date(2026, 10, 21))];
    const result = sortActivities(items);
    expect(result).not.toBe(items);
    expect(ids(items)).toEqual([1, 2]);
  });

  it('gives an empty list for no activities', () => {
    expect(sortActivities([])).toEqual([]);
  });

  it('keeps the extra fields of each item', () => {
    const item = { id: 1, date: new Date(2026, 10, 20), type: 'conversation' };
    expect(sortActivities([item])[0]).toBe(item);
  });
});

describe('recentActivities', () => {
  const items = [
    activity(1, new Date(2026, 10, 18)),
    activity(2, new Date(2026, 10, 22)),
    activity(3, new Date(2026, 10, 19)),
    activity(4, new Date(2026, 10, 21)),
    activity(5, new Date(2026, 10, 20)),
  ];

  it('gives the 3 newest activities by default, newest first', () => {
    expect(ids(recentActivities(items))).toEqual([2, 4, 5]);
  });

  it('honours a different limit', () => {
    expect(ids(recentActivities(items, 1))).toEqual([2]);
  });

  it('gives all activities when there are fewer than the limit', () => {
    expect(ids(recentActivities(items.slice(0, 2)))).toEqual([2, 1]);
  });

  it('leaves the input untouched', () => {
    recentActivities(items);
    expect(ids(items)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('groupFollowUps', () => {
  it('puts a follow-up due just before the start of today in Overdue', () => {
    const justBefore = new Date(startOfToday.getTime() - 1);
    const groups = groupFollowUps([followUp(1, justBefore)], now);
    expect(ids(groups.overdue)).toEqual([1]);
    expect(groups.today).toEqual([]);
  });

  it('puts a follow-up due exactly at the start of today in Today, not Overdue', () => {
    const groups = groupFollowUps([followUp(1, startOfToday)], now);
    expect(groups.overdue).toEqual([]);
    expect(ids(groups.today)).toEqual([1]);
  });

  it('puts a follow-up due earlier today, before now, in Today', () => {
    expect(ids(groupFollowUps([followUp(1, new Date(2026, 10, 22, 9, 0))], now).today)).toEqual([1]);
  });

  it('puts a follow-up due at the last millisecond of today in Today', () => {
    const groups = groupFollowUps([followUp(1, endOfToday)], now);
    expect(ids(groups.today)).toEqual([1]);
    expect(groups.upcoming).toEqual([]);
  });

  it('puts a follow-up due at the start of tomorrow in Upcoming', () => {
    const groups = groupFollowUps([followUp(1, new Date(endOfToday.getTime() + 1))], now);
    expect(groups.today).toEqual([]);
    expect(ids(groups.upcoming)).toEqual([1]);
  });

  it('puts completed follow-ups only in Completed, whatever their date', () => {
    const groups = groupFollowUps(
      [followUp(1, new Date(2026, 10, 1), true), followUp(2, new Date(2026, 10, 22, 10, 0), true), followUp(3, new Date(2026, 11, 1), true)],
      now,
    );
    expect(groups.overdue).toEqual([]);
    expect(groups.today).toEqual([]);
    expect(groups.upcoming).toEqual([]);
    expect(ids(groups.completed)).toEqual([3, 2, 1]);
  });

  it('sorts Overdue oldest first, so the most overdue comes first', () => {
    const groups = groupFollowUps([followUp(1, new Date(2026, 10, 21)), followUp(2, new Date(2026, 10, 1)), followUp(3, new Date(2026, 10, 15))], now);
    expect(ids(groups.overdue)).toEqual([2, 3, 1]);
  });

  it('sorts Today soonest first', () => {
    const groups = groupFollowUps(
      [followUp(1, new Date(2026, 10, 22, 18, 0)), followUp(2, new Date(2026, 10, 22, 8, 0)), followUp(3, new Date(2026, 10, 22, 12, 0))],
      now,
    );
    expect(ids(groups.today)).toEqual([2, 3, 1]);
  });

  it('sorts Upcoming soonest first', () => {
    const groups = groupFollowUps([followUp(1, new Date(2026, 11, 25)), followUp(2, new Date(2026, 10, 23)), followUp(3, new Date(2026, 10, 30))], now);
    expect(ids(groups.upcoming)).toEqual([2, 3, 1]);
  });

  it('puts the lower id first when two pending follow-ups share a time', () => {
    const same = new Date(2026, 10, 25, 12, 0);
    expect(ids(groupFollowUps([followUp(7, same), followUp(3, same)], now).upcoming)).toEqual([3, 7]);
  });

  it('puts the higher id first when two completed follow-ups share a time', () => {
    const same = new Date(2026, 10, 20, 12, 0);
    expect(ids(groupFollowUps([followUp(3, same, true), followUp(7, same, true)], now).completed)).toEqual([7, 3]);
  });

  it('places every follow-up in exactly one group', () => {
    const items = [
      followUp(1, new Date(2026, 10, 20)),
      followUp(2, new Date(2026, 10, 22, 16, 0)),
      followUp(3, new Date(2026, 10, 24)),
      followUp(4, new Date(2026, 10, 22, 16, 0), true),
    ];
    const { overdue, today, upcoming, completed } = groupFollowUps(items, now);
    expect([ids(overdue), ids(today), ids(upcoming), ids(completed)]).toEqual([[1], [2], [3], [4]]);
  });

  it('gives four empty groups for no follow-ups', () => {
    expect(groupFollowUps([], now)).toEqual({ overdue: [], today: [], upcoming: [], completed: [] });
  });

  it('leaves the input untouched', () => {
    const items = [followUp(2, new Date(2026, 10, 25)), followUp(1, new Date(2026, 10, 23))];
    groupFollowUps(items, now);
    expect(ids(items)).toEqual([2, 1]);
  });
});

describe('upcomingFollowUps', () => {
  it('includes a follow-up due exactly at the start of today', () => {
    expect(ids(upcomingFollowUps([followUp(1, startOfToday)], now))).toEqual([1]);
  });

  it('includes a follow-up due earlier today, before now', () => {
    expect(ids(upcomingFollowUps([followUp(1, new Date(2026, 10, 22, 9, 0))], now))).toEqual([1]);
  });

  it('leaves out a follow-up due just before the start of today', () => {
    expect(upcomingFollowUps([followUp(1, new Date(startOfToday.getTime() - 1))], now)).toEqual([]);
  });

  it('leaves out completed follow-ups', () => {
    expect(upcomingFollowUps([followUp(1, new Date(2026, 10, 24), true)], now)).toEqual([]);
  });

  it('gives at most 3, soonest first, by default', () => {
    const items = [
      followUp(1, new Date(2026, 11, 10)),
      followUp(2, new Date(2026, 10, 23)),
      followUp(3, new Date(2026, 10, 22, 18, 0)),
      followUp(4, new Date(2026, 10, 28)),
      followUp(5, new Date(2026, 10, 21)),
      followUp(6, new Date(2026, 10, 22, 19, 0), true),
    ];
    expect(ids(upcomingFollowUps(items, now))).toEqual([3, 2, 4]);
  });

  it('honours a different limit', () => {
    const items = [followUp(1, new Date(2026, 10, 25)), followUp(2, new Date(2026, 10, 24))];
    expect(ids(upcomingFollowUps(items, now, 1))).toEqual([2]);
  });

  it('leaves the input untouched', () => {
    const items = [followUp(2, new Date(2026, 10, 25)), followUp(1, new Date(2026, 10, 23))];
    upcomingFollowUps(items, now);
    expect(ids(items)).toEqual([2, 1]);
  });
});

describe('sortActivePrayers', () => {
  it('puts the newest prayer request first', () => {
    const items = [prayer(1, new Date(2026, 10, 1)), prayer(2, new Date(2026, 10, 20)), prayer(3, new Date(2026, 10, 10))];
    expect(ids(sortActivePrayers(items))).toEqual([2, 3, 1]);
  });

  it('puts the higher id first when two requests share a date', () => {
    const same = new Date(2026, 10, 10);
    expect(ids(sortActivePrayers([prayer(1, same), prayer(2, same)]))).toEqual([2, 1]);
  });

  it('leaves the input untouched', () => {
    const items = [prayer(1, new Date(2026, 10, 1)), prayer(2, new Date(2026, 10, 20))];
    expect(sortActivePrayers(items)).not.toBe(items);
    expect(ids(items)).toEqual([1, 2]);
  });
});

describe('sortAnsweredPrayers', () => {
  it('puts the most recently answered prayer first', () => {
    const items = [
      prayer(1, new Date(2026, 9, 1), new Date(2026, 10, 5)),
      prayer(2, new Date(2026, 9, 2), new Date(2026, 10, 20)),
      prayer(3, new Date(2026, 9, 3), new Date(2026, 10, 10)),
    ];
    expect(ids(sortAnsweredPrayers(items))).toEqual([2, 3, 1]);
  });

  it('orders by answer date, not request date', () => {
    const items = [prayer(1, new Date(2026, 10, 20), new Date(2026, 10, 21)), prayer(2, new Date(2026, 0, 1), new Date(2026, 10, 22))];
    expect(ids(sortAnsweredPrayers(items))).toEqual([2, 1]);
  });

  it('uses the request date for a prayer without an answer date', () => {
    const items = [
      prayer(1, new Date(2026, 10, 15), new Date(2026, 10, 10)),
      prayer(2, new Date(2026, 10, 12), null),
      prayer(3, new Date(2026, 10, 1), new Date(2026, 10, 14)),
    ];
    expect(ids(sortAnsweredPrayers(items))).toEqual([3, 2, 1]);
  });

  it('puts the higher id first when two prayers were answered at the same time', () => {
    const same = new Date(2026, 10, 10);
    expect(ids(sortAnsweredPrayers([prayer(4, new Date(2026, 9, 1), same), prayer(8, same, null)]))).toEqual([8, 4]);
  });

  it('leaves the input untouched', () => {
    const items = [prayer(1, new Date(2026, 10, 1), null), prayer(2, new Date(2026, 10, 20), null)];
    expect(sortAnsweredPrayers(items)).not.toBe(items);
    expect(ids(items)).toEqual([1, 2]);
  });
});
