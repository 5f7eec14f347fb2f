import { describe, it, expect } from 'vitest';
import {
  activityDefaultDescription,
  activityTypeLabel,
  followUpTypeKind,
  followUpTypeLabel,
  goalTypeLabel,
  resourceIconKind,
  spiritualStatusLabel,
} from '../../src/lib/labels';

describe('activityTypeLabel', () => {
  it.each([
    ['conversation', 'Conversation'],
    ['gospel_presentation', 'Gospel Presentation'],
    ['new_contact', 'New Contact'],
    ['follow_up', 'Follow-up'],
  ])('labels %s as %s', (type, label) => {
    expect(activityTypeLabel(type)).toBe(label);
  });

  it.each(['other', '', 'prayer', 'Conversation', 'constructor', 'toString'])('labels %j as Other', (type) => {
    expect(activityTypeLabel(type)).toBe('Other');
  });
});

describe('goalTypeLabel', () => {
  it('uses the activity type words', () => {
    expect(goalTypeLabel('new_contact')).toBe('New Contact');
    expect(goalTypeLabel('gospel_presentation')).toBe('Gospel Presentation');
    expect(goalTypeLabel('anything')).toBe('Other');
  });
});

describe('activityDefaultDescription', () => {
  it('describes an activity by its type in words', () => {
    expect(activityDefaultDescription('gospel_presentation')).toBe('Gospel Presentation');
    expect(activityDefaultDescription('follow_up')).toBe('Follow-up');
    expect(activityDefaultDescription('other')).toBe('Other');
  });
});

describe('followUpTypeKind', () => {
  it.each([
    ['phone', 'phone'],
    ['call', 'phone'],
    ['Phone Call', 'phone'],
    ['meet', 'meeting'],
    ['meeting', 'meeting'],
    ['in person', 'meeting'],
    ['In Person', 'meeting'],
    ['email', 'email'],
    ['EMAIL', 'email'],
    ['text', 'text'],
    ['message', 'text'],
    ['Text Message', 'text'],
    ['study', 'other'],
    ['other', 'other'],
    ['', 'other'],
    ['letter', 'other'],
  ])('treats %j as %s', (type, kind) => {
    expect(followUpTypeKind(type)).toBe(kind);
  });

  it('ignores surrounding whitespace', () => {
    expect(followUpTypeKind('  Meeting  ')).toBe('meeting');
  });
});

describe('followUpTypeLabel', () => {
  it.each([
    ['phone', 'Phone Call'],
    ['call', 'Phone Call'],
    ['meeting', 'Meeting'],
    ['in person', 'Meeting'],
    ['email', 'Email'],
    ['text', 'Text Message'],
    ['message', 'Text Message'],
    ['study', 'Bible Study'],
    ['Study', 'Bible Study'],
    ['other', 'Other'],
    ['carrier pigeon', 'Other'],
  ])('labels %j as %s', (type, label) => {
    expect(followUpTypeLabel(type)).toBe(label);
  });

  it.each(['Phone Call', 'Meeting', 'Email', 'Text Message', 'Bible Study', 'Other'])(
    'gives the same label back when given the label %s',
    (label) => {
      expect(followUpTypeLabel(label)).toBe(label);
    },
  );
});

describe('spiritualStatusLabel', () => {
  it.each([
    ['exploring', 'Exploring'],
    ['seeking', 'Seeking'],
    ['new_believer', 'New Believer'],
    ['growing', 'Growing'],
    ['mature', 'Mature'],
    ['unknown', 'Unknown'],
  ])('labels %s as %s', (status, label) => {
    expect(spiritualStatusLabel(status)).toBe(label);
  });

  it.each(['', 'baptised', 'hasOwnProperty'])('labels an unrecognised status %j as Unknown', (status) => {
    expect(spiritualStatusLabel(status)).toBe('Unknown');
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
