// A seeded fuzz run over every REST route: malformed, oversized and wrongly typed input never gives a 5xx,
// every refusal has the error shape, and a refused request changes no row.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../../server/rest/routes';
import { startSignedIn, type ApiClient, type TestServer } from './harness';
import { mulberry32 } from '../../bench/random';

const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2400);
const SEED = Number(process.env.FUZZ_SEED ?? 20261122);

/** A seeded generator (bench/random.ts), so a failing run can be replayed with FUZZ_SEED. */
function generator(seed: number) {
  const next = mulberry32(seed);
  const int = (max: number) => Math.floor(next() * max);
  const pick = <T>(items: readonly T[]) => items[int(items.length)];
  return { next, int, pick };
}
type Random = ReturnType<typeof generator>;

const fieldNames = [
  'name',
  'email',
  'phone',
  'notes',
  'spiritualStatus',
  'type',
  'date',
  'contactId',
  'contactName',
  'description',
  'request',
  'answered',
  'answerDate',
  'answerNotes',
  'title',
  'targetCount',
  'currentCount',
  'deadline',
  'completed',
  'teamId',
  'followUp',
  'prayer',
  'username',
  'password',
  'role',
  'userId',
  'id',
  '__proto__',
  'constructor',
];

function junkValue(r: Random, depth = 0): unknown {
  switch (r.int(depth > 2 ? 9 : 12)) {
    case 0:
      return null;
    case 1:
      return r.pick([0, -1, 1.5, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 2 ** 31]);
    case 2:
      return r.pick([
        '',
        ' ',
        'not a date',
        '2026-13-45',
        '9999-99-99T99:99',
        'NaN',
        '<script>alert(1)</script>',
        "' or 1=1 --",
        '\u0000',
        '%00',
        '../../etc/passwd',
      ]);
    case 3:
      return 'x'.repeat(r.pick([201, 2001, 10_001, 60_000]));
    case 4:
      return r.pick([true, false]);
    case 5:
      return r.pick(['conversation', 'phone', 'admin', 'unknown', 'mature', 'gospel_presentation', 'bogus_enum']);
    case 6:
      return '\u{1F600}'.repeat(r.int(300));
    case 7:
      return r.pick(['2026-11-22', '2026-11-22T10:00:00Z', 'yesterday']);
    case 8:
      return r.int(5) - 2;
    case 9:
      return Array.from({ length: r.int(4) }, () => junkValue(r, depth + 1));
    default:
      return junkObject(r, depth + 1);
  }
}

function junkObject(r: Random, depth = 0): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (let i = r.int(6); i > 0; i--) object[r.pick(fieldNames)] = junkValue(r, depth);
  return object;
}

interface FuzzRequest {
  method: string;
  path: string;
  body?: string;
  headers: Record<string, string>;
}

function junkParam(r: Random, validIds: number[]) {
  return String(r.pick<unknown>(['abc', '-1', '0', '1.5', '99999999999999999999', '1e3', '%20', 'null', ...validIds.map(String), 999_999]));
}

function fuzzRequest(r: Random, validIds: number[]): FuzzRequest {
  const route = r.pick(restRoutes.filter((x) => x.procedure !== 'auth.logout'));
  const path = route.path.replace(/:(\w+)/g, () => encodeURIComponent(junkParam(r, validIds)));
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  let body: string | undefined;
  if (route.method === 'POST' || route.method === 'PUT') {
    const shape = r.int(10);
    if (shape === 0) body = '{"name": "unterminated';
    else if (shape === 1) body = JSON.stringify(junkValue(r));
    else if (shape === 2) {
      body = 'name=x';
      headers['Content-Type'] = 'text/plain';
    } else if (shape === 3) body = JSON.stringify({ name: 'y'.repeat(1_100_000) });
    else body = JSON.stringify(junkObject(r));
  }
  return { method: route.method, path, body, headers };
}

let server: TestServer;
let client: ApiClient;
let validIds: number[];

async function checksum() {
  const tables = ['users', 'contacts', 'activities', 'follow_ups', 'prayer_requests', 'goals', 'teams', 'team_members', 'resources'];
  const hash = createHash('sha256');
  for (const table of tables) {
    const rows = await server.database.readerClient.execute(`select * from ${table} order by rowid`);
    hash.update(JSON.stringify(rows.rows));
  }
  return hash.digest('hex');
}

beforeAll(async () => {
  let contactId: number;
  ({ server, client, contactId } = await startSignedIn('fuzz', { contact: 'Fuzz Target', env: { LOGIN_LIMIT_PER_ADDRESS: '1000000' } }));
  const goal = await client.post('/api/goals', { title: 'G', description: 'D', type: 'conversation', targetCount: 3, deadline: '2027-01-01' });
  const team = await client.post('/api/teams', { name: 'Fuzzers' });
  validIds = [contactId, goal.body.id, team.body.id];
});
afterAll(() => server.close());

describe('fuzzing every REST route', () => {
  it(`answers ${REQUESTS} malformed requests (seed ${SEED}) with 4xx and the error shape, changing nothing when refused`, async () => {
    const r = generator(SEED);
    const counts = { refused: 0, accepted: 0 };
    for (let i = 0; i < REQUESTS; i++) {
      const request = fuzzRequest(r, validIds);
      const before = await checksum();
      const res = await client.request(request.method, request.path, request.body, request.headers);
      const context = `#${i} ${request.method} ${request.path} ${String(request.body).slice(0, 200)}`;
      expect(res.status, context).toBeLessThan(500);
      if (res.status >= 400) {
        counts.refused++;
        expect(res.body, context).toMatchObject({ message: expect.any(String), code: expect.any(String) });
        expect(JSON.stringify(res.body), context).not.toMatch(/at .*\.(ts|js):\d+|node_modules/);
        expect(await checksum(), `${context} changed the database`).toBe(before);
      } else counts.accepted++;
    }
    expect((await client.get('/healthz')).status).toBe(200);
    // GET lists take no input, so they accept whatever is sent; most of the rest must be refused.
    expect(counts.refused).toBeGreaterThan(REQUESTS * 0.6);
    console.log(`fuzz: ${REQUESTS} requests, ${counts.refused} refused with 4xx, ${counts.accepted} accepted, seed ${SEED}`);
  }, 180_000);
});
