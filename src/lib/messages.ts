// Every toast and delete-confirmation text (SPEC §2, §8) in one place, so screens and tests use the same words. Each is a
// getter or a function, so it reads in the current language whenever it is shown.
import { t } from '../i18n';

export const success = {
  get activityCreated() {
    return t('Activity created');
  },
  get activityUpdated() {
    return t('Activity updated');
  },
  get activityDeleted() {
    return t('Activity deleted');
  },
  get contactCreated() {
    return t('Contact created');
  },
  get contactUpdated() {
    return t('Contact updated');
  },
  get contactDeleted() {
    return t('Contact deleted');
  },
  get followUpScheduled() {
    return t('Follow-up scheduled');
  },
  get followUpUpdated() {
    return t('Follow-up updated');
  },
  get followUpDeleted() {
    return t('Follow-up deleted');
  },
  get followUpCompleted() {
    return t('Follow-up completed');
  },
  get prayerAdded() {
    return t('Prayer request added');
  },
  get prayerUpdated() {
    return t('Prayer request updated');
  },
  get prayerDeleted() {
    return t('Prayer request deleted');
  },
  get prayerAnswered() {
    return t('Prayer marked as answered');
  },
  get prayerCounted() {
    return t('Prayer count incremented');
  },
  get prayedDescription() {
    return t('You prayed for this request!');
  },
  get goalCreated() {
    return t('Goal created');
  },
  get goalUpdated() {
    return t('Goal updated');
  },
  get goalDeleted() {
    return t('Goal deleted');
  },
  get goalCompleted() {
    return t('Goal completed');
  },
} as const;

export const failure = {
  get createContact() {
    return t('Failed to create new contact. Please try again.');
  },
  get updateContact() {
    return t('Failed to update contact. Please try again.');
  },
  get deleteContact() {
    return t('Failed to delete the contact. Please try again.');
  },
  get createActivity() {
    return t('Failed to create activity. Please try again.');
  },
  get updateActivity() {
    return t('Failed to update activity. Please try again.');
  },
  get deleteActivity() {
    return t('Failed to delete the activity. Please try again.');
  },
  get scheduleFollowUp() {
    return t('Failed to schedule follow-up. Please try again.');
  },
  get updateFollowUp() {
    return t('Failed to update follow-up. Please try again.');
  },
  get deleteFollowUp() {
    return t('Failed to delete the follow-up. Please try again.');
  },
  get completeFollowUp() {
    return t('Failed to mark the follow-up as completed. Please try again.');
  },
  get addPrayer() {
    return t('Failed to add prayer request. Please try again.');
  },
  get updatePrayer() {
    return t('Failed to update prayer request. Please try again.');
  },
  get deletePrayer() {
    return t('Failed to delete the prayer request. Please try again.');
  },
  get answerPrayer() {
    return t('Failed to mark the prayer as answered. Please try again.');
  },
  get countPrayer() {
    return t('Failed to update the prayer count. Please try again.');
  },
  get createGoal() {
    return t('Failed to create goal. Please try again.');
  },
  get updateGoal() {
    return t('Failed to update goal. Please try again.');
  },
  get deleteGoal() {
    return t('Failed to delete the goal. Please try again.');
  },
  get completeGoal() {
    return t('Failed to mark the goal as completed. Please try again.');
  },
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
    written.newContact ? t('New contact created.') : '',
    written.followUp ? t('Follow-up scheduled.') : '',
    written.prayerRequest ? t('Prayer request added.') : '',
  ].filter(Boolean);
  return extras.length > 0 ? extras.join(' ') : undefined;
}

/** The activity form's contact field: whether a typed name is someone the user knows. */
export const contactPicker = {
  get listLabel() {
    return t('Your contacts');
  },
  /** An activity's other people are contacts already: a name that is none is not taken. */
  get pickAContact() {
    return t('Pick one of your contacts from the list.');
  },
  newContact: (name: string) => t('No contact is named “{name}”: a new contact will be created.', { name }),
  /** The name typed is an existing contact's written another way: the activity is logged with that contact. */
  existingContact: (name: string) => t('Will be logged with the existing contact “{name}”.', { name }),
  /** Offline, with no contact list on this device: the server matches the name when the activity is sent. */
  get cannotCheckOffline() {
    return t('Names cannot be checked while offline: the activity goes to the contact of that name when it is sent, or to a new one.');
  },
  newContactInstead: (name: string, original: string) =>
    t('No contact is named “{name}”: saving moves this activity to a new contact. To rename {original}, edit the contact instead.', {
      name,
      original,
    }),
} as const;

/** What an empty list says under its title (the spec's titles stay on the screens), and the button that starts it. */
export const emptyHelp = {
  get pendingFollowUps() {
    return t('Schedule the next step with someone, and it waits for you here.');
  },
  get completedFollowUps() {
    return t('Follow-ups you mark as completed are kept here.');
  },
  get activePrayers() {
    return t('Add a request to pray for someone by name.');
  },
  get answeredPrayers() {
    return t('When God answers, mark the request as answered to remember it here.');
  },
  get completedGoals() {
    return t('Goals you mark as completed are kept here.');
  },
  get firstFollowUp() {
    return t('Schedule your first follow-up');
  },
  get firstPrayer() {
    return t('Add your first prayer request');
  },
  get firstGoal() {
    return t('Create your first goal');
  },
} as const;

/** When the user last had contact with a person and the next follow-up with them (contact cards and page). */
export const contactSummary = {
  get lastContact() {
    return t('Last contact');
  },
  get nextFollowUp() {
    return t('Next follow-up');
  },
  get never() {
    return t('None yet');
  },
  get noneScheduled() {
    return t('None scheduled');
  },
  get sortLabel() {
    return t('Sort by');
  },
  get sorts() {
    return { name: t('Name'), lastContact: t('Last contact, longest ago first'), nextFollowUp: t('Next follow-up, soonest first') };
  },
} as const;

/** A long note cut to a few lines in a list. */
export const clampedText = {
  get more() {
    return t('Show more');
  },
  get less() {
    return t('Show less');
  },
} as const;

/** The activity form's date, when it is more than a day ahead. */
export const activityDate = {
  get farAhead() {
    return t('This date is more than a day ahead. Activities are usually logged after they happen.');
  },
} as const;

/** A goal's period and what reaching its target offers. */
export const goalPeriod = {
  get startLabel() {
    return t('Start date');
  },
  get startHint() {
    return t('Activities dated from this day to the deadline count toward the goal.');
  },
  since: (day: string) => t('From {day}', { day }),
  get reached() {
    return t('Target reached');
  },
} as const;

/** After a follow-up is completed: the next one with the same person. */
export const nextFollowUp = {
  get offer() {
    return t('Schedule the next one');
  },
  /** A repeating one: Sower already scheduled the next, so the toast opens it instead of offering a second. */
  get open() {
    return t('Open the next one');
  },
  scheduled: (date: string) => t('The next one is on {date}.', { date }),
  title: (name: string) => t('Next follow-up with {name}', { name }),
} as const;

/** A list that could not be loaded, as a whole sentence each (the screen adds a retry). */
export const loadFailed = {
  get activities() {
    return t('We could not load your activities.');
  },
  get contacts() {
    return t('We could not load your contacts.');
  },
  get followUps() {
    return t('We could not load your follow-ups.');
  },
  get prayers() {
    return t('We could not load your prayer journal.');
  },
  get goals() {
    return t('We could not load your goals.');
  },
  get resources() {
    return t('We could not load the resources.');
  },
  get dashboard() {
    return t('We could not load your dashboard.');
  },
} as const;

/** A `?id=` link to a row that does not exist, or is not the user's to see. */
export const notFound = {
  get activity() {
    return t('That activity was not found. It may have been deleted.');
  },
  get followUp() {
    return t('That follow-up was not found. It may have been deleted.');
  },
  get prayer() {
    return t('That prayer request was not found. It may have been deleted.');
  },
  get goal() {
    return t('That goal was not found. It may have been deleted.');
  },
} as const;

export const confirmDelete = {
  get activity() {
    return t('Are you sure you want to delete this activity? This action cannot be undone.');
  },
  contact: (name: string) => t('Are you sure you want to delete {name}? This will also delete their activities, follow-ups and prayer requests.', { name }),
  get followUp() {
    return t('Are you sure you want to delete this follow-up? This action cannot be undone.');
  },
  get prayer() {
    return t('Are you sure you want to delete this prayer request? This action cannot be undone.');
  },
  get goal() {
    return t('Are you sure you want to delete this goal? This action cannot be undone.');
  },
} as const;

/** The calendar feed dialog on the Follow-ups page. */
export const calendarFeed = {
  get intro() {
    return t('See your pending follow-ups in Google Calendar, Apple Calendar, Outlook or Thunderbird, kept up to date.');
  },
  get subscribe() {
    return t('Add this URL to your calendar app as a subscription (in Google Calendar: Other calendars, From URL).');
  },
  get privacy() {
    return t('The link is private: anyone who has it can see your follow-ups. Replace it if it gets out.');
  },
  get copied() {
    return t('Copied to the clipboard.');
  },
  get copyByHand() {
    return t('Press Ctrl+C (or ⌘C) to copy the selected link.');
  },
  get confirmReplace() {
    return t('Replace the link? The old link stops working at once; calendars subscribed to it stop updating.');
  },
  get confirmTurnOff() {
    return t('Turn the feed off? The link stops working; calendars subscribed to it stop updating.');
  },
  get replaced() {
    return t('Calendar link replaced');
  },
  get failed() {
    return t('Failed to change the calendar feed. Please try again.');
  },
  get loadFailed() {
    return t('We could not load your calendar feed. Please try again.');
  },
} as const;

/** Settings (/settings): the texts of the account's own toasts, beyond the spec. */
export const account = {
  get profileUpdated() {
    return t('Profile updated');
  },
  get updateProfileFailed() {
    return t('Failed to update your profile. Please try again.');
  },
  get passwordChanged() {
    return t('Password changed');
  },
  get passwordChangedDescription() {
    return t('Every other session has been signed out.');
  },
  get changePasswordFailed() {
    return t('Failed to change your password. Please try again.');
  },
  get contactsImported() {
    return t('Contacts imported');
  },
  get importFailed() {
    return t('Failed to import contacts. Please try again.');
  },
  get previewFailed() {
    return t('Failed to read the file. Please try again.');
  },
  get accountDeleted() {
    return t('Account deleted');
  },
  get accountDeletedDescription() {
    return t('Your account and all your data have been removed.');
  },
  get deleteAccountFailed() {
    return t('Failed to delete your account. Please try again.');
  },
  get confirmDeleteAccount() {
    return t('This deletes your account and everything you created: contacts, activities, follow-ups, prayer requests and goals. It cannot be undone.');
  },
} as const;

/** The import's result in a sentence: '3 contacts created. 1 duplicate skipped. 2 rows with problems left out.' */
export function importResultDescription({ created, skipped, problems }: { created: number; skipped: number; problems: number }) {
  return [
    t('{created, plural, one {# contact created.} other {# contacts created.}}', { created }),
    skipped ? t('{skipped, plural, one {# duplicate skipped.} other {# duplicates skipped.}}', { skipped }) : '',
    problems ? t('{problems, plural, one {# row with problems left out.} other {# rows with problems left out.}}', { problems }) : '',
  ]
    .filter(Boolean)
    .join(' ');
}
