// What each JSON REST route answers, as zod schemas for the OpenAPI document: never run on a request (tsc and the API tests hold them to the procedures).
import { z } from 'zod';
import { locales } from '../../shared/i18n';
import { repeatBases, repeatUnits, spiritualCheckSince } from '../../shared/nudges';
import { activityTypes, followUpTypes, goalTypes, spiritualStatuses, teamRoles } from '../../shared/vocabulary';
import type { ProcedurePath } from './routes';

/** A Date of a procedure's answer: REST sends plain JSON, so it arrives as an ISO 8601 string (openapi.ts says so). */
const instant = z.date();
const rowId = z.number().int();
const text = z.string();
const maybeText = z.string().nullable();
const count = z.number().int();
const teamId = rowId.nullable();
const spiritualStatus = z.enum(spiritualStatuses);
const teamRole = z.enum(teamRoles);

const user = z.object({ id: rowId, username: text, email: text, firstName: text, lastName: text, language: z.enum(locales).nullable(), emailConfirmed: z.boolean() });

const contactFields = { id: rowId, name: text, email: maybeText, phone: maybeText, spiritualStatus, notes: maybeText, createdAt: instant, teamId };
const contact = z.object({ ...contactFields, lastContactAt: instant.nullable(), nextFollowUpAt: instant.nullable() });

/** How many rows a merge moves from the duplicate, among those the caller may read. */
const mergeCounts = z.object({ activities: count, followUps: count, prayerRequests: count, statusChanges: count });

const activity = z.object({ id: rowId, type: z.enum(activityTypes), date: instant, description: maybeText, notes: maybeText, contactId: rowId, contactName: text, teamId });

// A repeating follow-up (issue 16) carries its interval and series: repeatEvery/repeatUnit/repeatFrom all null when it does not repeat.
const followUp = z.object({
  id: rowId,
  contactId: rowId,
  contactName: text,
  date: instant,
  description: text,
  type: z.enum(followUpTypes),
  completed: z.boolean(),
  completedAt: instant.nullable(),
  createdAt: instant,
  teamId,
  repeatEvery: count.nullable(),
  repeatUnit: z.enum(repeatUnits).nullable(),
  repeatFrom: z.enum(repeatBases).nullable(),
  seriesId: rowId.nullable(),
});

const prayerRequest = z.object({
  id: rowId,
  contactId: rowId,
  contactName: text,
  request: text,
  date: instant,
  answered: z.boolean(),
  answerNotes: maybeText,
  answerDate: instant.nullable(),
  prayedCount: count,
  createdAt: instant,
  teamId,
});

const goal = z.object({
  id: rowId,
  title: text,
  description: maybeText,
  targetCount: count,
  currentCount: count,
  startsOn: instant.nullable(),
  deadline: instant.nullable(),
  completed: z.boolean(),
  type: z.enum(goalTypes),
  createdAt: instant,
  teamId,
});

/** The digest's choices, as Settings → Reminders and the export show them. */
const reminderChoices = {
  remindersOn: z.boolean(),
  timeZone: maybeText,
  byEmail: z.boolean(),
  byPush: z.boolean(),
  includeFollowUps: z.boolean(),
  includeAttention: z.boolean(),
  includePrayers: z.boolean(),
  discreet: z.boolean(),
};

const reminders = z.object({
  ...reminderChoices,
  hour: count,
  emailAvailable: z.boolean(),
  nextDigestAt: count.nullable(),
});

const prayToday = z.object({
  count,
  items: z.array(z.object({ id: rowId, contactId: rowId, contactName: text, request: text, prayedCount: count, lastPrayedAt: instant.nullable(), prayedToday: z.boolean() })),
});

const spiritualCheck = z.object({ id: rowId, spiritualStatus, activitiesSinceChange: count, ask: z.boolean(), since: z.enum(spiritualCheckSince) });
const attentionItem = z.object({ id: rowId, name: text, spiritualStatus, teamId, lastTouchAt: instant, touched: z.boolean(), dueSince: instant });
/** Days without a touch, by status. */
const daysByStatus = z.object(Object.fromEntries(spiritualStatuses.map((status) => [status, count])) as Record<(typeof spiritualStatuses)[number], typeof count>);
const attentionDays = z.object({ days: daysByStatus });

const teamFields = { id: rowId, name: text, description: maybeText, createdAt: instant };
const team = z.object({ ...teamFields, role: teamRole });
const ownTeam = z.object({ ...teamFields, role: z.literal('admin') });

const member = z.object({ teamId: rowId, userId: rowId, role: teamRole, joinedAt: instant, username: text, firstName: text, lastName: text });

const sentInvitation = z.object({ id: rowId, teamId: rowId, invitee: text, role: teamRole, status: z.literal('pending'), createdAt: instant, expiresAt: instant });

const receivedInvitation = z.object({
  id: rowId,
  team: z.object({ id: rowId, name: text, description: maybeText }),
  role: teamRole,
  invitedBy: z.object({ username: text, firstName: text, lastName: text }).nullable(),
  createdAt: instant,
  expiresAt: instant,
});

const trend = z.object({ value: count, previous: count, label: text, isPositive: z.boolean() });

const statusChange = { id: rowId, fromStatus: spiritualStatus.nullable(), toStatus: spiritualStatus, changedAt: instant };

const timelineItem = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('activity'), id: rowId, date: instant, type: z.enum(activityTypes), notes: maybeText, description: maybeText }),
  z.object({ kind: z.literal('followUp'), id: rowId, date: instant, type: z.enum(followUpTypes), description: text, completed: z.boolean(), pending: z.boolean() }),
  z.object({
    kind: z.literal('prayer'),
    id: rowId,
    date: instant,
    request: text,
    answered: z.boolean(),
    answerNotes: maybeText,
    answerDate: instant.nullable(),
    prayedCount: count,
  }),
  z.object({ kind: z.literal('status'), id: rowId, date: instant, fromStatus: spiritualStatus.nullable(), toStatus: spiritualStatus }),
]);

const importSkip = z.object({ row: count, name: text, reason: text });
const importProblem = z.object({ row: count, reason: text });

const removed = z.object({ success: z.literal(true), id: rowId });
const done = z.object({ success: z.literal(true) });
const feedUrl = z.object({ url: text });

/** Each JSON route's answer by its procedure (download routes answer text and are described by their content type). */
export const responses = {
  'auth.me': user,
  'auth.register': user,
  'auth.login': z.object({ user, message: text }),
  'auth.logout': z.object({ message: text }),

  'dashboard.stats': z.object({
    totalConversations: count,
    totalGospelPresentations: count,
    totalContacts: count,
    totalPrayerRequests: count,
    totalPrayers: count,
    trends: z.object({ conversations: trend, gospelPresentations: trend, contacts: trend, prayerRequests: trend }),
  }),

  'contacts.count': z.object({ count }),
  'contacts.sameName': z.array(z.object({ id: rowId, name: text, spiritualStatus, teamId, editable: z.boolean() })),
  'contacts.list': z.array(contact),
  'contacts.byId': contact,
  'contacts.create': z.object({ ...contactFields, lastContactAt: z.null(), nextFollowUpAt: z.null() }),
  'contacts.update': contact,
  'contacts.remove': removed,
  'contacts.spiritualCheck': spiritualCheck,
  'contacts.answerSpiritualCheck': spiritualCheck,
  'contacts.timeline': z.object({ contact, journey: z.array(z.object(statusChange)), items: z.array(timelineItem), hasMore: z.boolean(), nextCursor: maybeText }),

  'activities.list': z.array(activity),
  'activities.byId': activity,
  'activities.create': activity.extend({ newContact: z.boolean(), followUp: followUp.nullable(), prayerRequest: prayerRequest.nullable(), askSpiritualChange: z.boolean() }),
  'activities.update': activity.extend({ newContact: z.boolean() }),
  'activities.remove': removed,

  'followUps.list': z.array(followUp),
  'followUps.byId': followUp,
  'followUps.create': followUp,
  'followUps.update': followUp,
  'followUps.remove': removed,
  'followUps.complete': followUp.extend({ next: z.object({ id: rowId, date: instant }).nullable() }),
  'followUps.snooze': followUp,

  'prayerRequests.list': z.array(prayerRequest),
  'prayerRequests.byId': prayerRequest,
  'prayerRequests.create': prayerRequest,
  'prayerRequests.update': prayerRequest,
  'prayerRequests.remove': removed,
  'prayerRequests.pray': prayerRequest,
  'prayerRequests.markAnswered': prayerRequest,
  'prayerRequests.today': prayToday,
  'prayerRequests.notToday': removed,
  'prayerRequests.setTodayCount': z.object({ count }),

  'goals.list': z.array(goal),
  'goals.byId': goal,
  'goals.create': goal,
  'goals.update': goal,
  'goals.remove': removed,
  'goals.complete': goal,

  'resources.list': z.array(z.object({ id: rowId, title: text, description: text, category: text })),
  'resources.byId': z.object({ id: rowId, title: text, description: text, category: text, content: text, createdAt: instant }),

  'calendar.status': z.discriminatedUnion('enabled', [z.object({ enabled: z.literal(true), url: text }), z.object({ enabled: z.literal(false), url: z.null() })]),
  'calendar.enable': feedUrl,
  'calendar.rotate': feedUrl,
  'calendar.disable': z.object({ enabled: z.literal(false) }),

  'search.quick': z.object({
    contacts: z.array(z.object({ id: rowId, name: text, spiritualStatus })),
    activities: z.array(z.object({ id: rowId, type: z.enum(activityTypes), date: instant, notes: maybeText, description: maybeText, contactName: text })),
    prayers: z.array(z.object({ id: rowId, request: text, contactName: text, answered: z.boolean() })),
  }),

  'contacts.mergePreview': z.object({ kept: contact, duplicate: contact, moving: mergeCounts }),
  'contacts.merge': z.object({ contact, moved: mergeCounts }),

  'attention.list': z.array(attentionItem),
  'attention.snooze': z.object({ contactId: rowId, until: instant }),
  'attention.unsnooze': removed,
  'attention.settings': attentionDays,
  'attention.updateSettings': attentionDays,

  'account.updateProfile': user,
  'account.setLanguage': z.object({ language: z.enum(locales) }),
  'account.email.sendConfirmation': done,
  'account.email.confirm': done,
  'reminders.get': reminders,
  'reminders.update': reminders,
  'push.publicKey': z.object({ publicKey: text }),
  'push.subscribe': done,
  'push.unsubscribe': done,
  'account.changePassword': done,
  'account.export': z.object({
    exportedAt: instant,
    user: user.extend({ createdAt: instant, lastLogin: instant.nullable(), profileImage: maybeText }),
    contacts: z.array(z.object(contactFields)),
    activities: z.array(activity),
    followUps: z.array(followUp),
    prayerRequests: z.array(prayerRequest),
    goals: z.array(goal),
    statusChanges: z.array(z.object({ ...statusChange, contactId: rowId, contactName: text })),
    teams: z.array(z.object({ id: rowId, name: text, description: maybeText, role: teamRole, joinedAt: instant })),
    settings: z.object({
      attentionDays: daysByStatus,
      prayTodayCount: count,
      reminderHour: count,
      ...reminderChoices,
    }),
    snoozes: z.array(z.object({ contactId: rowId, contactName: text, until: instant })),
    pushDevices: z.array(z.object({ endpoint: text, createdAt: instant })),
  }),
  'account.importHelp': z.object({
    columns: z.array(z.object({ field: z.enum(['name', 'email', 'phone', 'spiritualStatus', 'notes', 'firstName', 'lastName']), words: z.array(text) })),
    ignoredColumns: z.array(text),
    statuses: z.array(z.object({ status: spiritualStatus, words: z.array(text) })),
  }),
  'account.previewImport': z.object({
    valid: z.array(z.object({ row: count, name: text, email: maybeText, phone: maybeText, spiritualStatus, notes: maybeText })),
    duplicates: z.array(importSkip),
    problems: z.array(importProblem),
    /** The first values of each kind the file holds and Sower cannot read: a column it does not read, a status word it does not know. */
    warnings: z.array(
      z.discriminatedUnion('kind', [
        z.object({ kind: z.literal('column'), row: count, column: count, value: text }),
        z.object({ kind: z.literal('status'), row: count, name: text, value: text }),
      ]),
    ),
    warningCounts: z.object({ column: count, status: count }),
  }),
  'account.confirmImport': z.object({ created: count, skipped: z.array(importSkip), problems: z.array(importProblem) }),
  'account.deleteAccount': done,

  'teams.list': z.array(team),
  'teams.create': ownTeam,
  'teams.update': ownTeam,
  'teams.remove': removed,
  'teams.members.list': z.array(member),
  'teams.members.add': sentInvitation,
  'teams.members.update': member,
  'teams.members.remove': done,
  'teams.invitations.list': z.array(sentInvitation),
  'teams.invitations.withdraw': done,
  'invitations.list': z.array(receivedInvitation),
  'invitations.accept': team,
  'invitations.decline': done,
} satisfies Partial<Record<ProcedurePath, z.ZodType>>;

export type DocumentedProcedure = keyof typeof responses;

/** The body of every error answer, as errorContract.ts builds it. */
const errorBody = z.object({
  message: text,
  code: text,
  issues: z.array(z.object({ path: text, message: text })).optional(),
});

/** Schemas that appear in several answers, by the name of their component in the document. */
export const components = {
  User: user,
  Contact: contact,
  Activity: activity,
  FollowUp: followUp,
  PrayerRequest: prayerRequest,
  Goal: goal,
  Team: team,
  OwnTeam: ownTeam,
  TeamMember: member,
  SentInvitation: sentInvitation,
  ReceivedInvitation: receivedInvitation,
  Trend: trend,
  TimelineItem: timelineItem,
  AttentionItem: attentionItem,
  Removed: removed,
  Done: done,
  CalendarFeedUrl: feedUrl,
  Error: errorBody,
};
