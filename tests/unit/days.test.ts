// The caller's own day as local midnights (src/lib/days.ts), which the due badge, dashboard and follow-up groups send.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startOfToday, startOfTomorrow } from '../../src/lib/days';

afterEach(() => vi.useRealTimers());

describe('startOfToday / startOfTomorrow', () => {
  it('are the local midnights around now, also one minute before midnight and on the last day of a year', () => {
    for (const now of [new Date(2031, 2, 11, 23, 59), new Date(2031, 2, 11, 0, 0), new Date(2031, 11, 31, 12, 0)]) {
      vi.useFakeTimers({ now });
      const today = startOfToday();
      const tomorrow = startOfTomorrow();
      expect([today.getHours(), today.getMinutes(), today.getSeconds(), today.getMilliseconds()]).toEqual([0, 0, 0, 0]);
      expect([tomorrow.getHours(), tomorrow.getMinutes()]).toEqual([0, 0]);
      expect(today.getTime()).toBeLessThanOrEqual(now.getTime());
      expect(tomorrow.getTime()).toBeGreaterThan(now.getTime());
      expect(tomorrow.getDate()).toBe(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1).getDate());
    }
  });
});
