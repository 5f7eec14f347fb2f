// A database that cannot be written (issue 31): a full disk and a read-only database, made real with SQLite's own limits
// on the server's one writer connection (max_page_count answers SQLITE_FULL, query_only SQLITE_READONLY). A write then
// answers 503 saying nothing was saved, and /healthz fails until a write succeeds again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startSignedIn, type TestServer } from './harness';

let server: TestServer;
let client: ApiClient;
const health = () => new ApiClient(server.baseUrl).get('/healthz');

beforeAll(async () => {
  ({ server, client } = await startSignedIn('keeper'));
});
afterAll(() => server.close());

describe('storage that refuses writes', () => {
  it('answers 503 for a write on a full disk, fails /healthz, and recovers once space is back', async () => {
    const before = await server.count('contacts', '1 = 1');
    const [{ page_count }] = (await server.database.writerClient.execute('PRAGMA page_count')).rows as unknown as { page_count: number }[];
    await server.database.writerClient.execute(`PRAGMA max_page_count = ${Number(page_count)}`);
    try {
      let refused;
      // Each contact's notes need new pages soon enough.
      for (let i = 0; i < 50 && !refused; i++) {
        const res = await client.post('/api/contacts', { name: `Full ${i}`, notes: 'x'.repeat(4000) });
        if (res.status !== 201) refused = res;
      }
      expect(refused?.status).toBe(503);
      expect(refused?.body).toEqual({ message: "The server's storage is full, so nothing was saved. Please try again later.", code: 'SERVICE_UNAVAILABLE' });
      const down = await health();
      expect(down.status).toBe(503);
      expect(down.body).toEqual({ status: 'unavailable', storage: 'full' });
    } finally {
      await server.database.writerClient.execute('PRAGMA max_page_count = 1073741823');
    }
    expect((await client.post('/api/contacts', { name: 'After the cleanup' })).status).toBe(201);
    expect((await health()).body).toEqual({ status: 'ok' });
    expect(await server.count('contacts', '1 = 1')).toBeGreaterThan(before);
  });

  it('answers 503 for a write to a read-only database, over REST and tRPC, and /healthz says so', async () => {
    await server.database.writerClient.execute('PRAGMA query_only = 1');
    try {
      const rest = await client.post('/api/contacts', { name: 'Nowhere' });
      expect(rest.status).toBe(503);
      expect(rest.body.message).toBe('The server cannot save anything right now, so nothing was saved. Please try again later.');
      const trpc = await client.post('/trpc/contacts.create', { json: { name: 'Nowhere either' } });
      expect(trpc.status).toBe(503);
      expect(trpc.body.error.json.message).toBe('The server cannot save anything right now, so nothing was saved. Please try again later.');
      expect((await health()).body).toEqual({ status: 'unavailable', storage: 'read-only' });
    } finally {
      await server.database.writerClient.execute('PRAGMA query_only = 0');
    }
    expect((await client.post('/api/contacts', { name: 'Writable again' })).status).toBe(201);
    expect((await health()).status).toBe(200);
  });
});
