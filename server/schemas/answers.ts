// What the procedures answer (their `.output()`, server/answers.ts): the one declaration of each answer's shape, read by
// the OpenAPI document too; a row read from a table names each field's column beside its schema (queries/defineRow.ts).
import { z } from 'zod';
import {
  activities,
  contactDates,
  contacts,
  followUps,
  goals,
  prayerLists,
  prayerRequests,
  resources,
  tags,
  teamMembers,
  teamRemovals,
  teams,
  users,
} from '../../db/schema';
import { computed, defineRow } from '../queries/defineRow';
import { bulkActions } from '../../shared/schemas/contacts';
import { userRow } from '../queries/userRow';
import { locales } from '../../shared/i18n';
import { securityEventKinds } from '../../shared/securityEvents';
import { repeatBases, repeatUnits, spiritualCheckSince } from '../../shared/nudges';
import {
  archiveReasons,
  assignmentStatuses,
  activityTypes,
  contactDateKinds,
  followUpTypes,
  goalKinds,
  linkRoles,
  milestoneKinds,
  notificationKinds,
  relationshipViews,
  spiritualStatuses,
  tagColors,
  teamRoles,
} from '../../shared/vocabulary';

// Objects are strict: a column a select leaks into an answer fails the check (tests) and the document's additionalProperties: false.
/** A Date of a procedure's answer: REST sends plain JSON, so it arrives as an ISO 8601 string (openapi.ts says so). */
const instant = z.date();
const rowId = z.number().int();
const text = z.string();
const maybeText = z.string().nullable();
const count = z.number().int();
const teamId = rowId.nullable();
/** Who created a row: with its team, what the screens read to offer only the changes shared/roles.ts allows (issue 30). */
const createdBy = rowId;
const spiritualStatus = z.enum(spiritualStatuses);
const teamRole = z.enum(teamRoles);

export { userRow };
export const user = userRow.schema;

/** A person as a team's readers see them beside a row: the member a contact is assigned to, the author of a timeline entry. */
export const person = z.strictObject({ id: rowId, firstName: text, lastName: text });

/** A contact's own columns, as every answer about a contact holds them (contacts, merging, the account's export). */
export const contactOwnRow = defineRow({
  id: [contacts.id, rowId],
  name: [contacts.name, text],
  email: [contacts.email, maybeText],
  phone: [contacts.phone, maybeText],
  spiritualStatus: [contacts.spiritualStatus, spiritualStatus],
  notes: [contacts.notes, maybeText],
  /** How the user met the person (issue 50). */
  source: [contacts.source, maybeText],
  /** When the contact was archived, why and with what note (issue 50 §7); null while active. */
  archivedAt: [contacts.archivedAt, instant.nullable()],
  archiveReason: [contacts.archiveReason, z.enum(archiveReasons).nullable()],
  archiveNote: [contacts.archiveNote, maybeText],
  /** "Stay in touch every N days" (issue 50 §6), null when the person has no rhythm of their own. */
  stayInTouchDays: [contacts.stayInTouchDays, count.nullable()],
  createdAt: [contacts.createdAt, instant],
  teamId: [contacts.teamId, teamId],
  createdBy: [contacts.createdBy, createdBy],
});
/** A person's faith milestones (issue 50), in shared/vocabulary.ts's order of kinds: each kind once, with its day. */
export const milestones = z.array(z.strictObject({ kind: z.enum(milestoneKinds), date: instant }));

/**
 * A contact as the list and the contact's page show it: with its assignee, when they were last contacted, the next
 * follow-up and its milestones.
 */
export const contactRow = defineRow({
  ...contactOwnRow.fields,
  assignedTo: computed(person.nullable()),
  /** Whether the assignee accepted it or it waits for their answer (issue 51 §2); null while nobody is assigned. */
  assignmentStatus: [contacts.assignmentStatus, z.enum(assignmentStatuses).nullable()],
  /** Assigned and untouched for its team's "update needed after N days" (issue 51 §2). */
  updateNeeded: computed(z.boolean()),
  lastContactAt: computed(instant.nullable()),
  nextFollowUpAt: computed(instant.nullable()),
  milestones: computed(milestones),
  /** The names of the tags the reader sees on the contact (issue 50): its team's, and their own personal ones, by name. */
  tags: computed(z.array(text)),
});
export const contact = contactRow.schema;

/** A contact's links (issue 50): each with the kind as the asked contact sees it and the other person. */
export const relationships = z.array(
  z.strictObject({
    id: rowId,
    kind: z.enum(relationshipViews),
    contact: z.strictObject({ id: rowId, name: text, spiritualStatus }),
  }),
);
/** A person's important date (issue 50 §6): a calendar day 'YYYY-MM-DD', yearly or once. */
export const contactDateRow = defineRow({
  id: [contactDates.id, rowId],
  kind: [contactDates.kind, z.enum(contactDateKinds)],
  label: [contactDates.label, text],
  date: [contactDates.date, text],
  yearly: [contactDates.yearly, z.boolean()],
});
export const contactDatesList = z.array(contactDateRow.schema);
/** The dashboard's upcoming dates: each with its person, the day it next falls on and, when yearly, the years it counts. */
export const upcomingDates = z.strictObject({
  today: text,
  daysAhead: count,
  items: z.array(
    contactDateRow.schema.extend({
      contact: z.strictObject({ id: rowId, name: text }),
      on: text,
      inDays: count,
      years: count.nullable(),
    }),
  ),
});

/** The generation tree of the "discipled by" links (issue 50). */
export const generations = z.strictObject({
  depth: count,
  truncated: z.boolean(),
  nodes: z.array(z.strictObject({ id: rowId, name: text, spiritualStatus, generation: count, discipledBy: rowId.nullable() })),
});

/** A tag (issue 50), with how many contacts carry it. */
export const tagRow = defineRow({
  id: [tags.id, rowId],
  name: [tags.name, text],
  color: [tags.color, z.enum(tagColors).nullable()],
  teamId: [tags.teamId, teamId],
  createdBy: [tags.createdBy, createdBy],
  contacts: computed(count),
});
export const tag = tagRow.schema;
/** tags.sources: the "how we met" words the user has used, most used first. */
export const sources = z.array(text);

/** How many rows a merge moves from the duplicate, among those the caller may read. */
const mergeCounts = z.strictObject({ activities: count, followUps: count, prayerRequests: count, statusChanges: count });

/** `contactName` in the rows below: the contact's name when the reader may read the contact (access.ts readableContactName). */
const contactName = computed(text.nullable());

export const activityRow = defineRow({
  id: [activities.id, rowId],
  type: [activities.type, z.enum(activityTypes)],
  date: [activities.date, instant],
  description: [activities.description, maybeText],
  notes: [activities.notes, maybeText],
  contactId: [activities.contactId, rowId],
  contactName,
  teamId: [activities.teamId, teamId],
  createdBy: [activities.createdBy, createdBy],
  /** Every person of the activity the reader may read (issue 50 §4): the first person, then the others. */
  contactIds: computed(z.array(rowId)),
  /** The other people the reader may read, with their names. */
  others: computed(z.array(z.strictObject({ id: rowId, name: text }))),
});
export const activity = activityRow.schema;

// A repeating follow-up (issue 16) carries its interval and series: repeatEvery/repeatUnit/repeatFrom all null when it does not repeat.
export const followUpRow = defineRow({
  id: [followUps.id, rowId],
  contactId: [followUps.contactId, rowId],
  contactName,
  date: [followUps.date, instant],
  description: [followUps.description, text],
  type: [followUps.type, z.enum(followUpTypes)],
  completed: [followUps.completed, z.boolean()],
  completedAt: [followUps.completedAt, instant.nullable()],
  createdAt: [followUps.createdAt, instant],
  teamId: [followUps.teamId, teamId],
  createdBy: [followUps.createdBy, createdBy],
  repeatEvery: [followUps.repeatEvery, count.nullable()],
  repeatUnit: [followUps.repeatUnit, z.enum(repeatUnits).nullable()],
  repeatFrom: [followUps.repeatFrom, z.enum(repeatBases).nullable()],
  seriesId: [followUps.seriesId, rowId.nullable()],
});
export const followUp = followUpRow.schema;

export const prayerRequestRow = defineRow({
  id: [prayerRequests.id, rowId],
  contactId: [prayerRequests.contactId, rowId.nullable()],
  contactName,
  request: [prayerRequests.request, text],
  date: [prayerRequests.date, instant],
  answered: [prayerRequests.answered, z.boolean()],
  answerNotes: [prayerRequests.answerNotes, maybeText],
  answerDate: [prayerRequests.answerDate, instant.nullable()],
  prayedCount: [prayerRequests.prayedCount, count],
  createdAt: [prayerRequests.createdAt, instant],
  teamId: [prayerRequests.teamId, teamId],
  createdBy: [prayerRequests.createdBy, createdBy],
  /** The author's prayer list it is in (issue 50 §5); null for anyone else, whose lists are their own. */
  listId: computed(rowId.nullable()),
});
export const prayerRequestBase = prayerRequestRow.schema;
/**
 * A prayer request as its own procedures answer it (issue 51 §5): `teamPrayedThisWeek`, how many people prayed for a
 * team request in the last 7 days (0 for a personal one); `teamPrayedNames`, who, only when the team chose to show names.
 */
export const prayerRequest = prayerRequestBase.extend({ teamPrayedThisWeek: count, teamPrayedNames: z.array(text).nullable() });

/** A prayer list (issue 50 §5), the author's own, with how many active and answered requests it holds. */
export const prayerListRow = defineRow({
  id: [prayerLists.id, rowId],
  name: [prayerLists.name, text],
  perDay: [prayerLists.perDay, count],
  createdAt: [prayerLists.createdAt, instant],
  active: computed(count),
  answered: computed(count),
});
export const prayerList = prayerListRow.schema;

/** `currentCount`: the goal's progress, counted by the query (goals.ts goalProgress). */
export const goalRow = defineRow({
  id: [goals.id, rowId],
  title: [goals.title, text],
  description: [goals.description, maybeText],
  targetCount: [goals.targetCount, count],
  currentCount: computed(count),
  startsOn: [goals.startsOn, instant.nullable()],
  deadline: [goals.deadline, instant.nullable()],
  completed: [goals.completed, z.boolean()],
  type: [goals.type, z.enum(goalKinds)],
  createdAt: [goals.createdAt, instant],
  teamId: [goals.teamId, teamId],
});
export const goalBase = goalRow.schema;
/** A member's share of a team goal (issue 51 §6): what they counted toward it in its period. */
const goalShare = z.strictObject({ userId: rowId, name: text, count });
/** A goal as its own procedures answer it: `shares`, each current member's part of a team goal (none for a personal goal). */
export const goal = goalBase.extend({ shares: z.array(goalShare) });

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

export const reminders = z.strictObject({
  ...reminderChoices,
  hour: count,
  emailAvailable: z.boolean(),
  nextDigestAt: count.nullable(),
});

export const prayToday = z.strictObject({
  count,
  items: z.array(
    z.strictObject({
      id: rowId,
      contactId: rowId.nullable(),
      contactName: text.nullable(),
      request: text,
      prayedCount: count,
      lastPrayedAt: instant.nullable(),
      listId: rowId.nullable(),
      listName: text.nullable(),
      prayedToday: z.boolean(),
    }),
  ),
});

export const spiritualCheck = z.strictObject({
  id: rowId,
  spiritualStatus,
  activitiesSinceChange: count,
  ask: z.boolean(),
  since: z.enum(spiritualCheckSince),
});
export const attentionItem = z.strictObject({
  id: rowId,
  name: text,
  spiritualStatus,
  teamId,
  lastTouchAt: instant,
  touched: z.boolean(),
  dueSince: instant,
  /** The person's own rhythm (issue 50 §6) when they have one: it decided dueSince instead of their status's threshold. */
  stayInTouchDays: count.nullable(),
});
/** Days without a touch, by status. */
const daysByStatus = z.strictObject(
  Object.fromEntries(spiritualStatuses.map((status) => [status, count])) as Record<(typeof spiritualStatuses)[number], typeof count>,
);
/** The thresholds, and how many days ahead the dashboard shows important dates (issue 50 §6). */
export const attentionDays = z.strictObject({ days: daysByStatus, datesAheadDays: count });

export const teamRow = defineRow({
  id: [teams.id, rowId],
  name: [teams.name, text],
  description: [teams.description, maybeText],
  createdAt: [teams.createdAt, instant],
  /** "Update needed after N days" (issue 51 §2). */
  updateNeededDays: [teams.updateNeededDays, count],
});
/** A team with the caller's role in it. */
export const myTeamRow = defineRow({ ...teamRow.fields, role: [teamMembers.role, teamRole] });
export const team = myTeamRow.schema;
/** `prayerNames`: whether a team request's readers see who prayed for it this week, not only how many (issue 51 §5). */
export const ownTeam = teamRow.schema.extend({ role: z.literal('admin'), prayerNames: z.boolean() });

/** An invite link as its team's admins see it: the code and the whole link, to copy, share or show as a QR code again. */
export const inviteLink = z.strictObject({
  id: rowId,
  code: text,
  url: text,
  role: z.enum(linkRoles),
  expiresAt: instant,
  maxUses: count.nullable(),
  uses: count,
  createdAt: instant,
});
/** What an invite link tells whoever holds it: the team's name, its inviter's first name and the role, nothing else. */
export const inviteLinkPreview = z.strictObject({ teamName: text, inviterFirstName: text, role: z.enum(linkRoles) });

export const memberRow = defineRow({
  teamId: [teamMembers.teamId, rowId],
  userId: [teamMembers.userId, rowId],
  role: [teamMembers.role, teamRole],
  joinedAt: [teamMembers.joinedAt, instant],
  username: [users.username, text],
  firstName: [users.firstName, text],
  lastName: [users.lastName, text],
});
export const member = memberRow.schema;
/** Someone an admin removed from a team (issue 47): out until an admin lets them back in. */
/** teams.removalNotices: the teams the caller was removed from, told once (issue 48). */
export const removalNotices = z.array(z.strictObject({ teamId: rowId, teamName: text }));
export const removedMemberRow = defineRow({
  userId: [teamRemovals.userId, rowId],
  username: [users.username, text],
  firstName: [users.firstName, text],
  lastName: [users.lastName, text],
  removedAt: [teamRemovals.removedAt, instant],
});
export const removedMember = removedMemberRow.schema;

export const sentInvitation = z.strictObject({
  id: rowId,
  teamId: rowId,
  invitee: text,
  role: teamRole,
  status: z.literal('pending'),
  createdAt: instant,
  expiresAt: instant,
});

export const receivedInvitation = z.strictObject({
  id: rowId,
  team: z.strictObject({ id: rowId, name: text, description: maybeText }),
  role: teamRole,
  invitedBy: z.strictObject({ username: text, firstName: text, lastName: text }).nullable(),
  createdAt: instant,
  expiresAt: instant,
});

export const trend = z.strictObject({ value: count, previous: count, label: text, isPositive: z.boolean() });

const statusChange = { id: rowId, fromStatus: spiritualStatus.nullable(), toStatus: spiritualStatus, changedAt: instant };

// Each entry names its author, so a team's timeline of a person shows who wrote what; a status change's author is null
// when the account that made it is gone (contact_status_changes.changed_by is set null).
export const timelineItem = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('activity'),
    id: rowId,
    date: instant,
    type: z.enum(activityTypes),
    notes: maybeText,
    description: maybeText,
    author: person,
    /** Who else was there (issue 50 §4), the reader may read: its first person too when this person is one of the others. */
    with: z.array(z.strictObject({ id: rowId, name: text })),
  }),
  z.strictObject({
    kind: z.literal('followUp'),
    id: rowId,
    author: person,
    date: instant,
    type: z.enum(followUpTypes),
    description: text,
    completed: z.boolean(),
    pending: z.boolean(),
  }),
  z.strictObject({
    kind: z.literal('prayer'),
    id: rowId,
    author: person,
    date: instant,
    request: text,
    answered: z.boolean(),
    answerNotes: maybeText,
    answerDate: instant.nullable(),
    prayedCount: count,
  }),
  z.strictObject({
    kind: z.literal('status'),
    id: rowId,
    date: instant,
    fromStatus: spiritualStatus.nullable(),
    toStatus: spiritualStatus,
    author: person.nullable(),
  }),
  // A faith milestone reached on its day (issue 50), by whoever set it.
  z.strictObject({ kind: z.literal('milestone'), id: rowId, date: instant, milestone: z.enum(milestoneKinds), author: person.nullable() }),
]);

const importSkip = z.strictObject({ row: count, name: text, reason: text });
const importProblem = z.strictObject({ row: count, reason: text });

export const removed = z.strictObject({ success: z.literal(true), id: rowId });
export const done = z.strictObject({ success: z.literal(true) });
export const feedUrl = z.strictObject({ url: text });

export const signedIn = z.strictObject({ user, message: text });
/** The password was right and the account has two-factor sign-in: no session yet, a code is asked for with `ticket`. */
export const twoFactorStep = z.strictObject({ twoFactorRequired: z.literal(true), ticket: text });
export const loginAnswer = z.union([signedIn, twoFactorStep]);
export const appLock = z.strictObject({ enabled: z.boolean(), idleMinutes: count });
export const twoFactorStatus = z.strictObject({ enabled: z.boolean(), recoveryCodesLeft: count });
export const twoFactorSetup = z.strictObject({ secret: text, otpauthUrl: text });
export const recoveryCodeList = z.strictObject({ recoveryCodes: z.array(text) });

/** A signed-in session as its owner's list shows it (issue 33): `id` is a handle, never the session's secret. */
export const sessionList = z.array(z.strictObject({ id: text, current: z.boolean(), device: text, createdAt: instant, lastSeenAt: instant }));
export const sessionsEnded = z.strictObject({ ended: count });
export const securityLog = z.array(z.strictObject({ event: z.enum(securityEventKinds), at: instant, device: text, count }));
export const signedOut = z.strictObject({ message: text });
/** Whether "Forgot password?" can mail a link on this server. */
export const passwordResetOptions = z.strictObject({ byEmail: z.boolean() });
/** What a live reset link's reset needs. */
export const passwordResetLink = z.strictObject({ twoFactor: z.boolean() });

export const dashboardStats = z.strictObject({
  totalConversations: count,
  totalGospelPresentations: count,
  totalContacts: count,
  totalPrayerRequests: count,
  totalPrayers: count,
  trends: z.strictObject({ conversations: trend, gospelPresentations: trend, contacts: trend, prayerRequests: trend }),
});

/** One week of the 12-week chart: its bounds (local midnights), a count per activity type and their sum. */
const activityWeek = z.strictObject({
  start: instant,
  end: instant,
  counts: z.strictObject(Object.fromEntries(activityTypes.map((type) => [type, count])) as Record<(typeof activityTypes)[number], typeof count>),
  total: count,
});
/** insights.activityWeeks: the dashboard's 12-week chart. */
export const activityWeeks = z.array(activityWeek);
/** insights.journey: how many contacts stand at each step of the journey, in its order. */
export const journeyCounts = z.array(z.strictObject({ status: spiritualStatus, count }));
/** insights.dueFollowUps: the due badge's number. */
export const dueFollowUps = z.strictObject({ count });
/** insights.milestones: the faith milestones of a stretch of days, per kind in the journey's order (issue 50). */
export const milestoneCounts = z.array(z.strictObject({ kind: z.enum(milestoneKinds), count }));

/**
 * A team's insight (teams.insight): the dashboard's stats, its 12-week chart and journey funnel over the team's rows,
 * and, for admins only, one row per member (empty for members and viewers).
 */
export const teamInsight = z.strictObject({
  totals: dashboardStats.extend({ weeks: activityWeeks, funnel: journeyCounts }),
  members: z.array(
    z.strictObject({
      userId: rowId,
      firstName: text,
      lastName: text,
      role: teamRole,
      activities30d: count,
      assigned: count,
      pendingFollowUps: count,
      overdueFollowUps: count,
      lastActivityAt: instant.nullable(),
    }),
  ),
});

/** A team contact a dashboard list names (issue 51 §1): who, who looks after them, since when. */
const teamContactLine = z.strictObject({ contactId: rowId, name: text, assignedTo: rowId.nullable(), assigneeName: maybeText, since: instant.nullable() });
/** One of the team dashboard's lists: how many, and the first of them (never more than the page shows). */
const teamContactList = z.strictObject({ count, more: z.boolean(), items: z.array(teamContactLine) });
/** A member's line on the team dashboard and in their workload: what they hold in the team, never their personal rows. */
const memberLine = z.strictObject({
  userId: rowId,
  firstName: text,
  lastName: text,
  role: teamRole,
  assigned: count,
  overdueFollowUps: count,
  lastActivityAt: instant.nullable(),
});

/**
 * teams.dashboard (issue 51 §1): the team's week over its rows alone (a member's personal rows are in no team, so never
 * counted). `members` holds every member's line for admins and the caller's own line for members and viewers.
 */
export const teamDashboard = z.strictObject({
  team: z.strictObject({ id: rowId, name: text, role: teamRole, updateNeededDays: count }),
  week: z.strictObject({ start: instant, end: instant, counts: activityWeek.shape.counts, total: count }),
  month: z.strictObject({ start: instant, end: instant }),
  milestones: z.strictObject({ week: milestoneCounts, month: milestoneCounts }),
  followUps: z.strictObject({ dueToday: count, overdue: count }),
  attention: teamContactList,
  waiting: teamContactList,
  updateNeeded: teamContactList,
  goodNews: z.array(z.strictObject({ id: rowId, request: text, contactId: rowId.nullable(), contactName: maybeText, answeredAt: instant })),
  members: z.array(memberLine),
});

/** teams.workload (issue 51 §1, admins): one member's assigned team contacts, overdue team follow-ups and last activity. */
export const teamWorkload = z.strictObject({
  member: memberLine,
  contacts: z.strictObject({
    count,
    more: z.boolean(),
    items: z.array(
      z.strictObject({
        contactId: rowId,
        name: text,
        spiritualStatus,
        assignmentStatus: z.enum(assignmentStatuses).nullable(),
        assignedAt: instant.nullable(),
        lastActivityAt: instant.nullable(),
      }),
    ),
  }),
  overdue: z.strictObject({
    count,
    more: z.boolean(),
    items: z.array(z.strictObject({ id: rowId, contactId: rowId, contactName: text, date: instant, description: text })),
  }),
});

export const contactCount = z.strictObject({ count });
/** contacts.names: the forms' contact pickers, with each contact's team (a record about them goes to it). */
export const contactNameRow = defineRow({ id: [contacts.id, rowId], name: [contacts.name, text], teamId: [contacts.teamId, teamId] });
export const contactNames = z.array(contactNameRow.schema);
export const sameNameContacts = z.array(z.strictObject({ id: rowId, name: text, spiritualStatus, teamId, editable: z.boolean() }));
/** A new contact has no activity and no follow-up yet. */
export const createdContact = contactOwnRow.schema.extend({
  assignedTo: z.null(),
  assignmentStatus: z.null(),
  updateNeeded: z.literal(false),
  lastContactAt: z.null(),
  nextFollowUpAt: z.null(),
  milestones: z.tuple([]),
  tags: z.array(text),
});
/** How many contacts were assigned to the caller since they last looked (the badge of new assignments). */
export const assignmentsSummary = z.strictObject({ unseen: count, pending: count });

/** One bulk action as contacts.bulk takes it: what the answer's `undo` holds. */
const bulkCall = z.strictObject({
  action: z.enum(bulkActions),
  ids: rowId.array(),
  teamId: rowId.optional(),
  userId: rowId.nullable().optional(),
  tag: text.optional(),
  reason: z.enum(archiveReasons).optional(),
});

/**
 * What a bulk action did (issue 51 §4): how many contacts it changed and which (one already so is not counted), and
 * the bulk calls that undo it (usually one; one per former team, assignee or reason where those differed).
 */
export const contactBulk = z.strictObject({ count, ids: rowId.array(), undo: bulkCall.array() });
export const contactTimeline = z.strictObject({
  contact,
  journey: z.array(z.strictObject(statusChange)),
  items: z.array(timelineItem),
  hasMore: z.boolean(),
  nextCursor: maybeText,
});
/** What deleting a contact takes with it: per author other than the caller, how many of their records go (issue 30). */
export const deletionImpact = z.strictObject({
  allowed: z.boolean(),
  records: z.array(z.strictObject({ author: z.strictObject({ id: rowId, firstName: text, lastName: text }), count })),
});
/** teams.deletionImpact: the rows of people no longer in the team, which come to the admin who deletes it (issue 47). */
export const teamDeletionImpact = z.strictObject({
  fromFormerMembers: z.strictObject({ contacts: count, activities: count, followUps: count, prayerRequests: count, goals: count }),
});
export const mergePreview = z.strictObject({ kept: contact, duplicate: contact, moving: mergeCounts });
export const merged = z.strictObject({ contact, moved: mergeCounts });

export const createdActivity = activity.extend({
  newContact: z.boolean(),
  followUp: followUp.nullable(),
  prayerRequest: prayerRequestBase.nullable(),
  askSpiritualChange: z.boolean(),
});
export const updatedActivity = activity.extend({ newContact: z.boolean() });

export const completedFollowUp = followUp.extend({ next: z.strictObject({ id: rowId, date: instant }).nullable() });

export const prayTodayCount = z.strictObject({ count });
/** The tabs' numbers on the follow-ups page (followUps.counts) and the prayer page (prayerRequests.counts). */
export const followUpCounts = z.strictObject({ pending: count, completed: count });
export const prayerCounts = z.strictObject({ active: count, answered: count });

/** A resource's texts are the reader's language's version, else as written: the query names them (resources.ts inLanguage). */
export const resourceCardRow = defineRow({ id: [resources.id, rowId], title: computed(text), description: computed(text), category: computed(text) });
export const resourceSummary = resourceCardRow.schema;
export const resourceRow = defineRow({ ...resourceCardRow.fields, content: computed(text), createdAt: [resources.createdAt, instant] });
export const resource = resourceRow.schema;

/** dashboard.summary: everything the dashboard shows, in one answer. */
export const dashboardSummary = z.strictObject({
  stats: dashboardStats,
  goals: z.array(goalBase),
  activities: z.array(activity),
  followUps: z.array(followUp),
  overdueFollowUps: count,
  resources: z.array(resourceSummary),
});

export const calendarStatus = z.discriminatedUnion('enabled', [
  z.strictObject({ enabled: z.literal(true), url: text }),
  z.strictObject({ enabled: z.literal(false), url: z.null() }),
]);
export const calendarDisabled = z.strictObject({ enabled: z.literal(false) });

/**
 * The quick search's answer: each kind of result in its own list, each result naming its `kind` (issue 50 §8), what a
 * client opens it by (with its id; a milestone by its contact's id, a tag by its name).
 */
export const quickSearch = z.strictObject({
  contacts: z.array(z.strictObject({ kind: z.literal('contact'), id: rowId, name: text, spiritualStatus, archived: z.boolean() })),
  activities: z.array(
    z.strictObject({
      kind: z.literal('activity'),
      id: rowId,
      type: z.enum(activityTypes),
      date: instant,
      notes: maybeText,
      description: maybeText,
      contactName: text.nullable(),
    }),
  ),
  prayers: z.array(z.strictObject({ kind: z.literal('prayerRequest'), id: rowId, request: text, contactName: text.nullable(), answered: z.boolean() })),
  followUps: z.array(
    z.strictObject({
      kind: z.literal('followUp'),
      id: rowId,
      type: z.enum(followUpTypes),
      date: instant,
      description: text,
      completed: z.boolean(),
      contactName: text.nullable(),
    }),
  ),
  goals: z.array(z.strictObject({ kind: z.literal('goal'), id: rowId, title: text, description: maybeText, completed: z.boolean() })),
  tags: z.array(z.strictObject({ kind: z.literal('tag'), id: rowId, name: text, color: z.enum(tagColors).nullable() })),
  milestones: z.array(
    z.strictObject({
      kind: z.literal('milestone'),
      milestone: z.enum(milestoneKinds),
      date: instant,
      contactId: rowId,
      contactName: text,
      archived: z.boolean(),
    }),
  ),
});

export const snoozed = z.strictObject({ contactId: rowId, until: instant });

export const languageSet = z.strictObject({ language: z.enum(locales) });
export const vapidPublicKey = z.strictObject({ publicKey: text });

export const accountExport = z.strictObject({
  exportedAt: instant,
  user: user.extend({ createdAt: instant, lastLogin: instant.nullable(), profileImage: maybeText }),
  contacts: z.array(contactOwnRow.schema.extend({ tags: z.array(text) })),
  activities: z.array(activity.omit({ others: true })),
  followUps: z.array(followUp),
  /** The user's own prayer lists (issue 50 §5); an export from before them has none. */
  prayerLists: z.array(z.strictObject({ id: rowId, name: text, perDay: count, createdAt: instant })),
  /** `listName`: the name of the author's list it is in, so an import can put it back in a list of that name. */
  prayerRequests: z.array(prayerRequestBase.extend({ listName: text.nullable() })),
  goals: z.array(goalBase),
  statusChanges: z.array(z.strictObject({ ...statusChange, contactId: rowId, contactName: text })),
  milestones: z.array(z.strictObject({ contactId: rowId, contactName: text, kind: z.enum(milestoneKinds), date: instant })),
  contactDates: z.array(contactDateRow.schema.omit({ id: true }).extend({ contactId: rowId, contactName: text })),
  teams: z.array(z.strictObject({ id: rowId, name: text, description: maybeText, role: teamRole, joinedAt: instant })),
  settings: z.strictObject({
    attentionDays: daysByStatus,
    prayTodayCount: count,
    datesAheadDays: count,
    reminderHour: count,
    ...reminderChoices,
    /** Issue 51 §3: which notifications also come by push and in the digest, by kind; null: every kind by both. */
    notificationChoices: z.partialRecord(z.enum(notificationKinds), z.strictObject({ push: z.boolean(), digest: z.boolean() })).nullable(),
  }),
  snoozes: z.array(z.strictObject({ contactId: rowId, contactName: text, until: instant })),
  pushDevices: z.array(z.strictObject({ endpoint: text, createdAt: instant })),
});
/** A team's own export (issue 51 §6): the personal export's shape over the team's records, marked with the team. */
export const teamExport = accountExport.extend({ scope: z.strictObject({ team: z.strictObject({ id: rowId, name: text }) }) });
/** A team's prayer setting (issue 51 §5): whether readers of its requests see who prayed this week. */
export const teamPrayerSettings = z.strictObject({ prayerNames: z.boolean() });
export const importHelp = z.strictObject({
  columns: z.array(
    z.strictObject({ field: z.enum(['name', 'email', 'phone', 'spiritualStatus', 'notes', 'source', 'tags', 'firstName', 'lastName']), words: z.array(text) }),
  ),
  ignoredColumns: z.array(text),
  statuses: z.array(z.strictObject({ status: spiritualStatus, words: z.array(text) })),
});
export const importPreview = z.strictObject({
  valid: z.array(z.strictObject({ row: count, name: text, email: maybeText, phone: maybeText, spiritualStatus, notes: maybeText })),
  duplicates: z.array(importSkip),
  problems: z.array(importProblem),
  /** The first values of each kind the file holds and Sower cannot read: a column it does not read, a status word it does not know. */
  warnings: z.array(
    z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('column'), row: count, column: count, value: text }),
      z.strictObject({ kind: z.literal('status'), row: count, name: text, value: text }),
    ]),
  ),
  warningCounts: z.strictObject({ column: count, status: count }),
});
/** What an import of a Sower export wrote, and what it left out (teams, push devices, snoozes, others' records). */
export const exportImported = z.strictObject({
  created: z.strictObject({
    contacts: count,
    activities: count,
    followUps: count,
    prayerRequests: count,
    goals: count,
    statusChanges: count,
    milestones: count,
    contactDates: count,
  }),
  skipped: z.strictObject({ teams: count, pushDevices: count, snoozes: count, teamRecords: count, otherContacts: count }),
});
export const imported = z.strictObject({ created: count, skipped: z.array(importSkip), problems: z.array(importProblem) });

/** The body of every error answer, as errorContract.ts builds it. */
export const errorBody = z.strictObject({
  message: text,
  code: text,
  issues: z.array(z.strictObject({ path: text, message: text })).optional(),
});

/** A comment on a team contact (issue 51 §3), with what the reader may do with it now. */
export const comment = z.strictObject({
  id: rowId,
  contactId: rowId,
  body: text,
  createdAt: instant,
  editedAt: instant.nullable(),
  teamId: rowId,
  createdBy: createdBy,
  /** Its author as the team sees them; null once their account is gone. */
  author: person.nullable(),
  /** Until when its author may change it (15 minutes after writing); null for anyone else. */
  editableUntil: instant.nullable(),
  /** Whether the reader may change it now, and delete it (its author or an admin). */
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export const comments = z.array(comment);

/** One notification of the inbox (issue 51 §3): what it is about, said in the reader's language. */
export const notificationItem = z.strictObject({
  id: rowId,
  kind: z.enum(notificationKinds),
  createdAt: instant,
  read: z.boolean(),
  /** Who did what it tells, by name; null once their account is gone. */
  actorName: maybeText,
  /** The contact it is about, where the reader may still read it (else it is not listed at all). */
  contactId: rowId.nullable(),
  contactName: maybeText,
  teamId: rowId.nullable(),
  teamName: maybeText,
  commentId: rowId.nullable(),
  /** The extras of its kind: a decline's reason, the names handed back, how many. */
  detail: z.strictObject({ reason: maybeText.optional(), names: z.array(text).optional(), count: count.optional(), teamName: maybeText.optional() }),
  /** What it says, whole, in the reader's language. */
  text,
  /** The comment's words for a mention (cut at 200 characters). */
  excerpt: maybeText,
});
export const notificationInbox = z.strictObject({ items: z.array(notificationItem), unread: count });
export const notificationsMarked = z.strictObject({ unread: count });
/** Per kind of notification, whether it also arrives by push and in the digest (issue 51 §3). */
const notificationChoice = z.strictObject({ push: z.boolean(), digest: z.boolean() });
export const notificationChoices = z.strictObject({
  // Every kind by name (shared/vocabulary.ts notificationKinds), so the document lists each.
  choices: z.strictObject({
    mention: notificationChoice,
    assigned: notificationChoice,
    accepted: notificationChoice,
    declined: notificationChoice,
    updateNeeded: notificationChoice,
    returned: notificationChoice,
    removed: notificationChoice,
  } satisfies Record<(typeof notificationKinds)[number], typeof notificationChoice>),
});
