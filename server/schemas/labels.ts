// Words for enumeration values that the server writes into records (an activity's default description).
import type { ActivityType } from '../../db/enums';

export const activityTypeWords: Record<ActivityType, string> = {
  conversation: 'Conversation',
  gospel_presentation: 'Gospel Presentation',
  follow_up: 'Follow-up',
  other: 'Other',
};
