// Next steps by stage (shared/nextSteps.ts) and the day Pray today counts in (server/nudges/prayToday.ts dayStartIn).
import { describe, expect, it } from 'vitest';
import { nextSteps } from '../../shared/nextSteps';
import { followUpTypes, spiritualStatuses } from '../../shared/vocabulary';
import { dayStartIn } from '../../server/nudges/prayToday';
import { journeySteps } from '../../src/lib/journey';

describe('next steps by stage', () => {
  it.each(spiritualStatuses)('%s has 3 or 4 distinct short steps, each a follow-up type and a delay', (status) => {
    const steps = nextSteps[status];
    expect(steps.length).toBeGreaterThanOrEqual(3);
    expect(steps.length).toBeLessThanOrEqual(4);
    expect(new Set(steps.map((step) => step.text)).size).toBe(steps.length);
    for (const step of steps) {
      expect(followUpTypes).toContain(step.type);
      expect(Number.isInteger(step.inDays) && step.inDays >= 1 && step.inDays <= 30).toBe(true);
      expect(step.text.length).toBeLessThanOrEqual(60);
    }
  });
});

describe('the day Pray today counts in', () => {
  it('starts at midnight in the time zone given, across a daylight-saving change', () => {
    const at = Date.parse('2026-03-29T12:00:00Z'); // Europe/Paris springs forward that night
    expect(new Date(dayStartIn(at, 'Europe/Paris')).toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(new Date(dayStartIn(at, 'UTC')).toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(new Date(dayStartIn(Date.parse('2026-03-29T02:00:00Z'), 'America/Los_Angeles')).toISOString()).toBe('2026-03-28T07:00:00.000Z');
  });
});

describe('a spiritual check on the journey', () => {
  it('does not move the date a step was reached when nothing changed', () => {
    const reached = new Date('2026-01-05T10:00:00Z');
    const steps = journeySteps('seeking', [
      { fromStatus: null, toStatus: 'seeking', changedAt: reached },
      { fromStatus: 'seeking', toStatus: 'seeking', changedAt: new Date('2026-02-05T10:00:00Z') },
    ]);
    expect(steps.find((step) => step.status === 'seeking')).toMatchObject({ state: 'current', reachedAt: reached });
  });
});
