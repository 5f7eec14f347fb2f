// The spiritual journey as a path of five steps: which are behind the contact, where they stand, when each was reached.
import type { SpiritualStatus } from '../../shared/vocabulary';

/** The path in order; 'unknown' is not on it. */
export const JOURNEY_STEPS = ['exploring', 'seeking', 'new_believer', 'growing', 'mature'] as const satisfies readonly SpiritualStatus[];

export type JourneyStepState = 'passed' | 'current' | 'ahead';

export interface JourneyStep {
  status: (typeof JOURNEY_STEPS)[number];
  state: JourneyStepState;
  /** When the contact last arrived at this step, or null if Sower never saw them there. */
  reachedAt: Date | null;
}

/**
 * Each step of the path for a contact now at `current`, given their status changes oldest first. A step reached
 * more than once shows its latest arrival, so the current step says since when it holds. A contact whose status
 * is unknown has every step ahead. A check that found no change (issue 16) does not count as arriving again.
 */
export function journeySteps(current: string, changes: readonly { fromStatus?: string | null; toStatus: string; changedAt: Date }[]): JourneyStep[] {
  const currentIndex = JOURNEY_STEPS.findIndex((status) => status === current);
  return JOURNEY_STEPS.map((status, index) => {
    // A spiritual check answered 'no change' (from = to) is no arrival: the step still holds since it was reached.
    const arrivals = changes.filter((change) => change.toStatus === status && change.fromStatus !== status);
    return {
      status,
      state: index < currentIndex ? 'passed' : index === currentIndex ? 'current' : 'ahead',
      reachedAt: arrivals.length ? arrivals[arrivals.length - 1].changedAt : null,
    };
  });
}
