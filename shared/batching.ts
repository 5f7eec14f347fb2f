// Which tRPC calls may share one HTTP request, and how many: the server enforces it, the client's links follow it.

/** Calls in one batch at most. The client's largest batch is the dashboard's first three reads. */
export const MAX_BATCH_CALLS = 10;

/**
 * The procedures behind the REST table's downloads: the calendar feed, .ics files, exports. Written out, since the
 * client's links read this file too and the table is the server's; tests/api/rest-table.test.ts holds it to the table.
 */
export const DOWNLOAD_PROCEDURES: readonly string[] = [
  'calendar.feed',
  'followUps.ics',
  'account.export',
  'account.exportEncrypted',
  'account.exportContactsCsv',
  'account.exportContactsVcard',
  'teams.export',
  'teams.exportContactsCsv',
];

/**
 * Sign-in, registration and account calls go one per request: each counts an attempt against a limit or does a
 * large piece of work (an export, an import), and a batch must not multiply either; so do downloads and the calendar
 * feed, which build text as long as what their owner holds allows. `auth.me` is a plain read.
 */
export function isUnbatchable(path: string) {
  return (path.startsWith('auth.') && path !== 'auth.me') || path.startsWith('account.') || DOWNLOAD_PROCEDURES.includes(path);
}
