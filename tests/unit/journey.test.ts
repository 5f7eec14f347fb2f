import { describe, expect, it } from 'vitest';
import { journeySteps } from '../../src/lib/journey';

const at = (day: number) => new Date(Date.UTC(2026, 0, day, 12));

describe('journeySteps', () => {
  it('marks the steps before the current one passed and the rest ahead, with the dates each was reached', () => {
    const steps = journeySteps('new_believer', [
      { toStatus: 'exploring', changedAt: at(1) },
      { toStatus: 'seeking', changedAt: at(5) },
      { toStatus: 'new_believer', changedAt: at(9) },
    ]);
    expect(steps).toEqual([
      { status: 'exploring', state: 'passed', reachedAt: at(1) },
      { status: 'seeking', state: 'passed', reachedAt: at(5) },
      { status: 'new_believer', state: 'current', reachedAt: at(9) },
      { status: 'growing', state: 'ahead', reachedAt: null },
      { status: 'mature', state: 'ahead', reachedAt: null },
    ]);
  });

  it('leaves a skipped step passed without a date', () => {
    const steps = journeySteps('growing', [
      { toStatus: 'exploring', changedAt: at(1) },
      { toStatus: 'growing', changedAt: at(3) },
    ]);
    expect(steps.map((s) => [s.state, s.reachedAt])).toEqual([
      ['passed', at(1)],
      ['passed', null],
      ['passed', null],
      ['current', at(3)],
      ['ahead', null],
    ]);
  });

  it('dates a step reached twice by its latest arrival, and keeps the date of a step ahead after a step back', () => {
    const steps = journeySteps('exploring', [
      { toStatus: 'exploring', changedAt: at(1) },
      { toStatus: 'seeking', changedAt: at(2) },
      { toStatus: 'exploring', changedAt: at(4) },
    ]);
    expect(steps[0]).toEqual({ status: 'exploring', state: 'current', reachedAt: at(4) });
    expect(steps[1]).toEqual({ status: 'seeking', state: 'ahead', reachedAt: at(2) });
  });

  it('puts every step ahead while the status is unknown', () => {
    const steps = journeySteps('unknown', [{ toStatus: 'unknown', changedAt: at(1) }]);
    expect(steps.every((s) => s.state === 'ahead' && s.reachedAt === null)).toBe(true);
  });
});
