// Pray today over REST (issue 16): the day's list of a user's own active requests, 'I prayed' and 'Not today', the rotation
// over several days so every request comes up in turn, the list's length; and 'Any changes spiritually?' (its count and reset).
import { describe, expect, it } from 'vitest';
import { PRAY_TODAY_MAX } from '../../shared/nudges';
import { prayTodayForDigest } from '../../server/nudges/prayToday';
import { joinTeam, serverForFile, signedInClient, type ApiClient } from './harness';

const DAY = 86_400_000;

const server = serverForFile();

/** A user with a contact and `n` active requests, created in order (ids ascending). */
async function praying(n: number, prefix = 'intercessor') {
  const s = await signedInClient(server, prefix);
  const contactId = (await s.client.post('/api/contacts', { name: 'Epaphras' })).body.id as number;
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push((await s.client.post('/api/prayer-requests', { contactId, request: `Request ${i + 1}` })).body.id);
  return { ...s, contactId, ids };
}

/** A day passes for one user: every moment their requests were handled moves a day into the past. */
async function nextDay(userId: number) {
  await server.database.writerClient.execute({
    sql: 'update prayer_requests set rotated_at = rotated_at - ?, last_prayed_at = last_prayed_at - ? where created_by = ?',
    args: [DAY, DAY, userId],
  });
}

async function row(id: number) {
  const [found] = (
    await server.database.readerClient.execute({ sql: 'select prayed_count, last_prayed_at, rotated_at from prayer_requests where id = ?', args: [id] })
  ).rows;
  return { prayedCount: Number(found.prayed_count), lastPrayedAt: found.last_prayed_at as number | null, rotatedAt: found.rotated_at as number | null };
}

const today = async (client: ApiClient) => {
  const res = await client.get('/api/prayer-requests/today');
  expect(res.status).toBe(200);
  return res.body as {
    count: number;
    items: { id: number; request: string; contactName: string; prayedToday: boolean; prayedCount: number; lastPrayedAt: string | null }[];
  };
};
const ids = (list: { items: { id: number }[] }) => list.items.map((item) => item.id);

describe('Pray today', () => {
  it('lists up to 5 active requests, never handled first, with the contact and the default count', async () => {
    const { client, ids: all } = await praying(7);
    await client.post(`/api/prayer-requests/${all[6]}/answer`);
    const list = await today(client);
    expect(list.count).toBe(5);
    expect(ids(list)).toEqual(all.slice(0, 5));
    expect(list.items[0]).toEqual({
      id: all[0],
      contactId: expect.any(Number),
      contactName: 'Epaphras',
      request: 'Request 1',
      prayedCount: 0,
      lastPrayedAt: null,
      listId: null,
      listName: null,
      prayedToday: false,
    });
  });

  it("'I prayed' counts, records the time and keeps the request in today's list as prayed; the list can be finished", async () => {
    const { client, ids: all } = await praying(3);
    const before = Date.now();
    const res = await client.post(`/api/prayer-requests/${all[1]}/pray`);
    expect(res.status).toBe(200);
    expect(res.body.prayedCount).toBe(1);
    const stored = await row(all[1]);
    expect(stored.prayedCount).toBe(1);
    expect(stored.lastPrayedAt).toBeGreaterThanOrEqual(before);
    expect(stored.rotatedAt).toBe(stored.lastPrayedAt);

    let list = await today(client);
    expect(list.items.map((item) => [item.id, item.prayedToday])).toEqual([
      [all[1], true],
      [all[0], false],
      [all[2], false],
    ]);
    expect(list.items[0].lastPrayedAt).not.toBeNull();

    for (const id of [all[0], all[2]]) await client.post(`/api/prayer-requests/${id}/pray`);
    list = await today(client);
    expect(list.items.every((item) => item.prayedToday)).toBe(true);
    expect(ids(list)).toEqual([all[1], all[0], all[2]]);
  });

  it("'Not today' takes a request out of today's list, and the next in turn fills its place", async () => {
    const { client, user, ids: all } = await praying(7);
    const res = await client.post(`/api/prayer-requests/${all[2]}/not-today`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, id: all[2] });
    expect((await row(all[2])).prayedCount).toBe(0);
    expect(ids(await today(client))).toEqual([all[0], all[1], all[3], all[4], all[5]]);
    // The next day it waits behind the ones never handled.
    await nextDay(user.id);
    expect(ids(await today(client))).toEqual([all[0], all[1], all[3], all[4], all[5]]);
  });

  it('rotates over several days so every active request comes up in turn', async () => {
    const { client, user, ids: all } = await praying(7);
    await client.put('/api/account/pray-today', { count: 3 });
    const seen: number[][] = [];
    for (let day = 0; day < 5; day++) {
      const list = await today(client);
      expect(list.items).toHaveLength(3);
      seen.push(ids(list));
      // Pray for the first two, set the third aside.
      await client.post(`/api/prayer-requests/${list.items[0].id}/pray`);
      await client.post(`/api/prayer-requests/${list.items[1].id}/pray`);
      await client.post(`/api/prayer-requests/${list.items[2].id}/not-today`);
      await nextDay(user.id);
    }
    expect(seen[0]).toEqual(all.slice(0, 3));
    expect(seen[1]).toEqual(all.slice(3, 6));
    // Day 3: the last never handled, then the longest waiting.
    expect(seen[2]).toEqual([all[6], all[0], all[1]]);
    // Within any window of 7 requests' worth of days every one came up.
    expect(new Set(seen.slice(0, 3).flat())).toEqual(new Set(all));
    expect(new Set(seen.flat()).size).toBe(7);
  });

  it('takes the day from the caller: a request prayed before their day began is due again', async () => {
    const { client, ids: all } = await praying(2);
    await client.post(`/api/prayer-requests/${all[0]}/pray`);
    const soon = new Date(Date.now() + 60_000).toISOString();
    const res = await client.get(`/api/prayer-requests/today?todayStart=${encodeURIComponent(soon)}`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((item: { id: number; prayedToday: boolean }) => [item.id, item.prayedToday])).toEqual([
      [all[1], false],
      [all[0], false],
    ]);
    const bad = await client.get(`/api/prayer-requests/today?todayStart=${encodeURIComponent(new Date(Date.now() - 5 * DAY).toISOString())}`);
    expect(bad.status).toBe(400);
    expect(bad.body.issues).toEqual([{ path: 'todayStart', message: 'todayStart must be the start of the current day' }]);
  });

  it('two quick presses of I prayed count twice and stay one request', async () => {
    const { client, user, ids: all } = await praying(1);
    const [a, b] = await Promise.all([client.post(`/api/prayer-requests/${all[0]}/pray`), client.post(`/api/prayer-requests/${all[0]}/pray`)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect((await row(all[0])).prayedCount).toBe(2);
    const list = await today(client);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ id: all[0], prayedCount: 2, prayedToday: true });
    const n = await server.database.readerClient.execute({ sql: 'select count(*) as n from prayer_requests where created_by = ?', args: [user.id] });
    expect(Number(n.rows[0].n)).toBe(1);
  });

  it.each([
    ['zero', { count: 0 }],
    ['too many', { count: PRAY_TODAY_MAX + 1 }],
    ['a fraction', { count: 2.5 }],
    ['text', { count: 'five' }],
    ['nothing', {}],
  ])('refuses a count of %s with 400 and changes nothing', async (_, body) => {
    const { client } = await praying(0);
    const res = await client.put('/api/account/pray-today', body);
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'count', message: `Count must be a whole number from 1 to ${PRAY_TODAY_MAX}` }]);
    expect((await today(client)).count).toBe(5);
  });

  it('keeps a count from 1 to the most, and the list holds that many', async () => {
    const { client, ids: all } = await praying(3);
    expect((await client.put('/api/account/pray-today', { count: 1 })).body).toEqual({ count: 1 });
    expect(ids(await today(client))).toEqual([all[0]]);
    expect((await client.put('/api/account/pray-today', { count: PRAY_TODAY_MAX })).body).toEqual({ count: PRAY_TODAY_MAX });
    expect((await today(client)).items).toHaveLength(3);
  });

  it("answers 404 for another user's request and changes nothing; a teammate's prayer leaves the author's rotation alone", async () => {
    const author = await praying(2, 'author');
    const stranger = await signedInClient(server, 'stranger');
    for (const path of [
      `/api/prayer-requests/${author.ids[0]}/not-today`,
      `/api/prayer-requests/${author.ids[0]}/pray`,
      '/api/prayer-requests/99999999/not-today',
    ]) {
      const res = await stranger.client.post(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Prayer request not found', code: 'NOT_FOUND' });
    }
    expect(await row(author.ids[0])).toEqual({ prayedCount: 0, lastPrayedAt: null, rotatedAt: null });
    expect((await today(stranger.client)).items).toEqual([]);

    // A team request: the teammate may pray (the count goes up) but not rotate it out of the author's list.
    const team = (await author.client.post('/api/teams', { name: 'Intercessors' })).body.id;
    const mate = await signedInClient(server, 'mate');
    await joinTeam(author.client, team, { client: mate.client, id: mate.user.id });
    // A request takes its contact's team (issue 30): this one is about a team contact.
    const teamContact = (await author.client.post('/api/contacts', { name: 'Team friend', teamId: team })).body.id;
    const shared = (await author.client.post('/api/prayer-requests', { contactId: teamContact, request: 'Shared' })).body.id;
    expect((await mate.client.post(`/api/prayer-requests/${shared}/pray`)).status).toBe(200);
    expect(await row(shared)).toEqual({ prayedCount: 1, lastPrayedAt: null, rotatedAt: null });
    expect((await mate.client.post(`/api/prayer-requests/${shared}/not-today`)).status).toBe(404);
    expect(await row(shared)).toEqual({ prayedCount: 1, lastPrayedAt: null, rotatedAt: null });
    expect(ids(await today(author.client))).toEqual([...author.ids, shared]);
    expect((await today(mate.client)).items).toEqual([]);
  });

  it('gives the digest the requests still to pray for today, in the time zone given', async () => {
    const { client, user, ids: all } = await praying(3);
    await client.post(`/api/prayer-requests/${all[0]}/pray`);
    await client.post(`/api/prayer-requests/${all[1]}/not-today`);
    const left = await prayTodayForDigest(server.database.read, user.id, Date.now(), 'UTC');
    expect(left).toEqual([{ id: all[2], request: 'Request 3', contactName: 'Epaphras' }]);
  });
});

describe("'Any changes spiritually?'", () => {
  const check = async (client: ApiClient, id: number) => (await client.get(`/api/contacts/${id}/spiritual-check`)).body;

  it('asks after three activities since the status last changed, and an answer (even no change) starts the count again', async () => {
    const { client } = await signedInClient(server, 'sower');
    const contact = (await client.post('/api/contacts', { name: 'Lydia', spiritualStatus: 'seeking' })).body;
    expect(await check(client, contact.id)).toEqual({ id: contact.id, spiritualStatus: 'seeking', activitiesSinceChange: 0, ask: false, since: 'added' });
    // What a backdated activity counts for: tests/api/spiritual-check.test.ts.
    const answers = [];
    for (let i = 0; i < 3; i++) answers.push((await client.post('/api/activities', { contactId: contact.id, type: 'conversation' })).body.askSpiritualChange);
    expect(answers).toEqual([false, false, true]);
    expect(await check(client, contact.id)).toEqual({ id: contact.id, spiritualStatus: 'seeking', activitiesSinceChange: 3, ask: true, since: 'added' });

    const same = await client.post(`/api/contacts/${contact.id}/spiritual-check`, { status: 'seeking' });
    expect(same.status).toBe(200);
    expect(same.body).toEqual({ id: contact.id, spiritualStatus: 'seeking', activitiesSinceChange: 0, ask: false, since: 'checked' });
    let timeline = (await client.get(`/api/contacts/${contact.id}/timeline`)).body;
    expect(timeline.journey.map((s: { fromStatus: string | null; toStatus: string }) => [s.fromStatus, s.toStatus])).toEqual([
      [null, 'seeking'],
      ['seeking', 'seeking'],
    ]);

    for (let i = 0; i < 3; i++) await client.post('/api/activities', { contactId: contact.id, type: 'conversation' });
    const changed = await client.post(`/api/contacts/${contact.id}/spiritual-check`, { status: 'new_believer' });
    expect(changed.body).toEqual({ id: contact.id, spiritualStatus: 'new_believer', activitiesSinceChange: 0, ask: false, since: 'changed' });
    timeline = (await client.get(`/api/contacts/${contact.id}/timeline`)).body;
    expect(timeline.contact.spiritualStatus).toBe('new_believer');
    expect(timeline.journey.at(-1)).toMatchObject({ fromStatus: 'seeking', toStatus: 'new_believer' });
  });

  it("refuses a bad status with 400 and another user's contact with 404, changing nothing", async () => {
    const owner = await signedInClient(server, 'owner');
    const contact = (await owner.client.post('/api/contacts', { name: 'Priscilla', spiritualStatus: 'growing' })).body;
    const bad = await owner.client.post(`/api/contacts/${contact.id}/spiritual-check`, { status: 'enlightened' });
    expect(bad.status).toBe(400);
    const stranger = await signedInClient(server, 'stranger');
    expect((await stranger.client.get(`/api/contacts/${contact.id}/spiritual-check`)).status).toBe(404);
    const res = await stranger.client.post(`/api/contacts/${contact.id}/spiritual-check`, { status: 'mature' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Contact not found', code: 'NOT_FOUND' });
    const timeline = (await owner.client.get(`/api/contacts/${contact.id}/timeline`)).body;
    expect(timeline.contact.spiritualStatus).toBe('growing');
    expect(timeline.journey).toHaveLength(1);
  });
});
