// Search that finds everything (issue 50 §8): follow-ups, prayer requests (with or without a person), goals, tags and
// faith milestones beside contacts and activities, each folded (case, accents, hamza), each result naming its kind; only
// what the reader may read; archived contacts only when asked for; every kind capped, however many rows match.
import { describe, expect, it } from 'vitest';
import { daysFromNow, expectOneIssue, healthWhile, joinTeam, nothingFound, usersForFile } from './harness';
import { trpcQuery } from './trpc';
import { backfillSearchKeys, prayerKeys } from '../../server/queries/searchKeys';

const {
  server,
  users: [alice, bob, carol, vic, heavy],
} = usersForFile(['alice', 'bob', 'carol', 'vic', 'heavy']);

const search = async (client: typeof alice, q: string, extra = '') => {
  const res = await client.get(`/api/search?q=${encodeURIComponent(q)}${extra}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

const ids = (rows: { id: number }[]) => rows.map((row) => row.id);

describe('search finds every kind', () => {
  it('finds follow-ups, prayers, goals, tags and milestones by a folded text, each with its kind', async () => {
    const lucia = (await alice.post('/api/contacts', { name: 'Lucía', tags: ['Família'] })).body.id;
    const followUp = (
      await alice.post('/api/followups', { contactId: lucia, date: '2026-05-01T12:00:00Z', type: 'meeting', description: 'Llevar la Biblia a Ramón' })
    ).body.id;
    const hamza = (await alice.post('/api/followups', { contactId: lucia, date: '2026-05-02T12:00:00Z', type: 'phone', description: 'اتصل بأحمد' })).body.id;
    const prayer = (await alice.post('/api/prayer-requests', { contactId: lucia, request: 'Sanación de su MAMÁ' })).body.id;
    // A request about no one person (issue 50 §5), written as its create writes it, key and all.
    const { lastInsertRowid } = await server.database.writerClient.execute({
      sql: 'insert into prayer_requests (request, created_by, search_key) values (?, ?, ?)',
      args: ['Nuestra ciudad, Málaga', alice.id, prayerKeys({ request: 'Nuestra ciudad, Málaga' }).searchKey],
    });
    const city = Number(lastInsertRowid);
    const goal = (
      await alice.post('/api/goals', { title: 'Visitar Éfeso', description: 'Con إبراهيم', type: 'conversation', targetCount: 3, deadline: daysFromNow(30) })
    ).body.id;
    expect((await alice.put(`/api/contacts/${lucia}/milestones/baptized`, { date: '2026-04-05T12:00:00Z' })).status).toBe(200);

    const found = await search(alice, 'ramon');
    expect(found.followUps).toEqual([
      {
        kind: 'followUp',
        id: followUp,
        type: 'meeting',
        date: '2026-05-01T12:00:00.000Z',
        description: 'Llevar la Biblia a Ramón',
        completed: false,
        contactName: 'Lucía',
      },
    ]);
    expect(ids((await search(alice, 'احمد')).followUps)).toEqual([hamza]);
    expect((await search(alice, 'mama')).prayers).toEqual([
      { kind: 'prayerRequest', id: prayer, request: 'Sanación de su MAMÁ', contactName: 'Lucía', answered: false },
    ]);
    // A request about no one person is found too, naming no one.
    expect((await search(alice, 'MALAGA')).prayers).toEqual([
      { kind: 'prayerRequest', id: city, request: 'Nuestra ciudad, Málaga', contactName: null, answered: false },
    ]);
    expect((await search(alice, 'efeso')).goals).toEqual([{ kind: 'goal', id: goal, title: 'Visitar Éfeso', description: 'Con إبراهيم', completed: false }]);
    expect(ids((await search(alice, 'ابراهيم')).goals)).toEqual([goal]);
    expect((await search(alice, 'FAMILIA')).tags).toEqual([{ kind: 'tag', id: expect.any(Number), name: 'Família', color: null }]);
    expect((await search(alice, 'baptized')).milestones).toEqual([
      { kind: 'milestone', milestone: 'baptized', date: '2026-04-05T12:00:00.000Z', contactId: lucia, contactName: 'Lucía', archived: false },
    ]);
    // The contact and every other kind keep their fields, with their kind beside them.
    const contact = await search(alice, 'lucia');
    expect(contact.contacts).toEqual([{ kind: 'contact', id: lucia, name: 'Lucía', spiritualStatus: 'unknown', archived: false }]);
    expect(contact.followUps.map((row: { kind: string }) => row.kind)).toEqual([]);
  });

  it("matches a milestone by its name in the reader's language, and in English", async () => {
    const ana = (await alice.post('/api/contacts', { name: 'Ana' })).body.id;
    expect((await alice.put(`/api/contacts/${ana}/milestones/has_bible`, {})).status).toBe(200);
    expect((await search(alice, 'bautizado')).milestones).toEqual([]);
    expect((await alice.put('/api/account/language', { language: 'es' })).status).toBe(200);
    expect((await search(alice, 'BAUTIZADO')).milestones.map((m: { contactName: string }) => m.contactName)).toEqual(['Lucía']);
    expect((await search(alice, 'baptized')).milestones.map((m: { contactName: string }) => m.contactName)).toEqual(['Lucía']);
    expect((await search(alice, 'una biblia')).milestones.map((m: { milestone: string }) => m.milestone)).toEqual(['has_bible']);
    expect((await alice.put('/api/account/language', { language: 'en' })).status).toBe(200);
  });

  it("shows nothing of another user's, and a team's rows to its viewer but not to someone outside it", async () => {
    const bobs = (await bob.post('/api/contacts', { name: 'Ramón Secreto', tags: ['Familia secreta'] })).body.id;
    await bob.post('/api/followups', { contactId: bobs, date: '2026-05-01T12:00:00Z', type: 'meeting', description: 'Ramón secreto' });
    await bob.post('/api/prayer-requests', { contactId: bobs, request: 'mamá secreta' });
    await bob.post('/api/goals', { title: 'Éfeso secreto', type: 'conversation', targetCount: 1, description: 'x', deadline: daysFromNow(30) });
    await bob.put(`/api/contacts/${bobs}/milestones/baptized`, {});
    const everything = await search(alice, 'secret');
    expect(everything).toEqual(nothingFound);
    expect((await search(alice, 'baptized')).milestones.map((m: { contactName: string }) => m.contactName)).toEqual(['Lucía']);

    const team = (await carol.post('/api/teams', { name: 'Equipo' })).body.id;
    await joinTeam(carol, team, { client: vic, id: vic.id }, 'viewer');
    const shared = (await carol.post('/api/contacts', { name: 'Tomé', teamId: team, tags: ['Célula'] })).body.id;
    await carol.post('/api/followups', { contactId: shared, date: '2026-06-01T12:00:00Z', type: 'meeting', description: 'Estudio con Tomé' });
    await carol.post('/api/prayer-requests', { contactId: shared, request: 'Trabajo para Tomé' });
    await carol.post('/api/goals', {
      title: 'Células nuevas',
      type: 'conversation',
      targetCount: 2,
      teamId: team,
      description: 'x',
      deadline: daysFromNow(30),
    });
    await carol.put(`/api/contacts/${shared}/milestones/in_group`, {});
    // A personal row of the team's admin stays hers.
    await carol.post('/api/goals', { title: 'Célula personal', type: 'conversation', targetCount: 2, description: 'x', deadline: daysFromNow(30) });

    const viewer = await search(vic, 'celula');
    expect(viewer.tags.map((tag: { name: string }) => tag.name)).toEqual(['Célula']);
    expect(viewer.goals.map((goal: { title: string }) => goal.title)).toEqual(['Células nuevas']);
    const tome = await search(vic, 'TOME');
    expect(tome.contacts.map((c: { name: string }) => c.name)).toEqual(['Tomé']);
    expect(tome.followUps.map((f: { description: string; contactName: string }) => [f.description, f.contactName])).toEqual([['Estudio con Tomé', 'Tomé']]);
    expect(tome.prayers.map((p: { request: string }) => p.request)).toEqual(['Trabajo para Tomé']);
    expect((await search(vic, 'in a group')).milestones.map((m: { contactName: string }) => m.contactName)).toEqual(['Tomé']);
    for (const outsider of [alice, bob]) {
      expect(await search(outsider, 'tome')).toEqual(nothingFound);
      expect((await search(outsider, 'celula')).goals).toEqual([]);
      expect((await search(outsider, 'in a group')).milestones).toEqual([]);
    }
  });

  it('leaves archived contacts out unless includeArchived, and says a found one is archived', async () => {
    const gone = (await alice.post('/api/contacts', { name: 'Zacarías Archivado' })).body.id;
    expect((await alice.put(`/api/contacts/${gone}/milestones/planting`, {})).status).toBe(200);
    await server.database.writerClient.execute({ sql: `update contacts set archived_at = ?, archive_reason = 'moved' where id = ?`, args: [Date.now(), gone] });
    expect((await search(alice, 'zacarias')).contacts).toEqual([]);
    expect((await search(alice, 'starting churches')).milestones).toEqual([]);
    expect((await search(alice, 'zacarias', '&includeArchived=false')).contacts).toEqual([]);
    expect((await search(alice, 'zacarias', '&includeArchived=true')).contacts).toEqual([
      { kind: 'contact', id: gone, name: 'Zacarías Archivado', spiritualStatus: 'unknown', archived: true },
    ]);
    expect((await search(alice, 'starting churches', '&includeArchived=true')).milestones).toMatchObject([{ contactId: gone, archived: true }]);
    const viaTrpc = await trpcQuery(alice, 'search.quick', { q: 'zacarias', includeArchived: true });
    expect(ids(viaTrpc.data.contacts)).toEqual([gone]);
  });

  it.each([
    ['no text', '', 'q', 'Search text is required'],
    ['only spaces', 'q=%20', 'q', 'Search text is required'],
    ['text over 100 characters', `q=${'x'.repeat(101)}`, 'q', 'Search text must be at most 100 characters'],
    ['includeArchived not a boolean', 'q=a&includeArchived=yes', 'includeArchived', 'Must be true or false'],
  ])('refuses %s with 400', async (_, query, path, message) => {
    expectOneIssue(await alice.get(`/api/search?${query}`), path, message);
  });
});

describe('the keys follow every write (migration 0030)', () => {
  it('finds a follow-up and a goal by their new words after an edit, a follow-up an activity scheduled, and a series’ next one', async () => {
    const contactId = (await carol.post('/api/contacts', { name: 'Keyed' })).body.id;
    const followUp = (await carol.post('/api/followups', { contactId, date: daysFromNow(3), type: 'phone', description: 'Primero' })).body.id;
    const goal = (
      await carol.post('/api/goals', { title: 'Meta vieja', description: 'Sin más', type: 'conversation', targetCount: 3, deadline: daysFromNow(30) })
    ).body.id;
    await carol.put(`/api/followups/${followUp}`, { description: 'Llamar a Zacarías' });
    await carol.put(`/api/goals/${goal}`, { description: 'Con Ñandú' });
    expect(ids((await search(carol, 'zacarias')).followUps)).toEqual([followUp]);
    expect((await search(carol, 'primero')).followUps).toEqual([]);
    expect(ids((await search(carol, 'nandu')).goals)).toEqual([goal]);
    expect(ids((await search(carol, 'meta vieja')).goals)).toEqual([goal]);
    await carol.post('/api/activities', { contactId, followUp: { date: daysFromNow(5), description: 'Devolver el libro' } });
    expect((await search(carol, 'devolver')).followUps).toHaveLength(1);
    const weekly = (
      await carol.post('/api/followups', {
        contactId,
        date: daysFromNow(1),
        type: 'meeting',
        description: 'Estudio semanal',
        repeat: { every: 1, unit: 'week', from: 'date' },
      })
    ).body.id;
    await carol.post(`/api/followups/${weekly}/complete`);
    expect((await search(carol, 'estudio semanal')).followUps).toHaveLength(2);
  });
});

describe('a heavy account', () => {
  it('answers at most limit of each kind however many rows match, /healthz answering meanwhile', async () => {
    const ROWS = 5_000;
    const { lastInsertRowid } = await server.database.writerClient.execute({
      sql: `insert into contacts (name, created_by) values ('Pedro', ?)`,
      args: [heavy.id],
    });
    const contactId = Number(lastInsertRowid);
    // Follow-ups and goals, every one matching, dated one day apart: the newest are the ones found. Written as an older
    // release wrote them, without keys, and keyed as a start keys them (migration 0030), the oldest one too.
    await server.database.writerClient.execute({
      sql: `insert into follow_ups (contact_id, date, description, type, created_by) values (?, 0, 'La primera visita', 'meeting', ?)`,
      args: [contactId, heavy.id],
    });
    await server.database.writerClient.execute({
      sql: `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${ROWS})
        insert into follow_ups (contact_id, date, description, type, created_by) select ?1, 1767225600000 + i * 86400000, 'Visita número ' || i, 'meeting', ?2 from n`,
      args: [contactId, heavy.id],
    });
    await server.database.writerClient.execute({
      sql: `with recursive n(i) as (select 1 union all select i + 1 from n where i < ${ROWS})
        insert into goals (title, target_count, type, created_by) select 'Visita ' || i, 5, 'conversation', ?1 from n`,
      args: [heavy.id],
    });
    expect(await backfillSearchKeys(server.database)).toBeGreaterThanOrEqual(2 * ROWS + 1);
    const searches = Promise.all(Array.from({ length: 5 }, () => heavy.get('/api/search?q=NUMERO')));
    const health = await healthWhile(server, searches);
    for (const res of await searches) {
      expect(res.status).toBe(200);
      expect(res.body.followUps).toHaveLength(5);
      expect(res.body.followUps[0].description).toBe(`Visita número ${ROWS}`);
    }
    console.info(`5 searches over ${ROWS} follow-ups: ${health.length} /healthz answered meanwhile, slowest ${Math.max(...health).toFixed(0)} ms`);
    expect(health.length).toBeGreaterThan(0);
    // A tRPC batch of ten searches: each call capped on its own.
    const inputs = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [i, { json: { q: 'visita', limit: 20 } }]));
    const batch = await heavy.get(`/trpc/${Array(10).fill('search.quick').join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`);
    expect(batch.status).toBe(200);
    for (const call of batch.body) expect([call.result.data.json.followUps.length, call.result.data.json.goals.length]).toEqual([20, 20]);
    const most = await search(heavy, 'visita', '&limit=20');
    expect(most.followUps).toHaveLength(20);
    expect(most.goals).toHaveLength(20);
    expect(most.goals[0].title).toBe(`Visita ${ROWS}`);
    // However old: each kind's key is searched through its index, never a window of the newest.
    expect((await search(heavy, 'primera visita')).followUps.map((row: { description: string }) => row.description)).toEqual(['La primera visita']);
  }, 60_000);
});
