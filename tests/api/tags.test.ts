// Tags and "how we met" (issue 50 §2): tags made on the fly by name, the contact list's AND filter, renaming, recolouring,
// merging and deleting; a team's tags shared by its members while each person's own stay theirs; the source searched.
import { describe, expect, it } from 'vitest';
import { expectOneIssue, joinTeam, signedInClient, usersForFile, type ApiClient } from './harness';
import { trpcBatch } from './trpc';

const {
  server,
  users: [ann, ben, vic],
} = usersForFile(['ann', 'ben', 'vic']);

/** The names of the contacts a list answers, alphabetically. */
const names = (res: { body: { name: string }[] }) => res.body.map((c) => c.name).sort();
const tagsOf = async (client: ApiClient, id: number) => (await client.get(`/api/contacts/${id}`)).body.tags as string[];
const tagId = async (client: ApiClient, name: string) =>
  ((await client.get('/api/tags')).body as { id: number; name: string }[]).find((t) => t.name === name)!.id;

describe('tags on contacts', () => {
  it('makes tags on the fly by name, filters with AND (folded), and keeps one tag per name', async () => {
    const { client: me } = await signedInClient(server, 'tagger');
    const maria = (await me.post('/api/contacts', { name: 'Maria', tags: ['Family', 'Campus'] })).body;
    expect(maria.tags).toEqual(['Campus', 'Family']);
    await me.post('/api/contacts', { name: 'Jonas', tags: ['family'] });
    await me.post('/api/contacts', { name: 'Lea', tags: ['Campus', 'Work'] });
    await me.post('/api/contacts', { name: 'Nobody' });
    // 'family' found the tag 'Family': one tag, two contacts.
    const list = (await me.get('/api/tags')).body;
    expect(list.map((t: { name: string; contacts: number }) => [t.name, t.contacts])).toEqual([
      ['Campus', 2],
      ['Family', 2],
      ['Work', 1],
    ]);
    expect(names(await me.get('/api/contacts?tag=family'))).toEqual(['Jonas', 'Maria']);
    expect(names(await me.get('/api/contacts?tag=FAMILY&tag=campus'))).toEqual(['Maria']);
    expect(names(await me.get('/api/contacts?tag=Campus&tag=Work&tag=Family'))).toEqual([]);
    expect((await me.get('/api/contacts/count?tag=campus')).body.count).toBe(2);
    expect(names(await me.get('/api/contacts?tag=unknown'))).toEqual([]);

    // Update replaces the set: Maria keeps Campus, loses Family, gains Church.
    const changed = await me.put(`/api/contacts/${maria.id}`, { tags: ['campus', 'Church'] });
    expect(changed.status).toBe(200);
    expect(changed.body.tags).toEqual(['Campus', 'Church']);
    // Another field's update leaves them alone.
    expect((await me.put(`/api/contacts/${maria.id}`, { notes: 'Met at the library' })).body.tags).toEqual(['Campus', 'Church']);
  });

  it('renames and recolours a tag, its contacts carrying the new name; merges two; deletes one, keeping the contacts', async () => {
    const { client: me } = await signedInClient(server, 'renamer');
    const a = (await me.post('/api/contacts', { name: 'A', tags: ['Uni'] })).body.id;
    const b = (await me.post('/api/contacts', { name: 'B', tags: ['University', 'Uni'] })).body.id;
    const c = (await me.post('/api/contacts', { name: 'C', tags: ['University'] })).body.id;
    const uni = await tagId(me, 'Uni');
    const renamed = await me.put(`/api/tags/${uni}`, { name: 'Students', color: 'teal' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ id: uni, name: 'Students', color: 'teal', contacts: 2 });
    expect(await tagsOf(me, a)).toEqual(['Students']);
    expect(names(await me.get('/api/contacts?tag=students'))).toEqual(['A', 'B']);
    // A name already here is a conflict, not a silent merge.
    const taken = await me.put(`/api/tags/${uni}`, { name: 'university' });
    expect(taken.status).toBe(409);
    expect(taken.body.issues).toEqual([{ path: 'name', message: 'A tag of that name is already here: merge the two instead' }]);

    const merged = await me.post(`/api/tags/${await tagId(me, 'University')}/merge`, { intoId: uni });
    expect(merged.status).toBe(200);
    expect(merged.body).toMatchObject({ id: uni, name: 'Students', contacts: 3 });
    expect(await tagsOf(me, b)).toEqual(['Students']);
    expect(await tagsOf(me, c)).toEqual(['Students']);
    expect((await me.get('/api/tags')).body.map((t: { name: string }) => t.name)).toEqual(['Students']);

    expect((await me.delete(`/api/tags/${uni}`)).status).toBe(200);
    expect(await tagsOf(me, a)).toEqual([]);
    expect(names(await me.get('/api/contacts'))).toEqual(['A', 'B', 'C']);
  });

  it('refuses bad names, too many tags, an unknown colour and a merge into itself with 400, changing nothing', async () => {
    const { client: me } = await signedInClient(server, 'strict');
    const id = (await me.post('/api/contacts', { name: 'Kept', tags: ['One'] })).body.id;
    expectOneIssue(await me.put(`/api/contacts/${id}`, { tags: ['a;b'] }), 'tags.0', 'A tag name cannot hold a comma or a semicolon');
    expectOneIssue(await me.put(`/api/contacts/${id}`, { tags: [''] }), 'tags.0', 'Tag name is required');
    const many = await me.put(`/api/contacts/${id}`, { tags: Array.from({ length: 21 }, (_, i) => `t${i}`) });
    expectOneIssue(many, 'tags', 'At most 20 tags on a contact');
    expectOneIssue(await me.post('/api/tags', { name: 'x'.repeat(41) }), 'name', 'Tag name must be at most 40 characters');
    expectOneIssue(await me.post('/api/tags', { name: 'Red one', color: 'chartreuse' }), 'color', 'Unknown colour');
    const one = await tagId(me, 'One');
    expectOneIssue(await me.post(`/api/tags/${one}/merge`, { intoId: one }), 'intoId', 'A tag cannot be merged with itself');
    expect((await me.post('/api/tags', { name: 'one' })).status).toBe(409);
    expect(await tagsOf(me, id)).toEqual(['One']);
    expect((await me.get('/api/tags')).body).toHaveLength(1);
  });

  it('holds a place to 500 tags when writes arrive together', async () => {
    const { client: me, user } = await signedInClient(server, 'crowded');
    await server.rows(
      `with recursive n(i) as (select 1 union all select i + 1 from n where i < 498)
       insert into tags (name, name_key, created_by) select 'tag' || i, 'tag' || i, ? from n`,
      [user.id],
    );
    const statuses = (await Promise.all(Array.from({ length: 6 }, (_, i) => me.post('/api/tags', { name: `new ${i}` })))).map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(2);
    expect(statuses.filter((s) => s === 400)).toHaveLength(4);
    expect(await server.count('tags', 'created_by = ?', [user.id])).toBe(500);
    // One tRPC batch of creates is counted call by call too: the place is full.
    const batch = await trpcBatch(
      me,
      Array.from({ length: 4 }, (_, i) => ({ path: 'tags.create', input: { name: `batched ${i}` } })),
    );
    expect((batch.body as { error?: { json: { data: { httpStatus: number } } } }[]).map((call) => call.error?.json.data.httpStatus)).toEqual([
      400, 400, 400, 400,
    ]);
    // A contact's new tags count too.
    const res = await me.post('/api/contacts', { name: 'Over', tags: ['brand new'] });
    expectOneIssue(res, 'tags', 'At most 500 tags in one place: merge or delete some first');
    expect(await server.count('contacts', 'created_by = ?', [user.id])).toBe(0);
  });
});

describe('a team’s tags and each person’s own', () => {
  it('shares the team’s tags with its members, keeps personal ones personal, and leaves a contact’s team tags behind when it is taken back', async () => {
    const team = (await ann.post('/api/teams', { name: 'Campus team' })).body.id;
    await joinTeam(ann, team, { client: ben, id: ben.id }, 'member');
    await joinTeam(ann, team, { client: vic, id: vic.id }, 'viewer');
    // Ann tags her personal contact, then shares it: her tag stays hers.
    const sara = (await ann.post('/api/contacts', { name: 'Sara', tags: ['Close friend'] })).body.id;
    expect((await ann.post(`/api/contacts/${sara}/share`, { teamId: team })).status).toBe(200);
    expect(await tagsOf(ann, sara)).toEqual(['Close friend']);
    expect(await tagsOf(ben, sara)).toEqual([]);
    // Ben tags the team contact: a team tag, which Ann and the viewer see too; Ann's personal one stays.
    expect((await ben.put(`/api/contacts/${sara}`, { tags: ['Freshman'] })).status).toBe(403); // a member changes their own team contacts
    const bens = (await ben.post('/api/contacts', { name: 'Tomas', teamId: team, tags: ['Freshman'] })).body.id;
    expect(await tagsOf(vic, bens)).toEqual(['Freshman']);
    expect((await ann.put(`/api/contacts/${sara}`, { tags: ['Close friend', 'freshman'] })).body.tags).toEqual(['Close friend', 'Freshman']);
    expect(await tagsOf(ben, sara)).toEqual(['Freshman']);
    expect(names(await ben.get('/api/contacts?tag=freshman'))).toEqual(['Sara', 'Tomas']);
    // Ann's personal tag never shows for Ben, not even as a filter.
    expect(names(await ben.get('/api/contacts?tag=close%20friend'))).toEqual([]);
    expect((await ben.get('/api/tags')).body.map((t: { name: string }) => t.name)).toEqual(['Freshman']);
    // A viewer can neither tag nor rename the team's tags.
    expect((await vic.put(`/api/contacts/${bens}`, { tags: [] })).status).toBe(403);
    expect((await vic.put(`/api/tags/${await tagId(vic, 'Freshman')}`, { name: 'Renamed' })).status).toBe(403);
    // Ben dropping the team tag from Ann's view of Sara does not touch Ann's personal tag.
    expect((await ann.put(`/api/contacts/${sara}`, { tags: ['Close friend'] })).body.tags).toEqual(['Close friend']);
    await ann.put(`/api/contacts/${sara}`, { tags: ['Close friend', 'Freshman'] });
    // Taken back: Sara leaves the team and its tags.
    expect((await ann.post(`/api/contacts/${sara}/unshare`)).status).toBe(200);
    expect(await tagsOf(ann, sara)).toEqual(['Close friend']);
    // A team deleted takes its tags; Ben's contact returns to him without them.
    const doomed = (await ben.post('/api/teams', { name: 'Short-lived' })).body.id;
    const kept = (await ben.post('/api/contacts', { name: 'Kept', teamId: doomed, tags: ['Passing'] })).body.id;
    expect((await ben.delete(`/api/teams/${doomed}`)).status).toBe(200);
    expect(await server.count('tags', 'team_id = ?', [doomed])).toBe(0);
    expect(await tagsOf(ben, kept)).toEqual([]);
    // A team's and a person's tags of one name are two tags: merging across them is refused.
    const mine = (await ann.post('/api/tags', { name: 'Freshman' })).body.id;
    const merge = await ann.post(`/api/tags/${mine}/merge`, { intoId: await tagId(ben, 'Freshman') });
    expect(merge.status).toBe(400);
    expect(merge.body.message).toBe('Only tags of the same place (yours, or one team’s) can be merged');
  });
});

describe('how we met', () => {
  it('keeps a source on create and update, finds contacts by it, and lists the words used', async () => {
    const { client: me } = await signedInClient(server, 'sourcer');
    const id = (await me.post('/api/contacts', { name: 'Priya', source: 'Campus' })).body;
    expect(id.source).toBe('Campus');
    await me.post('/api/contacts', { name: 'Omar', source: 'Work' });
    await me.post('/api/contacts', { name: 'Ines', source: 'Campus' });
    expect(names(await me.get('/api/contacts?q=campus'))).toEqual(['Ines', 'Priya']);
    expect((await me.get('/api/tags/sources')).body).toEqual(['Campus', 'Work']);
    const cleared = await me.put(`/api/contacts/${id.id}`, { source: '' });
    expect(cleared.body.source).toBeNull();
    expect(names(await me.get('/api/contacts?q=campus'))).toEqual(['Ines']);
    expectOneIssue(await me.put(`/api/contacts/${id.id}`, { source: 'x'.repeat(61) }), 'source', 'How we met must be at most 60 characters');
  });
});

describe('carried by files', () => {
  it('exports tags and source in CSV (one column, ; between), vCard (CATEGORIES) and JSON, and each import reads them back as personal tags', async () => {
    const { client: from } = await signedInClient(server, 'exporter');
    await from.post('/api/contacts', { name: 'Ruth', source: 'Church', tags: ['Family', 'Prayer partner'] });
    await from.post('/api/contacts', { name: 'Boaz' });
    const csv = (await from.get('/api/account/export/contacts.csv')).body as string;
    expect(csv).toContain('Name,Email,Phone,Spiritual status,Notes,How we met,Tags,Created');
    expect(csv).toContain('Ruth,,,Unknown,,Church,"Family; Prayer partner",');
    const vcard = (await from.get('/api/account/export/contacts.vcf')).body as string;
    expect(vcard).toContain('CATEGORIES:Family,Prayer partner\r\n');
    const json = (await from.get('/api/account/export')).body;
    expect(json.contacts.find((c: { name: string }) => c.name === 'Ruth')).toMatchObject({ source: 'Church', tags: ['Family', 'Prayer partner'] });

    for (const [format, text] of [
      ['csv', csv],
      ['vcard', vcard],
    ] as const) {
      const { client: to } = await signedInClient(server, `importer${format}`);
      expect((await to.post('/api/account/import', { format, text })).status).toBe(200);
      const ruth = (await to.get('/api/contacts?tag=family')).body;
      expect(ruth.map((c: { name: string; tags: string[] }) => [c.name, c.tags])).toEqual([['Ruth', ['Family', 'Prayer partner']]]);
      if (format === 'csv') expect(ruth[0].source).toBe('Church');
      expect((await to.get('/api/tags')).body.map((t: { name: string; teamId: number | null }) => [t.name, t.teamId])).toEqual([
        ['Family', null],
        ['Prayer partner', null],
      ]);
    }
    const { client: mover } = await signedInClient(server, 'mover');
    const imported = await mover.post('/api/account/import/export', { file: Buffer.from(JSON.stringify(json)).toString('base64') });
    expect(imported.status).toBe(200);
    expect((await mover.get('/api/contacts?tag=prayer%20partner')).body.map((c: { name: string; source: string }) => [c.name, c.source])).toEqual([
      ['Ruth', 'Church'],
    ]);
  });
});
