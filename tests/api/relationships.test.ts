// Links between people and the generation tree (issue 50 §3): added from either side and named from each, cycles of
// "discipled by" refused, a contact's deletion taking its links and nothing else, and the team rules: a personal contact
// is never shown to a teammate through a link.
import { describe, expect, it } from 'vitest';
import { expectOneIssue, joinTeam, signedInClient, usersForFile, type ApiClient } from './harness';

const {
  server,
  users: [lea, max, val],
} = usersForFile(['lea', 'max', 'val']);

const contact = async (client: ApiClient, name: string, teamId?: number) => (await client.post('/api/contacts', { name, teamId })).body.id as number;
/** A contact's links as [kind, other person's name]. */
const links = async (client: ApiClient, id: number) =>
  ((await client.get(`/api/contacts/${id}/relationships`)).body as { kind: string; contact: { name: string } }[]).map((r) => [r.kind, r.contact.name]);

describe('relationships', () => {
  it('are named from each side, added from either, and removed from either', async () => {
    const { client: me } = await signedInClient(server, 'family');
    const [mary, john, ruth, paul] = [await contact(me, 'Mary'), await contact(me, 'John'), await contact(me, 'Ruth'), await contact(me, 'Paul')];
    const added = await me.post(`/api/contacts/${mary}/relationships`, { contactId: john, kind: 'parent' });
    expect(added.status).toBe(201);
    expect(added.body.map((r: { kind: string }) => r.kind)).toEqual(['parent']);
    // A child link is the same link seen from the other side.
    await me.post(`/api/contacts/${ruth}/relationships`, { contactId: mary, kind: 'child' });
    await me.post(`/api/contacts/${mary}/relationships`, { contactId: paul, kind: 'discipled_by' });
    await me.post(`/api/contacts/${john}/relationships`, { contactId: ruth, kind: 'sibling' });
    expect(await links(me, mary)).toEqual([
      ['parent', 'John'],
      ['discipled_by', 'Paul'],
      ['parent', 'Ruth'],
    ]);
    expect(await links(me, john)).toEqual([
      ['child', 'Mary'],
      ['sibling', 'Ruth'],
    ]);
    expect(await links(me, paul)).toEqual([['disciples', 'Mary']]);
    expect(await links(me, ruth)).toEqual([
      ['sibling', 'John'],
      ['child', 'Mary'],
    ]);
    // The same link twice is a conflict, however it is said.
    expect((await me.post(`/api/contacts/${john}/relationships`, { contactId: mary, kind: 'child' })).status).toBe(409);
    // Removed from the other side.
    const paulsLink = (await me.get(`/api/contacts/${paul}/relationships`)).body[0].id;
    expect((await me.delete(`/api/contacts/${paul}/relationships/${paulsLink}`)).body).toEqual([]);
    expect(await links(me, mary)).toEqual([
      ['parent', 'John'],
      ['parent', 'Ruth'],
    ]);
    // A link of another contact is not this one's to remove.
    const johns = (await me.get(`/api/contacts/${john}/relationships`)).body[0].id;
    expect((await me.delete(`/api/contacts/${paul}/relationships/${johns}`)).status).toBe(404);
  });

  it('refuses a circle of "discipled by", a link to oneself and an unknown kind with 400, changing nothing', async () => {
    const { client: me } = await signedInClient(server, 'circles');
    const [a, b, c] = [await contact(me, 'A'), await contact(me, 'B'), await contact(me, 'C')];
    await me.post(`/api/contacts/${b}/relationships`, { contactId: a, kind: 'discipled_by' });
    await me.post(`/api/contacts/${c}/relationships`, { contactId: b, kind: 'discipled_by' });
    const circle = await me.post(`/api/contacts/${a}/relationships`, { contactId: c, kind: 'discipled_by' });
    expectOneIssue(circle, 'contactId', 'This would make a circle: that person is already among the disciples of this one');
    expectOneIssue(await me.post(`/api/contacts/${a}/relationships`, { contactId: a, kind: 'friend' }), 'contactId', 'A person cannot be linked to themself');
    expectOneIssue(await me.post(`/api/contacts/${a}/relationships`, { contactId: b, kind: 'cousin' }), 'kind', 'Unknown relationship');
    expect(await server.count('contact_relationships', 'contact_id in (?, ?, ?)', [a, b, c])).toBe(2);
    // Another kind between the same two is no circle.
    expect((await me.post(`/api/contacts/${a}/relationships`, { contactId: c, kind: 'friend' })).status).toBe(201);
  });

  it('go with a deleted contact, and nothing else does', async () => {
    const { client: me } = await signedInClient(server, 'deleter');
    const [a, b, c] = [await contact(me, 'A'), await contact(me, 'B'), await contact(me, 'C')];
    await me.post(`/api/contacts/${a}/relationships`, { contactId: b, kind: 'friend' });
    await me.post(`/api/contacts/${b}/relationships`, { contactId: c, kind: 'coworker' });
    expect((await me.delete(`/api/contacts/${a}`)).status).toBe(200);
    expect(await links(me, b)).toEqual([['coworker', 'C']]);
    expect((await me.get(`/api/contacts/${c}`)).status).toBe(200);
  });
});

describe('the generation tree', () => {
  it('numbers generations from the people discipled by no one, each once, and says how deep it goes', async () => {
    const { client: me } = await signedInClient(server, 'trees');
    const ids: Record<string, number> = {};
    for (const name of ['Lydia', 'Ruth', 'Tim', 'Eunice', 'Silas', 'Alone']) ids[name] = await contact(me, name);
    const disciple = (who: string, by: string) => me.post(`/api/contacts/${ids[who]}/relationships`, { contactId: ids[by], kind: 'discipled_by' });
    await disciple('Ruth', 'Lydia');
    await disciple('Tim', 'Ruth');
    await disciple('Eunice', 'Ruth');
    await disciple('Silas', 'Tim');
    // Two disciplers: Silas stands once, in the earlier generation.
    await disciple('Silas', 'Lydia');
    const tree = (await me.get('/api/generations')).body;
    expect(tree.depth).toBe(3);
    expect(tree.truncated).toBe(false);
    expect(tree.nodes.map((n: { name: string; generation: number }) => [n.name, n.generation]).sort()).toEqual([
      ['Eunice', 3],
      ['Lydia', 1],
      ['Ruth', 2],
      ['Silas', 2],
      ['Tim', 3],
    ]);
    expect(tree.nodes.find((n: { name: string }) => n.name === 'Tim').discipledBy).toBe(ids.Ruth);
  });
});

describe('team rules', () => {
  it('never shows a personal contact to a teammate through a link, and a viewer may not link', async () => {
    const team = (await lea.post('/api/teams', { name: 'Links team' })).body.id;
    await joinTeam(lea, team, { client: max, id: max.id }, 'member');
    await joinTeam(lea, team, { client: val, id: val.id }, 'viewer');
    const shared = await contact(lea, 'Shared Sam', team);
    const secret = await contact(lea, 'Private Pat');
    const other = await contact(lea, 'Team Tess', team);
    await lea.post(`/api/contacts/${shared}/relationships`, { contactId: secret, kind: 'discipled_by' });
    await lea.post(`/api/contacts/${shared}/relationships`, { contactId: other, kind: 'friend' });
    expect(await links(lea, shared)).toEqual([
      ['discipled_by', 'Private Pat'],
      ['friend', 'Team Tess'],
    ]);
    expect(await links(max, shared)).toEqual([['friend', 'Team Tess']]);
    expect((await max.get('/api/generations')).body.nodes).toEqual([]);
    expect((await lea.get('/api/generations')).body.nodes.map((n: { name: string }) => n.name).sort()).toEqual(['Private Pat', 'Shared Sam']);
    // Ben cannot link a team contact to Ann's personal one, nor read its links, nor remove the hidden link.
    const bens = await contact(max, 'Ben’s Bo', team);
    expect((await max.post(`/api/contacts/${bens}/relationships`, { contactId: secret, kind: 'friend' })).status).toBe(404);
    expect((await max.post(`/api/contacts/${bens}/relationships`, { contactId: other, kind: 'friend' })).status).toBe(201);
    expect((await max.get(`/api/contacts/${secret}/relationships`)).status).toBe(404);
    const hidden = (await lea.get(`/api/contacts/${shared}/relationships`)).body[0].id;
    expect((await lea.delete(`/api/contacts/${other}/relationships/${hidden}`)).status).toBe(404);
    // The viewer reads the team's links and may add none.
    expect(await links(val, shared)).toEqual([['friend', 'Team Tess']]);
    expect((await val.post(`/api/contacts/${shared}/relationships`, { contactId: other, kind: 'coworker' })).status).toBe(403);
  });
});

describe('a merge', () => {
  it('moves the duplicate’s links and tags to the kept contact, dropping a link between the two', async () => {
    const { client: me } = await signedInClient(server, 'merger');
    const kept = (await me.post('/api/contacts', { name: 'Lucía', tags: ['Family'] })).body.id;
    const duplicate = (await me.post('/api/contacts', { name: 'Lucia', tags: ['Campus', 'family'] })).body.id;
    const friend = await contact(me, 'Friend');
    await me.post(`/api/contacts/${duplicate}/relationships`, { contactId: friend, kind: 'friend' });
    await me.post(`/api/contacts/${duplicate}/relationships`, { contactId: kept, kind: 'sibling' });
    const merged = await me.post(`/api/contacts/${kept}/merge`, { duplicateId: duplicate });
    expect(merged.status).toBe(200);
    expect(merged.body.contact.tags).toEqual(['Campus', 'Family']);
    expect(await links(me, kept)).toEqual([['friend', 'Friend']]);
    expect(await links(me, friend)).toEqual([['friend', 'Lucía']]);
  });
});
