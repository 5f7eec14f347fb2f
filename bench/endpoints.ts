// The bench's endpoints, as the client and the REST API's users send them (bench/run.ts, bench/ab.ts).
import superjson from 'superjson';
import { BENCH_PASSWORD, HEAVY_USERNAME } from './dataset';

export interface BenchEndpoint {
  key: string;
  label: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  /** Sent without the session cookie (login). */
  anonymous?: boolean;
  read: boolean;
  /**
   * GETs sent in turn on each connection, instead of `path` alone: a screen whose data comes in more than one request
   * (the dashboard). Requests/s then counts each of them; one-at-a-time cost is the whole sequence's.
   */
  sequence?: string[];
}

/** A GET as httpBatchLink sends it: the procedures comma-joined, their superjson inputs by position. */
export function batchPath(calls: [string, unknown][]) {
  const input = Object.fromEntries(
    calls.map(([, value], i) => [i, value === undefined ? { json: null, meta: { values: ['undefined'], v: 1 } } : superjson.serialize(value)]),
  );
  return `/trpc/${calls.map(([name]) => name).join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(input))}`;
}

/**
 * The dashboard as the client opens it (src/lib/startVisit.ts; tests/e2e/startup.spec.ts holds the client to it):
 * the session check alone, then the summary with the shell's two reads in one batch.
 */
export function dashboardPaths() {
  const startOfToday = new Date();
  startOfToday.setHours(0, 0, 0, 0);
  const startOfTomorrow = new Date(startOfToday);
  startOfTomorrow.setDate(startOfTomorrow.getDate() + 1);
  return {
    session: batchPath([['auth.me', undefined]]),
    batch: batchPath([
      ['dashboard.summary', { upcomingFrom: startOfToday }],
      ['teams.list', undefined],
      ['insights.dueFollowUps', { before: startOfTomorrow }],
    ]),
  };
}

export function endpointsFor(contactId: number): BenchEndpoint[] {
  return [
    { key: 'stats', label: 'GET /api/dashboard/stats', path: '/api/dashboard/stats', read: true },
    {
      key: 'dashboard',
      label: 'GET /trpc/auth.me → /trpc/dashboard.summary,teams.list,insights.dueFollowUps (the dashboard’s 2 requests in turn)',
      path: dashboardPaths().session,
      sequence: [dashboardPaths().session, dashboardPaths().batch],
      read: true,
    },
    { key: 'activities50', label: 'GET /api/activities?limit=50', path: '/api/activities?limit=50', read: true },
    { key: 'contacts50', label: 'GET /api/contacts?limit=50', path: '/api/contacts?limit=50', read: true },
    { key: 'followups50', label: 'GET /api/followups?limit=50', path: '/api/followups?limit=50', read: true },
    { key: 'prayers50', label: 'GET /api/prayer-requests?limit=50', path: '/api/prayer-requests?limit=50', read: true },
    { key: 'contactsAll', label: 'GET /api/contacts (full list)', path: '/api/contacts', read: true },
    { key: 'followupsAll', label: 'GET /api/followups (full list)', path: '/api/followups', read: true },
    { key: 'prayersAll', label: 'GET /api/prayer-requests (full list)', path: '/api/prayer-requests', read: true },
    {
      key: 'createActivity',
      label: 'POST /api/activities',
      path: '/api/activities',
      method: 'POST',
      body: JSON.stringify({ type: 'conversation', contactId, description: 'Bench conversation', notes: 'Talked about hope at the bus stop.' }),
      read: false,
    },
    {
      key: 'login',
      label: 'POST /api/auth/login',
      path: '/api/auth/login',
      method: 'POST',
      body: JSON.stringify({ username: HEAVY_USERNAME, password: BENCH_PASSWORD }),
      anonymous: true,
      read: false,
    },
  ];
}
