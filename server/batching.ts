// Which tRPC calls may share one HTTP request, and how many: the server enforces it, the client's links follow it.

/** Calls in one batch at most. The client's largest batch is the dashboard's first three reads. */
export const MAX_BATCH_CALLS = 10;

/**
 * Sign-in, registration and account calls go one per request: each counts an attempt against a limit or does a
 * large piece of work (an export, an import), and a batch must not multiply either. `auth.me` is a plain read.
 */
export function isUnbatchable(path: string) {
  return (path.startsWith('auth.') && path !== 'auth.me') || path.startsWith('account.');
}
