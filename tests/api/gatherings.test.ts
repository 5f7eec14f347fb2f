// One activity with several people (issue 50 §4): counted once, on each person's timeline and last contact, kept for
// the others when one leaves it or is deleted, and never naming a person of another place (a personal contact in a
// team's activity) or one the reader may not read.
import { describe, expect, it } from 'vitest';
import { expectOneIssue, joinTeam, signedInClient, usersForFile, type ApiClient } from './harness';
import { trpcBatch } from './trpc';

const { server, users } = usersForFile(['lea', 'max', 'val']);

/** A new contact's id. */
async function contact(client: ApiClient, name: string, teamId?: number): Promise<number> {
  const created = await client.post('/api/contacts', { name, teamId });
  return created.body.id;
}
const timeline = async (client: ApiClient, id: number) => ((await client.get(`/api/activities?contactId=${id}`)).body as { id: number }[]).map((a) => a.id);
const lastContact = async (client: ApiClient, id: number) => (await client.get(`/api/contacts/${id}`)).body.lastContactAt as string | null;

describe('one activity with several people', () => {
  it('counts once, shows on each timeline, and moves each last contact', async () => {
    const { client: me } = await signedInClient(server, 'study');
    const [ana, ben, cleo] = [await contact(me, 'Ana'), await contact(me, 'Ben'), await contact(me, 'Cleo')];
    const before = (await me.get('/api/dashboard/stats')).body.totalConversations;
    const date = new Date(Date.now() - 3 * 86_400_000).toISOString();
    const created = await me.post('/api/activities', { contactName: 'Ana', contactIds: [ben, cleo, ben, ana], type: 'conversation', date });
    expect(created.status).toBe(201);
    expect(created.body.contactId).toBe(ana);
    expect(created.body.contactIds).toEqual([ana, ben, cleo]);
    expect(created.body.others).toEqual([
      { id: ben, name: 'Ben' },
      { id: cleo, name: 'Cleo' },
    ]);
    expect((await me.get('/api/dashboard/stats')).body.totalConversations).toBe(before + 1);
    expect((await me.get('/api/activities')).body).toHaveLength(1);
    for (const id of [ana, ben, cleo]) {
      expect(await timeline(me, id)).toEqual([created.body.id]);
      expect(await lastContact(me, id)).toBe(date);
    }
    // The contact's page's timeline shows it too, naming who else was there: the first person among them.
    const journey = await me.get(`/api/contacts/${cleo}/timeline`);
    expect(journey.status).toBe(200);
    const item = journey.body.items.find((entry: { kind: string; id: number }) => entry.kind === 'activity' && entry.id === created.body.id);
    expect(item.with).toEqual([
      { id: ana, name: 'Ana' },
      { id: ben, name: 'Ben' },
    ]);
    const first = (await me.get(`/api/contacts/${ana}/timeline`)).body.items.find((entry: { kind: string }) => entry.kind === 'activity');
    expect(first.with.map((person: { name: string }) => person.name)).toEqual(['Ben', 'Cleo']);
  });

  it('keeps it for the others when one person leaves it or is deleted, and deleting it removes it from all', async () => {
    const { client: me } = await signedInClient(server, 'leave');
    const [ana, ben, cleo] = [await contact(me, 'Ana'), await contact(me, 'Ben'), await contact(me, 'Cleo')];
    const { body: activity } = await me.post('/api/activities', { contactId: ana, contactIds: [ben, cleo], type: 'other' });
    // Ben leaves it.
    const updated = await me.put(`/api/activities/${activity.id}`, { contactIds: [cleo] });
    expect(updated.status).toBe(200);
    expect(updated.body.contactIds).toEqual([ana, cleo]);
    expect(await timeline(me, ben)).toEqual([]);
    expect(await lastContact(me, ben)).toBeNull();
    // Ana, its first person, is deleted: Cleo keeps it, as its first person now.
    expect((await me.delete(`/api/contacts/${ana}`)).status).toBe(200);
    const kept = await me.get(`/api/activities/${activity.id}`);
    expect(kept.status).toBe(200);
    expect(kept.body.contactId).toBe(cleo);
    expect(kept.body.contactIds).toEqual([cleo]);
    expect(await timeline(me, cleo)).toEqual([activity.id]);
    // Deleting the activity removes it from everyone's timeline.
    const { body: second } = await me.post('/api/activities', { contactId: cleo, contactIds: [ben], type: 'other' });
    expect((await me.delete(`/api/activities/${second.id}`)).status).toBe(200);
    expect(await timeline(me, ben)).toEqual([]);
    expect(await timeline(me, cleo)).toEqual([activity.id]);
    // An activity of one person alone is deleted with them, as before.
    const { body: alone } = await me.post('/api/activities', { contactId: ben, type: 'other' });
    await me.delete(`/api/contacts/${ben}`);
    expect((await me.get(`/api/activities/${alone.id}`)).status).toBe(404);
  });

  it('refuses another user’s contact, a person of another place and too many people, changing nothing', async () => {
    const { client: me } = await signedInClient(server, 'refuse');
    const { client: other } = await signedInClient(server, 'stranger');
    const [ana, ben] = [await contact(me, 'Ana'), await contact(me, 'Ben')];
    const theirs = await contact(other, 'Secret');
    const { body: team } = await me.post('/api/teams', { name: 'Refusers' });
    const teamContact = await contact(me, 'Teamed', team.id);

    const stranger = await me.post('/api/activities', { contactId: ana, contactIds: [theirs], type: 'other' });
    expect(stranger.status).toBe(404);
    const mixed = await me.post('/api/activities', { contactId: ana, contactIds: [ben, teamContact], type: 'other' });
    expectOneIssue(mixed, 'contactIds', 'Everyone in one activity must be in the same place as its first person: all personal contacts, or all of one team');
    const many = await me.post('/api/activities', { contactId: ana, contactIds: Array.from({ length: 21 }, (_, i) => i + 1), type: 'other' });
    expectOneIssue(many, 'contactIds', 'At most 20 other people in one activity');
    expect((await me.get('/api/activities')).body).toEqual([]);

    const { body: activity } = await me.post('/api/activities', { contactId: ana, contactIds: [ben], type: 'other' });
    expect((await me.put(`/api/activities/${activity.id}`, { contactIds: [theirs] })).status).toBe(404);
    expect((await me.put(`/api/activities/${activity.id}`, { contactIds: [teamContact] })).status).toBe(400);
    expect((await me.get(`/api/activities/${activity.id}`)).body.contactIds).toEqual([ana, ben]);
    // Nor does another user learn anything through the ids: the activity is not theirs to read.
    expect((await other.get(`/api/activities/${activity.id}`)).status).toBe(404);
    // A tRPC batch is checked call by call: the bad call fails alone.
    const batch = await trpcBatch(me, [
      { path: 'activities.create', input: { contactId: ana, contactIds: [ben], type: 'other' } },
      { path: 'activities.create', input: { contactId: ana, contactIds: [theirs], type: 'other' } },
    ]);
    const statuses = (batch.body as { error?: { json: { data: { httpStatus: number } } } }[]).map((r) => r.error?.json.data.httpStatus ?? 200);
    expect(statuses).toEqual([200, 404]);
  });

  it('in a team: members add teammates’ contacts, a viewer cannot, and a person taken back is never shown', async () => {
    const [lea, max, val] = users;
    const { body: team } = await lea.post('/api/teams', { name: 'Thursday study' });
    await joinTeam(lea, team.id, { client: max, id: max.id }, 'member');
    await joinTeam(lea, team.id, { client: val, id: val.id }, 'viewer');
    const [ana, ben] = [await contact(lea, 'Ana', team.id), await contact(lea, 'Ben', team.id)];
    const created = await max.post('/api/activities', { contactId: ana, contactIds: [ben], type: 'conversation' });
    expect(created.status).toBe(201);
    expect(created.body.teamId).toBe(team.id);
    expect((await val.post('/api/activities', { contactId: ben, contactIds: [ana], type: 'other' })).status).toBe(403);
    expect((await val.get(`/api/activities/${created.body.id}`)).body.contactIds).toEqual([ana, ben]);
    // Lea takes Ben back as her personal contact: the team's activity no longer names him to anyone else.
    expect((await lea.post(`/api/contacts/${ben}/unshare`)).status).toBe(200);
    for (const reader of [max, val]) {
      const seen = (await reader.get(`/api/activities/${created.body.id}`)).body;
      expect(seen.contactIds).toEqual([ana]);
      expect(seen.others).toEqual([]);
      const item = (await reader.get(`/api/contacts/${ana}/timeline`)).body.items.find((entry: { kind: string }) => entry.kind === 'activity');
      expect(item.with).toEqual([]);
    }
    // Lea, who reads Ben as her own, sees him on Ana's timeline still.
    const leaSees = (await lea.get(`/api/contacts/${ana}/timeline`)).body.items.find((entry: { kind: string }) => entry.kind === 'activity');
    expect(leaSees.with).toEqual([{ id: ben, name: 'Ben' }]);
    // Max's edit of the others keeps Ben, whom he cannot see.
    const edited = await max.put(`/api/activities/${created.body.id}`, { contactIds: [] });
    expect(edited.status).toBe(200);
    expect((await lea.get(`/api/activities/${created.body.id}`)).body.contactIds).toEqual([ana, ben]);
  });

  it('moves a merged duplicate’s part in an activity to the kept contact, once', async () => {
    const { client: me } = await signedInClient(server, 'merged');
    const [ana, ben, benToo] = [await contact(me, 'Ana'), await contact(me, 'Ben'), await contact(me, 'Ben B.')];
    const { body: both } = await me.post('/api/activities', { contactId: ana, contactIds: [ben, benToo], type: 'other' });
    const { body: first } = await me.post('/api/activities', { contactId: benToo, contactIds: [ben, ana], type: 'other' });
    expect((await me.post(`/api/contacts/${ben}/merge`, { duplicateId: benToo })).status).toBe(200);
    expect((await me.get(`/api/activities/${both.id}`)).body.contactIds).toEqual([ana, ben]);
    expect((await me.get(`/api/activities/${first.id}`)).body.contactIds).toEqual([ben, ana]);
    expect((await timeline(me, ben)).sort()).toEqual([both.id, first.id].sort());
  });

  it('carries the other people through an export and its import', async () => {
    const { client: me } = await signedInClient(server, 'carry');
    const [ana, ben] = [await contact(me, 'Ana'), await contact(me, 'Ben')];
    await me.post('/api/activities', { contactId: ana, contactIds: [ben], type: 'conversation', description: 'Study' });
    const exported = (await me.get('/api/account/export')).body;
    const { client: fresh } = await signedInClient(server, 'carried');
    const imported = await fresh.post('/api/account/import/export', { file: Buffer.from(JSON.stringify(exported)).toString('base64') });
    expect(imported.body).toMatchObject({ created: { contacts: 2, activities: 1 } });
    const [activity] = (await fresh.get('/api/activities')).body;
    expect(activity.others.map((o: { name: string }) => o.name)).toEqual(['Ben']);
    expect(activity.contactName).toBe('Ana');
  });

  it('ends with one whole set of people when several edits of them arrive together', async () => {
    const { client: me } = await signedInClient(server, 'racing');
    const people = [];
    for (const name of ['Ana', 'Ben', 'Cleo', 'Dan', 'Eve', 'Fay']) people.push(await contact(me, name));
    const [first, ...rest] = people;
    const { body: activity } = await me.post('/api/activities', { contactId: first, type: 'other' });
    const sets = [[rest[0], rest[1]], [rest[2]], [rest[3], rest[4], rest[0]], [], [rest[1], rest[2], rest[3], rest[4]]];
    const answers = await Promise.all(sets.map((contactIds) => me.put(`/api/activities/${activity.id}`, { contactIds })));
    // The others come by id, whatever order they were given in.
    for (const [index, answer] of answers.entries()) expect(answer.body.contactIds).toEqual([first, ...[...sets[index]].sort((a, b) => a - b)]);
    expect(answers.map((answer) => answer.status)).toEqual(sets.map(() => 200));
    const final = (await me.get(`/api/activities/${activity.id}`)).body.contactIds.slice(1);
    expect(sets.map((set) => JSON.stringify([...set].sort((a, b) => a - b)))).toContain(JSON.stringify(final));
    const [row] = await server.rows(
      'select others_count as n, (select count(*) from activity_contacts where activity_id = ?) as m from activities where id = ?',
      [activity.id, activity.id],
    );
    expect(row).toEqual({ n: final.length, m: final.length });
  });

  // Migration 0031's counts are what the reads skip activity_contacts by: an activity counted 0 with other people
  // would answer its first person alone, a person counted 0 would lose the last contact a gathering gave them.
  it('keeps each activity’s and each person’s count of other people equal to its rows through every change', async () => {
    const { client: me } = await signedInClient(server, 'counted');
    const [ana, ben, cleo, dan] = [await contact(me, 'Ana'), await contact(me, 'Ben'), await contact(me, 'Cleo'), await contact(me, 'Dan')];
    const { body: kept } = await me.post('/api/activities', { contactId: ana, contactIds: [ben, cleo, dan], type: 'other' });
    const { body: gone } = await me.post('/api/activities', { contactId: ben, contactIds: [cleo], type: 'other' });
    const counts = async () =>
      (
        await server.rows(`select (select others_count from activities where id = ?) as kept, also_there_count as cleo from contacts where id = ?`, [
          kept.id,
          cleo,
        ])
      )[0];
    expect(await counts()).toEqual({ kept: 3, cleo: 2 });
    await me.put(`/api/activities/${kept.id}`, { contactIds: [cleo, dan] }); // Ben leaves
    await me.put(`/api/activities/${kept.id}`, { contactId: cleo }); // Cleo becomes its first person
    expect(await counts()).toEqual({ kept: 1, cleo: 1 });
    expect((await me.delete(`/api/activities/${gone.id}`)).status).toBe(200);
    expect(await counts()).toEqual({ kept: 1, cleo: 0 });
    expect((await me.delete(`/api/contacts/${dan}`)).status).toBe(200);
    expect(await counts()).toEqual({ kept: 0, cleo: 0 });
    // And every row this file's tests wrote (leaving, deleting the first person, merging, importing) agrees.
    const drifted =
      await server.rows(`select 'activity' as kind, id from activities a where others_count <> (select count(*) from activity_contacts where activity_id = a.id)
      union all select 'contact', id from contacts c where also_there_count <> (select count(*) from activity_contacts where contact_id = c.id)`);
    expect(drifted).toEqual([]);
    expect(await server.count('activity_contacts', '1')).toBeGreaterThan(0);
  });
});
