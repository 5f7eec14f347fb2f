// The export encrypted with a passphrase (age, scrypt), opened by the age authors' own implementation, and imported back.
import { createClient } from '@libsql/client';
import { Decrypter, Encrypter } from 'age-encryption';
import { request as httpRequest } from 'node:http';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, requestFrom, signedInClient, startSignedIn, type TestServer } from './harness';
import { spawnServer, registerOn, type ServerProcess } from './process';
import { fetchResending } from './resend';
import { startHousekeeping } from '../../server/ops/housekeeping';
import { createAuth } from '../../server/security/auth';
import { removeUnfinishedImports } from '../../server/ops/unfinishedImports';
import { trpcBatch, trpcMutation } from './trpc';

const PASSPHRASE = 'correct horse battery staple';

/** A POST whose answer is kept as bytes (the encrypted file), with its status and headers. */
async function postForBytes(baseUrl: string, cookie: string, path: string, body: unknown) {
  const res = await fetch(baseUrl + path, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify(body) });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function decrypt(file: Uint8Array, passphrase: string) {
  const decrypter = new Decrypter();
  decrypter.addPassphrase(passphrase);
  return decrypter.decrypt(file, 'text');
}

/** The export's text with its moment of export left out, so two exports of unchanged data are the same text. */
const withoutMoment = (text: string) => text.replace(/"exportedAt": "[^"]+"/, '"exportedAt": "…"');

let server: TestServer;
let alice: ApiClient;
/**
 * Alice's export encrypted once, and its text as the age authors' implementation opens it: each costs a scrypt at
 * N = 2^18, so the tests that only read the file share it (Alice's records do not change after the file's beforeAll).
 */
let aliceFile: Awaited<ReturnType<typeof postForBytes>>;
let aliceText: string;

/** The body of a request that must succeed (the records the tests export). */
async function made(request: Promise<{ status: number; body: any }>) {
  const res = await request;
  if (res.status >= 300) throw new Error(`not made: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

beforeAll(async () => {
  ({ server, client: alice } = await startSignedIn('alice'));
  const lydia = await made(
    alice.post('/api/contacts', {
      name: 'Lydia of Thyatira',
      email: 'lydia@example.com',
      phone: '+30 555 0101',
      spiritualStatus: 'seeking',
      notes: 'Sells purple cloth',
    }),
  );
  const jason = await made(alice.post('/api/contacts', { name: 'Jason', spiritualStatus: 'exploring' }));
  await made(alice.put(`/api/contacts/${jason.id}`, { spiritualStatus: 'new_believer' }));
  await made(
    alice.post('/api/activities', {
      contactId: lydia.id,
      type: 'conversation',
      date: '2024-03-01T10:00:00.000Z',
      description: 'By the river',
      notes: 'Her household listened',
    }),
  );
  await made(alice.post('/api/activities', { contactId: jason.id, type: 'gospel_presentation', date: '2024-03-05T18:00:00.000Z', description: 'Dinner' }));
  await made(alice.post('/api/followups', { contactId: lydia.id, date: '2030-04-01T09:00:00.000Z', type: 'phone', description: 'Ask about the baptism' }));
  await made(
    alice.post('/api/followups', {
      contactId: jason.id,
      date: '2030-04-02T09:00:00.000Z',
      type: 'meeting',
      description: 'Weekly visit',
      repeat: { every: 1, unit: 'week', from: 'date' },
    }),
  );
  const prayer = await made(alice.post('/api/prayer-requests', { contactId: lydia.id, request: 'For her household', date: '2024-03-02T00:00:00.000Z' }));
  await made(alice.put(`/api/prayer-requests/${prayer.id}`, { answered: true, answerNotes: 'All were baptised', answerDate: '2024-04-01T00:00:00.000Z' }));
  await made(
    alice.post('/api/goals', {
      title: 'Visits',
      description: 'Visit ten families',
      type: 'conversation',
      targetCount: 10,
      deadline: '2030-12-31T00:00:00.000Z',
      currentCount: 3,
    }),
  );
  aliceFile = await postForBytes(server.baseUrl, alice.cookie, '/api/account/export/encrypted', { passphrase: PASSPHRASE });
  aliceText = await decrypt(aliceFile.bytes, PASSPHRASE);
}, 120_000);

afterAll(() => server.close());

describe('the encrypted export', () => {
  it('is an age file with one scrypt stanza that the age authors’ implementation opens to exactly the JSON export', async () => {
    const plain = await alice.get('/api/account/export');
    const res = aliceFile;
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="sower-export.json.age"');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const header = res.bytes.subarray(0, res.bytes.indexOf('\n---')).toString('latin1').split('\n');
    expect(header[0]).toBe('age-encryption.org/v1');
    expect(header[1]).toMatch(/^-> scrypt [A-Za-z0-9+/]{22} 18$/);
    expect(header).toHaveLength(3);
    expect(withoutMoment(aliceText)).toBe(withoutMoment(JSON.stringify(plain.body, null, 2)));
  });

  it('does not open with another passphrase', async () => {
    await expect(decrypt(aliceFile.bytes, 'correct horse battery stapler')).rejects.toThrow();
  }, 60_000);

  it('refuses a passphrase under 12 characters (or none) with 400, counting and logging nothing', async () => {
    const { client } = await signedInClient(server, 'short');
    for (const body of [{ passphrase: 'eleven char' }, {}, { passphrase: 'x'.repeat(1025) }]) {
      const res = await client.post('/api/account/export/encrypted', body);
      expect(res.status).toBe(400);
      expect(res.body.issues[0].path).toBe('passphrase');
      expect(JSON.stringify(res.body)).not.toContain('eleven char');
    }
    expect((await client.post('/api/account/export/encrypted', { passphrase: 'eleven char' })).body.message).toBe(
      'The passphrase must be at least 12 characters',
    );
    expect((await client.get('/api/account/security-log')).body.some((entry: { event: string }) => entry.event === 'export')).toBe(false);
    expect(await server.count('attempts', "key like 'download:%'")).toBe(
      await server.count('attempts', "key like 'download:%' and key not like ?", [`download:user:${(await client.get('/api/auth/me')).body.id}`]),
    );
  });

  it("counts as an export: the account's security log says so", async () => {
    const { client } = await signedInClient(server, 'logged');
    const res = await postForBytes(server.baseUrl, client.cookie, '/api/account/export/encrypted', { passphrase: PASSPHRASE });
    expect(res.status).toBe(200);
    expect((await client.get('/api/account/security-log')).body[0]).toMatchObject({ event: 'export' });
  }, 30_000);

  it('never writes the passphrase in the server’s log, whatever the answer', async () => {
    await alice.post('/api/account/export/encrypted', { passphrase: 'short one' });
    await alice.post('/api/account/import/export', { file: Buffer.from('age-encryption.org/v1\n').toString('base64'), passphrase: 'a wrong passphrase here' });
    const log = JSON.stringify(server.logs);
    expect(log.length).toBeGreaterThan(100);
    for (const secret of [PASSPHRASE, 'short one', 'a wrong passphrase here']) expect(log).not.toContain(secret);
  });

  it('is served at its REST path only: over tRPC, alone or in a batch, it answers 400 before any work', async () => {
    const alone = await trpcMutation(alice, 'account.exportEncrypted', { passphrase: PASSPHRASE });
    expect(alone.status).toBe(400);
    expect(alone.error?.message).toBe('This file is downloaded from its /api path, not over tRPC.');
    const batch = await trpcBatch(
      alice,
      Array.from({ length: 8 }, () => ({ path: 'account.exportEncrypted', input: { passphrase: PASSPHRASE } })),
    );
    expect(batch.status).toBe(400);
  });
});

/** Records as their content: ids, the moments rows were written, and who wrote them left out. */
function contentOf(text: string) {
  const file = JSON.parse(text);
  const names = new Map<number, string>(file.contacts.map((c: { id: number; name: string }) => [c.id, c.name]));
  const strip = (rows: Record<string, unknown>[]) =>
    rows.map(({ id: _id, createdAt: _at, createdBy: _by, contactId, contactIds, seriesId, ...rest }) => ({
      ...rest,
      contact: names.get(contactId as number),
      // An activity's people (issue 50 §4), by name.
      ...(contactIds === undefined ? {} : { people: (contactIds as number[]).map((other) => names.get(other)) }),
      ...(seriesId === undefined ? {} : { repeats: seriesId !== null }),
    }));
  return {
    contacts: strip(file.contacts),
    activities: strip(file.activities),
    followUps: strip(file.followUps),
    prayerRequests: strip(file.prayerRequests),
    goals: strip(file.goals),
    statusChanges: strip(file.statusChanges),
  };
}

describe('importing an export into a fresh account', () => {
  const emptyAccount = async (client: ApiClient) => {
    const content = contentOf(JSON.stringify((await client.get('/api/account/export')).body));
    return Object.values(content).every((rows) => rows.length === 0);
  };

  it('refuses a wrong passphrase with 400 and writes nothing', async () => {
    const { client } = await signedInClient(server, 'wrong');
    const res = await client.post('/api/account/import/export', { file: aliceFile.bytes.toString('base64'), passphrase: 'not the right passphrase' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: 'The passphrase does not open this file.', issues: [{ path: 'passphrase' }] });
    expect(await emptyAccount(client)).toBe(true);
  }, 30_000);

  it('refuses an encrypted file without its passphrase, and a file with one byte changed, with 400, writing nothing', async () => {
    const { client } = await signedInClient(server, 'tamper');
    const none = await client.post('/api/account/import/export', { file: aliceFile.bytes.toString('base64') });
    expect(none.status).toBe(400);
    expect(none.body.issues[0].path).toBe('passphrase');
    for (const at of [aliceFile.bytes.length - 5, aliceFile.bytes.indexOf('\n---') + 10]) {
      const changed = Buffer.from(aliceFile.bytes);
      changed[at] ^= 0x01;
      const res = await client.post('/api/account/import/export', { file: changed.toString('base64'), passphrase: PASSPHRASE });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('The file is damaged or was changed after it was made.');
    }
    expect(await emptyAccount(client)).toBe(true);
  }, 60_000);

  it('brings contacts, activities, follow-ups, prayer requests, goals and status history across: the new export says the same', async () => {
    const { client } = await signedInClient(server, 'bob');
    const res = await client.post('/api/account/import/export', { file: aliceFile.bytes.toString('base64'), passphrase: PASSPHRASE });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      created: { contacts: 2, activities: 2, followUps: 2, prayerRequests: 1, goals: 1, statusChanges: 3, milestones: 0, contactDates: 0 },
      skipped: { teams: 0, pushDevices: 0, snoozes: 0, teamRecords: 0, otherContacts: 0 },
    });
    const bobExport = JSON.stringify((await client.get('/api/account/export')).body);
    expect(contentOf(bobExport)).toEqual(contentOf(aliceText));
    expect((await client.get('/api/account/security-log')).body.map((entry: { event: string }) => entry.event)).toContain('import');
  }, 30_000);

  it('imports a plain JSON export the same way', async () => {
    const { client } = await signedInClient(server, 'plain');
    const res = await client.post('/api/account/import/export', { file: Buffer.from(aliceText).toString('base64') });
    expect(res.status).toBe(200);
    expect(contentOf(JSON.stringify((await client.get('/api/account/export')).body))).toEqual(contentOf(aliceText));
  });

  it('refuses a record the API would refuse, and a file that is not an export, with 400, writing nothing', async () => {
    const { client } = await signedInClient(server, 'limits');
    const edited = JSON.parse(aliceText);
    edited.contacts[1].name = 'x'.repeat(201);
    const tooLong = await client.post('/api/account/import/export', { file: Buffer.from(JSON.stringify(edited)).toString('base64') });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toBe('Contacts, row 2: Name must be at most 200 characters');
    for (const file of ['{"hello": 1}', 'not json', '[]']) {
      const res = await client.post('/api/account/import/export', { file: Buffer.from(file).toString('base64') });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('This file is not a Sower export.');
    }
    expect(await emptyAccount(client)).toBe(true);
  });

  it('skips team records, teams and push devices, and counts them', async () => {
    const { client } = await signedInClient(server, 'skips');
    const edited = JSON.parse(aliceText);
    edited.contacts[0].teamId = 7;
    edited.teams = [{ id: 7, name: 'Team', description: null, role: 'member', joinedAt: '2024-01-01T00:00:00.000Z' }];
    edited.pushDevices = [{ endpoint: 'https://push.example/1', createdAt: '2024-01-01T00:00:00.000Z' }];
    const res = await client.post('/api/account/import/export', { file: Buffer.from(JSON.stringify(edited)).toString('base64') });
    expect(res.status).toBe(200);
    expect(res.body.created.contacts).toBe(1);
    expect(res.body.skipped).toMatchObject({ teams: 1, pushDevices: 1, teamRecords: 1 });
    expect(res.body.skipped.otherContacts).toBeGreaterThan(0);
  });

  it('refuses imports sent in one tRPC batch whole, before any is counted or read', async () => {
    const { client, user } = await signedInClient(server, 'batched');
    const batch = await trpcBatch(
      client,
      Array.from({ length: 5 }, () => ({ path: 'account.importExport', input: { file: Buffer.from(aliceText).toString('base64') } })),
    );
    expect(batch.status).toBe(400);
    expect(await server.count('attempts', 'key = ?', [`import:user:${user.id}`])).toBe(0);
    expect(await server.count('contacts', 'created_by = ?', [user.id])).toBe(0);
  });

  it('counts each import against the account’s limit: the eleventh in an hour answers 429', async () => {
    const { client } = await signedInClient(server, 'limited');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await client.post('/api/account/import/export', { file: Buffer.from('{}').toString('base64') })).status);
    expect(statuses).toEqual([...Array(10).fill(400), 429]);
  });

  it('counts imports from one address too: the thirty-first in an hour answers 429, whichever accounts ask', async () => {
    const clients = await Promise.all(Array.from({ length: 4 }, (_, i) => signedInClient(server, `address${i}`)));
    const statuses: number[] = [];
    // From an address of its own (127.x.y.z all reach the server), so the other tests' imports do not count here.
    for (const { client } of clients)
      for (let i = 0; i < 10 && statuses.length < 31; i++)
        statuses.push(
          (
            await requestFrom(
              '127.0.0.33',
              server.baseUrl,
              'POST',
              '/api/account/import/export',
              { file: Buffer.from('{}').toString('base64') },
              { Cookie: client.cookie },
            )
          ).status,
        );
    expect(statuses).toEqual([...Array(30).fill(400), 429]);
  });
});

describe('an import left unfinished while the server runs (its own undo failed)', () => {
  it('is undone by housekeeping once it is an hour old; a younger one is left to finish', async () => {
    const { client, user } = await signedInClient(server, 'leftover');
    const contactsMade = await Promise.all(
      ['Old import', 'Running import'].map((name) => made(client.post('/api/contacts', { name, spiritualStatus: 'seeking' }))),
    );
    const journal = async (contactId: number, ageMs: number) => {
      const res = await server.database.writerClient.execute({
        sql: 'insert into unfinished_imports (user_id, created_at) values (?, ?) returning id',
        args: [user.id, Date.now() - ageMs],
      });
      await server.database.writerClient.execute({
        sql: "insert into unfinished_import_rows (import_id, kind, first_id, last_id) values (?, 'contacts', ?, ?)",
        args: [res.rows[0].id, contactId, contactId],
      });
    };
    await journal(contactsMade[0].id, 2 * 3_600_000);
    await journal(contactsMade[1].id, 60_000);
    const lines: Record<string, unknown>[] = [];
    await startHousekeeping(server.database, createAuth(server.database), (line) => lines.push(line)).stop();
    expect((await client.get(`/api/contacts/${contactsMade[0].id}`)).status).toBe(404);
    expect((await client.get(`/api/contacts/${contactsMade[1].id}`)).status).toBe(200);
    expect(await server.count('unfinished_imports', 'user_id = ?', [user.id])).toBe(1);
    expect(lines.some((line) => line.message === 'Deleted what 1 import(s) left unfinished an hour ago wrote')).toBe(true);
    // At start every one is cut short, however young.
    expect(await removeUnfinishedImports(server.database)).toBe(1);
    expect((await client.get(`/api/contacts/${contactsMade[1].id}`)).status).toBe(404);
  });
});

/**
 * An export sent as the request's own body (POST /api/account/import/export with a file's type), from `address`: the
 * body is written as `parts` (each after the last has drained, and none once the answer came), and `hold` (when given)
 * is awaited before the last part of a list, so a test can keep an upload open.
 */
function uploadFrom(
  address: string,
  baseUrl: string,
  cookie: string,
  parts: (string | Buffer)[] | AsyncIterable<string | Buffer>,
  { headers = {}, hold }: { headers?: Record<string, string>; hold?: Promise<unknown> } = {},
) {
  const url = new URL('/api/account/import/export', baseUrl);
  let answered = false;
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: any }>((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress: address,
        agent: false,
        headers: { 'Content-Type': 'application/octet-stream', Cookie: cookie, ...headers },
      },
      (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode!, headers: res.headers, body: text ? JSON.parse(text) : undefined });
          req.destroy();
        });
      },
    );
    // The server may answer and close before the whole body is sent: only an error before the answer is one.
    req.on('error', (error) => (answered ? undefined : reject(error)));
    const drained = () =>
      new Promise<void>((resolve) => {
        const done = () => {
          req.off('drain', done).off('close', done);
          resolve();
        };
        req.on('drain', done).on('close', done);
      });
    void (async () => {
      let index = 0;
      for await (const part of parts) {
        if (Array.isArray(parts) && index++ === parts.length - 1 && hold) await hold;
        if (answered || req.destroyed) return;
        if (!req.write(part)) await drained();
      }
      if (!answered && !req.destroyed) req.end();
    })();
  });
}

describe('importing an export sent as the request’s body (a file of any size Sower writes)', () => {
  let aliceExport: string;

  beforeAll(async () => {
    aliceExport = JSON.stringify((await alice.get('/api/account/export')).body, null, 2);
  });

  /** An account of its own and an address of its own, so the limits of the other tests do not count here. */
  let nextAddress = 40;
  const fresh = async (name: string) => {
    const { client } = await signedInClient(server, name);
    return { client, address: `127.0.0.${nextAddress++}` };
  };

  it('imports a plain export and an encrypted one (a passphrase beyond Latin-1 in its percent-encoded header) as the JSON request does', async () => {
    const plain = await fresh('upload-plain');
    const res = await uploadFrom(plain.address, server.baseUrl, plain.client.cookie, [aliceExport.slice(0, 100), aliceExport.slice(100)]);
    expect(res.status).toBe(200);
    expect(res.body.created).toEqual({
      contacts: 2,
      activities: 2,
      followUps: 2,
      prayerRequests: 1,
      goals: 1,
      statusChanges: 3,
      milestones: 0,
      contactDates: 0,
    });
    expect(contentOf(JSON.stringify((await plain.client.get('/api/account/export')).body))).toEqual(contentOf(aliceExport));

    const passphrase = 'Ünïcödé passphrase ✝ 信';
    const encrypter = new Encrypter();
    encrypter.setPassphrase(passphrase);
    encrypter.setScryptWorkFactor(10);
    const file = Buffer.from(await encrypter.encrypt(aliceExport));
    const secret = await fresh('upload-age');
    const wrong = await uploadFrom(secret.address, server.baseUrl, secret.client.cookie, [file], {
      headers: { 'Sower-Passphrase': encodeURIComponent('Unicode passphrase') },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: 'The passphrase does not open this file.', issues: [{ path: 'passphrase' }] });
    const none = await uploadFrom(secret.address, server.baseUrl, secret.client.cookie, [file]);
    expect(none.body).toMatchObject({ message: 'This file is encrypted: enter the passphrase it was made with.', issues: [{ path: 'passphrase' }] });
    const right = await uploadFrom(secret.address, server.baseUrl, secret.client.cookie, [file.subarray(0, 30), file.subarray(30)], {
      headers: { 'Sower-Passphrase': encodeURIComponent(passphrase) },
    });
    expect(right.status).toBe(200);
    expect(contentOf(JSON.stringify((await secret.client.get('/api/account/export')).body))).toEqual(contentOf(aliceExport));
    expect(JSON.stringify(server.logs)).not.toContain(encodeURIComponent(passphrase));
  });

  it('refuses a passphrase header that is not percent-encoded UTF-8, a file over 64 MB by its length before reading it, and a file in another order than Sower writes, with 4xx, writing nothing', async () => {
    const { client, address } = await fresh('upload-refusals');
    const malformed = await uploadFrom(address, server.baseUrl, client.cookie, ['{}'], { headers: { 'Sower-Passphrase': '%ZZ' } });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe('The sower-passphrase header must be percent-encoded UTF-8');

    // Only the start is sent: the length alone is refused.
    const huge = await uploadFrom(address, server.baseUrl, client.cookie, ['{', '}'], {
      headers: { 'Content-Length': String(64_000_001) },
      hold: new Promise(() => undefined),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe('This file is larger than 64 MB, more than Sower can import at once.');

    const file = JSON.parse(aliceExport);
    const { contacts: people, ...rest } = file;
    const contactsLast = JSON.stringify({ ...rest, contacts: people });
    const notLists = JSON.stringify({ ...file, activities: { 0: file.activities[0] } });
    for (const text of [contactsLast, notLists, aliceExport.slice(0, -1), `${aliceExport} {}`]) {
      const res = await uploadFrom(address, server.baseUrl, client.cookie, [text]);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('This file is not a Sower export.');
    }
    expect(await server.count('contacts', 'created_by = ?', [(await client.get('/api/auth/me')).body.id])).toBe(0);
  });

  it('refuses a file that goes on past 64 MB without a length, once the 64 MB are read', async () => {
    const { client, address } = await fresh('upload-endless');
    // One long string in a member no import reads: valid JSON as far as it goes, and it never ends. (One in a member it
    // reads is refused at 1 MiB, longer than any text an export holds: tests/unit/exportSkim.test.ts.)
    const endless = async function* () {
      yield '{"exportedAt": "2026-01-01T00:00:00Z", "note": "';
      for (;;) yield Buffer.alloc(1_000_000, 'a');
    };
    const res = await uploadFrom(address, server.baseUrl, client.cookie, endless());
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('This file is larger than 64 MB, more than Sower can import at once.');
  }, 60_000);

  it('refuses a file nested deeper than an export at the bracket too many, plain or encrypted, in the reader’s language, writing nothing; a member it does not read is left out unread', async () => {
    const { client, address } = await fresh('upload-nested');
    const head = '{"exportedAt":"2026-01-01T00:00:00Z","user":{"id":1},';
    const deep = `${head}"junk":${'['.repeat(1_000_000)}`;
    const encrypter = new Encrypter();
    encrypter.setPassphrase(PASSPHRASE);
    encrypter.setScryptWorkFactor(10);
    const sealed = Buffer.from(await encrypter.encrypt(deep));
    const deepObject = `${head}"contacts":[${'{"a":'.repeat(300_000)}`;
    const tries: [(string | Buffer)[], Record<string, string>][] = [
      [[deep.slice(0, 100), deep.slice(100)], {}],
      [[deepObject], {}],
      [[sealed], { 'Sower-Passphrase': PASSPHRASE }],
    ];
    for (const [parts, headers] of tries) {
      const res = await uploadFrom(address, server.baseUrl, client.cookie, parts, { headers });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ message: 'This file nests values deeper than a Sower export does, so it is not one.', issues: [{ path: 'file' }] });
    }
    // Brackets and strings inside a member it leaves out still have to close as JSON's do.
    for (const text of [`${head}"junk":[}]}`, `${head}"junk":"]}`]) {
      const res = await uploadFrom(address, server.baseUrl, client.cookie, [text]);
      expect(res.body.message).toBe('This file is not a Sower export.');
    }
    expect(await server.count('contacts', 'created_by = ?', [(await client.get('/api/auth/me')).body.id])).toBe(0);
    expect((await client.put('/api/account/language', { language: 'fr' })).status).toBe(200);
    const french = await uploadFrom(address, server.baseUrl, client.cookie, [deep]);
    expect(french.body.message).toBe('Ce fichier imbrique des valeurs plus profondément qu’un export Sower : ce n’en est donc pas un.');

    // An export with members of its own (escaped brackets and quotes in strings, a long array, a bare number) and a
    // key spelled with an escape: imported as the plain export is.
    const file = JSON.parse(aliceExport);
    const extra = `"junk": [["]\\\\\\"[{", 1], {"k": "}]"}, ${'0,'.repeat(100_000)} 0], "more": 12.5e3, "n": "\\\\",`;
    const withExtras = `{${extra}${aliceExport.slice(1).replace('"contacts"', '"contact\u0073"')}`;
    expect(JSON.parse(withExtras).contacts).toEqual(file.contacts);
    const other = await fresh('upload-extras');
    const res = await uploadFrom(other.address, server.baseUrl, other.client.cookie, [withExtras.slice(0, 50), withExtras.slice(50)]);
    expect(res.status).toBe(200);
    expect(contentOf(JSON.stringify((await other.client.get('/api/account/export')).body))).toEqual(contentOf(aliceExport));
  });

  it('runs one import at a time and lets three wait: of six sent together, two are refused at once with 503 and Retry-After, four are imported', async () => {
    const senders = await Promise.all(Array.from({ length: 6 }, (_, i) => fresh(`upload-gate${i}`)));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const cut = aliceExport.indexOf('"contacts"');
    const answers = senders.map(({ client, address }) =>
      uploadFrom(address, server.baseUrl, client.cookie, [aliceExport.slice(0, cut), aliceExport.slice(cut)], { hold: held }),
    );
    // Every upload is open and none has ended: the first is being read, three wait, and the two past them are answered.
    const settled = answers.map((answer) => answer.then((res) => res));
    const refused = await new Promise<Awaited<(typeof answers)[number]>[]>((resolve) => {
      const done: Awaited<(typeof answers)[number]>[] = [];
      for (const answer of settled) void answer.then((res) => (done.push(res), done.length === 2 && resolve(done)));
    });
    for (const res of refused) {
      expect(res.status).toBe(503);
      expect(res.headers['retry-after']).toBe('10');
      expect(res.body.message).toBe('The server is busy with other imports. Please try again in a minute.');
    }
    release();
    const statuses = (await Promise.all(answers)).map((res) => res.status);
    expect(statuses.filter((status) => status === 200)).toHaveLength(4);
    expect(statuses.filter((status) => status === 503)).toHaveLength(2);
  });
});

/** Starts a process's peak resident memory afresh (Linux: 5 written to clear_refs) and answers what it uses now, in MiB. */
function resetPeakRss(pid: number) {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
}

/** The peak resident memory of a process since it was last reset (Linux's VmHWM), in MiB. */
function peakRssMiB(pid: number) {
  const kb = Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kb / 1024;
}

/** Asks /healthz on a fresh connection again and again until `done` settles; answers the longest wait in ms. */
async function healthWhile(baseUrl: string, done: Promise<unknown>) {
  let finished = false;
  void done.finally(() => (finished = true));
  let worst = 0;
  let probes = 0;
  while (!finished) {
    const asked = performance.now();
    const res = await fetch(`${baseUrl}/healthz`, { headers: { Connection: 'close' } });
    await res.text();
    worst = Math.max(worst, performance.now() - asked);
    probes++;
  }
  return { worst, probes };
}

describe('under a burst, and for a heavy account (a server process of its own)', () => {
  let child: ServerProcess;
  /** The heavy account's encrypted export, once the test that makes it has run. */
  let heavyFile: Buffer;
  let dir: string;
  let dbUrl: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'sower-age-'));
    dbUrl = `file:${join(dir, 'age.db')}`;
    child = await spawnServer({ DATABASE_URL: dbUrl, NODE_ENV: 'production' });
  }, 60_000);

  afterAll(async () => {
    child.child.kill('SIGKILL');
    await child.exited;
    rmSync(dir, { recursive: true, force: true });
  });

  it('derives one key at a time: of 8 at once and 8 in a tRPC batch each answers a file or a clear refusal, memory stays bounded, /healthz stays quick', async () => {
    const pid = child.child.pid!;
    const before = resetPeakRss(pid);
    const clients = await Promise.all(Array.from({ length: 8 }, (_, i) => registerOn(child.baseUrl, `burst${i}`)));
    const burst = Promise.all([
      ...clients.map((client) => postForBytes(child.baseUrl, client.cookie, '/api/account/export/encrypted', { passphrase: PASSPHRASE })),
      trpcBatch(
        clients[0],
        Array.from({ length: 8 }, () => ({ path: 'account.exportEncrypted', input: { passphrase: PASSPHRASE } })),
      ),
    ]);
    const started = performance.now();
    const health = await healthWhile(child.baseUrl, burst);
    const answers = await burst;
    const burstMs = performance.now() - started;
    const files = answers.slice(0, 8) as Awaited<ReturnType<typeof postForBytes>>[];
    const statuses = files.map((res) => res.status);
    const peak = peakRssMiB(pid);
    console.info(
      `burst of 8 encrypted exports: ${JSON.stringify({ statuses, rssBeforeMiB: Math.round(before), peakRssMiB: Math.round(peak), healthWorstMs: Math.round(health.worst), probes: health.probes })}`,
    );
    // One derivation running and SCRYPT_QUEUE (3) waiting: four files (more only if one ended before the last arrived);
    // the rest refused at once, with Retry-After.
    expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(4);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
    for (const res of files.filter((file) => file.status !== 200)) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('10');
      expect(JSON.parse(res.bytes.toString()).message).toBe('The server is busy with other encrypted files. Please try again in a minute.');
    }
    expect((answers[8] as { status: number }).status).toBe(400);
    // One scrypt at N = 2^18 takes 256 MiB; two at once would pass 512.
    expect(peak - before).toBeLessThan(400);
    // At least four derivations ran one after another meanwhile: one on the event loop would hold a /healthz for a
    // quarter of the burst. Compared within this run, so a busy machine slows both sides alike.
    expect(health.worst).toBeLessThan(burstMs / 8);
    expect(health.probes).toBeGreaterThan(5);
  }, 120_000);

  it('encrypts a heavy account’s export (5,000 contacts, 20,000 activities, 10,000 follow-ups) as it reads it, in bounded memory', async () => {
    const heavy = await registerOn(child.baseUrl, 'heavyage');
    const userId = (await heavy.get('/api/auth/me')).body.id as number;
    const db = createClient({ url: dbUrl });
    const numbers = (count: number) => `with recursive n(x) as (select 1 union all select x + 1 from n where x < ${count})`;
    await db.execute({
      sql: `${numbers(5000)} insert into contacts (name, email, notes, spiritual_status, created_by) select 'Person number ' || x, 'p' || x || '@example.com', 'Met at the market', 'seeking', ?1 from n`,
      args: [userId],
    });
    const first = Number((await db.execute({ sql: 'select min(id) as id from contacts where created_by = ?', args: [userId] })).rows[0].id);
    await db.execute({
      sql: `${numbers(20_000)} insert into activities (contact_id, type, date, description, created_by) select ?2 + x % 5000, 'conversation', 1700000000000 - x * 60000, 'Talked about hope', ?1 from n`,
      args: [userId, first],
    });
    await db.execute({
      sql: `${numbers(10_000)} insert into follow_ups (contact_id, date, description, type, completed, created_by) select ?2 + x % 5000, 1900000000000 + x * 60000, 'Bring the book', 'phone', 0, ?1 from n`,
      args: [userId, first],
    });
    await db.execute('pragma wal_checkpoint(truncate)');
    db.close();
    const pid = child.child.pid!;
    const before = resetPeakRss(pid);
    const started = performance.now();
    const res = await postForBytes(child.baseUrl, heavy.cookie, '/api/account/export/encrypted', { passphrase: PASSPHRASE });
    const seconds = (performance.now() - started) / 1000;
    const peak = peakRssMiB(pid);
    expect(res.status).toBe(200);
    heavyFile = res.bytes;
    const text = await decrypt(res.bytes, PASSPHRASE);
    const file = JSON.parse(text);
    console.info(
      `heavy encrypted export: ${JSON.stringify({ bytes: res.bytes.length, seconds: Math.round(seconds * 10) / 10, rssBeforeMiB: Math.round(before), peakRssMiB: Math.round(peak) })}`,
    );
    expect([file.contacts.length, file.activities.length, file.followUps.length]).toEqual([5000, 20_000, 10_000]);
    expect(res.bytes.length).toBeGreaterThan(10_000_000);
    // The scrypt's 256 MiB and a chunk or a page at a time, never the 14 MB file and its row objects at once.
    expect(peak - before).toBeLessThan(400);
  }, 180_000);

  /** The heavy file sent as the body of an import, with its passphrase. */
  const importHeavy = (cookie: string) => {
    // Made by the heavy export's test, which runs before the tests that import it.
    expect(heavyFile, 'the heavy export was made').toBeDefined();
    return fetchResending(`${child.baseUrl}/api/account/import/export`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/octet-stream', 'Sower-Passphrase': PASSPHRASE, Cookie: cookie },
      body: new Uint8Array(heavyFile),
    }).then(async (res) => ({ status: res.status, body: await res.json() }));
  };

  const countOf = async (sql: string, args: number[]) => {
    const db = createClient({ url: dbUrl });
    try {
      return Number((await db.execute({ sql, args })).rows[0].n);
    } finally {
      db.close();
    }
  };

  it('imports that export (11.5 MB) sent as the body, while /healthz answers and another account’s writes go on', async () => {
    const importer = await registerOn(child.baseUrl, 'heavyin');
    const bystander = await registerOn(child.baseUrl, 'bystander');
    const userId = (await importer.get('/api/auth/me')).body.id as number;
    const pid = child.child.pid!;
    const before = resetPeakRss(pid);
    const started = performance.now();
    const imported = importHeavy(importer.cookie);
    // Another person saving contacts one after another meanwhile: the longest a save waited.
    const writes = (async () => {
      let finished = false;
      void imported.finally(() => (finished = true));
      let worst = 0;
      let saved = 0;
      while (!finished) {
        const asked = performance.now();
        const res = await bystander.post('/api/contacts', { name: `Neighbour ${saved}`, spiritualStatus: 'seeking' });
        expect(res.status).toBe(201);
        worst = Math.max(worst, performance.now() - asked);
        saved++;
      }
      return { worst, saved };
    })();
    const [health, res, written] = await Promise.all([healthWhile(child.baseUrl, imported), imported, writes]);
    const seconds = (performance.now() - started) / 1000;
    const peak = peakRssMiB(pid);
    console.info(
      `heavy import: ${JSON.stringify({ seconds: Math.round(seconds * 10) / 10, rssBeforeMiB: Math.round(before), peakRssMiB: Math.round(peak), healthWorstMs: Math.round(health.worst), probes: health.probes, otherWriteWorstMs: Math.round(written.worst), otherWrites: written.saved })}`,
    );
    expect(res.status).toBe(200);
    expect(res.body.created).toMatchObject({ contacts: 5000, activities: 20_000, followUps: 10_000 });
    const mine = (table: string) => countOf(`select count(*) as n from ${table} where created_by = ?`, [userId]);
    expect([await mine('contacts'), await mine('activities'), await mine('follow_ups')]).toEqual([5000, 20_000, 10_000]);
    expect(await countOf('select count(*) as n from unfinished_imports where ? > 0', [1])).toBe(0);
    // Written a slice per transaction: other saves went on between them, none waited for more than a small part of the
    // import (compared within this run: a busy machine slows both sides alike).
    expect(written.saved).toBeGreaterThan(5);
    expect(written.worst).toBeLessThan((seconds * 1000) / 5);
    expect(health.worst).toBeLessThan((seconds * 1000) / 10);
    // The scrypt's 256 MiB, then the records: never the file's text and its records all at once.
    expect(peak - before).toBeLessThan(400);
  }, 180_000);

  /** Waits until `userId`'s import has written some contacts and its journal is still open. */
  async function importWriting(userId: number) {
    for (;;) {
      const journal = await countOf('select count(*) as n from unfinished_imports where user_id = ?', [userId]);
      const contactsWritten = await countOf('select count(*) as n from contacts where created_by = ?', [userId]);
      if (journal && contactsWritten) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('undoes an import whose owner deletes one of its contacts while it writes: 409, and nothing of it is left', async () => {
    const importer = await registerOn(child.baseUrl, 'deletesin');
    const userId = (await importer.get('/api/auth/me')).body.id as number;
    const answer = importHeavy(importer.cookie);
    await importWriting(userId);
    const first = await countOf('select min(id) as n from contacts where created_by = ?', [userId]);
    expect((await importer.delete(`/api/contacts/${first}`)).status).toBe(200);
    const res = await answer;
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Records this import wrote were changed or deleted while it ran, so nothing was imported. Please try again.');
    for (const table of ['contacts', 'activities', 'follow_ups'])
      expect(await countOf(`select count(*) as n from ${table} where created_by = ?`, [userId])).toBe(0);
    expect(await countOf('select count(*) as n from unfinished_imports where ? > 0', [1])).toBe(0);
  }, 180_000);

  it('leaves nothing of an import cut short by a crash: the next start deletes what it wrote', async () => {
    const importer = await registerOn(child.baseUrl, 'crashin');
    const userId = (await importer.get('/api/auth/me')).body.id as number;
    const cut = importHeavy(importer.cookie).catch(() => 'cut short');
    // Killed once some slices are written and the import's journal is still open.
    await importWriting(userId);
    child.child.kill('SIGKILL');
    await child.exited;
    expect(await cut).toBe('cut short');
    expect(await countOf('select count(*) as n from contacts where created_by = ?', [userId])).toBeGreaterThan(0);
    child = await spawnServer({ DATABASE_URL: dbUrl, NODE_ENV: 'production' });
    for (const table of ['contacts', 'activities', 'follow_ups', 'goals'])
      expect(await countOf(`select count(*) as n from ${table} where created_by = ?`, [userId])).toBe(0);
    expect(await countOf('select count(*) as n from unfinished_imports where ? > 0', [1])).toBe(0);
    // The account itself is whole: its session still serves it.
    const restarted = Object.assign(new ApiClient(child.baseUrl), { cookie: importer.cookie });
    expect((await restarted.get('/api/auth/me')).body.id).toBe(userId);
  }, 180_000);
});
