// The SPEC's display orders of activities, follow-ups and prayers as pure functions, kept for the tests: the server
// pages in these orders, and the tests hold its pages to them. Every function returns a new array.
import { endOfDay, startOfDay } from 'date-fns';

type Dated = { date: Date; id: number };

// Ties on time fall back to id so the order never depends on how the server happened to return rows.
function newestFirst<T extends { id: number }>(time: (item: T) => number) {
  return (a: T, b: T) => time(b) - time(a) || b.id - a.id;
}

function oldestFirst<T extends { id: number }>(time: (item: T) => number) {
  return (a: T, b: T) => time(a) - time(b) || a.id - b.id;
}

const byDate = (item: Dated) => item.date.getTime();

// SPEC §9: the dashboard shows at most 3 of each.
const DASHBOARD_LIMIT = 3;

export function sortActivities<T extends Dated>(items: readonly T[]): T[] {
  return items.slice().sort(newestFirst(byDate));
}

export function recentActivities<T extends Dated>(items: readonly T[], limit = DASHBOARD_LIMIT): T[] {
  return sortActivities(items).slice(0, limit);
}

export function groupFollowUps<T extends Dated & { completed: boolean }>(
  items: readonly T[],
  now: Date = new Date(),
): { overdue: T[]; today: T[]; upcoming: T[]; completed: T[] } {
  const todayStart = startOfDay(now).getTime();
  const todayEnd = endOfDay(now).getTime();
  const pending = items.filter((item) => !item.completed);
  const soonestFirst = oldestFirst(byDate);
  return {
    // Oldest first puts the most overdue, i.e. the most urgent, at the top.
    overdue: pending.filter((item) => byDate(item) < todayStart).sort(soonestFirst),
    today: pending.filter((item) => byDate(item) >= todayStart && byDate(item) <= todayEnd).sort(soonestFirst),
    upcoming: pending.filter((item) => byDate(item) > todayEnd).sort(soonestFirst),
    completed: items.filter((item) => item.completed).sort(newestFirst(byDate)),
  };
}

// Today counts from its start, so a follow-up due this morning is still "upcoming" on the dashboard.
export function upcomingFollowUps<T extends Dated & { completed: boolean }>(items: readonly T[], now: Date = new Date(), limit = DASHBOARD_LIMIT): T[] {
  const todayStart = startOfDay(now).getTime();
  return items
    .filter((item) => !item.completed && byDate(item) >= todayStart)
    .sort(oldestFirst(byDate))
    .slice(0, limit);
}

export function sortActivePrayers<T extends Dated>(items: readonly T[]): T[] {
  return items.slice().sort(newestFirst(byDate));
}

// A prayer marked answered without an answer date still needs a place in the list, so its request date stands in.
export function sortAnsweredPrayers<T extends Dated & { answerDate: Date | null }>(items: readonly T[]): T[] {
  return items.slice().sort(newestFirst((item) => (item.answerDate ?? item.date).getTime()));
}
