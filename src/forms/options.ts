// The choices the forms offer, in the vocabulary's order and words.
import {
  activityTypeLabels,
  followUpTypeLabels,
  formOrder,
  goalTypeLabels,
  spiritualStatusLabels,
} from '../../shared/vocabulary';

const toOptions = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => ({ value, label: labels[value] }));

export const activityTypeOptions = toOptions(formOrder.activityType, activityTypeLabels);
export const activityFollowUpTypeOptions = toOptions(formOrder.activityFollowUpType, followUpTypeLabels);
export const followUpTypeOptions = toOptions(formOrder.followUpType, followUpTypeLabels);
export const goalTypeOptions = toOptions(formOrder.goalType, goalTypeLabels);
export const spiritualStatusOptions = toOptions(formOrder.spiritualStatus, spiritualStatusLabels);
