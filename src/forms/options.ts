// The choices the forms offer, in the vocabulary's order and words. Each label is a getter, so a form shows it in the
// language current when it renders, while the lists stay plain arrays.
import { msg, shownText } from '../../shared/i18n';
import { activityTypeLabel, followUpTypeLabel, formOrder, goalTypeLabel, milestoneLabel, spiritualStatusLabel } from '../../shared/vocabulary';

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
const MILESTONES_GROUP = msg('Faith milestones');
/** SPEC §3's goal types, then the milestones a goal may count (issue 50) under their own heading. */
export const goalTypeOptions: { value: string; label: string; group?: string }[] = [
  ...toOptions(formOrder.goalType, goalTypeLabel),
  ...toOptions(formOrder.goalMilestone, milestoneLabel).map((option) => ({
    value: option.value,
    get label() {
      return option.label;
    },
    get group() {
      return shownText(MILESTONES_GROUP);
    },
  })),
];
export const spiritualStatusOptions = toOptions(formOrder.spiritualStatus, spiritualStatusLabel);
