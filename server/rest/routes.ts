// The REST table: each documented /api path, the tRPC procedure that serves it, and how the request becomes input.
import type { AppRouter } from '../routers';

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
  /** The procedure answers a Download (server/http/downloads.ts), written as it is read: served here only, never over tRPC. */
  streamed?: true;
  /** Sent as an attachment under this name (built from the path params); without it the text is shown inline. */
  filename?: (params: Record<string, string>) => string;
}

/** The entities whose routers have list, byId, create, update and remove. */
type CrudEntity = {
  [Entity in keyof AppCaller & string]: `${Entity}.${'list' | 'byId' | 'create' | 'update' | 'remove'}` extends ProcedurePath ? Entity : never;
}[keyof AppCaller & string];

const crud = (
  base: string,
  entity: CrudEntity,
  extra: { create?: Partial<RestRoute>; list?: Partial<RestRoute>; remove?: Partial<RestRoute> } = {},
): RestRoute[] => [
  { method: 'GET', path: `/api/${base}`, procedure: `${entity}.list`, input: 'query', ...extra.list },
  { method: 'GET', path: `/api/${base}/:id`, procedure: `${entity}.byId`, input: 'params' },
  { method: 'POST', path: `/api/${base}`, procedure: `${entity}.create`, input: 'body', status: 201, ...extra.create },
  { method: 'PUT', path: `/api/${base}/:id`, procedure: `${entity}.update`, input: 'params+body' },
  { method: 'DELETE', path: `/api/${base}/:id`, procedure: `${entity}.remove`, input: 'params', ...extra.remove },
];

/** A create the offline outbox sends (decisions 006, 027): its Idempotency-Key header is the input's idempotencyKey. */
const keyedCreate: Partial<RestRoute> = { headerInputs: { 'idempotency-key': 'idempotencyKey' } };

export const restRoutes: readonly RestRoute[] = [
  { method: 'GET', path: '/api/auth/me', procedure: 'auth.me', input: 'none' },
  { method: 'POST', path: '/api/auth/register', procedure: 'auth.register', input: 'body', status: 201, public: true },
  { method: 'POST', path: '/api/auth/login', procedure: 'auth.login', input: 'body', public: true },
  { method: 'POST', path: '/api/auth/login/2fa', procedure: 'auth.loginTwoFactor', input: 'body', public: true },
  { method: 'POST', path: '/api/auth/logout', procedure: 'auth.logout', input: 'none', public: true },
  { method: 'GET', path: '/api/auth/password-reset', procedure: 'auth.passwordReset.options', input: 'none', public: true },
  { method: 'POST', path: '/api/auth/password-reset', procedure: 'auth.passwordReset.request', input: 'body', public: true },
  { method: 'POST', path: '/api/auth/password-reset/check', procedure: 'auth.passwordReset.check', input: 'body', public: true },
  { method: 'POST', path: '/api/auth/password-reset/complete', procedure: 'auth.passwordReset.complete', input: 'body', public: true },

  { method: 'GET', path: '/api/dashboard/stats', procedure: 'dashboard.stats', input: 'none' },

  { method: 'GET', path: '/api/contacts/count', procedure: 'contacts.count', input: 'query' },
  { method: 'GET', path: '/api/contacts/same-name', procedure: 'contacts.sameName', input: 'query' },
  ...crud('contacts', 'contacts', { list: { pagedList: true } }),
  { method: 'GET', path: '/api/contacts/:id/timeline', procedure: 'contacts.timeline', input: 'params+query' },
  { method: 'GET', path: '/api/contacts/:id/spiritual-check', procedure: 'contacts.spiritualCheck', input: 'params+query' },
  { method: 'POST', path: '/api/contacts/:id/spiritual-check', procedure: 'contacts.answerSpiritualCheck', input: 'params+body' },
  // The duplicate comes in the body (POST) or the query (GET: what the merge would move), the kept contact in the path.
  { method: 'GET', path: '/api/contacts/:id/deletion', procedure: 'contacts.deletionImpact', input: 'params' },
  { method: 'GET', path: '/api/contacts/:id/merge', procedure: 'contacts.mergePreview', input: 'params+query' },
  { method: 'POST', path: '/api/contacts/:id/merge', procedure: 'contacts.merge', input: 'params+body' },
  // A contact and its team (issue 30): moving it in and out, and who looks after it.
  { method: 'POST', path: '/api/contacts/:id/share', procedure: 'contacts.share', input: 'params+body' },
  { method: 'POST', path: '/api/contacts/:id/unshare', procedure: 'contacts.unshare', input: 'params' },
  { method: 'PUT', path: '/api/contacts/:id/assignee', procedure: 'contacts.assign', input: 'params+body' },
  { method: 'GET', path: '/api/assignments', procedure: 'assignments.summary', input: 'none' },
  { method: 'POST', path: '/api/assignments/seen', procedure: 'assignments.markSeen', input: 'none' },
  { method: 'GET', path: '/api/attention', procedure: 'attention.list', input: 'query', pagedList: true },
  { method: 'POST', path: '/api/contacts/:id/snooze', procedure: 'attention.snooze', input: 'params+body' },
  { method: 'DELETE', path: '/api/contacts/:id/snooze', procedure: 'attention.unsnooze', input: 'params' },
  { method: 'GET', path: '/api/account/attention', procedure: 'attention.settings', input: 'none' },
  { method: 'PUT', path: '/api/account/attention', procedure: 'attention.updateSettings', input: 'body' },
  // An offline outbox replays a create with the same key; the header is the usual place for it over HTTP.
  ...crud('activities', 'activities', { list: { pagedList: true }, create: keyedCreate }),
  // PUT takes `scope` ('one' or 'series') in its body, DELETE in its query (?scope=series); complete and ics may send the browser's `timeZone`.
  ...crud('followups', 'followUps', { list: { pagedList: true }, create: keyedCreate, remove: { input: 'params+query' } }),
  { method: 'POST', path: '/api/followups/:id/complete', procedure: 'followUps.complete', input: 'params+body' },
  { method: 'POST', path: '/api/followups/:id/snooze', procedure: 'followUps.snooze', input: 'params+body' },
  {
    method: 'GET',
    path: '/api/followups/:id/ics',
    procedure: 'followUps.ics',
    input: 'params+query',
    download: { contentType: 'text/calendar; charset=utf-8', filename: ({ id }) => `follow-up-${Number(id)}.ics` },
  },
  ...crud('prayer-requests', 'prayerRequests', { list: { pagedList: true }, create: keyedCreate }),
  { method: 'POST', path: '/api/prayer-requests/:id/pray', procedure: 'prayerRequests.pray', input: 'params' },
  { method: 'POST', path: '/api/prayer-requests/:id/answer', procedure: 'prayerRequests.markAnswered', input: 'params' },
  { method: 'GET', path: '/api/prayer-requests/today', procedure: 'prayerRequests.today', input: 'query' },
  { method: 'POST', path: '/api/prayer-requests/:id/not-today', procedure: 'prayerRequests.notToday', input: 'params' },
  ...crud('goals', 'goals'),
  { method: 'POST', path: '/api/goals/:id/complete', procedure: 'goals.complete', input: 'params' },

  { method: 'GET', path: '/api/resources', procedure: 'resources.list', input: 'none' },
  { method: 'GET', path: '/api/resources/:id', procedure: 'resources.byId', input: 'params' },

  { method: 'GET', path: '/api/calendar', procedure: 'calendar.status', input: 'none' },
  { method: 'POST', path: '/api/calendar/enable', procedure: 'calendar.enable', input: 'none' },
  { method: 'POST', path: '/api/calendar/rotate', procedure: 'calendar.rotate', input: 'none' },
  { method: 'POST', path: '/api/calendar/disable', procedure: 'calendar.disable', input: 'none' },
  // No session: calendar apps subscribe by URL, and the token in it is the credential. Inline, not an attachment.
  {
    method: 'GET',
    path: '/api/calendar/:token.ics',
    procedure: 'calendar.feed',
    input: 'params',
    public: true,
    download: { contentType: 'text/calendar; charset=utf-8' },
  },

  { method: 'GET', path: '/api/search', procedure: 'search.quick', input: 'query' },

  { method: 'PUT', path: '/api/account/profile', procedure: 'account.updateProfile', input: 'body' },
  { method: 'PUT', path: '/api/account/language', procedure: 'account.setLanguage', input: 'body' },
  { method: 'POST', path: '/api/account/email/confirmation', procedure: 'account.email.sendConfirmation', input: 'none' },
  // No session: the link's token is the credential, and it may be opened on a device where nobody is signed in.
  { method: 'POST', path: '/api/account/email/confirm', procedure: 'account.email.confirm', input: 'body', public: true },
  { method: 'GET', path: '/api/account/reminders', procedure: 'reminders.get', input: 'none' },
  { method: 'PUT', path: '/api/account/reminders', procedure: 'reminders.update', input: 'body' },
  { method: 'GET', path: '/api/push/public-key', procedure: 'push.publicKey', input: 'none' },
  { method: 'POST', path: '/api/push/subscriptions', procedure: 'push.subscribe', input: 'body', status: 201 },
  // The endpoint comes in the body, as the browser's subscription has it (it is a URL, too long and odd for a path).
  { method: 'DELETE', path: '/api/push/subscriptions', procedure: 'push.unsubscribe', input: 'body' },
  { method: 'PUT', path: '/api/account/pray-today', procedure: 'prayerRequests.setTodayCount', input: 'body' },
  { method: 'POST', path: '/api/account/password', procedure: 'account.changePassword', input: 'body' },
  { method: 'GET', path: '/api/account/sessions', procedure: 'account.sessions.list', input: 'none' },
  { method: 'DELETE', path: '/api/account/sessions/:handle', procedure: 'account.sessions.end', input: 'params' },
  { method: 'POST', path: '/api/account/sessions/end-others', procedure: 'account.sessions.endOthers', input: 'none' },
  { method: 'GET', path: '/api/account/security-log', procedure: 'account.securityLog', input: 'none' },
  { method: 'GET', path: '/api/account/2fa', procedure: 'account.twoFactor.status', input: 'none' },
  { method: 'GET', path: '/api/account/pin', procedure: 'account.pin.status', input: 'none' },
  { method: 'PUT', path: '/api/account/pin', procedure: 'account.pin.set', input: 'body' },
  { method: 'DELETE', path: '/api/account/pin', procedure: 'account.pin.remove', input: 'body' },
  { method: 'POST', path: '/api/account/pin/verify', procedure: 'account.pin.verify', input: 'body' },
  { method: 'POST', path: '/api/account/pin/lock', procedure: 'account.pin.lock', input: 'none' },
  { method: 'POST', path: '/api/account/2fa/setup', procedure: 'account.twoFactor.setup', input: 'body' },
  { method: 'POST', path: '/api/account/2fa/enable', procedure: 'account.twoFactor.enable', input: 'body' },
  { method: 'POST', path: '/api/account/2fa/disable', procedure: 'account.twoFactor.disable', input: 'body' },
  {
    method: 'GET',
    path: '/api/account/export',
    procedure: 'account.export',
    input: 'query',
    download: { streamed: true, contentType: 'application/json; charset=utf-8', filename: () => 'sower-export.json' },
  },
  {
    method: 'GET',
    path: '/api/account/export/contacts.csv',
    procedure: 'account.exportContactsCsv',
    input: 'query',
    download: { streamed: true, contentType: 'text/csv; charset=utf-8; header=present', filename: () => 'sower-contacts.csv' },
  },
  {
    method: 'GET',
    path: '/api/account/export/contacts.vcf',
    procedure: 'account.exportContactsVcard',
    input: 'query',
    download: { streamed: true, contentType: 'text/vcard; charset=utf-8', filename: () => 'sower-contacts.vcf' },
  },
  {
    method: 'POST',
    path: '/api/account/export/encrypted',
    procedure: 'account.exportEncrypted',
    input: 'body',
    download: { streamed: true, contentType: 'application/octet-stream', filename: () => 'sower-export.json.age' },
  },
  { method: 'GET', path: '/api/account/import/help', procedure: 'account.importHelp', input: 'none' },
  {
    method: 'POST',
    path: '/api/account/import/export',
    procedure: 'account.importExport',
    input: 'body',
    upload: { fields: { 'sower-passphrase': 'passphrase' } },
  },
  { method: 'POST', path: '/api/account/import/preview', procedure: 'account.previewImport', input: 'body' },
  { method: 'POST', path: '/api/account/import', procedure: 'account.confirmImport', input: 'body' },
  // The password comes in the body: a DELETE that reads one (see handler.buildInput).
  { method: 'DELETE', path: '/api/account', procedure: 'account.deleteAccount', input: 'body' },

  { method: 'GET', path: '/api/teams', procedure: 'teams.list', input: 'none' },
  { method: 'POST', path: '/api/teams', procedure: 'teams.create', input: 'body', status: 201 },
  { method: 'PUT', path: '/api/teams/:id', procedure: 'teams.update', input: 'params+body' },
  { method: 'DELETE', path: '/api/teams/:id', procedure: 'teams.remove', input: 'params' },
  { method: 'GET', path: '/api/teams/:id/deletion-impact', procedure: 'teams.deletionImpact', input: 'params' },
  { method: 'GET', path: '/api/teams/:teamId/members', procedure: 'teams.members.list', input: 'params' },
  { method: 'POST', path: '/api/teams/:teamId/members', procedure: 'teams.members.add', input: 'params+body', status: 201 },
  { method: 'PUT', path: '/api/teams/:teamId/members/:userId', procedure: 'teams.members.update', input: 'params+body' },
  { method: 'DELETE', path: '/api/teams/:teamId/members/:userId', procedure: 'teams.members.remove', input: 'params' },
  { method: 'GET', path: '/api/teams/:teamId/removals', procedure: 'teams.removals.list', input: 'params' },
  { method: 'DELETE', path: '/api/teams/:teamId/removals/:userId', procedure: 'teams.removals.lift', input: 'params' },
  { method: 'GET', path: '/api/teams/:teamId/invitations', procedure: 'teams.invitations.list', input: 'params' },
  { method: 'DELETE', path: '/api/teams/:teamId/invitations/:invitationId', procedure: 'teams.invitations.withdraw', input: 'params' },
  { method: 'GET', path: '/api/teams/:teamId/insight', procedure: 'teams.insight', input: 'params+query' },
  { method: 'POST', path: '/api/teams/:teamId/leave', procedure: 'teams.leave', input: 'params' },
  { method: 'GET', path: '/api/teams/:teamId/invite-links', procedure: 'teams.links.list', input: 'params' },
  { method: 'POST', path: '/api/teams/:teamId/invite-links', procedure: 'teams.links.create', input: 'params+body', status: 201 },
  { method: 'DELETE', path: '/api/teams/:teamId/invite-links/:id', procedure: 'teams.links.revoke', input: 'params' },
  // 202: the email is handed to the mail server after the answer, and says nothing of whether the address has an account.
  { method: 'POST', path: '/api/teams/:teamId/invite-links/:id/email', procedure: 'teams.links.email', input: 'params+body', status: 202 },
  // The code is the credential of a link; these need a session too, so a guest signs in or registers first.
  { method: 'GET', path: '/api/invite-links/:code', procedure: 'inviteLinks.show', input: 'params' },
  { method: 'POST', path: '/api/invite-links/:code/accept', procedure: 'inviteLinks.accept', input: 'params' },
  { method: 'GET', path: '/api/invitations', procedure: 'invitations.list', input: 'none' },
  { method: 'POST', path: '/api/invitations/:id/accept', procedure: 'invitations.accept', input: 'params' },
  { method: 'POST', path: '/api/invitations/:id/decline', procedure: 'invitations.decline', input: 'params' },
];
