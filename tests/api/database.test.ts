// The libSQL setup: pragmas on the writer, busy timeout on every reader, cascades after a transaction, two writers at once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../db/client';
import { prepareDatabase } from '../../db/migrate';
import { activities, contacts, users } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { bundled } from './process';

const execFileAsync = promisify(execFile);

let dir: string;
let url: string;
let database: Database;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sower-db-'));
  url = `file:${join(dir, 'db.sqlite')}`;
  database = await openDatabase({ url, busyTimeoutMs: 4321 });
  await prepareDatabase(database);
});
afterAll(() => {
  database.close();
  rmSync(dir, { recursive: true, force: true });
});

async function pragma(client: Database['writerClient'], name: string) {
  const result = await client.execute(`PRAGMA ${name}`);
  return Object.values(result.rows[0])[0];
}

async function makeUser(db: Database, username: string) {
  const [user] = await db.write((tx) =>
    tx
      .insert(users)
      .values({ username, usernameKey: username, email: `${username}@example.com`, passwordHash: 'x' })
      .returning({ id: users.id }),
  );
  return user.id;
}

describe('connection setup', () => {
  it('puts WAL, synchronous=NORMAL and foreign keys on the writer connection', async () => {
    expect(await pragma(database.writerClient, 'journal_mode')).toBe('wal');
    expect(Number(await pragma(database.writerClient, 'synchronous'))).toBe(1);
    expect(Number(await pragma(database.writerClient, 'foreign_keys'))).toBe(1);
  });

  it('keeps writing on that same connection after many transactions', async () => {
    const userId = await makeUser(database, 'many-writes');
    await Promise.all(Array.from({ length: 50 }, (_, i) => database.write((tx) => tx.insert(contacts).values({ name: `c${i}`, createdBy: userId }))));
    expect(Number(await pragma(database.writerClient, 'synchronous'))).toBe(1);
  });

  it('gives a second pooled reader connection the busy timeout and foreign keys too', async () => {
    const held = await database.readerClient.transaction('read');
    try {
      expect(Number(await pragma(database.readerClient, 'busy_timeout'))).toBe(4321);
      expect(Number(await pragma(database.readerClient, 'foreign_keys'))).toBe(1);
      expect(Number((await held.execute('PRAGMA busy_timeout')).rows[0][0])).toBe(4321);
    } finally {
      held.close();
    }
  });
});

describe('integrity', () => {
  it('cascades a contact delete to its activities after both were written in one transaction', async () => {
    const userId = await makeUser(database, 'cascade');
    const contactId = await database.write(async (tx) => {
      const [contact] = await tx.insert(contacts).values({ name: 'Lydia', createdBy: userId }).returning({ id: contacts.id });
      await tx.insert(activities).values({ contactId: contact.id, type: 'conversation', createdBy: userId });
      return contact.id;
    });
    expect(await database.read.select().from(activities).where(eq(activities.contactId, contactId))).toHaveLength(1);
    await database.write((tx) => tx.delete(contacts).where(eq(contacts.id, contactId)));
    expect(await database.read.select().from(activities).where(eq(activities.contactId, contactId))).toHaveLength(0);
  });

  it('rolls back every row of a transaction that fails part way', async () => {
    const userId = await makeUser(database, 'rollback');
    await expect(
      database.write(async (tx) => {
        await tx.insert(contacts).values({ name: 'Half done', createdBy: userId });
        await tx.insert(activities).values({ contactId: 999_999, type: 'conversation', createdBy: userId });
      }),
    ).rejects.toThrow();
    expect(await database.read.select().from(contacts).where(eq(contacts.createdBy, userId))).toHaveLength(0);
  });

  it('lets another process write at the same time without losing a row', async () => {
    const userId = await makeUser(database, 'two-writers');
    const child = execFileAsync(process.execPath, [bundled('writer'), url, String(userId), '150', 'child']);
    const mine = Promise.all(
      Array.from({ length: 150 }, (_, i) => database.write((tx) => tx.insert(contacts).values({ name: `parent-${i}`, createdBy: userId }))),
    );
    await Promise.all([child, mine]);
    const rows = await database.read.select({ name: contacts.name }).from(contacts).where(eq(contacts.createdBy, userId));
    expect(rows).toHaveLength(300);
    expect(rows.filter((r) => r.name.startsWith('child-'))).toHaveLength(150);
  });
});
