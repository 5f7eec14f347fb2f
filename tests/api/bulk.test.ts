// Many contacts at once (issue 51 §4): POST /api/contacts/bulk and contacts.bulk, all or nothing, each contact by its
// one-contact rules, the Undo's inverse, a tRPC batch, concurrent calls, and the event loop while 500 are changed.
import { describe, expect, it } from 'vitest';
import { healthWhile, joinTeam, outboxKey, usersForFile, type ApiClient } from './harness';
import { trpcBatch, trpcMutation } from './trpc';

/** Ann is the team's admin, Ben a member, Vic a viewer; Eve is in no team of theirs. */
const {
  server,
  users: [ann, ben, vic, eve],
} = usersForFile(['ann', 'ben', 'vic', 'eve']);

let teamPromise: Promise<number> | undefined;
/** Riverside, made once: Ann admin, Ben member, Vic viewer. */
function team() {
  teamPromise ??= (async () => {
    const id = (await ann.post('/api/teams', { name: 'Riverside' })).body.id as number;
    await joinTeam(ann, id, { client: ben, id: ben.id }, 'member');
    await joinTeam(ann, id, { client: vic, id: vic.id }, 'viewer');
    return id;
  })();
  return teamPromise;
}

/** `n` new contacts of `client`'s, named `prefix 1`…, in `teamId` when given. */
async function contactsOf(client: ApiClient, n: number, prefix: string, teamId?: number): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < n; start += 25) {
    const made = await Promise.all(
      Array.from({ length: Math.min(25, n - start) }, (_, i) =>
        client.post('/api/contacts', { name: `${prefix} ${start + i + 1}`, ...(teamId ? { teamId } : {}) }),
      ),
    );
    for (const res of made) {
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
  }
  return ids;
}

const inList = (ids: number[]) => `id in (${ids.join(',')})`;

/** Making and changing hundreds of contacts takes seconds on a busy machine. */
const SLOW = 90_000;

describe('bulk actions', () => {
  it(
    'archives 200 contacts in one action, counts them, and its Undo restores them',
    async () => {
      const ids = await contactsOf(ann, 200, 'Archived');
      const res = await ann.post('/api/contacts/bulk', { ids: [...ids, ids[0]], action: 'archive' });
      expect(res.status).toBe(200);
      expect(res.body.count).toBe(200);
      expect(await server.count('contacts', `${inList(ids)} and archived_at is not null and archive_reason = 'other'`)).toBe(200);
      expect(res.body.undo).toEqual([{ action: 'restore', ids: expect.arrayContaining(ids) }]);
      // Again: already archived, nothing changes and nothing is counted.
      expect((await ann.post('/api/contacts/bulk', { ids, action: 'archive', reason: 'moved' })).body.count).toBe(0);
      const undo = await ann.post('/api/contacts/bulk', res.body.undo[0]);
      expect(undo.body.count).toBe(200);
      expect(await server.count('contacts', `${inList(ids)} and archived_at is null and archive_reason is null`)).toBe(200);
    },
    SLOW,
  );

  it(
    "refuses 200 whole when one is another user's, by id and without saying it exists, and changes nothing",
    async () => {
      const ids = await contactsOf(ann, 199, 'Mine');
      const [theirs] = await contactsOf(eve, 1, 'Eve secret');
      const res = await ann.post('/api/contacts/bulk', { ids: [...ids.slice(0, 100), theirs, ...ids.slice(100)], action: 'archive' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(`Contact ${theirs} not found: nothing was changed`);
      expect(res.body.message).not.toContain('Eve');
      // One that does not exist is answered the same way.
      const missing = await ann.post('/api/contacts/bulk', { ids: [ids[0], 99_999_999], action: 'archive' });
      expect(missing.status).toBe(404);
      expect(missing.body.message).toBe('Contact 99999999 not found: nothing was changed');
      expect(await server.count('contacts', `${inList([...ids, theirs])} and archived_at is not null`)).toBe(0);
    },
    SLOW,
  );

  it(
    'shares 200 into a team, names the one refused, and takes them back',
    async () => {
      const teamId = await team();
      const ids = await contactsOf(ben, 200, 'Ben shares');
      const shared = await ben.post('/api/contacts/bulk', { ids, action: 'share', teamId });
      expect(shared.status).toBe(200);
      expect(shared.body.count).toBe(200);
      expect(await server.count('contacts', `${inList(ids)} and team_id = ?`, [teamId])).toBe(200);
      // A contact in another team must be taken back first: the whole action is refused, naming it.
      const other = (await ben.post('/api/teams', { name: 'Elsewhere' })).body.id;
      const [elsewhere] = await contactsOf(ben, 1, 'Ana', other);
      const fresh = await contactsOf(ben, 5, 'Fresh');
      const refused = await ben.post('/api/contacts/bulk', { ids: [...fresh, elsewhere], action: 'share', teamId });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe('\u2068Ana 1\u2069 cannot be shared: This contact is already shared with a team; take it back first');
      expect(await server.count('contacts', `${inList(fresh)} and team_id is null`)).toBe(5);
      // The Undo: unshare, then the Undo of that shares them into the team again.
      const back = await ben.post('/api/contacts/bulk', shared.body.undo[0]);
      expect(back.body).toMatchObject({ count: 200, undo: [{ action: 'share', teamId }] });
      expect(await server.count('contacts', `${inList(ids)} and team_id is null`)).toBe(200);
      expect((await ben.post('/api/contacts/bulk', back.body.undo[0])).body.count).toBe(200);
    },
    SLOW,
  );

  it("refuses a viewer sharing into the team, Ben taking back Ann's, and Ben assigning Ann, each whole", async () => {
    const teamId = await team();
    const vics = await contactsOf(vic, 3, 'Vic');
    const viewer = await vic.post('/api/contacts/bulk', { ids: vics, action: 'share', teamId });
    expect(viewer.status).toBe(403);
    expect(await server.count('contacts', `${inList(vics)} and team_id is null`)).toBe(3);
    // A team the caller is not in: 404, as contacts.share answers.
    expect((await eve.post('/api/contacts/bulk', { ids: await contactsOf(eve, 1, 'Eve'), action: 'share', teamId })).status).toBe(404);

    const bens = await contactsOf(ben, 3, 'Ben own', teamId);
    const [anns] = await contactsOf(ann, 1, 'Ann own', teamId);
    const unshare = await ben.post('/api/contacts/bulk', { ids: [...bens, anns], action: 'unshare' });
    expect(unshare.status).toBe(403);
    expect(unshare.body.message).toBe('\u2068Ann own 1\u2069 cannot be taken back: Only its creator or a team admin can take a contact back');
    expect(await server.count('contacts', `${inList(bens)} and team_id = ?`, [teamId])).toBe(3);

    const assign = await ben.post('/api/contacts/bulk', { ids: bens, action: 'assign', userId: ann.id });
    expect(assign.status).toBe(403);
    expect(assign.body.message).toMatch(/cannot be assigned: Only an admin can assign a contact to someone else$/);
    // A viewer cannot tag or archive a team contact they read: named, 403.
    const tagged = await vic.post('/api/contacts/bulk', { ids: bens, action: 'tag', tag: 'Youth' });
    expect(tagged.status).toBe(403);
    expect(tagged.body.message).toMatch(/^\u2068Ben own \d\u2069 cannot be tagged: /);
    expect((await vic.post('/api/contacts/bulk', { ids: bens, action: 'archive' })).status).toBe(403);
    expect(await server.count('contacts', `${inList(bens)} and (assigned_to is not null or archived_at is not null)`)).toBe(0);
  });

  it('assigns through the one-contact rules, and the Undo gives each its former assignee', async () => {
    const teamId = await team();
    const ids = await contactsOf(ann, 4, 'Assigned', teamId);
    await ann.put(`/api/contacts/${ids[0]}/assignee`, { userId: ann.id });
    const res = await ann.post('/api/contacts/bulk', { ids, action: 'assign', userId: ben.id });
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(4);
    expect(await server.count('contacts', `${inList(ids)} and assigned_to = ?`, [ben.id])).toBe(4);
    expect(res.body.undo).toHaveLength(2);
    for (const call of res.body.undo) expect((await ann.post('/api/contacts/bulk', call)).status).toBe(200);
    expect(await server.count('contacts', `id = ? and assigned_to = ?`, [ids[0], ann.id])).toBe(1);
    expect(await server.count('contacts', `${inList(ids.slice(1))} and assigned_to is null`)).toBe(3);
    // A viewer cannot be assigned (400 naming the contact).
    const viewer = await ann.post('/api/contacts/bulk', { ids, action: 'assign', userId: vic.id });
    expect(viewer.status).toBe(400);
    expect(viewer.body.message).toMatch(/^\u2068Assigned \d\u2069 cannot be assigned: /);
  });

  it('tags with a tag made on the fly, once per space, and untags as its Undo', async () => {
    const teamId = await team();
    const personal = await contactsOf(ann, 3, 'Tagged mine');
    const teamOnes = await contactsOf(ann, 2, 'Tagged team', teamId);
    const res = await ann.post('/api/contacts/bulk', { ids: [...personal, ...teamOnes], action: 'tag', tag: 'Follow-up group' });
    expect(res.body.count).toBe(5);
    expect(await server.count('tags', `name = 'Follow-up group'`)).toBe(2);
    expect((await ann.get(`/api/contacts/${personal[0]}`)).body.tags).toEqual(['Follow-up group']);
    // Ben reads the team's tag on the team contact.
    expect((await ben.get(`/api/contacts/${teamOnes[0]}`)).body.tags).toEqual(['Follow-up group']);
    expect((await ann.post('/api/contacts/bulk', { ids: personal, action: 'tag', tag: 'follow-up GROUP' })).body.count).toBe(0);
    const undo = await ann.post('/api/contacts/bulk', res.body.undo[0]);
    expect(undo.body.count).toBe(5);
    // At most 20 tags on a contact, as contacts.update holds it: the 21st refuses the whole action, naming the contact.
    const full = (await ann.post('/api/contacts', { name: 'Full of tags', tags: Array.from({ length: 20 }, (_, i) => `T${i}`) })).body.id;
    const over = await ann.post('/api/contacts/bulk', { ids: [personal[1], full], action: 'tag', tag: 'One more' });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('\u2068Full of tags\u2069 cannot be tagged: At most 20 tags on a contact');
    expect((await ann.get(`/api/contacts/${personal[1]}`)).body.tags).toEqual([]);
    expect((await ann.get(`/api/contacts/${personal[0]}`)).body.tags).toEqual([]);
  });

  it('takes at most 500 distinct ids (duplicates counted once) and says what is missing', async () => {
    const many = Array.from({ length: 501 }, (_, i) => i + 1);
    const res = await ann.post('/api/contacts/bulk', { ids: many, action: 'archive' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('At most 500 contacts in one action');
    expect((await ann.post('/api/contacts/bulk', { ids: [], action: 'archive' })).status).toBe(400);
    const share = await ann.post('/api/contacts/bulk', { ids: [1], action: 'share' });
    expect(share.status).toBe(400);
    expect(share.body.issues[0].path).toBe('teamId');
    expect((await ann.post('/api/contacts/bulk', { ids: [1], action: 'delete' })).status).toBe(400);
  });

  it('holds in a tRPC batch: each call whole, the one with a stranger refused whole', async () => {
    const mine = await contactsOf(ann, 4, 'Batched');
    const [theirs] = await contactsOf(eve, 1, 'Eve batch');
    const res = await trpcBatch(ann, [
      { path: 'contacts.bulk', input: { ids: mine.slice(0, 2), action: 'archive' } },
      { path: 'contacts.bulk', input: { ids: [mine[2], theirs, mine[3]], action: 'archive' } },
    ]);
    expect(res.body[0].result.data.json.count).toBe(2);
    expect(res.body[1].error.json.data.httpStatus).toBe(404);
    expect(await server.count('contacts', `${inList(mine)} and archived_at is not null`)).toBe(2);
    expect(await server.count('contacts', `id = ? and archived_at is not null`, [theirs])).toBe(0);
    const direct = await trpcMutation(ann, 'contacts.bulk', { ids: mine.slice(2), action: 'archive' });
    expect(direct.data.count).toBe(2);
  });

  it('counts each contact once when the same action races itself, and replays an outbox key', async () => {
    const ids = await contactsOf(ann, 50, 'Raced');
    const answers = await Promise.all(Array.from({ length: 4 }, () => ann.post('/api/contacts/bulk', { ids, action: 'archive' })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(answers.reduce((sum, a) => sum + a.body.count, 0)).toBe(50);
    // An archive and a restore racing: each whole, so all 50 end the same way.
    await Promise.all([ann.post('/api/contacts/bulk', { ids, action: 'restore' }), ann.post('/api/contacts/bulk', { ids, action: 'archive' })]);
    const archived = await server.count('contacts', `${inList(ids)} and archived_at is not null`);
    expect([0, 50]).toContain(archived);
    const key = outboxKey();
    const action = archived ? 'restore' : 'archive';
    const first = await ann.request('POST', '/api/contacts/bulk', { ids, action }, { 'Idempotency-Key': key });
    const replay = await ann.request('POST', '/api/contacts/bulk', { ids, action }, { 'Idempotency-Key': key });
    expect(first.body.count).toBe(50);
    expect(replay.body).toEqual(first.body);
  });

  it(
    'keeps /healthz answering while 500 contacts are changed in one action',
    async () => {
      const ids = await contactsOf(ann, 500, 'Healthy');
      const work = ann.post('/api/contacts/bulk', { ids, action: 'tag', tag: 'Healthy' });
      const health = await healthWhile(server, work);
      expect((await work).body.count).toBe(500);
      expect(health.length).toBeGreaterThan(0);
    },
    SLOW,
  );

  it("refuses in the caller's language, the name isolated once", async () => {
    const teamId = await team();
    const [ana] = await contactsOf(ann, 1, 'Ana', teamId);
    expect((await vic.put('/api/account/language', { language: 'es' })).status).toBe(200);
    try {
      const named = await vic.post('/api/contacts/bulk', { ids: [ana], action: 'archive' });
      expect(named.status).toBe(403);
      // The role's reason in Spanish too, its team's name isolated once.
      expect(named.body.message).toBe(
        '\u2068Ana 1\u2069 no se puede archivar: Los lectores de \u2068Riverside\u2069 pueden leer los registros del equipo, pero no añadirlos ni cambiarlos.',
      );
      const unreadable = await vic.post('/api/contacts/bulk', { ids: [99_999_998], action: 'archive' });
      expect(unreadable.body.message).toBe('No se encontró el contacto 99999998: no se cambió nada');
    } finally {
      await vic.put('/api/account/language', { language: 'en' });
    }
  });

  it("refuses a member's tag of another's team contact with the role's sentence in the caller's language", async () => {
    const teamId = await team();
    const [own] = await contactsOf(ben, 1, 'Ben’s', teamId);
    const [annes] = await contactsOf(ann, 1, 'Sara', teamId);
    expect((await ben.put('/api/account/language', { language: 'ar' })).status).toBe(200);
    try {
      const res = await ben.post('/api/contacts/bulk', { ids: [own, annes], action: 'tag', tag: 'زيارة' });
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('لا يمكن وسم \u2068Sara 1\u2069: لا يستطيع أعضاء \u2068Riverside\u2069 تغيير سجلات الفريق إلا تلك التي أضافوها بأنفسهم.');
      expect(await server.count('contact_tags', `contact_id = ${own}`)).toBe(0);
    } finally {
      await ben.put('/api/account/language', { language: 'en' });
    }
  });
});
