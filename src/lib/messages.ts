// Every toast and delete-confirmation text (SPEC §2, §8) in one place, so screens and tests use the same words.
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

/** SPEC §9: the prayed-count toast stays 2 seconds, shorter than the rest. */
export const PRAYED_TOAST_DURATION = 2000;

/**
 * What an activity's toast adds below its title ('Activity created', 'Activity updated'): 'New contact created.
 * Follow-up scheduled. Prayer request added.' as far as each applies (SPEC §8), without repeating the title; nothing
 * when the activity came alone.
 */
export function activityWrittenDescription(written: { newContact: boolean; followUp?: unknown; prayerRequest?: unknown }) {
  const extras = [
    written.newContact ? 'New contact created.' : '',
    written.followUp ? 'Follow-up scheduled.' : '',
    written.prayerRequest ? 'Prayer request added.' : '',
  ].filter(Boolean);
  return extras.length > 0 ? extras.join(' ') : undefined;
}

/** The activity form's contact field: whether a typed name is someone the user knows. */
export const contactPicker = {
  listLabel: 'Your contacts',
  newContact: (name: string) => `No contact is named “${name}”: a new contact will be created.`,
  newContactInstead: (name: string, original: string) =>
    `No contact is named “${name}”: saving moves this activity to a new contact. To rename ${original}, edit the contact instead.`,
} as const;

/** What an empty list says under its title (the spec's titles stay on the screens), and the button that starts it. */
export const emptyHelp = {
  pendingFollowUps: 'Schedule the next step with someone, and it waits for you here.',
  completedFollowUps: 'Follow-ups you mark as completed are kept here.',
  activePrayers: 'Add a request to pray for someone by name.',
  answeredPrayers: 'When God answers, mark the request as answered to remember it here.',
  completedGoals: 'Goals you mark as completed are kept here.',
  firstFollowUp: 'Schedule your first follow-up',
  firstPrayer: 'Add your first prayer request',
  firstGoal: 'Create your first goal',
} as const;

/** When the user last had contact with a person and the next follow-up with them (contact cards and page). */
export const contactSummary = {
  lastContact: 'Last contact',
  nextFollowUp: 'Next follow-up',
  never: 'None yet',
  noneScheduled: 'None scheduled',
  sortLabel: 'Sort by',
  sorts: { name: 'Name', lastContact: 'Last contact, longest ago first', nextFollowUp: 'Next follow-up, soonest first' },
} as const;

/** A long note cut to a few lines in a list. */
export const clampedText = { more: 'Show more', less: 'Show less' } as const;

/** The activity form's date, when it is more than a day ahead. */
export const activityDate = {
  farAhead: 'This date is more than a day ahead. Activities are usually logged after they happen.',
} as const;

/** A goal's period and what reaching its target offers. */
export const goalPeriod = {
  startLabel: 'Start date',
  startHint: 'Activities dated from this day to the deadline count toward the goal.',
  since: (day: string) => `From ${day}`,
  reached: 'Target reached',
} as const;

/** After a follow-up is completed: the next one with the same person. */
export const nextFollowUp = {
  offer: 'Schedule the next one',
  title: (name: string) => `Next follow-up with ${name}`,
} as const;

/** A list that could not be loaded, as a whole sentence each (the screen adds a retry). */
export const loadFailed = {
  activities: 'We could not load your activities.',
  contacts: 'We could not load your contacts.',
  followUps: 'We could not load your follow-ups.',
  prayers: 'We could not load your prayer journal.',
  goals: 'We could not load your goals.',
  resources: 'We could not load the resources.',
  dashboard: 'We could not load your dashboard.',
} as const;

/** A `?id=` link to a row that does not exist, or is not the user's to see. */
export const notFound = {
  activity: 'That activity was not found. It may have been deleted.',
  followUp: 'That follow-up was not found. It may have been deleted.',
  prayer: 'That prayer request was not found. It may have been deleted.',
} as const;


export const confirmDelete = {
  activity: 'Are you sure you want to delete this activity? This action cannot be undone.',
  contact: (name: string) => `Are you sure you want to delete ${name}? This will also delete their activities, follow-ups and prayer requests.`,
  followUp: 'Are you sure you want to delete this follow-up? This action cannot be undone.',
  prayer: 'Are you sure you want to delete this prayer request? This action cannot be undone.',
  goal: 'Are you sure you want to delete this goal? This action cannot be undone.',
} as const;

/** The calendar feed dialog on the Follow-ups page. */
export const calendarFeed = {
  intro: 'See your pending follow-ups in Google Calendar, Apple Calendar, Outlook or Thunderbird, kept up to date.',
  subscribe: 'Add this URL to your calendar app as a subscription (in Google Calendar: Other calendars, From URL).',
  privacy: 'The link is private: anyone who has it can see your follow-ups. Replace it if it gets out.',
  copied: 'Copied to the clipboard.',
  copyByHand: 'Press Ctrl+C (or ⌘C) to copy the selected link.',
  confirmReplace: 'Replace the link? The old link stops working at once; calendars subscribed to it stop updating.',
  confirmTurnOff: 'Turn the feed off? The link stops working; calendars subscribed to it stop updating.',
  replaced: 'Calendar link replaced',
  failed: 'Failed to change the calendar feed. Please try again.',
  loadFailed: 'We could not load your calendar feed. Please try again.',
} as const;

/** Settings (/settings): the texts of the account's own toasts, beyond the spec. */
export const account = {
  profileUpdated: 'Profile updated',
  updateProfileFailed: 'Failed to update your profile. Please try again.',
  passwordChanged: 'Password changed',
  passwordChangedDescription: 'Every other session has been signed out.',
  changePasswordFailed: 'Failed to change your password. Please try again.',
  contactsImported: 'Contacts imported',
  importFailed: 'Failed to import contacts. Please try again.',
  previewFailed: 'Failed to read the file. Please try again.',
  accountDeleted: 'Account deleted',
  accountDeletedDescription: 'Your account and all your data have been removed.',
  deleteAccountFailed: 'Failed to delete your account. Please try again.',
  confirmDeleteAccount:
    'This deletes your account and everything you created: contacts, activities, follow-ups, prayer requests and goals. It cannot be undone.',
} as const;

/** The import's result in a sentence: '3 contacts created. 1 duplicate skipped. 2 rows with problems left out.' */
export function importResultDescription({ created, skipped, problems }: { created: number; skipped: number; problems: number }) {
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return [
    `${count(created, 'contact', 'contacts')} created.`,
    skipped ? ` ${count(skipped, 'duplicate', 'duplicates')} skipped.` : '',
    problems ? ` ${count(problems, 'row with problems', 'rows with problems')} left out.` : '',
  ].join('');
}
