// A person's faith milestones (issue 50 §1): set on a day (today unless given), moved to another, cleared; carried by
// every answer about the contact; held by the contact's rules (a viewer is refused, a stranger learns nothing); moved
// by a merge and gone with the contact.
import { describe, expect, it } from 'vitest';
import { daysFromNow, expectOneIssue, joinTeam, signedInClient, usersForFile, type ApiClient } from './harness';
import { trpcQuery } from './trpc';

const {
  server,
  users: [ann, ben, vic, eve],
} = usersForFile(['ann', 'ben', 'vic', 'eve']);

/** Ann's new personal contact. */
const newContact = async (name = 'Maria Santos') => (await ann.post('/api/contacts', { name })).body.id as number;

/** The contact's milestones as kind and ISO day, in the answer's order. */
const days = (contact: { milestones: { kind: string; date: string }[] }) => contact.milestones.map(({ kind, date }) => [kind, date.slice(0, 10)]);

describe('setting and clearing', () => {
  it('sets a milestone today by default, backdates another, moves one and clears one, each answer the contact', async () => {
    const id = await newContact();
    const created = await ann.get(`/api/contacts/${id}`);
    expect(created.body.milestones).toEqual([]);

    const before = Date.now();
    const today = await ann.put(`/api/contacts/${id}/milestones/belief`, {});
    expect(today.status).toBe(200);
    expect(today.body.id).toBe(id);
    const setOn = new Date(today.body.milestones[0].date).getTime();
    expect(setOn).toBeGreaterThanOrEqual(before - 1000);
    expect(setOn).toBeLessThanOrEqual(Date.now() + 1000);

    const backdated = await ann.put(`/api/contacts/${id}/milestones/has_bible`, { date: '2025-03-14' });
    expect(backdated.status).toBe(200);
    // In the order of kinds (a Bible before belief), whatever the order they were set in.
    expect(days(backdated.body)).toEqual([
      ['has_bible', '2025-03-14'],
      ['belief', new Date(setOn).toISOString().slice(0, 10)],
    ]);

    const moved = await ann.put(`/api/contacts/${id}/milestones/belief`, { date: '2025-06-01' });
    expect(days(moved.body)).toEqual([
      ['has_bible', '2025-03-14'],
      ['belief', '2025-06-01'],
    ]);

    const cleared = await ann.delete(`/api/contacts/${id}/milestones/has_bible`);
    expect(cleared.status).toBe(200);
    expect(days(cleared.body)).toEqual([['belief', '2025-06-01']]);
    // Clearing what is not set changes nothing and is not an error.
    expect(days((await ann.delete(`/api/contacts/${id}/milestones/has_bible`)).body)).toEqual([['belief', '2025-06-01']]);

    // The list, the contact and the timeline carry them alike.
    const listed = (await ann.get('/api/contacts')).body.find((row: { id: number }) => row.id === id);
    expect(days(listed)).toEqual([['belief', '2025-06-01']]);
    const timeline = (await ann.get(`/api/contacts/${id}/timeline`)).body;
    expect(days(timeline.contact)).toEqual([['belief', '2025-06-01']]);
    // On the timeline as an event of its day, by whoever set it, among the contact's other entries.
    expect(timeline.items.filter((item: { kind: string }) => item.kind === 'milestone')).toEqual([
      {
        kind: 'milestone',
        id: expect.any(Number),
        date: '2025-06-01T00:00:00.000Z',
        milestone: 'belief',
        author: { id: ann.id, firstName: expect.any(String), lastName: expect.any(String) },
      },
    ]);
    expect(timeline.items.at(-1)).toMatchObject({ kind: 'milestone', milestone: 'belief' });
    expect(await server.rows('select kind from contact_milestones where contact_id = ?', [id])).toEqual([{ kind: 'belief' }]);
  });

  it('refuses an unknown kind, a date in the future and a bad date with 400, changing nothing', async () => {
    const id = await newContact();
    const unknown = await ann.put(`/api/contacts/${id}/milestones/knighted`, {});
    expectOneIssue(unknown, 'kind', 'Unknown milestone');
    expectOneIssue(await ann.put(`/api/contacts/${id}/milestones/baptized`, { date: daysFromNow(3) }), 'date', 'A milestone cannot be dated in the future');
    expectOneIssue(await ann.put(`/api/contacts/${id}/milestones/baptized`, { date: 'last spring' }), 'date', 'Invalid date format');
    expect((await ann.delete(`/api/contacts/${id}/milestones/knighted`)).status).toBe(400);
    expect(await server.rows('select kind from contact_milestones where contact_id = ?', [id])).toEqual([]);
  });

  it('sets one through tRPC, two kinds in one batch', async () => {
    const id = await newContact();
    const batch = await ann.post('/trpc/contacts.setMilestone,contacts.setMilestone?batch=1', {
      0: { json: { id, kind: 'baptized' } },
      1: { json: { id, kind: 'sharing', date: '2026-01-05' } },
    });
    expect(batch.status).toBe(200);
    expect(days((await ann.get(`/api/contacts/${id}`)).body).map(([kind]) => kind)).toEqual(['sharing', 'baptized']);
  });
});

describe('who may', () => {
  it('follows who may change the contact: a member their own team contact, an admin any, never a viewer; a stranger learns nothing', async () => {
    const team = (await ann.post('/api/teams', { name: 'Riverside' })).body.id;
    await joinTeam(ann, team, { client: ben, id: ben.id }, 'member');
    await joinTeam(ann, team, { client: vic, id: vic.id }, 'viewer');
    const bens = (await ben.post('/api/contacts', { name: 'Team Friend', teamId: team })).body.id;
    const anns = (await ann.post('/api/contacts', { name: 'Another Friend', teamId: team })).body.id;

    expect((await ben.put(`/api/contacts/${bens}/milestones/reading_bible`, { date: '2026-02-02' })).status).toBe(200);
    expect((await ann.put(`/api/contacts/${bens}/milestones/has_bible`, { date: '2026-01-01' })).status).toBe(200);
    // The viewer reads them, and may change none.
    expect(days((await vic.get(`/api/contacts/${bens}`)).body)).toEqual([
      ['has_bible', '2026-01-01'],
      ['reading_bible', '2026-02-02'],
    ]);
    expect((await vic.put(`/api/contacts/${bens}/milestones/belief`, {})).status).toBe(403);
    expect((await vic.delete(`/api/contacts/${bens}/milestones/reading_bible`)).status).toBe(403);
    // A member changes their own team contacts, as with the contact's other fields: not the admin's.
    expect((await ben.put(`/api/contacts/${anns}/milestones/belief`, {})).status).toBe(403);
    // Someone outside the team is told only that there is no such contact.
    const stranger = await eve.put(`/api/contacts/${bens}/milestones/belief`, {});
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('Contact not found');
    expect((await eve.delete(`/api/contacts/${bens}/milestones/reading_bible`)).status).toBe(404);
    // A personal contact of Ann's is as unknown to Ben as a missing one.
    const personal = await newContact('Private Friend');
    expect((await ben.put(`/api/contacts/${personal}/milestones/belief`, {})).status).toBe(404);
    expect((await ben.put('/api/contacts/999999999/milestones/belief', {})).status).toBe(404);

    expect(await server.rows('select kind, set_by from contact_milestones where contact_id in (?, ?) order by kind', [bens, anns])).toEqual([
      { kind: 'has_bible', set_by: ann.id },
      { kind: 'reading_bible', set_by: ben.id },
    ]);
    expect(days((await ben.delete(`/api/contacts/${bens}/milestones/reading_bible`)).body)).toEqual([['has_bible', '2026-01-01']]);
  });

  it('asks anyone signed out to sign in', async () => {
    const id = await newContact();
    const res = await fetch(`${server.baseUrl}/api/contacts/${id}/milestones/belief`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
  });
});

describe('with the contact', () => {
  it('moves them in a merge, a kind both hold keeping the earlier day, and deletes them with the contact alone', async () => {
    const kept = await newContact('Lucía Fernández');
    const duplicate = await newContact('Lucia Fernandez');
    await ann.put(`/api/contacts/${kept}/milestones/belief`, { date: '2025-05-05' });
    await ann.put(`/api/contacts/${duplicate}/milestones/belief`, { date: '2025-01-01' });
    await ann.put(`/api/contacts/${duplicate}/milestones/baptized`, { date: '2025-02-02' });
    const other = await newContact('Someone Else');
    await ann.put(`/api/contacts/${other}/milestones/in_group`, { date: '2025-04-04' });

    const merged = await ann.post(`/api/contacts/${kept}/merge`, { duplicateId: duplicate });
    expect(merged.status).toBe(200);
    expect(days(merged.body.contact)).toEqual([
      ['belief', '2025-01-01'],
      ['baptized', '2025-02-02'],
    ]);

    expect((await ann.delete(`/api/contacts/${kept}`)).status).toBe(200);
    expect(await server.rows('select contact_id, kind from contact_milestones where contact_id in (?, ?, ?)', [kept, duplicate, other])).toEqual([
      { contact_id: other, kind: 'in_group' },
    ]);
  });

  it('are in the account’s export, and an import of it brings them back; an export from before milestones imports as before', async () => {
    const { client: mover } = await signedInClient(server, 'mover');
    const lydia = (await mover.post('/api/contacts', { name: 'Lydia' })).body.id;
    await mover.post('/api/contacts', { name: 'Without any' });
    await mover.put(`/api/contacts/${lydia}/milestones/baptized`, { date: '2025-07-07' });
    await mover.put(`/api/contacts/${lydia}/milestones/belief`, { date: '2025-05-05' });

    const exported = (await mover.get('/api/account/export')).body;
    expect(exported.milestones).toEqual([
      { contactId: lydia, contactName: 'Lydia', kind: 'baptized', date: '2025-07-07T00:00:00.000Z' },
      { contactId: lydia, contactName: 'Lydia', kind: 'belief', date: '2025-05-05T00:00:00.000Z' },
    ]);

    const { client: newcomer } = await signedInClient(server, 'newcomer');
    const imported = await newcomer.post('/api/account/import/export', { file: Buffer.from(JSON.stringify(exported)).toString('base64') });
    expect(imported.status).toBe(200);
    expect(imported.body.created).toMatchObject({ contacts: 2, milestones: 2 });
    const brought = (await newcomer.get('/api/contacts')).body.find((row: { name: string }) => row.name === 'Lydia');
    expect(days(brought)).toEqual([
      ['belief', '2025-05-05'],
      ['baptized', '2025-07-07'],
    ]);

    const { milestones: _none, ...older } = exported;
    const { client: another } = await signedInClient(server, 'another');
    const again = await another.post('/api/account/import/export', { file: Buffer.from(JSON.stringify(older)).toString('base64') });
    expect(again.status).toBe(200);
    expect(again.body.created).toMatchObject({ contacts: 2, milestones: 0 });
  });
});

describe('counted', () => {
  /** A goal of one milestone kind over this year, and its count as the goals list reads it. */
  const goalOf = async (client: ApiClient, type: string, teamId?: number) => {
    const body = { title: `Goal ${type}`, description: 'Counted', type, targetCount: 3, startsOn: '2026-01-01', deadline: '2026-12-31', teamId };
    const res = await client.post('/api/goals', body);
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  const progress = async (client: ApiClient, goal: number) => (await client.get(`/api/goals/${goal}`)).body.currentCount;
  /** This month's milestones by kind, as the dashboard asks, in a space when one is given. */
  const month = async (client: ApiClient, team?: number | 'mine') => {
    const res = await trpcQuery(client, 'insights.milestones', { from: '2026-12-01T00:00:00.000Z', to: '2027-01-01T00:00:00.000Z', team });
    expect(res.status).toBe(200);
    return Object.fromEntries(res.data.filter((row: { count: number }) => row.count > 0).map((row: { kind: string; count: number }) => [row.kind, row.count]));
  };

  it('a goal of a milestone kind counts those dated in its period, moving with each set, backdate and clear', async () => {
    const { client: gil } = await signedInClient(server, 'gil');
    const baptisms = await goalOf(gil, 'baptized');
    const beliefs = await goalOf(gil, 'belief');
    expect(await progress(gil, baptisms)).toBe(0);
    const [one, two, three] = await Promise.all(['One', 'Two', 'Three'].map(async (name) => (await gil.post('/api/contacts', { name })).body.id));
    await gil.put(`/api/contacts/${one}/milestones/baptized`, { date: '2026-03-01' });
    await gil.put(`/api/contacts/${two}/milestones/baptized`, {});
    // Before the goal's start: not its.
    await gil.put(`/api/contacts/${three}/milestones/baptized`, { date: '2025-12-30' });
    await gil.put(`/api/contacts/${three}/milestones/belief`, { date: '2026-02-02' });
    expect(await progress(gil, baptisms)).toBe(2);
    expect(await progress(gil, beliefs)).toBe(1);
    // Backdated into the period, then cleared.
    await gil.put(`/api/contacts/${three}/milestones/baptized`, { date: '2026-01-01' });
    expect(await progress(gil, baptisms)).toBe(3);
    await gil.delete(`/api/contacts/${one}/milestones/baptized`);
    expect(await progress(gil, baptisms)).toBe(2);
    // Gone with the contact.
    await gil.delete(`/api/contacts/${two}`);
    expect(await progress(gil, baptisms)).toBe(1);
    // The goals list counts alike, and the type is named as sent.
    expect((await gil.get('/api/goals')).body.find((goal: { id: number }) => goal.id === baptisms)).toMatchObject({ type: 'baptized', currentCount: 1 });
    expectOneIssue(
      await gil.post('/api/goals', { title: 'x', description: 'y', type: 'knighted', targetCount: 1, deadline: '2026-12-31' }),
      'type',
      'Type is required',
    );
  });

  it('the month’s insight counts each kind over what the space holds, and follows a contact shared and taken back', async () => {
    const { client: hal } = await signedInClient(server, 'hal');
    const { client: ivy, user: ivyUser } = await signedInClient(server, 'ivy');
    const team = (await hal.post('/api/teams', { name: 'Harbour' })).body.id;
    await joinTeam(hal, team, { client: ivy, id: ivyUser.id }, 'member');
    const own = (await hal.post('/api/contacts', { name: 'Own' })).body.id;
    const shared = (await hal.post('/api/contacts', { name: 'Shared' })).body.id;
    const ivys = (await ivy.post('/api/contacts', { name: 'Ivy’s', teamId: team })).body.id;
    await hal.put(`/api/contacts/${own}/milestones/belief`, { date: '2026-12-02' });
    await hal.put(`/api/contacts/${own}/milestones/has_bible`, { date: '2026-11-30' }); // last month
    await hal.put(`/api/contacts/${shared}/milestones/belief`, { date: '2026-12-03' });
    await ivy.put(`/api/contacts/${ivys}/milestones/baptized`, { date: '2026-12-04' });
    const teamGoal = await goalOf(hal, 'baptized', team);

    expect(await month(hal)).toEqual({ belief: 2, baptized: 1 });
    expect(await month(hal, 'mine')).toEqual({ belief: 2 });
    expect(await month(hal, team)).toEqual({ baptized: 1 });
    expect(await month(ivy)).toEqual({ baptized: 1 });
    expect(await progress(hal, teamGoal)).toBe(1);

    // Shared: now the team's, Ivy counts it; taken back, hers no more.
    expect((await hal.post(`/api/contacts/${shared}/share`, { teamId: team })).status).toBe(200);
    expect(await month(ivy)).toEqual({ belief: 1, baptized: 1 });
    expect(await month(hal, 'mine')).toEqual({ belief: 1 });
    await hal.put(`/api/contacts/${shared}/milestones/baptized`, { date: '2026-12-05' });
    expect(await progress(hal, teamGoal)).toBe(2);
    expect((await hal.post(`/api/contacts/${shared}/unshare`)).status).toBe(200);
    expect(await month(ivy)).toEqual({ baptized: 1 });
    expect(await month(hal, 'mine')).toEqual({ belief: 2, baptized: 1 });
    expect(await progress(hal, teamGoal)).toBe(1);

    // A space the caller is not in is as unknown as a missing one; a month's bounds are checked.
    expect((await trpcQuery(ivy, 'insights.milestones', { from: '2026-12-01T00:00:00.000Z', to: '2027-01-01T00:00:00.000Z', team: team + 1000 })).status).toBe(
      404,
    );
    const backwards = await trpcQuery(ivy, 'insights.milestones', { from: '2026-12-01T00:00:00.000Z', to: '2026-11-01T00:00:00.000Z' });
    expect(backwards.status).toBe(400);
    expect(backwards.error?.data.issues).toEqual([{ path: 'to', message: 'The end must be after the start' }]);
    expect((await trpcQuery(ivy, 'insights.milestones', { from: '2020-01-01T00:00:00.000Z', to: '2027-01-01T00:00:00.000Z' })).status).toBe(400);

    // The team deleted, its contacts in no team (the foreign key's set null): their milestones follow them.
    expect((await hal.delete(`/api/teams/${team}`)).status).toBe(200);
    expect(await server.rows('select team_id from contact_milestones where contact_id = ?', [ivys])).toEqual([{ team_id: null }]);
    // Each milestone row carries its contact's owner and team, whatever wrote it.
    expect(
      await server.rows(
        'select count(*) as n from contact_milestones m join contacts c on c.id = m.contact_id where m.created_by is not c.created_by or m.team_id is not c.team_id',
      ),
    ).toEqual([{ n: 0 }]);
  });
});

describe('listed by milestone', () => {
  it('keeps the contacts with a kind, or any, dated in a stretch; the count agrees; bad values are refused; only readable rows', async () => {
    const { client: una } = await signedInClient(server, 'milestone-lister');
    const make = async (name: string, kind: string, date: string) => {
      const id = (await una.post('/api/contacts', { name })).body.id as number;
      expect((await una.put(`/api/contacts/${id}/milestones/${kind}`, { date })).status).toBe(200);
      return id;
    };
    const march = await make('Baptized In March', 'baptized', '2026-03-10T12:00:00.000Z');
    const may = await make('Baptized In May', 'baptized', '2026-05-01T12:00:00.000Z');
    const believed = await make('Believed In March', 'belief', '2026-03-15T12:00:00.000Z');
    await una.post('/api/contacts', { name: 'No Milestone' });
    const names = async (query: string) => {
      const res = await una.get(`/api/contacts?${query}`);
      expect(res.status).toBe(200);
      const counted = await una.get(`/api/contacts/count?${query}`);
      expect(counted.body.count).toBe(res.body.length);
      return res.body.map((row: { id: number }) => row.id);
    };
    const inMarch = 'milestoneFrom=2026-03-01T00:00:00.000Z&milestoneTo=2026-04-01T00:00:00.000Z';
    expect(await names('milestone=baptized')).toEqual([march, may]);
    expect(await names(`milestone=baptized&${inMarch}`)).toEqual([march]);
    expect(await names(`milestone=any&${inMarch}`)).toEqual([march, believed]);
    expect(await names('milestone=any&milestoneFrom=2026-05-01T12:00:00.000Z')).toEqual([may]);
    // Paged by tRPC with the filter, the same rows.
    const page = await trpcQuery<{ id: number }[]>(una, 'contacts.list', { milestone: 'any', limit: 1 });
    expect(page.data?.map((row) => row.id)).toEqual([march]);

    const unknown = await una.get('/api/contacts?milestone=knighted');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('Unknown milestone');
    expect((await una.get('/api/contacts?milestone=baptized&milestoneFrom=yesterday')).status).toBe(400);
    // Someone else's filter finds none of Una's people.
    expect((await eve.get('/api/contacts?milestone=any')).body.map((row: { id: number }) => row.id)).not.toContain(march);
  });
});
