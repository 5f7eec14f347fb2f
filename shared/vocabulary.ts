// The closed sets of SPEC §3 (activity and goal types, follow-up types, spiritual statuses, team roles) with their words and the
// order each form offers them in: one module for the tables, the zod schemas, the forms, the screens and the calendar.
// Free of zod and of database imports, so a screen that only shows a label does not download either. Each word is English,
// marked for translation; the label functions answer in the reader's language (shared/i18n.ts shownText).
import { msg, shownText } from './i18n';

export const activityTypes = ['conversation', 'gospel_presentation', 'follow_up', 'other'] as const;
/** Goals count activities, plus the contacts added (new_contact). */
export const goalTypes = ['conversation', 'gospel_presentation', 'new_contact', 'follow_up', 'other'] as const;
export const spiritualStatuses = ['exploring', 'seeking', 'new_believer', 'growing', 'mature', 'unknown'] as const;
export const followUpTypes = ['phone', 'meeting', 'email', 'text', 'study', 'other'] as const;
export const teamRoles = ['admin', 'member', 'viewer'] as const;
/** The roles an invite link may give: never admin, since whoever holds the link's text could join with it. */
export const linkRoles = ['member', 'viewer'] as const satisfies readonly TeamRole[];

export type ActivityType = (typeof activityTypes)[number];
export type GoalType = (typeof goalTypes)[number];
export type SpiritualStatus = (typeof spiritualStatuses)[number];
export type FollowUpType = (typeof followUpTypes)[number];
export type TeamRole = (typeof teamRoles)[number];
export type LinkRole = (typeof linkRoles)[number];

/** The words a screen shows for a goal's type; an activity's type uses the same words (and the server's default description). */
export const goalTypeLabels: Record<GoalType, string> = {
  conversation: msg('Conversation'),
  gospel_presentation: msg('Gospel Presentation'),
  new_contact: msg('New Contact'),
  follow_up: msg('Follow-up'),
  other: msg('Other'),
};

/** An activity's own types with the same words (the Log Activity form's choices, the server's default description). */
export const activityTypeLabels = Object.fromEntries(activityTypes.map((type) => [type, goalTypeLabels[type]])) as Record<ActivityType, string>;

/**
 * A person's faith milestones (issue 50), Disciple.Tools' `milestone_*` set: each held once per person, with the day it
 * happened. In the order a journey usually takes them, the order the contact page shows them in.
 */
export const milestoneKinds = ['has_bible', 'reading_bible', 'belief', 'can_share', 'sharing', 'baptized', 'baptizing', 'in_group', 'planting'] as const;
export type MilestoneKind = (typeof milestoneKinds)[number];

export const milestoneLabels: Record<MilestoneKind, string> = {
  has_bible: msg('Has a Bible'),
  reading_bible: msg('Reading the Bible'),
  belief: msg('Believes'),
  can_share: msg('Can share the gospel'),
  sharing: msg('Sharing the gospel'),
  baptized: msg('Baptized'),
  baptizing: msg('Baptizing others'),
  in_group: msg('In a group'),
  planting: msg('Starting churches'),
};

/** What a goal may count (issue 50): SPEC §3's goal types, and the faith milestones reached in its period ('3 baptisms'). */
export const goalKinds = [...goalTypes, ...milestoneKinds] as const;
export const isMilestoneKind = (kind: string): kind is MilestoneKind => isOneOf(milestoneKinds, kind);

/**
 * How two people are linked (issue 50), as said from the first: "Ana is a parent of Ben", "Ana was introduced by Ben",
 * "Ana is discipled by Ben". Seen from the other side each has its reverse (relationshipReverse).
 */
export const relationshipKinds = ['parent', 'child', 'spouse', 'sibling', 'friend', 'coworker', 'introduced_by', 'discipled_by'] as const;
export type RelationshipKind = (typeof relationshipKinds)[number];
/** The kinds an answer may name: the stored ones and the reverses that are not themselves stored kinds. */
export const relationshipViews = [...relationshipKinds, 'introduced', 'disciples'] as const;
export type RelationshipView = (typeof relationshipViews)[number];
export const relationshipReverse: Record<RelationshipView, RelationshipView> = {
  parent: 'child',
  child: 'parent',
  spouse: 'spouse',
  sibling: 'sibling',
  friend: 'friend',
  coworker: 'coworker',
  introduced_by: 'introduced',
  introduced: 'introduced_by',
  discipled_by: 'disciples',
  disciples: 'discipled_by',
};
/** What the other person is to the one whose page shows the link: "Parent", "Introduced by", "Disciples". */
export const relationshipLabels: Record<RelationshipView, string> = {
  parent: msg('Parent of'),
  child: msg('Child of'),
  spouse: msg('Spouse of'),
  sibling: msg('Sibling of'),
  friend: msg('Friend of'),
  coworker: msg('Coworker of'),
  introduced_by: msg('Introduced by'),
  introduced: msg('Introduced'),
  discipled_by: msg('Discipled by'),
  disciples: msg('Disciples'),
};

/** The colours a tag may have (issue 50); none is the plain chip. */
/** Why a contact was archived (issue 50 §7): they leave lists, nudges and Pray today, and can be restored. */
export const archiveReasons = ['moved', 'not_interested', 'unreachable', 'duplicate', 'other'] as const;

/** What an important date of a person is (issue 50 §6): a birthday goes to vCard's BDAY, a baptism anniversary to ANNIVERSARY. */
export const contactDateKinds = ['birthday', 'spiritual_birthday', 'baptism', 'other'] as const;
export type ContactDateKind = (typeof contactDateKinds)[number];
/** Each kind's label, also the label a new date of that kind is offered with. */
export const contactDateKindLabels: Record<ContactDateKind, string> = {
  birthday: msg('Birthday'),
  spiritual_birthday: msg('Spiritual birthday'),
  baptism: msg('Baptism anniversary'),
  other: msg('Other date'),
};

export const tagColors = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink'] as const;
export type TagColor = (typeof tagColors)[number];
export const tagColorLabels: Record<TagColor, string> = {
  red: msg('Red'),
  orange: msg('Orange'),
  yellow: msg('Yellow'),
  green: msg('Green'),
  teal: msg('Teal'),
  blue: msg('Blue'),
  purple: msg('Purple'),
  pink: msg('Pink'),
};

/** The sources a user's list of "how we met" starts with; they add their own by typing one. */
export const seededSources = [msg('Friend'), msg('Family'), msg('Campus'), msg('Work'), msg('Church'), msg('Event'), msg('Online')];

export const spiritualStatusLabels: Record<SpiritualStatus, string> = {
  exploring: msg('Exploring'),
  seeking: msg('Seeking'),
  new_believer: msg('New Believer'),
  growing: msg('Growing'),
  mature: msg('Mature'),
  unknown: msg('Unknown'),
};

export const followUpTypeLabels: Record<FollowUpType, string> = {
  phone: msg('Phone Call'),
  meeting: msg('Meeting'),
  email: msg('Email'),
  text: msg('Text Message'),
  study: msg('Bible Study'),
  other: msg('Other'),
};

/** A follow-up's type at the head of a calendar event's title ('Phone call: Maria'): sentence case, and 'Follow-up' for other. */
export const followUpCalendarWords: Record<FollowUpType, string> = {
  phone: msg('Phone call'),
  meeting: msg('Meeting'),
  email: msg('Email'),
  text: msg('Text message'),
  study: msg('Bible study'),
  other: msg('Follow-up'),
};

/** The choices each form offers, in its order (SPEC §2 and §9: a new contact is unknown until said otherwise). */
export const formOrder = {
  activityType: activityTypes,
  goalType: goalTypes,
  /** The milestones a goal may count, after the goal types, in the form's 'Faith milestones' group. */
  goalMilestone: milestoneKinds,
  spiritualStatus: ['unknown', 'exploring', 'seeking', 'new_believer', 'growing', 'mature'],
  followUpType: ['phone', 'meeting', 'email', 'text', 'other'],
  /** SPEC §2: the activity form's follow-up block offers phone, meeting, study (Bible Study) and other. */
  activityFollowUpType: ['phone', 'meeting', 'study', 'other'],
} as const satisfies {
  activityType: readonly ActivityType[];
  goalType: readonly GoalType[];
  goalMilestone: readonly MilestoneKind[];
  spiritualStatus: readonly SpiritualStatus[];
  followUpType: readonly FollowUpType[];
  activityFollowUpType: readonly FollowUpType[];
};

/** The files a contact import reads. */
export const importFormats = ['csv', 'vcard'] as const;
export type ImportFormat = (typeof importFormats)[number];

/** Whether a text (a URL parameter, a stored value read as text) is one of a set's values. */
export function isOneOf<T extends string>(values: readonly T[], value: string): value is T {
  return (values as readonly string[]).includes(value);
}

/**
 * The label of a value that arrives as text, or the fallback for one outside the set (never a label inherited from
 * Object.prototype: 'constructor' is not a key of the table).
 */
function labelOf<T extends string>(labels: Record<T, string>, value: string, fallback: string): string {
  return shownText(Object.hasOwn(labels, value) ? labels[value as T] : fallback);
}

/** SPEC §2: an activity item labels conversation, gospel_presentation, new_contact and follow_up; any other shows 'Other'. */
export const activityTypeLabel = (type: string) => labelOf(goalTypeLabels, type, msg('Other'));
/** A goal's type in words: SPEC §3's goal types, or the milestone it counts. */
export const goalTypeLabel = (type: string) => (isMilestoneKind(type) ? milestoneLabel(type) : labelOf(goalTypeLabels, type, msg('Other')));
export const followUpTypeLabel = (type: string) => labelOf(followUpTypeLabels, type, msg('Other'));
export const spiritualStatusLabel = (status: string) => labelOf(spiritualStatusLabels, status, msg('Unknown'));
export const milestoneLabel = (kind: MilestoneKind) => shownText(milestoneLabels[kind]);

/**
 * What stands for a contact's name on a row the reader may read whose contact they may not (issue 30: a teammate's
 * record left with a team when its contact was taken back, one's own old record on a team one has left): answers carry
 * `contactName: null`, screens and files show this.
 */
export const HIDDEN_CONTACT_NAME = msg('a contact no longer shared');
export const contactNameShown = (name: string | null) => name ?? shownText(HIDDEN_CONTACT_NAME);

/**
 * Where an assignment stands (issue 51 §2): `pending` until the assignee answers, `accepted` once they have; a declined
 * one goes back to the admins unassigned, so it has no state of its own. Null on a contact nobody is assigned to.
 */
export const assignmentStatuses = ['pending', 'accepted'] as const;

/**
 * What a notification tells (issue 51 §3): a mention in a comment, a contact assigned to one, an assignee's answer, an
 * assigned contact that needs an update, a member's contacts handed back to the admins, being removed from a team.
 */
export const notificationKinds = ['mention', 'assigned', 'accepted', 'declined', 'updateNeeded', 'returned', 'removed'] as const;
export type NotificationKind = (typeof notificationKinds)[number];
