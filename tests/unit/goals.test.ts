import { describe, it, expect } from 'vitest';
import { crossedCompletion, goalBadgeTone, goalPercentage } from '../../src/lib/goals';

describe('goalPercentage', () => {
  it('rounds current over target to a whole percentage', () => {
    expect(goalPercentage(1, 3)).toBe(33);
    expect(goalPercentage(2, 3)).toBe(67);
  });

  it('rounds a half up', () => {
    expect(goalPercentage(1, 8)).toBe(13);
  });

  it('gives 0 for no progress', () => {
    expect(goalPercentage(0, 10)).toBe(0);
  });

  it('gives 100 when the target is reached exactly', () => {
    expect(goalPercentage(10, 10)).toBe(100);
  });

  it('goes above 100 when the target is exceeded', () => {
    expect(goalPercentage(15, 10)).toBe(150);
  });

  it('gives 0 for a zero target', () => {
    expect(goalPercentage(5, 0)).toBe(0);
  });

  it('gives 0 for a negative target', () => {
    expect(goalPercentage(5, -10)).toBe(0);
  });

  it('never gives a negative percentage', () => {
    expect(goalPercentage(-3, 10)).toBe(0);
  });

  it('gives +0, not -0, for a tiny negative count', () => {
    expect(goalPercentage(-0.004, 1)).toBe(0);
  });

  it('gives 0 for a count or target that is not a number', () => {
    expect(goalPercentage(NaN, 10)).toBe(0);
    expect(goalPercentage(5, NaN)).toBe(0);
  });
});

describe('goalBadgeTone', () => {
  it.each([
    [0, 'error'],
    [49, 'error'],
    [50, 'warning'],
    [74, 'warning'],
    [75, 'success'],
    [100, 'success'],
    [150, 'success'],
  ])('gives a %i%% goal the %s tone', (percentage, tone) => {
    expect(goalBadgeTone(percentage)).toBe(tone);
  });
});

describe('crossedCompletion', () => {
  it('is true when progress rises from 99 to 100', () => {
    expect(crossedCompletion(99, 100)).toBe(true);
  });

  it('is true when progress jumps from 0 past 100', () => {
    expect(crossedCompletion(0, 120)).toBe(true);
  });

  it('is false on first render, when there is no previous value', () => {
    expect(crossedCompletion(undefined, 100)).toBe(false);
  });

  it('is false when the goal was already complete', () => {
    expect(crossedCompletion(100, 100)).toBe(false);
    expect(crossedCompletion(100, 110)).toBe(false);
  });

  it('is false when progress rises but stays below 100', () => {
    expect(crossedCompletion(50, 99)).toBe(false);
  });

  it('is false when progress falls back below 100', () => {
    expect(crossedCompletion(100, 90)).toBe(false);
  });
});
