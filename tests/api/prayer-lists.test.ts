// Prayer lists and prayers for anyone (issue 50 §5): a request about no one person through REST, tRPC and an import;
// lists of one's own (made, renamed, counted a day, deleted keeping their requests), another's list refused; Pray
// today taking each list's turn over a simulated week, answered ones leaving it.
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { dayStartIn, prayTodayList } from '../../server/nudges/prayToday';
import { MAX_PRAYER_LISTS } from '../../shared/schemas/prayerLists';
import { joinTeam, serverForFile, signedInClient, type ApiClient } from './harness';
import { trpcBatch, trpcMutation, trpcQuery } from './trpc';

const DAY = 86_400_000;

const server = serverForFile();

/** A day passes for one user: every moment their requests were handled moves a day into the past. */
async function nextDay(userId: number) {
  await server.database.writerClient.execute({
    sql: 'update prayer_requests set rotated_at = rotated_at - ?, last_prayed_at = last_prayed_at - ? where created_by = ?',
    args: [DAY, DAY, userId],
  });
}

/** Until the clock shows a later millisecond than now: a state waited for, not a fixed time. */
async function nextMillisecond() {
  const now = Date.now();
  while (Date.now() === now) await new Promise((resolve) => setImmediate(resolve));
}

type TodayItem = { id: number; listId: number | null; listName: string | null; prayedToday: boolean; contactName: string | null };
const today = async (client: ApiClient) => {
  const res = await client.get('/api/prayer-requests/today');
  expect(res.status).toBe(200);
  return res.body as { count: number; items: TodayItem[] };
};

const snapshot = () => server.rows('select id, list_id, contact_id, request from prayer_requests order by id');

describe('a prayer request about no one person', () => {
  it('is created over REST without contactId (201), read back with no contact, listed and edited', async () => {
    const { client } = await signedInClient(server, 'city');
    const res = await client.post('/api/prayer-requests', { request: 'Our city' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ contactId: null, contactName: null, request: 'Our city', listId: null, teamId: null });
    const explicit = await client.post('/api/prayer-requests', { contactId: null, request: 'The campus' });
    expect(explicit.status).toBe(201);
    expect((await client.get(`/api/prayer-requests/${res.body.id}`)).body.contactId).toBeNull();
    const list = (await client.get('/api/prayer-requests')).body as { request: string }[];
    expect(list.map((p) => p.request).sort()).toEqual(['Our city', 'The campus']);
    // The whole record sent back, its null contact too, is taken; a contact it never had is refused.
    const edited = await client.put(`/api/prayer-requests/${res.body.id}`, { contactId: null, listId: null, request: 'Our whole city' });
    expect(edited.status).toBe(200);
    expect(edited.body.request).toBe('Our whole city');
    const contact = (await client.post('/api/contacts', { name: 'Lydia' })).body.id;
    const moved = await client.put(`/api/prayer-requests/${res.body.id}`, { contactId: contact });
    expect(moved.status).toBe(400);
    expect((await client.get(`/api/prayer-requests/${res.body.id}`)).body.contactId).toBeNull();
    // The spec's error for the text stays.
    const empty = await client.post('/api/prayer-requests', { request: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.issues).toEqual([{ path: 'request', message: 'Prayer request is required' }]);
  });

  it('is created over tRPC, and a team member may put one in the team; a viewer may not', async () => {
    const owner = await signedInClient(server, 'teamowner');
    const viewer = await signedInClient(server, 'teamviewer');
    const made = await trpcMutation(owner.client, 'prayerRequests.create', { request: 'My exams' });
    expect(made.status).toBe(200);
    expect(made.data).toMatchObject({ contactId: null, request: 'My exams' });
    const team = (await owner.client.post('/api/teams', { name: 'Campus team' })).body.id;
    await joinTeam(owner.client, team, { client: viewer.client, id: viewer.user.id }, 'viewer');
    const shared = await owner.client.post('/api/prayer-requests', { request: 'The campus', teamId: team });
    expect(shared.status).toBe(201);
    expect(shared.body.teamId).toBe(team);
    expect((await viewer.client.get(`/api/prayer-requests/${shared.body.id}`)).body.request).toBe('The campus');
    expect((await viewer.client.post('/api/prayer-requests', { request: 'Not mine to add', teamId: team })).status).toBe(403);
  });

  it('is exported and imported back, with its list; an export without lists still imports', async () => {
    const { client } = await signedInClient(server, 'exporter');
    const family = (await client.post('/api/prayer-lists', { name: 'Family', perDay: 2 })).body.id;
    await client.post('/api/prayer-lists', { name: 'Empty one', perDay: 4 });
    const contact = (await client.post('/api/contacts', { name: 'Timothy' })).body.id;
    await client.post('/api/prayer-requests', { request: 'Our city' });
    await client.post('/api/prayer-requests', { request: 'Mum', listId: family });
    await client.post('/api/prayer-requests', { request: 'Timothy’s job', contactId: contact, listId: family });
    const file = (await client.get('/api/account/export')).body;
    expect(file.prayerLists.map((l: { name: string; perDay: number }) => [l.name, l.perDay])).toEqual([
      ['Family', 2],
      ['Empty one', 4],
    ]);
    expect(
      file.prayerRequests.map((p: { request: string; contactId: number | null; listName: string | null }) => [p.request, p.contactId, p.listName]),
    ).toEqual(
      expect.arrayContaining([
        ['Our city', null, null],
        ['Mum', null, 'Family'],
        ['Timothy’s job', contact, 'Family'],
      ]),
    );

    const { client: other, user } = await signedInClient(server, 'importer');
    // A list of the same name, in other letters, is used rather than doubled.
    const theirs = (await other.post('/api/prayer-lists', { name: 'FAMILY', perDay: 1 })).body.id;
    const res = await other.post('/api/account/import/export', { file: Buffer.from(JSON.stringify(file)).toString('base64') });
    expect(res.status).toBe(200);
    expect(res.body.created.prayerRequests).toBe(3);
    const lists = (await other.get('/api/prayer-lists')).body as { id: number; name: string; perDay: number; active: number }[];
    expect(lists.map((l) => [l.name, l.perDay, l.active])).toEqual([
      ['Empty one', 4, 0],
      ['FAMILY', 1, 2],
    ]);
    const rows = await server.rows('select request, contact_id is null as none, list_id from prayer_requests where created_by = ? order by request', [user.id]);
    expect(rows).toEqual([
      { request: 'Mum', none: 1, list_id: theirs },
      { request: 'Our city', none: 1, list_id: null },
      { request: 'Timothy’s job', none: 0, list_id: theirs },
    ]);

    // An export from before lists: no prayerLists, no listName, every request about a contact.
    const old = { ...file, prayerRequests: file.prayerRequests.filter((p: { contactId: number | null }) => p.contactId !== null) };
    delete old.prayerLists;
    for (const p of old.prayerRequests) delete p.listName;
    const { client: third, user: thirdUser } = await signedInClient(server, 'oldfile');
    const again = await third.post('/api/account/import/export', { file: Buffer.from(JSON.stringify(old)).toString('base64') });
    expect(again.status).toBe(200);
    expect(await server.rows('select request, list_id from prayer_requests where created_by = ?', [thirdUser.id])).toEqual([
      { request: 'Timothy’s job', list_id: null },
    ]);
    expect((await third.get('/api/prayer-lists')).body).toEqual([]);
  });
});

describe('prayer lists', () => {
  it('are made, listed by name, renamed, given a count a day, and deleted keeping their requests', async () => {
    const { client } = await signedInClient(server, 'lister');
    const made = await client.post('/api/prayer-lists', { name: '  Unreached peoples ', perDay: 2 });
    expect(made.status).toBe(201);
    expect(made.body).toEqual({ id: expect.any(Number), name: 'Unreached peoples', perDay: 2, createdAt: expect.any(String), active: 0, answered: 0 });
    const family = (await client.post('/api/prayer-lists', { name: 'Family' })).body;
    expect(family.perDay).toBe(3);
    expect((await client.get('/api/prayer-lists')).body.map((l: { name: string }) => l.name)).toEqual(['Family', 'Unreached peoples']);

    const a = (await client.post('/api/prayer-requests', { request: 'Mum', listId: family.id })).body;
    expect(a.listId).toBe(family.id);
    await client.post(`/api/prayer-requests/${a.id}/answer`);
    await client.post('/api/prayer-requests', { request: 'Dad', listId: family.id });
    expect((await client.get('/api/prayer-lists')).body[0]).toMatchObject({ name: 'Family', active: 1, answered: 1 });

    const renamed = await client.put(`/api/prayer-lists/${family.id}`, { name: 'Household', perDay: 5 });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Household', perDay: 5 });
    const taken = await client.put(`/api/prayer-lists/${family.id}`, { name: 'unreached PEOPLES' });
    expect(taken.status).toBe(409);
    expect((await client.post('/api/prayer-lists', { name: 'household' })).status).toBe(409);

    // A request leaves its list, and goes into another.
    expect((await client.put(`/api/prayer-requests/${a.id}`, { listId: null })).body.listId).toBeNull();
    expect((await client.put(`/api/prayer-requests/${a.id}`, { listId: made.body.id })).body.listId).toBe(made.body.id);

    const removed = await client.request('DELETE', `/api/prayer-lists/${family.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true, id: family.id });
    expect((await client.get('/api/prayer-requests')).body.map((p: { request: string; listId: number | null }) => [p.request, p.listId])).toEqual(
      expect.arrayContaining([
        ['Dad', null],
        ['Mum', made.body.id],
      ]),
    );
    expect((await client.get('/api/prayer-lists')).body).toHaveLength(1);
  });

  it.each([
    ['no name', { perDay: 2 }, 'name', 'List name is required'],
    ['a blank name', { name: '   ' }, 'name', 'List name is required'],
    ['a long name', { name: 'x'.repeat(41) }, 'name', 'List name must be at most 40 characters'],
    ['two lines', { name: 'a\nb' }, 'name', 'A list name is one line'],
    ['zero a day', { name: 'A', perDay: 0 }, 'perDay', 'Requests a day must be a whole number from 1 to 20'],
    ['21 a day', { name: 'A', perDay: 21 }, 'perDay', 'Requests a day must be a whole number from 1 to 20'],
    ['a fraction a day', { name: 'A', perDay: 1.5 }, 'perDay', 'Requests a day must be a whole number from 1 to 20'],
    ['a team', { name: 'A', teamId: 1 }, '', 'Unrecognized key: "teamId"'],
  ])('refuses %s with 400 and makes nothing', async (_, body, path, message) => {
    const { client, user } = await signedInClient(server, 'badlist');
    const res = await client.post('/api/prayer-lists', body);
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path, message }]);
    expect(await server.count('prayer_lists', 'created_by = ?', [user.id])).toBe(0);
  });

  it("are their author's alone: another user's list is 404 everywhere and nothing changes", async () => {
    const owner = await signedInClient(server, 'listowner');
    const stranger = await signedInClient(server, 'liststranger');
    const list = (await owner.client.post('/api/prayer-lists', { name: 'Mine' })).body.id;
    const theirRequest = (await stranger.client.post('/api/prayer-requests', { request: 'Theirs' })).body;
    const before = await snapshot();
    for (const res of [
      await stranger.client.put(`/api/prayer-lists/${list}`, { name: 'Taken' }),
      await stranger.client.request('DELETE', `/api/prayer-lists/${list}`),
      await stranger.client.post('/api/prayer-requests', { request: 'Sneaky', listId: list }),
      await stranger.client.put(`/api/prayer-requests/${theirRequest.id}`, { listId: list }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Prayer list not found', code: 'NOT_FOUND' });
    }
    expect(await snapshot()).toEqual(before);
    expect((await stranger.client.get('/api/prayer-lists')).body).toEqual([]);
    expect((await owner.client.get('/api/prayer-lists')).body[0].name).toBe('Mine');
    // Nor does ?list= show another's requests in it.
    await owner.client.post('/api/prayer-requests', { request: 'In my list', listId: list });
    expect((await stranger.client.get(`/api/prayer-requests?list=${list}`)).body).toEqual([]);
    expect((await owner.client.get(`/api/prayer-requests?list=${list}`)).body.map((p: { request: string }) => p.request)).toEqual(['In my list']);
  });

  it("on a team request: the author's list is hidden from teammates, and a teammate's list is refused", async () => {
    const author = await signedInClient(server, 'listauthor');
    const mate = await signedInClient(server, 'listmate');
    const team = (await author.client.post('/api/teams', { name: 'Praying team' })).body.id;
    // An admin, who may change anyone's team rows.
    await joinTeam(author.client, team, { client: mate.client, id: mate.user.id }, 'admin');
    const authorList = (await author.client.post('/api/prayer-lists', { name: 'Team' })).body.id;
    const mateList = (await mate.client.post('/api/prayer-lists', { name: 'Mine too' })).body.id;
    const request = (await author.client.post('/api/prayer-requests', { request: 'Our neighbourhood', teamId: team, listId: authorList })).body;
    expect(request.listId).toBe(authorList);
    const seen = (await mate.client.get(`/api/prayer-requests/${request.id}`)).body;
    expect(seen.listId).toBeNull();
    // Sending back what they see changes nothing of the author's list; their own list is refused.
    expect(
      (await mate.client.put(`/api/prayer-requests/${request.id}`, { contactId: seen.contactId, listId: seen.listId, request: 'Our whole neighbourhood' }))
        .status,
    ).toBe(200);
    expect((await mate.client.put(`/api/prayer-requests/${request.id}`, { listId: mateList })).status).toBe(404);
    expect(await server.rows('select list_id, request from prayer_requests where id = ?', [request.id])).toEqual([
      { list_id: authorList, request: 'Our whole neighbourhood' },
    ]);
  });

  it(`are at most ${MAX_PRAYER_LISTS}, counted call by call in a tRPC batch and under concurrent creates`, async () => {
    const { client, user } = await signedInClient(server, 'manylists');
    await server.database.writerClient.execute({
      sql: `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${MAX_PRAYER_LISTS - 3})
        insert into prayer_lists (name, created_by) select 'list ' || i, ? from n`,
      args: [user.id],
    });
    const batch = await trpcBatch(
      client,
      Array.from({ length: 5 }, (_, i) => ({ path: 'prayerLists.create', input: { name: `batched ${i}` } })),
    );
    expect((batch.body as { error?: { json: { data: { httpStatus: number } } } }[]).map((call) => call.error?.json.data.httpStatus)).toEqual([
      undefined,
      undefined,
      undefined,
      400,
      400,
    ]);
    expect(await server.count('prayer_lists', 'created_by = ?', [user.id])).toBe(MAX_PRAYER_LISTS);
    await client.request('DELETE', `/api/prayer-lists/${(await client.get('/api/prayer-lists')).body[0].id}`);
    const statuses = (await Promise.all(Array.from({ length: 4 }, (_, i) => client.post('/api/prayer-lists', { name: `at once ${i}` })))).map((r) => r.status);
    expect(statuses.sort()).toEqual([201, 400, 400, 400]);
    const full = await client.post('/api/prayer-lists', { name: 'One more' });
    expect(full.body.issues).toEqual([{ path: 'name', message: `At most ${MAX_PRAYER_LISTS} prayer lists: delete one first` }]);
    expect(await server.count('prayer_lists', 'created_by = ?', [user.id])).toBe(MAX_PRAYER_LISTS);
    expect((await trpcQuery(client, 'prayerLists.list')).data).toHaveLength(MAX_PRAYER_LISTS);
  });
});

describe('Pray today with lists', () => {
  it('over a simulated week takes per day of each list, least recently prayed first, so every request has its turn in order', async () => {
    const { client, user } = await signedInClient(server, 'weekly');
    await client.put('/api/account/pray-today', { count: 1 });
    const specs = [
      { name: 'A one a day', perDay: 1, n: 3 },
      { name: 'B two a day', perDay: 2, n: 4 },
      { name: 'C three a day', perDay: 3, n: 5 },
    ];
    const lists: { id: number; perDay: number; requests: number[] }[] = [];
    for (const spec of specs) {
      const id = (await client.post('/api/prayer-lists', { name: spec.name, perDay: spec.perDay })).body.id;
      const requests: number[] = [];
      for (let i = 0; i < spec.n; i++) requests.push((await client.post('/api/prayer-requests', { request: `${spec.name} ${i + 1}`, listId: id })).body.id);
      lists.push({ id, perDay: spec.perDay, requests });
    }
    const loose = [
      (await client.post('/api/prayer-requests', { request: 'Loose 1' })).body.id,
      (await client.post('/api/prayer-requests', { request: 'Loose 2' })).body.id,
    ];

    const days: TodayItem[][] = [];
    for (let day = 0; day < 7; day++) {
      const list = (await today(client)).items;
      days.push(list);
      // The list is the same all day: asked again, it answers the same.
      expect((await today(client)).items.map((item) => item.id)).toEqual(list.map((item) => item.id));
      // Pray for each, but set one aside a day: both send it to the back of its list.
      for (const [i, item] of list.entries()) {
        // Each handled at a moment of its own, so 'least recently' has one answer.
        await nextMillisecond();
        await client.post(`/api/prayer-requests/${item.id}/${i === 0 ? 'not-today' : 'pray'}`);
      }
      await nextDay(user.id);
    }
    // Each day: the loose request first (the Pray today count), then each list's per day, in the lists' order.
    for (const items of days) {
      expect(items.map((item) => item.listId)).toEqual([null, lists[0].id, lists[1].id, lists[1].id, lists[2].id, lists[2].id, lists[2].id]);
      expect(items.filter((item) => item.listId !== null).map((item) => item.listName)).toEqual([
        'A one a day',
        'B two a day',
        'B two a day',
        'C three a day',
        'C three a day',
        'C three a day',
      ]);
    }
    // Every request in turn, in the order they were added, round and round.
    const turns = (ids: number[], perDay: number) => Array.from({ length: 7 * perDay }, (_, k) => ids[k % ids.length]);
    const shown = (listId: number | null) => days.flatMap((items) => items.filter((item) => item.listId === listId).map((item) => item.id));
    expect(shown(null)).toEqual(turns(loose, 1));
    for (const list of lists) expect(shown(list.id)).toEqual(turns(list.requests, list.perDay));

    // Answered ones leave the rotation and stay in the list's history.
    const answered = lists[1].requests[0];
    await client.post(`/api/prayer-requests/${answered}/answer`);
    const after = (await today(client)).items;
    expect(after.map((item) => item.id)).not.toContain(answered);
    expect(after.filter((item) => item.listId === lists[1].id)).toHaveLength(2);
    const history = (await client.get(`/api/prayer-requests?list=${lists[1].id}&section=answered`)).body;
    expect(history.map((p: { id: number }) => p.id)).toEqual([answered]);
  });

  it('skips no one after days without opening the app, and survives a restart', async () => {
    const { client, user } = await signedInClient(server, 'away');
    await client.put('/api/account/pray-today', { count: 1 });
    const list = (await client.post('/api/prayer-lists', { name: 'Friends', perDay: 2 })).body.id;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) ids.push((await client.post('/api/prayer-requests', { request: `Friend ${i + 1}`, listId: list })).body.id);
    const first = (await today(client)).items.filter((item) => item.listId === list);
    for (const item of first) await client.post(`/api/prayer-requests/${item.id}/pray`);
    // Ten days pass unopened: the next two are the ones after, not ones counted from the day's number.
    for (let day = 0; day < 10; day++) await nextDay(user.id);
    expect((await today(client)).items.filter((item) => item.listId === list).map((item) => item.id)).toEqual([ids[2], ids[3]]);
    // The rotation is in the database: another connection to the same file, as after a restart, reads the same list.
    const reopened = await openDatabase({ url: server.dbUrl });
    try {
      const items = await prayTodayList(reopened.read, user.id, dayStartIn(Date.now(), 'UTC'), 1);
      expect(items.filter((item) => item.listId === list).map((item) => item.id)).toEqual([ids[2], ids[3]]);
    } finally {
      reopened.close();
    }
  });

  it('leaves out requests about an archived person, and shows one about no one person without a name', async () => {
    const { client } = await signedInClient(server, 'archiver');
    const contact = (await client.post('/api/contacts', { name: 'Moved away' })).body.id;
    const gone = (await client.post('/api/prayer-requests', { request: 'For them', contactId: contact })).body.id;
    const city = (await client.post('/api/prayer-requests', { request: 'Our city' })).body.id;
    await server.database.writerClient.execute({ sql: 'update contacts set archived_at = ? where id = ?', args: [Date.now(), contact] });
    const items = (await today(client)).items;
    expect(items.map((item) => item.id)).toEqual([city]);
    expect(items[0]).toMatchObject({ contactId: null, contactName: null, listId: null, listName: null });
    expect(items.map((item) => item.id)).not.toContain(gone);
  });
});
