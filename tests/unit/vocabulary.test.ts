import { describe, expect, it } from 'vitest';
import { activities, contacts, contactStatusChanges, followUps, goals, teamInvitations, teamMembers } from '../../db/schema';
import { activityTypeSchema, followUpTypeSchema } from '../../shared/schemas/activities';
import { spiritualStatusSchema } from '../../shared/schemas/contacts';
import { goalTypeSchema } from '../../shared/schemas/goals';
import { teamRoleSchema } from '../../shared/schemas/teams';
import { activityTypeOptions, activityFollowUpTypeOptions, followUpTypeOptions, goalTypeOptions, spiritualStatusOptions } from '../../src/forms/options';
import { resourceIconKind } from '../../src/lib/resourceIcon';
import {
  activityTypeLabel,
  activityTypeLabels,
  activityTypes,
  followUpCalendarWords,
  followUpTypeLabel,
  followUpTypeLabels,
  followUpTypes,
  goalKinds,
  goalTypeLabel,
  goalTypeLabels,
  goalTypes,
  milestoneKinds,
  isOneOf,
  spiritualStatusLabel,
  spiritualStatusLabels,
  spiritualStatuses,
  teamRoles,
} from '../../shared/vocabulary';

describe('the vocabulary and the database', () => {
  it.each([
    ['activities.type', activities.type.enumValues, activityTypes],
    ['goals.type', goals.type.enumValues, goalKinds],
    ['follow_ups.type', followUps.type.enumValues, followUpTypes],
    ['contacts.spiritual_status', contacts.spiritualStatus.enumValues, spiritualStatuses],
    ['contact_status_changes.from_status', contactStatusChanges.fromStatus.enumValues, spiritualStatuses],
    ['contact_status_changes.to_status', contactStatusChanges.toStatus.enumValues, spiritualStatuses],
    ['team_members.role', teamMembers.role.enumValues, teamRoles],
    ['team_invitations.role', teamInvitations.role.enumValues, teamRoles],
  ])('%s holds exactly the vocabulary set', (_column, stored, vocabulary) => {
    expect([...stored]).toEqual([...vocabulary]);
  });

  it("keeps SPEC §3's sets", () => {
    expect(activityTypes).toEqual(['conversation', 'gospel_presentation', 'follow_up', 'other']);
    expect(goalTypes).toEqual(['conversation', 'gospel_presentation', 'new_contact', 'follow_up', 'other']);
    // Issue 50: a goal may also count a faith milestone.
    expect(goalKinds).toEqual([...goalTypes, ...milestoneKinds]);
    expect(spiritualStatuses).toEqual(['exploring', 'seeking', 'new_believer', 'growing', 'mature', 'unknown']);
    expect(teamRoles).toEqual(['admin', 'member', 'viewer']);
  });
});

describe('the vocabulary and the schemas', () => {
  it.each([
    ['activity type', activityTypeSchema.options, activityTypes],
    ['goal type', goalTypeSchema.options, goalKinds],
    ['follow-up type', followUpTypeSchema.options, followUpTypes],
    ['spiritual status', spiritualStatusSchema.options, spiritualStatuses],
    ['team role', teamRoleSchema.options, teamRoles],
  ])('the %s schema accepts exactly the set', (_name, accepted, vocabulary) => {
    expect([...accepted]).toEqual([...vocabulary]);
  });
});

describe('labels', () => {
  it.each([
    ['activity type', activityTypes, activityTypeLabels],
    ['goal type', goalTypes, goalTypeLabels],
    ['follow-up type', followUpTypes, followUpTypeLabels],
    ['follow-up type (calendar)', followUpTypes, followUpCalendarWords],
    ['spiritual status', spiritualStatuses, spiritualStatusLabels],
  ] as const)('every %s has its own non-empty label', (_name, values, labels) => {
    for (const value of values) expect(labels[value as keyof typeof labels], value).toMatch(/\S/);
    expect(new Set(values.map((value) => labels[value as keyof typeof labels])).size).toBe(values.length);
  });

  it.each([
    ['conversation', 'Conversation'],
    ['gospel_presentation', 'Gospel Presentation'],
    ['new_contact', 'New Contact'],
    ['follow_up', 'Follow-up'],
    ['other', 'Other'],
  ])('labels the activity or goal type %s as %s', (type, label) => {
    expect(activityTypeLabel(type)).toBe(label);
    expect(goalTypeLabel(type)).toBe(label);
  });

  it.each(['', 'prayer', 'Conversation', 'constructor', 'toString', '__proto__'])('labels an activity type outside the set, %j, as Other', (type) => {
    expect(activityTypeLabel(type)).toBe('Other');
  });

  it.each([
    ['phone', 'Phone Call', 'Phone call'],
    ['meeting', 'Meeting', 'Meeting'],
    ['email', 'Email', 'Email'],
    ['text', 'Text Message', 'Text message'],
    ['study', 'Bible Study', 'Bible study'],
    ['other', 'Other', 'Follow-up'],
  ] as const)('a %s follow-up is %s on screen and "%s" in a calendar', (type, label, calendar) => {
    expect(followUpTypeLabel(type)).toBe(label);
    expect(followUpCalendarWords[type]).toBe(calendar);
  });

  it.each(['', 'Phone Call', 'call', 'in person', 'hasOwnProperty'])(
    'labels a follow-up type outside the set, %j, as Other (no matching by substring)',
    (type) => {
      expect(followUpTypeLabel(type)).toBe('Other');
    },
  );

  it.each([
    ['exploring', 'Exploring'],
    ['seeking', 'Seeking'],
    ['new_believer', 'New Believer'],
    ['growing', 'Growing'],
    ['mature', 'Mature'],
    ['unknown', 'Unknown'],
  ])('labels the status %s as %s', (status, label) => {
    expect(spiritualStatusLabel(status)).toBe(label);
  });

  it.each(['', 'baptised', 'hasOwnProperty'])('labels a status outside the set, %j, as Unknown', (status) => {
    expect(spiritualStatusLabel(status)).toBe('Unknown');
  });
});

describe('form options', () => {
  const words = (options: readonly { label: string }[]) => options.map((o) => o.label);

  it("offers SPEC §2's choices in its order and words", () => {
    expect(words(activityTypeOptions)).toEqual(['Conversation', 'Gospel Presentation', 'Follow-up', 'Other']);
    // SPEC's five first, ungrouped; then the milestones (issue 50) under their heading.
    expect(words(goalTypeOptions.filter((o) => o.group === undefined))).toEqual(['Conversation', 'Gospel Presentation', 'New Contact', 'Follow-up', 'Other']);
    expect(words(goalTypeOptions.filter((o) => o.group === 'Faith milestones'))).toEqual([
      'Has a Bible',
      'Reading the Bible',
      'Believes',
      'Can share the gospel',
      'Sharing the gospel',
      'Baptized',
      'Baptizing others',
      'In a group',
      'Starting churches',
    ]);
    expect(goalTypeLabel('baptized')).toBe('Baptized');
    expect(words(followUpTypeOptions)).toEqual(['Phone Call', 'Meeting', 'Email', 'Text Message', 'Other']);
    expect(words(activityFollowUpTypeOptions)).toEqual(['Phone Call', 'Meeting', 'Bible Study', 'Other']);
    expect(words(spiritualStatusOptions)).toEqual(['Unknown', 'Exploring', 'Seeking', 'New Believer', 'Growing', 'Mature']);
  });

  it.each([
    ['activity type', activityTypeOptions, activityTypes],
    ['goal type', goalTypeOptions, goalKinds],
    ['spiritual status', spiritualStatusOptions, spiritualStatuses],
    ['follow-up type', followUpTypeOptions, followUpTypes],
    ['activity follow-up type', activityFollowUpTypeOptions, followUpTypes],
  ])('every %s option is a value of the set, once', (_name, options, values) => {
    for (const option of options) expect(isOneOf(values, option.value), option.value).toBe(true);
    expect(new Set(options.map((o) => o.value)).size).toBe(options.length);
  });

  it('offers every activity type, goal type and status', () => {
    expect(activityTypeOptions.map((o) => o.value).sort()).toEqual([...activityTypes].sort());
    expect(goalTypeOptions.map((o) => o.value).sort()).toEqual([...goalKinds].sort());
    expect(spiritualStatusOptions.map((o) => o.value).sort()).toEqual([...spiritualStatuses].sort());
  });
});

describe('isOneOf', () => {
  it('tells a value of the set from any other text', () => {
    expect(isOneOf(spiritualStatuses, 'seeking')).toBe(true);
    expect(isOneOf(spiritualStatuses, 'Seeking')).toBe(false);
    expect(isOneOf(activityTypes, 'new_contact')).toBe(false);
    expect(isOneOf(activityTypes, 'constructor')).toBe(false);
  });
});

describe('resourceIconKind', () => {
  it.each([
    ['Gospel', 'gospel'],
    ['gospel tracts', 'gospel'],
    ['Sharing the GOSPEL', 'gospel'],
    ['Evangelism', 'evangelism'],
    ['personal evangelism tips', 'evangelism'],
    ['Gospel Evangelism', 'gospel'],
    ['Discipleship', 'other'],
    ['', 'other'],
  ])('gives the icon for category %j as %s', (category, kind) => {
    expect(resourceIconKind(category)).toBe(kind);
  });
});
