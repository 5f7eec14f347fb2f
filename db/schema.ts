// The drizzle tables of every entity in SPEC §3, plus Lucia's sessions table.
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import type { Locale } from '../shared/i18n';
import {
  activityTypes,
  archiveReasons,
  assignmentStatuses,
  contactDateKinds,
  followUpTypes,
  goalKinds,
  milestoneKinds,
  notificationKinds,
  relationshipKinds,
  spiritualStatuses,
  tagColors,
  teamRoles,
  type NotificationKind,
  type SpiritualStatus,
} from '../shared/vocabulary';
import { dailyTallyEntities, tallyEntities } from '../shared/lists';
import { digestStatuses, repeatBases, repeatUnits } from '../shared/nudges';

// Server code reads a column's closed set beside its table, as it did before the vocabulary module held them.
export { activityTypes, followUpTypes, goalTypes, spiritualStatuses, teamRoles } from '../shared/vocabulary';
export type { ActivityType, FollowUpType, GoalType, SpiritualStatus, TeamRole } from '../shared/vocabulary';

const now = sql`(cast(unixepoch('subsecond') * 1000 as integer))`;
const createdAt = () => integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now);

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    profileImage: text('profile_image'),
    createdAt: createdAt(),
    lastLogin: integer('last_login', { mode: 'timestamp_ms' }),
    /** Secret in the private calendar feed URL; null while the feed is off. */
    calendarToken: text('calendar_token'),
    /**
     * The username as compared for uniqueness and sign-in (shared/schemas/auth.ts usernameKey: NFKC and a Unicode case fold), so
     * 'ＡＬＩＣＥ', 'Alice' and 'alice' are one name.
     */
    usernameKey: text('username_key').notNull(),
    /** The language Sower speaks to this user (shared/i18n.ts locales); null until chosen: then the browser's decides. */
    language: text('language').$type<Locale>(),
    /**
     * The owner of `email` opened a confirmation link sent to it (issue 27); only then does reminder mail go there. False
     * for every account older than the column, and again after each change of the address.
     */
    emailConfirmed: integer('email_confirmed', { mode: 'boolean' }).notNull().default(false),
    /** When the user last looked at the contacts assigned to them: newer assignments show as a badge (issue 30). */
    assignmentsSeenAt: integer('assignments_seen_at', { mode: 'timestamp_ms' }),
    /** Two-factor sign-in (issue 33): the authenticator's secret (base32) once confirmed; null while it is off. */
    totpSecret: text('totp_secret'),
    /** A secret offered by setup and not confirmed with a code yet. */
    totpPendingSecret: text('totp_pending_secret'),
    /** The 30-second step of the last code accepted: a code of it or an earlier step is never accepted again. */
    totpLastStep: integer('totp_last_step'),
    /** The app lock's PIN (issue 33), argon2id like a password; null while there is no lock. */
    pinHash: text('pin_hash'),
    /** Wrong PINs in a row, counted before each check: the fifth ends every session of the account. */
    pinFailures: integer('pin_failures').notNull().default(0),
    /** Minutes without a touch before the app locks (1, 5 or 15). */
    pinIdleMinutes: integer('pin_idle_minutes').notNull().default(5),
  },
  (t) => [
    uniqueIndex('users_username_key_unique').on(t.usernameKey),
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_calendar_token_unique').on(t.calendarToken),
  ],
);

export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at').notNull(),
    /**
     * The session as its owner's list names it (issue 33): random, never the id, which is the cookie's secret. Ending a
     * session by it needs the owner's own session too.
     */
    handle: text('handle').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /** Updated at most every few minutes (server/security/sessions.ts). */
    lastSeenAt: integer('last_seen_at', { mode: 'timestamp_ms' }).notNull(),
    /** The browser and system it signed in from, coarsely ('Firefox|Android', server/security/device.ts); '' if unknown. */
    device: text('device').notNull().default(''),
    /**
     * When this session was locked by the app lock (issue 47), or null while it is open. While set, the server answers
     * 423 to every call but the PIN's check, signing out and forgetting the device.
     */
    lockedAt: integer('locked_at', { mode: 'timestamp_ms' }),
    /** Wrong PINs in a row on this session (the account counts its own in users.pin_failures). */
    pinFailures: integer('pin_failures').notNull().default(0),
  },
  (t) => [index('sessions_user_idx').on(t.userId, t.createdAt), uniqueIndex('sessions_handle_unique').on(t.handle)],
);

/** Two-factor sign-in's one-time recovery codes (issue 33): ten, shown once, kept as SHA-256 hashes. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId, t.codeHash)],
);

/**
 * A sign-in waiting for its second factor (issue 33): the password was right, the session is made only once a code is.
 * Found by the SHA-256 of the ticket the client holds; it lasts 5 minutes and 5 codes.
 */
export const signInTickets = sqliteTable(
  'sign_in_tickets',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    tries: integer('tries').notNull().default(0),
    /** The language chosen on the sign-in page, saved to the account when the sign-in completes. */
    language: text('language').$type<Locale>(),
  },
  (t) => [index('sign_in_tickets_expires_idx').on(t.expiresAt)],
);

/**
 * What happened to an account that its owner may want to check (issue 33): sign-ins, failed ones, changes of password,
 * email and two-factor sign-in, sessions ended, exports and imports. Kept 90 days. Failed sign-ins from one kind of
 * device on one day are one row with a count, so nobody can fill someone's log by guessing.
 */
export const securityEvents = sqliteTable(
  'security_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    device: text('device').notNull().default(''),
    count: integer('count').notNull().default(1),
  },
  (t) => [index('security_events_user_at_idx').on(t.userId, t.at), index('security_events_at_idx').on(t.at)],
);

export const teams = sqliteTable('teams', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  description: text('description'),
  createdAt: createdAt(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  /** Issue 51 §2: an assigned contact with no activity for this many days needs an update from its assignee. */
  updateNeededDays: integer('update_needed_days').notNull().default(14),
  /** Issue 51 §5: whether a team request's author sees who prayed for it this week, not only how many. */
  prayerNames: integer('prayer_names', { mode: 'boolean' }).notNull().default(false),
});

export const teamMembers = sqliteTable(
  'team_members',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: teamRoles }).notNull().default('member'),
    joinedAt: integer('joined_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_members_user_idx').on(t.userId)],
);

/**
 * A person an admin removed from a team (issue 47): they cannot join it again by any of its links until an admin lets
 * them back in (an invitation by username, or lifting it on the member screen). Leaving on one's own records nothing.
 */
export const teamRemovals = sqliteTable(
  'team_removals',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    removedBy: integer('removed_by').references(() => users.id, { onDelete: 'set null' }),
    removedAt: integer('removed_at', { mode: 'timestamp_ms' }).notNull().default(now),
    /** When the removed person was first told, on their next request; null until then. */
    toldAt: integer('told_at', { mode: 'timestamp_ms' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.userId] }), index('team_removals_user_idx').on(t.userId)],
);

/**
 * A pending offer to join a team: nobody becomes a member without accepting. Written the same way whether or not the
 * invited person exists (then `user_id` is null and the row only expires), so an admin learns nothing about who has
 * an account.
 */
export const teamInvitations = sqliteTable(
  'team_invitations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** The invited user, or null when the id or username the admin gave belongs to nobody. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Whom the admin named, as they named them (a user id or a username's key): what the team's admins see. */
    invitee: text('invitee').notNull(),
    role: text('role', { enum: teamRoles }).notNull().default('member'),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [uniqueIndex('team_invitations_team_invitee_unique').on(t.teamId, t.invitee), index('team_invitations_user_idx').on(t.userId, t.expiresAt)],
);

/**
 * A link that lets whoever opens it join a team with its role (never admin), until it expires, is revoked or is used up
 * (issue 30). The code is the link's secret, kept so the team's admins can show the link again.
 */
export const teamInviteLinks = sqliteTable(
  'team_invite_links',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    role: text('role', { enum: teamRoles }).notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    /** How many people may join by it; null: no limit. */
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('team_invite_links_code_unique').on(t.code), index('team_invite_links_team_idx').on(t.teamId, t.createdAt)],
);

/**
 * A user's live email-confirmation link (server/nudges/confirmation.ts): one per user, so a new link replaces the last;
 * deleted when it is used or when the address changes. The link's token itself is only ever in the email.
 */
export const emailConfirmations = sqliteTable(
  'email_confirmations',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token (base64url). */
    tokenHash: text('token_hash').notNull(),
    /** The exact address the link was sent to: it confirms that address and no other. */
    email: text('email').notNull(),
    /** When the link stops working, in ms since the epoch. */
    expiresAt: integer('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('email_confirmations_token_unique').on(t.tokenHash)],
);

/**
 * A user's live password-reset link (server/nudges/passwordReset.ts): one per user, so a new link replaces the last;
 * deleted when it is used, when its tries run out and when it expires. The token itself is only in the email (or the
 * operator's terminal).
 */
export const passwordResets = sqliteTable(
  'password_resets',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token (base64url). */
    tokenHash: text('token_hash').notNull(),
    /** When the link stops working, in ms since the epoch. */
    expiresAt: integer('expires_at').notNull(),
    /** Wrong authenticator or recovery codes given with this link: at the limit the link dies. */
    tries: integer('tries').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('password_resets_token_unique').on(t.tokenHash), index('password_resets_expires_idx').on(t.expiresAt)],
);

/** Attempt counters of the rate limits (server/security/rateLimit.ts), in the database so every process shares them. */
export const attempts = sqliteTable(
  'attempts',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    /** When the window ends, in ms since the epoch. */
    resetAt: integer('reset_at').notNull(),
  },
  (t) => [index('attempts_reset_idx').on(t.resetAt)],
);

/** Columns every shared record carries: its optional team and its author. */
const ownership = () => ({
  teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
  createdBy: integer('created_by')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
});

export const contacts = sqliteTable(
  'contacts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    spiritualStatus: text('spiritual_status', { enum: spiritualStatuses }).notNull().default('unknown'),
    notes: text('notes'),
    /** How the user met the person (issue 50): a word from their list of sources, as typed; null when not said. */
    source: text('source'),
    createdAt: createdAt(),
    ...ownership(),
    /**
     * The name's folded key (shared/fold.ts foldText, server/queries/searchKeys.ts): what a typed name is matched by and a name
     * search starts with. Written with the name on every write; null only for a row an older release wrote, until
     * the backfill at start (server/queries/searchKeys.ts) keys it.
     */
    nameKey: text('name_key'),
    /** The folded name, email, phone (also without its spaces and signs) and notes, one per line: what `q` searches. */
    searchKey: text('search_key'),
    /** The team member who looks after this team contact (issue 30); null: nobody. Only ever a member of the contact's team. */
    assignedTo: integer('assigned_to').references(() => users.id, { onDelete: 'set null' }),
    /** When it was last assigned: what the assignee's badge of new assignments counts. */
    assignedAt: integer('assigned_at', { mode: 'timestamp_ms' }),
    /** Issue 51 §2: whether the assignee has accepted the assignment; null while nobody is assigned. */
    assignmentStatus: text('assignment_status', { enum: assignmentStatuses }),
    /** Who assigned it (told of the answer); null when nobody is assigned or the assigner's account is gone. */
    assignedBy: integer('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    /** Stay in touch every this many days (issue 50 §6): overrides the needs-attention threshold of the contact's status; null: off. */
    stayInTouchDays: integer('stay_in_touch_days'),
    /** When the contact was archived (issue 50 §7); null while active. Archived contacts leave lists, nudges and Pray today. */
    archivedAt: integer('archived_at', { mode: 'timestamp_ms' }),
    archiveReason: text('archive_reason', { enum: archiveReasons }),
    archiveNote: text('archive_note'),
    /**
     * How many activities this person is one of the other people of (issue 50 §4), kept by activity_contacts' triggers
     * (migration 0031): a person in none, nearly everyone, costs their last contact no seek of activity_contacts.
     */
    alsoThereCount: integer('also_there_count').notNull().default(0),
  },
  (t) => [
    index('contacts_owner_idx').on(t.createdBy, t.createdAt),
    index('contacts_team_idx').on(t.teamId, t.createdAt),
    // A reader's own part is `created_by = ? and +team_id is null` (server/access.ts): the search and name indexes end
    // in team_id, so a search skips team rows from the index entries alone (the list indexes end in their order, then id).
    // A typed name's match (activity logging, import, contacts.sameName) is one seek on (owner or team, name key); a
    // search reads these indexes alone, the search key in them, never the rows (docs/decisions/008).
    index('contacts_owner_name_key_idx').on(t.createdBy, t.nameKey, t.searchKey, t.teamId),
    index('contacts_team_name_key_idx').on(t.teamId, t.nameKey, t.searchKey),
    // The rows the backfill has still to key (none once it has run): each batch one seek.
    index('contacts_unkeyed_idx')
      .on(t.id)
      .where(sql`${t.searchKey} is null`),
    // The list's order (lower(name), id), so a page walks an index instead of sorting every contact; with the search key
    // in it, a searched page reads only the rows that match (SQLite seeks a row once a column outside the index is needed).
    index('contacts_owner_sort_idx').on(t.createdBy, sql`lower(${t.name})`, t.searchKey, t.teamId),
    index('contacts_team_sort_idx').on(t.teamId, sql`lower(${t.name})`, t.searchKey),
    // 'Assigned to me' in the list's order, and a team's assignments per member (team insight).
    index('contacts_assignee_sort_idx').on(t.assignedTo, sql`lower(${t.name})`, t.searchKey),
    // A team's journey funnel (team insight) counts its contacts per status from this index alone.
    index('contacts_team_status_idx').on(t.teamId, t.spiritualStatus),
    index('contacts_team_assignee_idx').on(t.teamId, t.assignedTo, t.assignedAt),
  ],
);

export const activities = sqliteTable(
  'activities',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    type: text('type', { enum: activityTypes }).notNull(),
    date: integer('date', { mode: 'timestamp_ms' }).notNull().default(now),
    description: text('description'),
    notes: text('notes'),
    createdAt: createdAt(),
    ...ownership(),
    /** The folded notes and description (server/queries/searchKeys.ts), what a search looks in; null until keyed (see contacts). */
    searchKey: text('search_key'),
    /**
     * How many other people the activity has (issue 50 §4), kept by activity_contacts' triggers (migration 0031): an
     * activity of one person, nearly every one, is read with no seek of activity_contacts.
     */
    othersCount: integer('others_count').notNull().default(0),
  },
  (t) => [
    index('activities_unkeyed_idx')
      .on(t.id)
      .where(sql`${t.searchKey} is null`),
    // A search walks these newest first and reads the key in them, not the rows (docs/decisions/008).
    index('activities_owner_search_idx').on(t.createdBy, t.date, t.searchKey, t.teamId),
    index('activities_team_search_idx').on(t.teamId, t.date, t.searchKey),
    // A reader's own part (`created_by = ? and +team_id is null`, server/access.ts) in the list's orders: personal rows
    // only, so a page seeks them however many team rows the same person wrote (issue 30). The condition is written
    // as the queries write it (with the unary +), which is how SQLite sees that they may use these indexes.
    index('activities_personal_date_idx')
      .on(t.createdBy, t.date)
      .where(sql`+${t.teamId} is null`),
    index('activities_personal_type_date_idx')
      .on(t.createdBy, t.type, t.date)
      .where(sql`+${t.teamId} is null`),
    index('activities_team_date_idx').on(t.teamId, t.date),
    // A team's activities of one type (a filtered list, the chart's cut days) by date, read from the index alone.
    index('activities_team_type_date_idx').on(t.teamId, t.type, t.date),
    // A person's activities by date: their timeline, and their last contact found by one seek (server/queries/lastContact.ts),
    // whose reader's rule (created_by, team_id) the index carries, so the seek reads no row.
    index('activities_contact_date_idx').on(t.contactId, t.date, t.createdBy, t.teamId),
  ],
);

export const goals = sqliteTable(
  'goals',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    description: text('description'),
    targetCount: integer('target_count').notNull(),
    /**
     * What the user's own 'current progress' adds to (or takes from) the count of their activities in the period; the
     * progress itself is counted on every read (server/routers/goals.ts), so it never drifts from the activities.
     */
    adjustment: integer('adjustment').notNull().default(0),
    /** The first day counted (null: the day it was created). */
    startsOn: integer('starts_on', { mode: 'timestamp_ms' }),
    deadline: integer('deadline', { mode: 'timestamp_ms' }),
    completed: integer('completed', { mode: 'boolean' }).notNull().default(false),
    type: text('type', { enum: goalKinds }).notNull(),
    createdAt: createdAt(),
    ...ownership(),
    /** The folded title and description (server/queries/searchKeys.ts), what a search looks in (issue 50 §8); null until keyed. */
    searchKey: text('search_key'),
  },
  (t) => [
    index('goals_owner_idx').on(t.createdBy, t.completed, t.type),
    index('goals_team_idx').on(t.teamId),
    index('goals_unkeyed_idx')
      .on(t.id)
      .where(sql`${t.searchKey} is null`),
    // A search walks these newest first and reads the key in them, not the rows (docs/decisions/008).
    index('goals_owner_search_idx').on(t.createdBy, t.createdAt, t.searchKey, t.teamId),
    index('goals_team_search_idx').on(t.teamId, t.createdAt, t.searchKey),
  ],
);

export const followUps = sqliteTable(
  'follow_ups',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    date: integer('date', { mode: 'timestamp_ms' }).notNull(),
    description: text('description').notNull(),
    type: text('type', { enum: followUpTypes }).notNull(),
    completed: integer('completed', { mode: 'boolean' }).notNull().default(false),
    createdAt: createdAt(),
    ...ownership(),
    /** When it was marked completed (null while pending, and for follow-ups completed before this column existed). */
    completedAt: integer('completed_at', { mode: 'timestamp_ms' }),
    /** A repeating follow-up's interval: every `repeat_every` days, weeks or months (all null: it does not repeat). */
    repeatEvery: integer('repeat_every'),
    repeatUnit: text('repeat_unit', { enum: repeatUnits }),
    /** Whether the next one counts from this one's date ('date') or from when this one was completed ('completion'). */
    repeatFrom: text('repeat_from', { enum: repeatBases }),
    /** The series a repeating follow-up belongs to: the id of its first follow-up (null: not part of a series). */
    seriesId: integer('series_id'),
    /** The first date of a date-based series: later ones count from it, so a month end stays a month end. */
    repeatAnchor: integer('repeat_anchor', { mode: 'timestamp_ms' }),
    /** The folded description (server/queries/searchKeys.ts), what a search looks in (issue 50 §8); null until keyed. */
    searchKey: text('search_key'),
  },
  (t) => [
    index('follow_ups_unkeyed_idx')
      .on(t.id)
      .where(sql`${t.searchKey} is null`),
    // A search walks these newest first and reads the key in them, not the rows (docs/decisions/008).
    index('follow_ups_owner_search_idx').on(t.createdBy, t.date, t.searchKey, t.teamId),
    index('follow_ups_team_search_idx').on(t.teamId, t.date, t.searchKey),
    index('follow_ups_series_idx').on(t.seriesId),
    index('follow_ups_owner_idx').on(t.createdBy, t.completed, t.date),
    index('follow_ups_team_idx').on(t.teamId, t.completed, t.date),
    index('follow_ups_owner_date_idx').on(t.createdBy, t.date),
    index('follow_ups_team_date_idx').on(t.teamId, t.date),
    // A person's follow-ups, done or not, by date: their next one and their last completed one, each one seek.
    index('follow_ups_contact_date_idx').on(t.contactId, t.completed, t.date),
  ],
);

/** A list of prayer requests the user names (issue 50 §5): Pray today takes `per_day` of its requests a day. */
export const prayerLists = sqliteTable(
  'prayer_lists',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    perDay: integer('per_day').notNull().default(3),
    createdAt: createdAt(),
    ...ownership(),
  },
  (t) => [index('prayer_lists_owner_idx').on(t.createdBy, t.teamId), index('prayer_lists_team_idx').on(t.teamId)],
);

export const prayerRequests = sqliteTable(
  'prayer_requests',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The person prayed for; null for a request about no one person ("our city", issue 50 §5). */
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
    /** The prayer list it is in (issue 50 §5); null: none. */
    listId: integer('list_id').references(() => prayerLists.id, { onDelete: 'set null' }),
    request: text('request').notNull(),
    date: integer('date', { mode: 'timestamp_ms' }).notNull().default(now),
    answered: integer('answered', { mode: 'boolean' }).notNull().default(false),
    answerNotes: text('answer_notes'),
    answerDate: integer('answer_date', { mode: 'timestamp_ms' }),
    prayedCount: integer('prayed_count').notNull().default(0),
    createdAt: createdAt(),
    ...ownership(),
    /** When the author last said 'I prayed' for it. */
    lastPrayedAt: integer('last_prayed_at', { mode: 'timestamp_ms' }),
    /** When it last left the Pray today list ('I prayed' or 'Not today'): the list takes the longest waiting first. */
    rotatedAt: integer('rotated_at', { mode: 'timestamp_ms' }),
    /** The folded request (server/queries/searchKeys.ts), what a search looks in; null until keyed (see contacts). */
    searchKey: text('search_key'),
  },
  (t) => [
    index('prayer_requests_unkeyed_idx')
      .on(t.id)
      .where(sql`${t.searchKey} is null`),
    index('prayer_requests_owner_search_idx').on(t.createdBy, t.date, t.searchKey, t.teamId),
    index('prayer_requests_team_search_idx').on(t.teamId, t.date, t.searchKey),
    index('prayer_requests_rotation_idx').on(t.createdBy, t.answered, t.rotatedAt),
    index('prayer_requests_owner_idx').on(t.createdBy, t.answered, t.date),
    index('prayer_requests_team_idx').on(t.teamId, t.answered, t.date),
    index('prayer_requests_owner_date_idx').on(t.createdBy, t.date),
    index('prayer_requests_team_date_idx').on(t.teamId, t.date),
    // The Answered tab's order: answer date, else the request's date, newest first.
    index('prayer_requests_owner_answered_idx').on(t.createdBy, t.answered, sql`coalesce(${t.answerDate}, ${t.date})`),
    index('prayer_requests_team_answered_idx').on(t.teamId, t.answered, sql`coalesce(${t.answerDate}, ${t.date})`),
    // The dashboard's 30-day windows count new requests by created_at.
    index('prayer_requests_owner_created_idx').on(t.createdBy, t.createdAt),
    index('prayer_requests_team_created_idx').on(t.teamId, t.createdAt),
    index('prayer_requests_contact_idx').on(t.contactId),
    index('prayer_requests_list_idx').on(t.listId, t.answered, t.rotatedAt),
  ],
);

/** Resources with no author are the global library every signed-in user reads. */
export const resources = sqliteTable(
  'resources',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    content: text('content').notNull(),
    category: text('category').notNull(),
    createdAt: createdAt(),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('resources_slug_unique').on(t.slug), index('resources_owner_idx').on(t.createdBy)],
);

/**
 * A library article in another language than its own (the seeded library is written in English and for each of
 * Sower's languages: db/seed/library/). A reader without one reads the article as written.
 */
export const resourceTranslations = sqliteTable(
  'resource_translations',
  {
    resourceId: integer('resource_id')
      .notNull()
      .references(() => resources.id, { onDelete: 'cascade' }),
    locale: text('locale').$type<Locale>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    content: text('content').notNull(),
    category: text('category').notNull(),
  },
  (t) => [primaryKey({ columns: [t.resourceId, t.locale] })],
);

/** Every change of a contact's spiritual status: the journey shown on the contact's page. */
export const contactStatusChanges = sqliteTable(
  'contact_status_changes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status', { enum: spiritualStatuses }),
    toStatus: text('to_status', { enum: spiritualStatuses }).notNull(),
    changedAt: integer('changed_at', { mode: 'timestamp_ms' }).notNull().default(now),
    changedBy: integer('changed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('contact_status_changes_contact_idx').on(t.contactId, t.changedAt)],
);

/**
 * A person's faith milestones (issue 50): each kind once per contact, with the day it happened. They belong to the
 * contact (whoever may change it may set and clear them) and go with it.
 */
export const contactMilestones = sqliteTable(
  'contact_milestones',
  {
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: milestoneKinds }).notNull(),
    /** The day it happened, as the other dated rows keep a day: the instant of that day's noon the client sent. */
    date: integer('date', { mode: 'timestamp_ms' }).notNull(),
    setBy: integer('set_by').references(() => users.id, { onDelete: 'set null' }),
    setAt: integer('set_at', { mode: 'timestamp_ms' }).notNull().default(now),
    /**
     * The contact's own `created_by` and `team_id`, copied by triggers (migration 0026) whenever a milestone is written or
     * its contact changes hands, so a goal or the dashboard counts milestones from an index of their own: whose
     * milestones they are without reading each contact. Null only between a row's insert and its trigger.
     */
    createdBy: integer('created_by'),
    teamId: integer('team_id'),
  },
  (t) => [
    primaryKey({ columns: [t.contactId, t.kind] }),
    index('contact_milestones_owner_idx').on(t.createdBy, t.kind, t.date),
    index('contact_milestones_team_idx').on(t.teamId, t.kind, t.date),
  ],
);

/**
 * A tag (issue 50): a personal one, its author's alone (team_id null), or a team's, shared by its members. A name is
 * held once per space, compared folded (shared/fold.ts).
 */
export const tags = sqliteTable(
  'tags',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    nameKey: text('name_key').notNull(),
    color: text('color', { enum: tagColors }),
    createdAt: createdAt(),
    // As ownership(), but a team's tags go with the team: its contacts return to their authors without them.
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('tags_personal_name_unique')
      .on(t.createdBy, t.nameKey)
      .where(sql`team_id is null`),
    uniqueIndex('tags_team_name_unique').on(t.teamId, t.nameKey),
  ],
);

/**
 * Which tags a contact carries. A team contact carries its team's tags, and a personal tag its author put on it (before
 * sharing it, say) stays theirs: each reader sees the tags of the contact's team and their own personal ones.
 */
export const contactTags = sqliteTable(
  'contact_tags',
  {
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.contactId, t.tagId] }), index('contact_tags_tag_idx').on(t.tagId, t.contactId)],
);

/**
 * A link between two people (issue 50): `contact_id` is `kind` of `related_id` ("Ana discipled_by Ben"). Stored once,
 * read from either side; a child link is stored as its parent link. Goes with either contact.
 */
export const contactRelationships = sqliteTable(
  'contact_relationships',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    relatedId: integer('related_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: relationshipKinds }).notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('contact_relationships_pair_unique').on(t.contactId, t.relatedId, t.kind),
    index('contact_relationships_related_idx').on(t.relatedId, t.kind, t.contactId),
    index('contact_relationships_kind_idx').on(t.kind, t.contactId),
  ],
);

/**
 * The other people of one activity (issue 50 §4): `activities.contact_id` is the person typed first, and each row here
 * another who was there. `date` is the activity's, kept by triggers (migration 0029), so a person's timeline and last
 * contact seek it by person and date.
 */
export const activityContacts = sqliteTable(
  'activity_contacts',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => activities.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    date: integer('date', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.contactId] }), index('activity_contacts_contact_date_idx').on(t.contactId, t.date, t.activityId)],
);

/**
 * A comment on a team contact (issue 51 §3), kept apart from the contact's notes: its author may edit it for 15 minutes,
 * its author or an admin delete it. It is the contact's team's (team_id follows the contact) and goes with the contact.
 */
export const comments = sqliteTable(
  'comments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
    /** When its author last changed it; null if never. */
    editedAt: integer('edited_at', { mode: 'timestamp_ms' }),
    ...ownership(),
  },
  (t) => [index('comments_contact_idx').on(t.contactId, t.createdAt), index('comments_team_idx').on(t.teamId, t.createdAt)],
);

/**
 * One thing a person is told (issue 51 §3): the inbox lists them newest first, the bell counts the unread. A
 * notification about a contact or comment goes with it; the reader sees only those about contacts they may still read.
 */
export const notifications = sqliteTable(
  'notifications',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: notificationKinds }).notNull(),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    /** Who did what it tells (the commenter, the assigner, the assignee who answered); null once their account is gone. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** What else it says, by kind: a decline's reason, the names of the contacts handed back. */
    detail: text('detail', { mode: 'json' }).$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
    /** When push and the digest have taken it (null: not yet), so each sends it once. */
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
    index('notifications_contact_idx').on(t.contactId),
    index('notifications_comment_idx').on(t.commentId),
    index('notifications_team_idx').on(t.teamId, t.userId),
  ],
);

/**
 * Who prayed for a team's prayer request on which day (issue 51 §5): one row per person a day, so the author sees how
 * many teammates prayed this week, viewers included.
 */
export const prayerRequestPrayers = sqliteTable(
  'prayer_request_prayers',
  {
    requestId: integer('request_id')
      .notNull()
      .references(() => prayerRequests.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Whole days since the epoch (UTC), as daily_tallies count them. */
    day: integer('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.userId, t.day] }), index('prayer_request_prayers_day_idx').on(t.requestId, t.day)],
);

/**
 * A person's important date (issue 50 §6): a birthday, a spiritual birthday, a baptism anniversary or any named day,
 * yearly or once. A calendar day (`YYYY-MM-DD`), not an instant: it is the same day in every time zone. It belongs to the
 * contact (whoever may change the contact may add and remove its dates) and goes with it.
 */
export const contactDates = sqliteTable(
  'contact_dates',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: contactDateKinds }).notNull().default('other'),
    label: text('label').notNull(),
    date: text('date').notNull(),
    yearly: integer('yearly', { mode: 'boolean' }).notNull().default(true),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_dates_contact_idx').on(t.contactId, t.date)],
);

/** Answers already given to a client-generated key, so an offline outbox replay creates nothing twice. */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    response: text('response').notNull(),
    /** SHA-256 of the request the key was first used with: the same key with another request is refused (422). */
    requestHash: text('request_hash'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/**
 * Row counts per author, team (0 for none) and kind, kept by triggers (db/migrations/0002) on every insert, update
 * and delete, cascades included: the dashboard's totals and the tab counts read a handful of these rows instead of
 * counting a whole history. Kinds: activity type; contact ''; follow-up 'pending' | 'completed'; prayer 'active' |
 * 'answered' (with the sum of prayed_count).
 */
export const rowTallies = sqliteTable(
  'row_tallies',
  {
    entity: text('entity', { enum: tallyEntities }).notNull(),
    kind: text('kind').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').notNull(),
    rowCount: integer('row_count').notNull(),
    prayed: integer('prayed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.createdBy, t.teamId, t.entity, t.kind] }), index('row_tallies_team_idx').on(t.teamId)],
);

/**
 * New rows per author, team (0 for none), kind and UTC day (ms since the epoch / 86,400,000), kept by triggers
 * (db/migrations/0003): the dashboard's 30-day trends sum at most 60 days of these, however dense the history.
 * Activities count by `date` and type; contacts ('') and prayers ('') by `created_at`.
 */
export const dailyTallies = sqliteTable(
  'daily_tallies',
  {
    entity: text('entity', { enum: dailyTallyEntities }).notNull(),
    kind: text('kind').notNull(),
    day: integer('day').notNull(),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.createdBy, t.entity, t.kind, t.day, t.teamId] }), index('daily_tallies_team_idx').on(t.teamId, t.entity, t.kind, t.day)],
);

/**
 * row_tallies summed per team over its members (issue 30), kept by triggers on row_tallies itself (db/migrations/0017):
 * a team's totals, and the team part of a member's, read one row per kind however many members write in it.
 */
export const teamRowTallies = sqliteTable(
  'team_row_tallies',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    /** As row_tallies', and 'journey': the team's contacts per spiritual status (`kind`). */
    entity: text('entity').notNull(),
    kind: text('kind').notNull(),
    rowCount: integer('row_count').notNull(),
    prayed: integer('prayed').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.entity, t.kind] })],
);

/** daily_tallies summed per team over its members (issue 30), kept by triggers on daily_tallies (db/migrations/0017). */
export const teamDailyTallies = sqliteTable(
  'team_daily_tallies',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    entity: text('entity', { enum: dailyTallyEntities }).notNull(),
    kind: text('kind').notNull(),
    day: integer('day').notNull(),
    rowCount: integer('row_count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.entity, t.kind, t.day] })],
);

/**
 * A user's settings for nudges and reminders (issue 16). A user without a row has every default (shared/nudges.ts);
 * the row is written the first time they change one.
 */
export const userSettings = sqliteTable(
  'user_settings',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Days without a touch after which a contact of a status needs attention; a status not named has its default. */
    attentionDays: text('attention_days', { mode: 'json' }).$type<Partial<Record<SpiritualStatus, number>>>(),
    /** How many active requests the Pray today list holds. */
    prayTodayCount: integer('pray_today_count').notNull().default(5),
    /** How many days ahead the dashboard shows a person's important dates (issue 50 §6). */
    datesAheadDays: integer('dates_ahead_days').notNull().default(14),
    /** The daily digest: on or off, at which hour of the day in which IANA time zone, by which channels, with what. */
    remindersOn: integer('reminders_on', { mode: 'boolean' }).notNull().default(false),
    reminderHour: integer('reminder_hour').notNull().default(8),
    timeZone: text('time_zone'),
    byEmail: integer('by_email', { mode: 'boolean' }).notNull().default(true),
    byPush: integer('by_push', { mode: 'boolean' }).notNull().default(true),
    includeFollowUps: integer('include_follow_ups', { mode: 'boolean' }).notNull().default(true),
    includeAttention: integer('include_attention', { mode: 'boolean' }).notNull().default(true),
    includePrayers: integer('include_prayers', { mode: 'boolean' }).notNull().default(true),
    /** Discreet wording: the digest says only how many reminders there are, with no names or texts. */
    discreet: integer('discreet', { mode: 'boolean' }).notNull().default(false),
    /**
     * Issue 51 §3: which kinds of notification also arrive by push and in the digest, by kind; a kind not named arrives
     * by both (the in-app inbox always has every one).
     */
    notificationChoices: text('notification_choices', { mode: 'json' }).$type<Partial<Record<NotificationKind, { push: boolean; digest: boolean }>>>(),
    /** Secret of the one-click unsubscribe link in each email (null until the first email). */
    unsubscribeToken: text('unsubscribe_token'),
    /** When the next digest is due, in ms since the epoch (null while reminders are off); the scheduler reads this index. */
    nextDigestAt: integer('next_digest_at'),
  },
  (t) => [index('user_settings_next_digest_idx').on(t.nextDigestAt), uniqueIndex('user_settings_unsubscribe_unique').on(t.unsubscribeToken)],
);

/** A contact one user has put off until a time: they leave that user's needs-attention list until then. */
export const contactSnoozes = sqliteTable(
  'contact_snoozes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    until: integer('until', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.contactId] }), index('contact_snoozes_contact_idx').on(t.contactId)],
);

/** A browser's Web Push subscription: where the push service takes a user's notifications for that device. */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The subscription's keys (base64url): the P-256 public key and the authentication secret. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * Each daily digest, claimed before it is sent (status 'sending', by a scheduler holding the lease) and marked 'sent'
 * once every channel has answered: one row per user and local day, so a day's digest is sent at most once.
 */
export const digestSends = sqliteTable(
  'digest_sends',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The user's local day (YYYY-MM-DD in their time zone) the digest is for. */
    day: text('day').notNull(),
    status: text('status', { enum: digestStatuses }).notNull(),
    claimedAt: integer('claimed_at').notNull(),
    sentAt: integer('sent_at'),
    /** What was sent: whether an email left, and to how many devices a push went. */
    emailSent: integer('email_sent', { mode: 'boolean' }).notNull().default(false),
    pushSent: integer('push_sent').notNull().default(0),
    reminders: integer('reminders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** A named lease in the database: among several processes on one database, only the holder runs that job (the scheduler). */
export const leases = sqliteTable('leases', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: integer('expires_at').notNull(),
});

/** Secrets the server makes once and keeps (the VAPID key pair of Web Push), unless the environment gives them. */
/**
 * An import of a Sower export whose writes have begun and not ended (server/routers/exportImport.ts): it writes in
 * slices that let other writes through, and each slice notes the ids it made here, in the same transaction. The last
 * slice deletes the row; a row still here when the server starts is an import a crash cut short, and what it wrote is
 * deleted (server/ops/unfinishedImports.ts).
 */
export const unfinishedImports = sqliteTable('unfinished_imports', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

/** The ids a slice of an unfinished import made, as a range (one transaction's new rows are the ids above all others). */
export const unfinishedImportRows = sqliteTable(
  'unfinished_import_rows',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => unfinishedImports.id, { onDelete: 'cascade' }),
    /**
     * Contacts (their activities, follow-ups, prayer requests and history go with them), goals, and the prayer requests
     * about no one person and prayer lists (issue 50 §5), which no contact takes along.
     */
    kind: text('kind', { enum: ['contacts', 'goals', 'prayerRequests', 'prayerLists'] }).notNull(),
    firstId: integer('first_id').notNull(),
    lastId: integer('last_id').notNull(),
  },
  (table) => [index('unfinished_import_rows_import_idx').on(table.importId)],
);

export const appSecrets = sqliteTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
