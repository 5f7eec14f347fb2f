// The REST table: each documented /api path, the tRPC procedure that serves it, and how the request becomes input.
import type { AppRouter } from '../routers';
import { entityNames } from '../../shared/entities';
import { entityRoutes } from './entities';

/** The app router as a server-side caller sees it (tRPC's public `createCaller`): procedures are functions, nested routers objects. */
type AppCaller = ReturnType<AppRouter['createCaller']>;

/** The dotted names of the procedures on a caller, where a nested router is a nested object ('teams.members.add'). */
type ProcedurePaths<Node, Prefix extends string = ''> = {
  [Key in keyof Node & string]: Node[Key] extends (...args: never[]) => unknown
    ? `${Prefix}${Key}`
    : Node[Key] extends object
      ? ProcedurePaths<Node[Key], `${Prefix}${Key}.`>
      : never;
}[keyof Node & string];

/** A procedure of AppRouter by its dotted name: a table row naming anything else fails `tsc`. */
export type ProcedurePath = ProcedurePaths<AppCaller>;

export type RestMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Where the procedure's input comes from: nothing, the JSON body, path params, the query string, or params over body or query. */
export type InputSource = 'none' | 'body' | 'params' | 'query' | 'params+body' | 'params+query';

export interface RestRoute {
  method: RestMethod;
  /** `:id` and `:…Id` parameters match digits only, so no two rows match one path and their order does not matter. */
  path: string;
  procedure: ProcedurePath;
  /** One line for a reader of the OpenAPI document: what the call does, in the caller's words. */
  summary: string;
  input: InputSource;
  /** Success status; 200 unless given. */
  status?: number;
  /** Only public routes are served without a signed-in user (handler.ts refuses the rest with 401 before reading anything). */
  public?: boolean;
  /** The procedure answers a string, sent as this text instead of JSON (for a JSON content type, an object, as a file). */
  download?: TextAnswer;
  /** Request headers (lower-case name) that supply an input field the JSON body leaves out. */
  headerInputs?: Record<string, string>;
  /**
   * A body that is not JSON is a file, handed to the procedure as it arrives (ctx.upload, at most
   * EXPORT_UPLOAD_MAX_BYTES); `fields` names the headers (lower-case) whose percent-encoded values give its other input.
   */
  upload?: { fields: Record<string, string> };
  /** A keyset-paged list: without `limit` the whole list is read and sent a page at a time (handler.ts). */
  pagedList?: boolean;
}

export interface TextAnswer {
  /** Content-Type of the text, with its charset. */
  contentType: string;
  /** The procedure answers a Download (server/downloads.ts), written as it is read: served here only, never over tRPC. */
  streamed?: true;
  /** Sent as an attachment under this name (built from the path params); without it the text is shown inline. */
  filename?: (params: Record<string, string>) => string;
}

const tableRows: RestRoute[] = [
  { method: 'GET', path: '/api/auth/me', procedure: 'auth.me', summary: 'Read the signed-in user', input: 'none' },
  {
    method: 'POST',
    path: '/api/auth/register',
    procedure: 'auth.register',
    summary: 'Create an account and sign in',
    input: 'body',
    status: 201,
    public: true,
  },
  { method: 'POST', path: '/api/auth/login', procedure: 'auth.login', summary: 'Sign in with username and password', input: 'body', public: true },
  {
    method: 'POST',
    path: '/api/auth/login/2fa',
    procedure: 'auth.loginTwoFactor',
    summary: 'Finish signing in with a two-step code',
    input: 'body',
    public: true,
  },
  { method: 'POST', path: '/api/auth/logout', procedure: 'auth.logout', summary: 'Sign out of this session', input: 'none', public: true },
  {
    method: 'GET',
    path: '/api/auth/password-reset',
    procedure: 'auth.passwordReset.options',
    summary: 'Say how a forgotten password can be reset here',
    input: 'none',
    public: true,
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset',
    procedure: 'auth.passwordReset.request',
    summary: 'Ask for a password reset link',
    input: 'body',
    public: true,
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset/check',
    procedure: 'auth.passwordReset.check',
    summary: 'Check a password reset link before using it',
    input: 'body',
    public: true,
  },
  {
    method: 'POST',
    path: '/api/auth/password-reset/complete',
    procedure: 'auth.passwordReset.complete',
    summary: 'Set a new password with a reset link',
    input: 'body',
    public: true,
  },

  { method: 'GET', path: '/api/dashboard/stats', procedure: 'dashboard.stats', summary: 'Read the dashboard: totals, trends and charts', input: 'none' },

  { method: 'GET', path: '/api/contacts/count', procedure: 'contacts.count', summary: 'Count the contacts a filter matches', input: 'query' },
  { method: 'GET', path: '/api/contacts/same-name', procedure: 'contacts.sameName', summary: 'Find contacts whose name matches a new one', input: 'query' },
  ...entityRoutes('contacts'),
  {
    method: 'GET',
    path: '/api/contacts/:id/timeline',
    procedure: 'contacts.timeline',
    summary: 'Read a contact’s timeline, newest first, a page at a time',
    input: 'params+query',
  },
  {
    method: 'GET',
    path: '/api/contacts/:id/spiritual-check',
    procedure: 'contacts.spiritualCheck',
    summary: 'Ask whether a contact is due a spiritual check',
    input: 'params+query',
  },
  {
    method: 'POST',
    path: '/api/contacts/:id/spiritual-check',
    procedure: 'contacts.answerSpiritualCheck',
    summary: 'Answer a contact’s spiritual check',
    input: 'params+body',
  },
  // The duplicate comes in the body (POST) or the query (GET: what the merge would move), the kept contact in the path.
  {
    method: 'GET',
    path: '/api/contacts/:id/deletion',
    procedure: 'contacts.deletionImpact',
    summary: 'Count what deleting a contact would remove',
    input: 'params',
  },
  {
    method: 'GET',
    path: '/api/contacts/:id/merge',
    procedure: 'contacts.mergePreview',
    summary: 'Show what merging a duplicate into a contact would move',
    input: 'params+query',
  },
  { method: 'POST', path: '/api/contacts/:id/merge', procedure: 'contacts.merge', summary: 'Merge a duplicate into a contact', input: 'params+body' },
  // A contact and its team (issue 30): moving it in and out, and who looks after it.
  { method: 'POST', path: '/api/contacts/:id/share', procedure: 'contacts.share', summary: 'Share a contact with one of your teams', input: 'params+body' },
  { method: 'POST', path: '/api/contacts/:id/unshare', procedure: 'contacts.unshare', summary: 'Take a contact back from its team', input: 'params' },
  {
    method: 'PUT',
    path: '/api/contacts/:id/assignee',
    procedure: 'contacts.assign',
    summary: 'Assign a team contact to a member, or to nobody',
    input: 'params+body',
  },
  { method: 'GET', path: '/api/assignments', procedure: 'assignments.summary', summary: 'Count the contacts newly assigned to you', input: 'none' },
  { method: 'POST', path: '/api/assignments/seen', procedure: 'assignments.markSeen', summary: 'Mark your new assignments as seen', input: 'none' },
  { method: 'GET', path: '/api/attention', procedure: 'attention.list', summary: 'List the contacts who need attention', input: 'query', pagedList: true },
  { method: 'POST', path: '/api/contacts/:id/snooze', procedure: 'attention.snooze', summary: 'Snooze a contact who needs attention', input: 'params+body' },
  { method: 'DELETE', path: '/api/contacts/:id/snooze', procedure: 'attention.unsnooze', summary: 'End a contact’s snooze', input: 'params' },
  {
    method: 'GET',
    path: '/api/account/attention',
    procedure: 'attention.settings',
    summary: 'Read the days each status may go without contact',
    input: 'none',
  },
  {
    method: 'PUT',
    path: '/api/account/attention',
    procedure: 'attention.updateSettings',
    summary: 'Change the days each status may go without contact',
    input: 'body',
  },
  ...entityRoutes('activities'),
  ...entityRoutes('followUps'),
  // complete and ics may send the browser's `timeZone`.
  {
    method: 'POST',
    path: '/api/followups/:id/complete',
    procedure: 'followUps.complete',
    summary: 'Complete a follow-up (and schedule the next of a series)',
    input: 'params+body',
  },
  {
    method: 'POST',
    path: '/api/followups/:id/snooze',
    procedure: 'followUps.snooze',
    summary: 'Move a pending follow-up to a later date',
    input: 'params+body',
  },
  {
    method: 'GET',
    path: '/api/followups/:id/ics',
    procedure: 'followUps.ics',
    summary: 'Download a follow-up as a calendar event (.ics)',
    input: 'params+query',
    download: { contentType: 'text/calendar; charset=utf-8', filename: ({ id }) => `follow-up-${Number(id)}.ics` },
  },
  ...entityRoutes('prayerRequests'),
  {
    method: 'POST',
    path: '/api/prayer-requests/:id/pray',
    procedure: 'prayerRequests.pray',
    summary: 'Mark a prayer request as prayed for today',
    input: 'params',
  },
  {
    method: 'POST',
    path: '/api/prayer-requests/:id/answer',
    procedure: 'prayerRequests.markAnswered',
    summary: 'Mark a prayer request as answered',
    input: 'params',
  },
  { method: 'GET', path: '/api/prayer-requests/today', procedure: 'prayerRequests.today', summary: 'List today’s prayer requests to pray for', input: 'query' },
  {
    method: 'POST',
    path: '/api/prayer-requests/:id/not-today',
    procedure: 'prayerRequests.notToday',
    summary: 'Skip a prayer request for today',
    input: 'params',
  },
  ...entityRoutes('goals'),
  { method: 'POST', path: '/api/goals/:id/complete', procedure: 'goals.complete', summary: 'Mark a goal as completed', input: 'params' },

  ...entityRoutes('resources'),

  { method: 'GET', path: '/api/calendar', procedure: 'calendar.status', summary: 'Say whether the calendar feed is on', input: 'none' },
  { method: 'POST', path: '/api/calendar/enable', procedure: 'calendar.enable', summary: 'Turn the calendar feed on and get its address', input: 'none' },
  { method: 'POST', path: '/api/calendar/rotate', procedure: 'calendar.rotate', summary: 'Replace the calendar feed’s address', input: 'none' },
  { method: 'POST', path: '/api/calendar/disable', procedure: 'calendar.disable', summary: 'Turn the calendar feed off', input: 'none' },
  // No session: calendar apps subscribe by URL, and the token in it is the credential. Inline, not an attachment.
  {
    method: 'GET',
    path: '/api/calendar/:token.ics',
    procedure: 'calendar.feed',
    summary: 'Read the calendar feed of pending follow-ups (iCalendar)',
    input: 'params',
    public: true,
    download: { contentType: 'text/calendar; charset=utf-8' },
  },

  { method: 'GET', path: '/api/search', procedure: 'search.quick', summary: 'Search contacts, activities and prayer requests', input: 'query' },

  { method: 'PUT', path: '/api/account/profile', procedure: 'account.updateProfile', summary: 'Change your name, username or email', input: 'body' },
  { method: 'PUT', path: '/api/account/language', procedure: 'account.setLanguage', summary: 'Choose the account’s language', input: 'body' },
  {
    method: 'POST',
    path: '/api/account/email/confirmation',
    procedure: 'account.email.sendConfirmation',
    summary: 'Send a new email confirmation link',
    input: 'none',
  },
  // No session: the link's token is the credential, and it may be opened on a device where nobody is signed in.
  {
    method: 'POST',
    path: '/api/account/email/confirm',
    procedure: 'account.email.confirm',
    summary: 'Confirm an email address with its link',
    input: 'body',
    public: true,
  },
  { method: 'GET', path: '/api/account/reminders', procedure: 'reminders.get', summary: 'Read your reminder settings', input: 'none' },
  { method: 'PUT', path: '/api/account/reminders', procedure: 'reminders.update', summary: 'Change your reminder settings', input: 'body' },
  { method: 'GET', path: '/api/push/public-key', procedure: 'push.publicKey', summary: 'Read the server’s Web Push public key', input: 'none' },
  {
    method: 'POST',
    path: '/api/push/subscriptions',
    procedure: 'push.subscribe',
    summary: 'Send reminders to this device by Web Push',
    input: 'body',
    status: 201,
  },
  // The endpoint comes in the body, as the browser's subscription has it (it is a URL, too long and odd for a path).
  { method: 'DELETE', path: '/api/push/subscriptions', procedure: 'push.unsubscribe', summary: 'Stop Web Push reminders to a device', input: 'body' },
  {
    method: 'PUT',
    path: '/api/account/pray-today',
    procedure: 'prayerRequests.setTodayCount',
    summary: 'Choose how many prayer requests Pray today shows',
    input: 'body',
  },
  {
    method: 'POST',
    path: '/api/account/password',
    procedure: 'account.changePassword',
    summary: 'Change your password and sign out other sessions',
    input: 'body',
  },
  { method: 'GET', path: '/api/account/sessions', procedure: 'account.sessions.list', summary: 'List the sessions signed in to your account', input: 'none' },
  {
    method: 'DELETE',
    path: '/api/account/sessions/:handle',
    procedure: 'account.sessions.end',
    summary: 'Sign out one of your other sessions',
    input: 'params',
  },
  {
    method: 'POST',
    path: '/api/account/sessions/end-others',
    procedure: 'account.sessions.endOthers',
    summary: 'Sign out every session but this one',
    input: 'none',
  },
  { method: 'GET', path: '/api/account/security-log', procedure: 'account.securityLog', summary: 'Read your account’s security log', input: 'none' },
  { method: 'GET', path: '/api/account/2fa', procedure: 'account.twoFactor.status', summary: 'Say whether two-step sign-in is on', input: 'none' },
  { method: 'GET', path: '/api/account/pin', procedure: 'account.pin.status', summary: 'Say whether an app PIN is set', input: 'none' },
  { method: 'PUT', path: '/api/account/pin', procedure: 'account.pin.set', summary: 'Set or change the app PIN', input: 'body' },
  { method: 'DELETE', path: '/api/account/pin', procedure: 'account.pin.remove', summary: 'Remove the app PIN', input: 'body' },
  { method: 'POST', path: '/api/account/pin/verify', procedure: 'account.pin.verify', summary: 'Unlock the session with the app PIN', input: 'body' },
  { method: 'POST', path: '/api/account/pin/lock', procedure: 'account.pin.lock', summary: 'Lock the session until the app PIN is entered', input: 'none' },
  {
    method: 'POST',
    path: '/api/account/2fa/setup',
    procedure: 'account.twoFactor.setup',
    summary: 'Start setting up two-step sign-in (needs your password)',
    input: 'body',
  },
  {
    method: 'POST',
    path: '/api/account/2fa/enable',
    procedure: 'account.twoFactor.enable',
    summary: 'Turn two-step sign-in on with a first code',
    input: 'body',
  },
  { method: 'POST', path: '/api/account/2fa/disable', procedure: 'account.twoFactor.disable', summary: 'Turn two-step sign-in off', input: 'body' },
  {
    method: 'GET',
    path: '/api/account/export',
    procedure: 'account.export',
    summary: 'Download what you created, or everything you can see, as JSON',
    input: 'query',
    download: { streamed: true, contentType: 'application/json; charset=utf-8', filename: () => 'sower-export.json' },
  },
  {
    method: 'GET',
    path: '/api/account/export/contacts.csv',
    procedure: 'account.exportContactsCsv',
    summary: 'Download your contacts, or every contact you can see, as CSV',
    input: 'query',
    download: { streamed: true, contentType: 'text/csv; charset=utf-8; header=present', filename: () => 'sower-contacts.csv' },
  },
  {
    method: 'GET',
    path: '/api/account/export/contacts.vcf',
    procedure: 'account.exportContactsVcard',
    summary: 'Download your contacts, or every contact you can see, as vCards',
    input: 'query',
    download: { streamed: true, contentType: 'text/vcard; charset=utf-8', filename: () => 'sower-contacts.vcf' },
  },
  {
    method: 'POST',
    path: '/api/account/export/encrypted',
    procedure: 'account.exportEncrypted',
    summary: 'Download everything as an encrypted file (age)',
    input: 'body',
    download: { streamed: true, contentType: 'application/octet-stream', filename: () => 'sower-export.json.age' },
  },
  {
    method: 'GET',
    path: '/api/account/import/help',
    procedure: 'account.importHelp',
    summary: 'Read which columns and words an import understands',
    input: 'none',
  },
  {
    method: 'POST',
    path: '/api/account/import/export',
    procedure: 'account.importExport',
    summary: 'Restore an export file into your account',
    input: 'body',
    upload: { fields: { 'sower-passphrase': 'passphrase' } },
  },
  {
    method: 'POST',
    path: '/api/account/import/preview',
    procedure: 'account.previewImport',
    summary: 'Preview a contacts import without writing anything',
    input: 'body',
  },
  { method: 'POST', path: '/api/account/import', procedure: 'account.confirmImport', summary: 'Import contacts from CSV or vCard', input: 'body' },
  // The password comes in the body: a DELETE that reads one (see handler.buildInput).
  { method: 'DELETE', path: '/api/account', procedure: 'account.deleteAccount', summary: 'Delete your account and everything you created', input: 'body' },

  ...entityRoutes('teams'),
  {
    method: 'GET',
    path: '/api/teams/:id/deletion-impact',
    procedure: 'teams.deletionImpact',
    summary: 'Count what deleting a team hands back to whom',
    input: 'params',
  },
  { method: 'GET', path: '/api/teams/:teamId/members', procedure: 'teams.members.list', summary: 'List a team’s members and their roles', input: 'params' },
  {
    method: 'POST',
    path: '/api/teams/:teamId/members',
    procedure: 'teams.members.add',
    summary: 'Invite someone to a team',
    input: 'params+body',
    status: 201,
  },
  { method: 'PUT', path: '/api/teams/:teamId/members/:userId', procedure: 'teams.members.update', summary: 'Change a member’s role', input: 'params+body' },
  { method: 'DELETE', path: '/api/teams/:teamId/members/:userId', procedure: 'teams.members.remove', summary: 'Remove a member from a team', input: 'params' },
  { method: 'GET', path: '/api/teams/:teamId/removals', procedure: 'teams.removals.list', summary: 'List the people removed from a team', input: 'params' },
  {
    method: 'DELETE',
    path: '/api/teams/:teamId/removals/:userId',
    procedure: 'teams.removals.lift',
    summary: 'Let a removed person join a team again',
    input: 'params',
  },
  { method: 'GET', path: '/api/teams/:teamId/invitations', procedure: 'teams.invitations.list', summary: 'List a team’s open invitations', input: 'params' },
  {
    method: 'DELETE',
    path: '/api/teams/:teamId/invitations/:invitationId',
    procedure: 'teams.invitations.withdraw',
    summary: 'Withdraw an invitation',
    input: 'params',
  },
  {
    method: 'GET',
    path: '/api/teams/:teamId/insight',
    procedure: 'teams.insight',
    summary: 'Read a team’s totals, weekly chart and members’ work',
    input: 'params+query',
  },
  { method: 'POST', path: '/api/teams/:teamId/leave', procedure: 'teams.leave', summary: 'Leave a team', input: 'params' },
  { method: 'GET', path: '/api/teams/:teamId/invite-links', procedure: 'teams.links.list', summary: 'List a team’s invite links', input: 'params' },
  {
    method: 'POST',
    path: '/api/teams/:teamId/invite-links',
    procedure: 'teams.links.create',
    summary: 'Create an invite link',
    input: 'params+body',
    status: 201,
  },
  { method: 'DELETE', path: '/api/teams/:teamId/invite-links/:id', procedure: 'teams.links.revoke', summary: 'Revoke an invite link', input: 'params' },
  // 202: the email is handed to the mail server after the answer, and says nothing of whether the address has an account.
  {
    method: 'POST',
    path: '/api/teams/:teamId/invite-links/:id/email',
    procedure: 'teams.links.email',
    summary: 'Email an invite link to an address',
    input: 'params+body',
    status: 202,
  },
  // The code is the credential of a link; these need a session too, so a guest signs in or registers first.
  { method: 'GET', path: '/api/invite-links/:code', procedure: 'inviteLinks.show', summary: 'Read which team an invite link is for', input: 'params' },
  { method: 'POST', path: '/api/invite-links/:code/accept', procedure: 'inviteLinks.accept', summary: 'Join a team with an invite link', input: 'params' },
  { method: 'GET', path: '/api/invitations', procedure: 'invitations.list', summary: 'List the invitations you received', input: 'none' },
  { method: 'POST', path: '/api/invitations/:id/accept', procedure: 'invitations.accept', summary: 'Accept an invitation and join its team', input: 'params' },
  { method: 'POST', path: '/api/invitations/:id/decline', procedure: 'invitations.decline', summary: 'Decline an invitation', input: 'params' },
];

/**
 * The table: its rows, then the standard rows of any entity (shared/entities.ts) it does not place beside its other
 * paths with `...entityRoutes(…)`, so an entity's REST paths follow from the manifest alone.
 */
export const restRoutes: readonly RestRoute[] = [
  ...tableRows,
  ...entityNames.flatMap(entityRoutes).filter((row) => !tableRows.some((placed) => placed.procedure === row.procedure)),
];
