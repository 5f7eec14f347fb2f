// Migrations: a newer version upgrades an older database; a failing migration leaves it untouched; /healthz tells.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { migrationsFolder, prepareDatabase } from '../../db/migrate';
import { ApiClient, startServer } from './harness';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'sower-migrate-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A copy of the committed migrations plus one more, as the next release would ship it. */
function nextRelease(name: string, sqlText: string) {
  const folder = join(dir, name);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  const last = journal.entries.at(-1);
  const tag = `${String(last.idx + 1).padStart(4, '0')}_${name}`;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1000, tag });
  writeFileSync(journalPath, JSON.stringify(journal));
  writeFileSync(join(folder, `${tag}.sql`), sqlText);
  return folder;
}

async function columnsOf(url: string, table: string) {
  const database = await openDatabase({ url });
  const rows = (await database.readerClient.execute(`PRAGMA table_info(${table})`)).rows.map((r) => String(r.name));
  database.close();
  return rows;
}

describe('migrations', () => {
  it('upgrades an older database when a newer version starts, keeping its rows', async () => {
    const url = `file:${join(dir, 'upgrade.db')}`;
    const old = await openDatabase({ url });
    await prepareDatabase(old);
    await old.write((tx) => tx.run("insert into users (username, email, password_hash) values ('elder', 'elder@example.com', 'x')"));
    old.close();

    const folder = nextRelease('add_nickname', 'ALTER TABLE `users` ADD `nickname` text;');
    const newer = await openDatabase({ url });
    await prepareDatabase(newer, folder);
    const users = await newer.readerClient.execute('select username from users');
    newer.close();
    expect(await columnsOf(url, 'users')).toContain('nickname');
    expect(users.rows.map((r) => r.username)).toContain('elder');
  });

  it('leaves the database untouched when a migration fails part way, and says why', async () => {
    const url = `file:${join(dir, 'broken.db')}`;
    const old = await openDatabase({ url });
    await prepareDatabase(old);
    old.close();
    const before = await columnsOf(url, 'contacts');

    const folder = nextRelease(
      'broken',
      'ALTER TABLE `contacts` ADD `birthday` integer;\n--> statement-breakpoint\nINSERT INTO `no_such_table` VALUES (1);',
    );
    const newer = await openDatabase({ url });
    await expect(prepareDatabase(newer, folder)).rejects.toThrow(/no_such_table|Failed query/);
    const applied = await newer.readerClient.execute('select count(*) as n from __drizzle_migrations');
    newer.close();
    expect(await columnsOf(url, 'contacts')).toEqual(before);
    const shipped = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')).entries.length;
    expect(Number(applied.rows[0].n)).toBe(shipped);
  });
});

describe('health check', () => {
  it('answers 503 when the database does not answer', async () => {
    const server = await startServer();
    try {
      expect((await new ApiClient(server.baseUrl).get('/healthz')).status).toBe(200);
      server.database.readerClient.close();
      const res = await new ApiClient(server.baseUrl).get('/healthz');
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: 'unavailable' });
    } finally {
      await server.close();
    }
  });
});
