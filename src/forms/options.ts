// The choices the forms offer, in the vocabulary's order and words. Each label is a getter, so a form shows it in the
// language current when it renders, while the lists stay plain arrays.
import { activityTypeLabel, followUpTypeLabel, formOrder, goalTypeLabel, spiritualStatusLabel } from '../../shared/vocabulary';

const toOptions = <T extends string>(values: readonly T[], labelOf: (value: T) => string) =>
  values.map((value) => ({
    value,
    get label() {
      return labelOf(value);
    },
  }));

export const activityTypeOptions = toOptions(formOrder.activityType, activityTypeLabel);
export const activityFollowUpTypeOptions = toOptions(formOrder.activityFollowUpType, followUpTypeLabel);
export const followUpTypeOptions = toOptions(formOrder.followUpType, followUpTypeLabel);
export const goalTypeOptions = toOptions(formOrder.goalType, goalTypeLabel);
export const spiritualStatusOptions = toOptions(formOrder.spiritualStatus, spiritualStatusLabel);
