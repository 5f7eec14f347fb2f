import { describe, expect, it } from 'vitest';
import { weekBoundaries } from '../../shared/weeks';

describe('weekBoundaries', () => {
  it('gives 13 local Monday midnights for 12 weeks, the current week last, then next Monday', () => {
    // Wednesday 18 November 2026, afternoon.
    const bounds = weekBoundaries(12, new Date(2026, 10, 18, 15, 30));
    expect(bounds).toHaveLength(13);
    for (const date of bounds) {
      expect(date.getDay()).toBe(1);
      expect([date.getHours(), date.getMinutes(), date.getSeconds(), date.getMilliseconds()]).toEqual([0, 0, 0, 0]);
    }
    expect(bounds[11]).toEqual(new Date(2026, 10, 16));
    expect(bounds[12]).toEqual(new Date(2026, 10, 23));
    expect(bounds[0]).toEqual(new Date(2026, 7, 31));
  });

  it('counts a Monday itself and a Sunday night into the right week', () => {
    expect(weekBoundaries(1, new Date(2026, 10, 16, 0, 0))[0]).toEqual(new Date(2026, 10, 16));
    expect(weekBoundaries(1, new Date(2026, 10, 22, 23, 59))[0]).toEqual(new Date(2026, 10, 16));
  });

  it('is strictly ascending', () => {
    const bounds = weekBoundaries(52, new Date(2026, 2, 29, 12));
    expect(bounds.every((d, i) => i === 0 || d > bounds[i - 1])).toBe(true);
  });
});
