// A team that prays (issue 51 §5): every role prays for the team's requests, viewers too; each person counts once a
// day; the request answers how many prayed this week, and who only when the team chose to show names.
import { describe, expect, it } from 'vitest';
import { healthWhile, joinTeam, usersForFile } from './harness';
import { trpcBatch } from './trpc';

const {
  server,
  users: [ann, ben, vic, eve],
} = usersForFile(['ann', 'ben', 'vic', 'eve']);

const DAY_MS = 86_400_000;
const today = () => Math.floor(Date.now() / DAY_MS);

async function teamOf() {
  const team = (await ann.post('/api/teams', { name: 'Praying' })).body.id as number;
  await joinTeam(ann, team, { client: ben, id: ben.id }, 'member');
  await joinTeam(ann, team, { client: vic, id: vic.id }, 'viewer');
  return team;
}

const teamRequest = async (team: number, request = 'For the neighbours') => {
  const res = await ben.post('/api/prayer-requests', { request, teamId: team });
  expect(res.status).toBe(201);
  return res.body as { id: number };
};

describe('praying for a team request', () => {
  it('lets a viewer pray: the count goes up, and the week counts each person once a day', async () => {
    const team = await teamOf();
    const { id } = await teamRequest(team);
    const first = await vic.post(`/api/prayer-requests/${id}/pray`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ prayedCount: 1, teamPrayedThisWeek: 1, teamPrayedNames: null });
    // Again the same day: the count of prayers moves, the people who prayed this week do not.
    const again = await vic.post(`/api/prayer-requests/${id}/pray`);
    expect(again.body).toMatchObject({ prayedCount: 2, teamPrayedThisWeek: 1 });
    const byBen = await ben.post(`/api/prayer-requests/${id}/pray`);
    expect(byBen.body).toMatchObject({ prayedCount: 3, teamPrayedThisWeek: 2 });
    expect(await server.count('prayer_request_prayers', 'request_id = ?', [id])).toBe(2);
    // The author reads it in the team's list.
    const listed = (await ben.get(`/api/prayer-requests?team=${team}`)).body.find((r: { id: number }) => r.id === id);
    expect(listed).toMatchObject({ teamPrayedThisWeek: 2, teamPrayedNames: null });
  });

  it('counts a press sent again with its key once (the offline outbox), and refuses the key with another request', async () => {
    const team = await teamOf();
    const { id } = await teamRequest(team, 'For the keyed press');
    const other = await teamRequest(team, 'For another');
    const key = 'pray-key-0001';
    const first = await vic.request('POST', `/api/prayer-requests/${id}/pray`, undefined, { 'Idempotency-Key': key });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ prayedCount: 1, teamPrayedThisWeek: 1 });
    // The answer was lost: the outbox sends the same press again, and it is counted once.
    const replay = await vic.request('POST', `/api/prayer-requests/${id}/pray`, undefined, { 'Idempotency-Key': key });
    expect(replay.status).toBe(200);
    expect(replay.body.prayedCount).toBe(1);
    expect((await vic.get(`/api/prayer-requests/${id}`)).body.prayedCount).toBe(1);
    // The same key for another request is refused, and counts nothing.
    const reused = await vic.request('POST', `/api/prayer-requests/${other.id}/pray`, undefined, { 'Idempotency-Key': key });
    expect(reused.status).toBe(422);
    expect((await vic.get(`/api/prayer-requests/${other.id}`)).body.prayedCount).toBe(0);
    // A new press, a new key: counted.
    expect((await vic.request('POST', `/api/prayer-requests/${id}/pray`, undefined, { 'Idempotency-Key': 'pray-key-0002' })).body.prayedCount).toBe(2);
    // A key that is no key is a 400.
    expect((await vic.request('POST', `/api/prayer-requests/${id}/pray`, undefined, { 'Idempotency-Key': 'no!' })).status).toBe(400);
  });

  it('counts the last 7 days only, one a person a day', async () => {
    const team = await teamOf();
    const { id } = await teamRequest(team);
    const write = server.database.writerClient;
    // Ann prayed 3 days ago and 6 days ago (one person), Eve's row cannot exist (not in the team); 8 days ago is last week.
    for (const [user, day] of [
      [ann.id, today() - 3],
      [ann.id, today() - 6],
      [vic.id, today() - 8],
    ])
      await write.execute({ sql: 'insert into prayer_request_prayers (request_id, user_id, day) values (?, ?, ?)', args: [id, user, day] });
    expect((await ben.get(`/api/prayer-requests/${id}`)).body.teamPrayedThisWeek).toBe(1);
    expect((await vic.post(`/api/prayer-requests/${id}/pray`)).body.teamPrayedThisWeek).toBe(2);
  });

  it('counts a batch of prays once per person a day', async () => {
    const team = await teamOf();
    const { id } = await teamRequest(team);
    const res = await trpcBatch(
      vic,
      Array.from({ length: 10 }, () => ({ path: 'prayerRequests.pray', input: { id } })),
    );
    expect(res.status).toBe(200);
    await Promise.all([ann.post(`/api/prayer-requests/${id}/pray`), ann.post(`/api/prayer-requests/${id}/pray`)]);
    const read = (await ben.get(`/api/prayer-requests/${id}`)).body;
    expect(read).toMatchObject({ prayedCount: 12, teamPrayedThisWeek: 2 });
    expect(await server.count('prayer_request_prayers', 'request_id = ?', [id])).toBe(2);
  });

  it('keeps a personal request at 0 and records no team prayer for it', async () => {
    const { id } = (await ben.post('/api/prayer-requests', { request: 'My own' })).body;
    expect((await ben.post(`/api/prayer-requests/${id}/pray`)).body).toMatchObject({ prayedCount: 1, teamPrayedThisWeek: 0, teamPrayedNames: null });
    expect(await server.count('prayer_request_prayers', 'request_id = ?', [id])).toBe(0);
    // Nobody else prays for a personal request: not found.
    expect((await vic.post(`/api/prayer-requests/${id}/pray`)).status).toBe(404);
  });

  it('shows names only when the team chose it, an admin setting', async () => {
    const team = await teamOf();
    const { id } = await teamRequest(team);
    await vic.post(`/api/prayer-requests/${id}/pray`);
    await ann.post(`/api/prayer-requests/${id}/pray`);
    expect((await ben.get(`/api/prayer-requests/${id}`)).body.teamPrayedNames).toBeNull();
    expect((await ben.get(`/api/teams/${team}/prayer-settings`)).body).toEqual({ prayerNames: false });
    // Only an admin changes it: a member is refused in the role's words.
    const refused = await ben.put(`/api/teams/${team}`, { prayerNames: true });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('Only the admins of');
    const changed = await ann.put(`/api/teams/${team}`, { prayerNames: true });
    expect(changed.status).toBe(200);
    expect(changed.body.prayerNames).toBe(true);
    expect((await vic.get(`/api/teams/${team}/prayer-settings`)).body).toEqual({ prayerNames: true });
    expect((await ben.get(`/api/prayer-requests/${id}`)).body.teamPrayedNames).toEqual(['Test ann', 'Test vic']);
    await ann.put(`/api/teams/${team}`, { prayerNames: false });
    expect((await ben.get(`/api/prayer-requests/${id}`)).body.teamPrayedNames).toBeNull();
    expect((await eve.get(`/api/teams/${team}/prayer-settings`)).status).toBe(404);
  });

  it('still refuses a viewer editing or deleting the request', async () => {
    const team = await teamOf();
    const { id } = await teamRequest(team);
    const edit = await vic.put(`/api/prayer-requests/${id}`, { request: 'Changed' });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toContain('Viewers of');
    expect((await vic.delete(`/api/prayer-requests/${id}`)).status).toBe(403);
    expect((await vic.post(`/api/prayer-requests/${id}/answer`)).status).toBe(403);
    expect((await ben.get(`/api/prayer-requests/${id}`)).body.request).toBe('For the neighbours');
  });

  it('answers an outsider 404, and records nothing', async () => {
    const team = await teamOf();
    const { id } = await teamRequest(team);
    const res = await eve.post(`/api/prayer-requests/${id}/pray`);
    expect(res.status).toBe(404);
    expect(await server.count('prayer_request_prayers', 'request_id = ?', [id])).toBe(0);
    expect((await ben.get(`/api/prayer-requests/${id}`)).body.prayedCount).toBe(0);
  });

  it('reads the team list without reading every prayer: a heavy team of tens of thousands of prayer rows', async () => {
    const team = await teamOf();
    const write = server.database.writerClient;
    // 100 requests, each prayed for by 3 people every day for 120 days: 36,000 rows.
    const ids: number[] = [];
    for (let i = 0; i < 100; i++) ids.push((await teamRequest(team, `Heavy ${i}`)).id);
    await write.execute({
      sql: `with recursive d(n) as (select 0 union all select n + 1 from d where n < 119)
        insert into prayer_request_prayers (request_id, user_id, day)
        select r.value, u.value, ? - d.n from json_each(?) r, json_each(?) u, d`,
      args: [today(), JSON.stringify(ids), JSON.stringify([ann.id, ben.id, vic.id])],
    });
    expect(await server.count('prayer_request_prayers', 'request_id in (select value from json_each(?))', [JSON.stringify(ids)])).toBe(36_000);
    const plan = await server.rows(`explain query plan select count(distinct p.user_id) from prayer_request_prayers p where p.request_id = ? and p.day >= ?`, [
      ids[0],
      today() - 6,
    ]);
    expect(plan.map((row) => String(row.detail)).join('\n')).toMatch(/prayer_request_prayers_day_idx|PRIMARY KEY|USING (COVERING )?INDEX/);
    const read = async () => {
      const started = performance.now();
      const page = await ben.get(`/api/prayer-requests?team=${team}&limit=100`);
      expect(page.status).toBe(200);
      expect(page.body.every((r: { teamPrayedThisWeek: number }) => r.teamPrayedThisWeek === 3)).toBe(true);
      return performance.now() - started;
    };
    await read();
    const times: number[] = [];
    const health = await healthWhile(
      server,
      (async () => {
        for (let i = 0; i < 5; i++) times.push(await read());
      })(),
    );
    times.sort((a, b) => a - b);
    console.log(
      `team prayer list, 100 requests over 36,000 prayer rows: median ${times[2].toFixed(1)} ms; /healthz while it ran: max ${Math.max(...health).toFixed(1)} ms over ${health.length}`,
    );
  });
});
