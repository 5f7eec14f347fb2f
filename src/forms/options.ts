// The choices the forms offer, with the words the screens use.
import { activityTypeLabel, followUpTypeLabel, goalTypeLabel, spiritualStatusLabel } from '../lib/labels';

const toOptions = (values: readonly string[], label: (v: string) => string) => values.map((value) => ({ value, label: label(value) }));

export const activityTypeOptions = toOptions(['conversation', 'gospel_presentation', 'follow_up', 'other'], activityTypeLabel);
/** SPEC §2: the activity form's follow-up block offers phone, meeting, study (Bible Study) and other. */
export const activityFollowUpTypeOptions = toOptions(['phone', 'meeting', 'study', 'other'], followUpTypeLabel);
export const followUpTypeOptions = toOptions(['phone', 'meeting', 'email', 'text', 'other'], followUpTypeLabel);
export const goalTypeOptions = toOptions(['conversation', 'gospel_presentation', 'new_contact', 'follow_up', 'other'], goalTypeLabel);
export const spiritualStatusOptions = toOptions(['unknown', 'exploring', 'seeking', 'new_believer', 'growing', 'mature'], spiritualStatusLabel);
