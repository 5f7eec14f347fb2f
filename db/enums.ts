// The enumerations of SPEC §3, free of database imports so the client's forms can share them.
export const activityTypes = ['conversation', 'gospel_presentation', 'follow_up', 'other'] as const;
export const goalTypes = ['conversation', 'gospel_presentation', 'new_contact', 'follow_up', 'other'] as const;
export const spiritualStatuses = ['exploring', 'seeking', 'new_believer', 'growing', 'mature', 'unknown'] as const;
export const followUpTypes = ['phone', 'meeting', 'email', 'text', 'study', 'other'] as const;
export const teamRoles = ['admin', 'member', 'viewer'] as const;

export type ActivityType = (typeof activityTypes)[number];
export type GoalType = (typeof goalTypes)[number];
export type SpiritualStatus = (typeof spiritualStatuses)[number];
export type FollowUpType = (typeof followUpTypes)[number];
export type TeamRole = (typeof teamRoles)[number];
