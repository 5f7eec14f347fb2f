// Display words for stored enum values: activity, goal and follow-up types, spiritual statuses, resource icons.

export type FollowUpKind = 'phone' | 'meeting' | 'email' | 'text' | 'other';
export type ResourceIconKind = 'gospel' | 'evangelism' | 'other';

const ACTIVITY_TYPE_LABELS: Record<string, string> = {
  conversation: 'Conversation',
  gospel_presentation: 'Gospel Presentation',
  new_contact: 'New Contact',
  follow_up: 'Follow-up',
};

const SPIRITUAL_STATUS_LABELS: Record<string, string> = {
  exploring: 'Exploring',
  seeking: 'Seeking',
  new_believer: 'New Believer',
  growing: 'Growing',
  mature: 'Mature',
  unknown: 'Unknown',
};

const FOLLOW_UP_KIND_LABELS: Record<FollowUpKind, string> = {
  phone: 'Phone Call',
  meeting: 'Meeting',
  email: 'Email',
  text: 'Text Message',
  other: 'Other',
};

// Matched by substring, in this order, so free-form stored values such as 'Phone Call' or 'In Person' still
// find their kind.
const FOLLOW_UP_KIND_KEYWORDS: ReadonlyArray<readonly [Exclude<FollowUpKind, 'other'>, readonly string[]]> = [
  ['phone', ['phone', 'call']],
  ['meeting', ['meet', 'in person']],
  ['email', ['email']],
  ['text', ['text', 'message']],
];

// Object.hasOwn keeps values like 'constructor' from reading inherited properties off the lookup table.
function lookup(table: Record<string, string>, key: string, fallback: string): string {
  return Object.hasOwn(table, key) ? table[key] : fallback;
}

export function activityTypeLabel(type: string): string {
  return lookup(ACTIVITY_TYPE_LABELS, type, 'Other');
}

// Goals count activities, so they share the activity type vocabulary.
export const goalTypeLabel = activityTypeLabel;

// The API stores a description; when the user leaves it blank the activity is described by its type.
export const activityDefaultDescription = activityTypeLabel;

export function followUpTypeKind(type: string): FollowUpKind {
  const normalized = type.trim().toLowerCase();
  const found = FOLLOW_UP_KIND_KEYWORDS.find(([, keywords]) => keywords.some((keyword) => normalized.includes(keyword)));
  return found ? found[0] : 'other';
}

// 'study' is offered by the activity form but has no icon kind of its own, so only its label differs.
export function followUpTypeLabel(type: string): string {
  if (type.trim().toLowerCase().includes('study')) return 'Bible Study';
  return FOLLOW_UP_KIND_LABELS[followUpTypeKind(type)];
}

export function spiritualStatusLabel(status: string): string {
  return lookup(SPIRITUAL_STATUS_LABELS, status, 'Unknown');
}

export function resourceIconKind(category: string): ResourceIconKind {
  const normalized = category.toLowerCase();
  if (normalized.includes('gospel')) return 'gospel';
  if (normalized.includes('evangelism')) return 'evangelism';
  return 'other';
}
