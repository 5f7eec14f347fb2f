// Every toast text of SPEC §8 in one place, so screens and tests use the same words.
export const success = {
  activityCreated: 'Activity created',
  activityUpdated: 'Activity updated',
  activityDeleted: 'Activity deleted',
  contactCreated: 'Contact created',
  contactUpdated: 'Contact updated',
  contactDeleted: 'Contact deleted',
  followUpScheduled: 'Follow-up scheduled',
  followUpUpdated: 'Follow-up updated',
  followUpDeleted: 'Follow-up deleted',
  followUpCompleted: 'Follow-up completed',
  prayerAdded: 'Prayer request added',
  prayerUpdated: 'Prayer request updated',
  prayerDeleted: 'Prayer request deleted',
  prayerAnswered: 'Prayer marked as answered',
  prayerCounted: 'Prayer count incremented',
  prayedDescription: 'You prayed for this request!',
  goalCreated: 'Goal created',
  goalUpdated: 'Goal updated',
  goalDeleted: 'Goal deleted',
  goalCompleted: 'Goal completed',
} as const;

export const failure = {
  createContact: 'Failed to create new contact. Please try again.',
  updateContact: 'Failed to update contact. Please try again.',
  deleteContact: 'Failed to delete the contact. Please try again.',
  createActivity: 'Failed to create activity. Please try again.',
  updateActivity: 'Failed to update activity. Please try again.',
  deleteActivity: 'Failed to delete the activity. Please try again.',
  scheduleFollowUp: 'Failed to schedule follow-up. Please try again.',
  updateFollowUp: 'Failed to update follow-up. Please try again.',
  deleteFollowUp: 'Failed to delete the follow-up. Please try again.',
  completeFollowUp: 'Failed to mark the follow-up as completed. Please try again.',
  addPrayer: 'Failed to add prayer request. Please try again.',
  updatePrayer: 'Failed to update prayer request. Please try again.',
  deletePrayer: 'Failed to delete the prayer request. Please try again.',
  answerPrayer: 'Failed to mark the prayer as answered. Please try again.',
  countPrayer: 'Failed to update the prayer count. Please try again.',
  createGoal: 'Failed to create goal. Please try again.',
  updateGoal: 'Failed to update goal. Please try again.',
  deleteGoal: 'Failed to delete the goal. Please try again.',
  completeGoal: 'Failed to mark the goal as completed. Please try again.',
} as const;

/** 'Activity created. New contact created. Follow-up scheduled. Prayer request added.' as far as each applies. */
export function activityCreatedDescription(created: { newContact: boolean; followUp: unknown; prayerRequest: unknown }) {
  return [
    'Activity created.',
    created.newContact ? ' New contact created.' : '',
    created.followUp ? ' Follow-up scheduled.' : '',
    created.prayerRequest ? ' Prayer request added.' : '',
  ].join('');
}
