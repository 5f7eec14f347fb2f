// Migrations: a newer version upgrades an older database; a failing migration leaves it untouched; /healthz tells.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { migrationsFolder, prepareDatabase } from '../../db/migrate';
import { ApiClient, startServer } from './harness';
import { backfillSearchKeys, contactKeys } from '../../server/queries/searchKeys';

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

    const folder = nextRelease('broken', 'ALTER TABLE `contacts` ADD `birthday` integer;\n--> statement-breakpoint\nINSERT INTO `no_such_table` VALUES (1);');
    const newer = await openDatabase({ url });
    await expect(prepareDatabase(newer, folder)).rejects.toThrow(/no_such_table|Failed query/);
    const applied = await newer.readerClient.execute('select count(*) as n from __drizzle_migrations');
    newer.close();
    expect(await columnsOf(url, 'contacts')).toEqual(before);
    const shipped = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')).entries.length;
    expect(Number(applied.rows[0].n)).toBe(shipped);
  });

  // drizzle applies a migration only when its journal time is later than the last one applied: one stamped earlier than
  // its predecessor would be skipped on every database that has the predecessor.
  it('stamps every shipped migration later than the one before it', () => {
    const { entries } = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] };
    const outOfOrder = entries.filter((entry, index) => index > 0 && entry.when <= entries[index - 1].when).map((entry) => entry.tag);
    expect(outOfOrder).toEqual([]);
  });
});

/** The committed migrations up to `tag`, as an earlier release shipped them. */
function releaseUpTo(tag: string) {
  const folder = join(dir, `upto-${tag}`);
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8'));
  journal.entries = journal.entries.slice(0, journal.entries.findIndex((entry: { tag: string }) => entry.tag === tag) + 1);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

describe('migration 0011 (last contact, series end)', () => {
  it('gives old completed follow-ups a completion no later than the upgrade, and removes next ones written past 2200', async () => {
    const url = `file:${join(dir, 'series-end.db')}`;
    const old = await openDatabase({ url });
    await prepareDatabase(old, releaseUpTo('0010_nudges'));
    const far = Date.UTC(10717, 7, 1, 12);
    const insert = (values: string) =>
      old.write((tx) =>
        tx.run(
          sql.raw(
            `insert into follow_ups (id, contact_id, date, description, type, completed, completed_at, series_id, repeat_every, repeat_unit, repeat_from, created_by) values ${values}`,
          ),
        ),
      );
    await old.write((tx) => tx.run(sql.raw("insert into users (id, username, email, password_hash) values (1, 'elder', 'elder@example.com', 'x')")));
    await old.write((tx) => tx.run(sql.raw("insert into contacts (id, name, created_by) values (1, 'Lydia', 1)")));
    await insert(
      [
        // Completed before completed_at existed: one dated last year, one dated in 2200.
        `(1, 1, ${Date.UTC(2025, 0, 5, 12)}, 'Past', 'phone', 1, null, null, null, null, null, 1)`,
        `(2, 1, ${Date.UTC(2200, 11, 1, 12)}, 'Future', 'phone', 1, null, null, null, null, null, 1)`,
        // A yearly series from 2200-12-01 completed twice: the pending next one in year 10717.
        `(3, 1, ${Date.UTC(2200, 11, 1, 12)}, 'Yearly', 'phone', 1, ${Date.UTC(2026, 0, 1)}, 3, 365, 'month', 'date', 1)`,
        `(4, 1, ${Date.UTC(2231, 4, 1, 12)}, 'Yearly', 'phone', 1, ${Date.UTC(2026, 0, 2)}, 3, 365, 'month', 'date', 1)`,
        `(5, 1, ${far}, 'Yearly', 'phone', 0, null, 3, 365, 'month', 'date', 1)`,
        // Pending and within the range, or typed by its user before dates were held to 2200: kept.
        `(6, 1, ${Date.UTC(2200, 11, 31, 12)}, 'Last day', 'phone', 0, null, 3, 365, 'month', 'date', 1)`,
        `(7, 1, ${far}, 'Typed long ago', 'phone', 0, null, 7, 1, 'day', 'date', 1)`,
      ].join(', '),
    );
    old.close();

    const before = Date.now();
    const newer = await openDatabase({ url });
    await prepareDatabase(newer);
    const rows = (await newer.readerClient.execute('select id, completed_at from follow_ups order by id')).rows.map((r) => [
      Number(r.id),
      r.completed_at === null ? null : Number(r.completed_at),
    ]);
    newer.close();
    expect(rows.map(([id]) => id)).toEqual([1, 2, 3, 4, 6, 7]);
    expect(rows[0][1]).toBe(Date.UTC(2025, 0, 5, 12));
    expect(rows[1][1]).toBeGreaterThanOrEqual(before - 1000);
    expect(rows[1][1]).toBeLessThanOrEqual(Date.now());
    expect(rows.slice(2)).toEqual([
      [3, Date.UTC(2026, 0, 1)],
      [4, Date.UTC(2026, 0, 2)],
      [6, null],
      [7, null],
    ]);
  });
});

describe('migration 0029 (a prayer request may name no one)', () => {
  it('rebuilds prayer_requests keeping its rows, its tallies counting and every trigger on it', async () => {
    const url = `file:${join(dir, 'prayer-rebuild.db')}`;
    const old = await openDatabase({ url });
    await prepareDatabase(old, releaseUpTo('0028_contact_relationships'));
    const triggers = async (database: typeof old) =>
      (await database.readerClient.execute("select name from sqlite_master where type = 'trigger' and tbl_name = 'prayer_requests' order by name")).rows.map(
        (r) => String(r.name),
      );
    const before = await triggers(old);
    await old.write((tx) => tx.run(sql.raw("insert into users (id, username, email, password_hash) values (50, 'elder', 'elder@example.com', 'x')")));
    await old.write((tx) => tx.run(sql.raw("insert into contacts (id, name, created_by) values (1, 'Lydia', 50)")));
    await old.write((tx) => tx.run(sql.raw("insert into prayer_requests (id, contact_id, request, prayed_count, created_by) values (1, 1, 'Healing', 2, 50)")));
    old.close();

    const newer = await openDatabase({ url });
    await prepareDatabase(newer);
    expect(await triggers(newer)).toEqual(before);
    expect(before).toHaveLength(6);
    await newer.write((tx) => tx.run(sql.raw("insert into prayer_requests (request, created_by) values ('Our city', 50)")));
    const rows = (await newer.readerClient.execute('select id, contact_id, list_id, request from prayer_requests order by id')).rows.map((r) => [
      r.id,
      r.contact_id,
      r.list_id,
      r.request,
    ]);
    const tally = (await newer.readerClient.execute("select row_count, prayed from row_tallies where entity = 'prayer' and created_by = 50")).rows[0];
    newer.close();
    expect(rows).toEqual([
      [1, 1, null, 'Healing'],
      [2, null, null, 'Our city'],
    ]);
    expect([Number(tally.row_count), Number(tally.prayed)]).toEqual([2, 2]);
  });

  it('counts the other people an older release wrote into each activity and each person', async () => {
    const url = `file:${join(dir, 'people-counts.db')}`;
    const old = await openDatabase({ url });
    await prepareDatabase(old, releaseUpTo('0030_follow_up_and_goal_search_keys'));
    const run = (text: string) => old.write((tx) => tx.run(sql.raw(text)));
    await run("insert into users (id, username, email, password_hash) values (60, 'host', 'host@example.com', 'x')");
    await run("insert into contacts (id, name, created_by) values (1, 'Ana', 60), (2, 'Ben', 60), (3, 'Cleo', 60)");
    await run("insert into activities (id, contact_id, type, date, created_by) values (1, 1, 'other', 0, 60), (2, 1, 'other', 0, 60), (3, 2, 'other', 0, 60)");
    await run('insert into activity_contacts (activity_id, contact_id, date) values (1, 2, 0), (1, 3, 0), (3, 3, 0)');
    old.close();

    const newer = await openDatabase({ url });
    await prepareDatabase(newer);
    const counts = async (query: string) => (await newer.readerClient.execute(query)).rows.map((r) => Number(r.n));
    expect(await counts('select others_count as n from activities order by id')).toEqual([2, 0, 1]);
    expect(await counts('select also_there_count as n from contacts order by id')).toEqual([0, 1, 2]);
    // And the triggers keep them from then on.
    await newer.write((tx) => tx.run(sql.raw('delete from activities where id = 1')));
    expect(await counts('select also_there_count as n from contacts order by id')).toEqual([0, 0, 1]);
    newer.close();
  });
});

describe('migration 0013 (search keys)', () => {
  it('keys the rows an older release wrote, in batches that let other work run between them', async () => {
    const url = `file:${join(dir, 'search-keys.db')}`;
    const old = await openDatabase({ url });
    await prepareDatabase(old, releaseUpTo('0012_email_confirmation'));
    const run = (text: string) => old.write((tx) => tx.run(sql.raw(text)));
    await run("insert into users (id, username, email, username_key, password_hash) values (1, 'elder', 'elder@example.com', 'elder', 'x')");
    await run(
      "insert into contacts (id, name, email, phone, notes, created_by) values (1, 'Ramón Pérez', 'R@Correo.example', '+34 600 12 34 56', 'Vive en Málaga', 1), (2, 'أحمد', null, '٠٥٠١٢٣', null, 1)",
    );
    // More activities than one batch holds.
    await run(
      `with recursive n(x) as (select 1 union all select x + 1 from n where x < 1200) insert into activities (contact_id, type, notes, description, created_by) select 1, 'conversation', 'Café ' || x, 'Conversación', 1 from n`,
    );
    await run("insert into prayer_requests (contact_id, request, created_by) values (2, 'شفاء لأمّه', 1)");
    old.close();

    const newer = await openDatabase({ url });
    await prepareDatabase(newer);
    const read = async (text: string) => (await newer.readerClient.execute(text)).rows.map((row) => ({ ...row }));
    expect(await read('select count(*) as n from activities where search_key is null')).toEqual([{ n: 1200 }]);

    // A turn of the event loop queued now runs before the backfill is through: it never holds the loop for all of it.
    let backfillDone = false;
    const otherWork = new Promise<boolean>((resolve) => setImmediate(() => resolve(backfillDone)));
    const keyed = await backfillSearchKeys(newer).then((n) => ((backfillDone = true), n));
    expect(await otherWork).toBe(false);
    expect(keyed).toBe(2 + 1200 + 1);

    expect(await read('select id, name_key, search_key from contacts order by id')).toEqual([
      { id: 1, name_key: 'ramon perez', search_key: 'ramon perez\nr@correo.example\n+34 600 12 34 56\n+34600123456\nvive en malaga' },
      { id: 2, name_key: 'احمد', search_key: 'احمد\n\n050123\n050123\n' },
    ]);
    // The same keys a write of today gives.
    expect(contactKeys({ name: 'Ramón Pérez', email: 'R@Correo.example', phone: '+34 600 12 34 56', notes: 'Vive en Málaga' })).toEqual({
      nameKey: 'ramon perez',
      searchKey: 'ramon perez\nr@correo.example\n+34 600 12 34 56\n+34600123456\nvive en malaga',
    });
    expect(await read("select count(*) as n from activities where search_key = 'cafe ' || id || '\nconversacion'")).toEqual([{ n: 1200 }]);
    expect(await read('select search_key from prayer_requests')).toEqual([{ search_key: 'شفاء لامه' }]);
    // Nothing left: a later start keys nothing, in one seek per table.
    expect(await backfillSearchKeys(newer)).toBe(0);
    newer.close();
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
