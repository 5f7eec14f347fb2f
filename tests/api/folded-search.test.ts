// Search and name matching through folded keys (issue 28): case, accents and Arabic letter forms aside, in the contact
// list and its count, the quick search, activity logging by name, the import's duplicates, and contacts.sameName.
import { beforeAll, describe, expect, it } from 'vitest';
import { readAuthority } from '../../server/access';
import { quickSearchQueries } from '../../server/routers/search';
import { queryPlan, usersForFile, namesOf } from './harness';
import { trpcQuery } from './trpc';

const {
  server,
  users: [alice, bob],
} = usersForFile(['alice', 'bob']);
const ids: Record<string, number> = {};

beforeAll(async () => {
  const people = [
    { name: 'Ramón Pérez', phone: '+34 600 12 34 56' },
    { name: 'Tomás', notes: 'Vive en Málaga' },
    { name: 'Lucía Fernández', email: 'LUCIA@correo.example' },
    { name: 'أحمد', phone: '٠٥٠١٢٣٤٥٦٧' },
    { name: 'فاطمة' },
  ];
  for (const person of people) {
    const res = await alice.post('/api/contacts', person);
    expect(res.status).toBe(201);
    ids[person.name] = res.body.id;
  }
  expect((await alice.post('/api/activities', { type: 'conversation', contactId: ids['Tomás'], notes: 'Habló de la fé de su família' })).status).toBe(201);
  expect((await alice.post('/api/prayer-requests', { contactId: ids['أحمد'], request: 'شفاء لأمّه' })).status).toBe(201);
  // Bob's people share names and words with Alice's: never found or matched for her.
  ids.bobRamon = (await bob.post('/api/contacts', { name: 'Ramón Secreto', notes: 'familia' })).body.id;
  ids.bobLucia = (await bob.post('/api/contacts', { name: 'Lucia Fernandez' })).body.id;
  await bob.post('/api/activities', { type: 'conversation', contactId: ids.bobRamon, notes: 'família fe' });
  await bob.post('/api/prayer-requests', { contactId: ids.bobRamon, request: 'شفاء' });
});

describe('the contact list and its count', () => {
  it.each([
    ['ramon', ['Ramón Pérez']],
    ['RAMÓN', ['Ramón Pérez']],
    ['tomas', ['Tomás']],
    ['fernandez', ['Lucía Fernández']],
    ['lucia@correo', ['Lucía Fernández']],
    ['malaga', ['Tomás']],
    ['احمد', ['أحمد']],
    ['فاطمه', ['فاطمة']],
  ])('q=%s finds %j', async (q, expected) => {
    const res = await alice.get(`/api/contacts?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    expect(namesOf(res.body)).toEqual(expected);
    expect((await trpcQuery(alice, 'contacts.count', { q })).data).toEqual({ count: expected.length });
  });

  it.each([
    ['600123456', 'Ramón Pérez'],
    ['600 12 34', 'Ramón Pérez'],
    ['٦٠٠١٢٣', 'Ramón Pérez'],
    ['0501234567', 'أحمد'],
    ['050-123', 'أحمد'],
    ['٠٥٠ ١٢٣', 'أحمد'],
  ])('finds a phone number however it is spaced, in either digits: %s', async (q, expected) => {
    expect(namesOf((await alice.get(`/api/contacts?q=${encodeURIComponent(q)}`)).body)).toEqual([expected]);
  });

  it("finds none of another user's contacts", async () => {
    expect(namesOf((await bob.get('/api/contacts?q=ramon')).body)).toEqual(['Ramón Secreto']);
    expect((await trpcQuery(bob, 'contacts.count', { q: 'lucía' })).data).toEqual({ count: 1 });
  });

  it('finds a contact by the new texts after an edit, and no longer by the old ones', async () => {
    const id = (await alice.post('/api/contacts', { name: 'Zoë Renamed', notes: 'primera nota' })).body.id;
    expect((await alice.put(`/api/contacts/${id}`, { name: 'Chloé Nueva' })).status).toBe(200);
    expect(namesOf((await alice.get('/api/contacts?q=zoe')).body)).toEqual([]);
    expect(namesOf((await alice.get('/api/contacts?q=chloe')).body)).toEqual(['Chloé Nueva']);
    // The fields the edit left alone are still found.
    expect(namesOf((await alice.get('/api/contacts?q=primera')).body)).toEqual(['Chloé Nueva']);
    expect((await alice.put(`/api/contacts/${id}`, { notes: null })).status).toBe(200);
    expect(namesOf((await alice.get('/api/contacts?q=primera')).body)).toEqual([]);
    expect((await alice.delete(`/api/contacts/${id}`)).status).toBe(200);
  });
});

describe('the quick search', () => {
  it('finds "ramon" for Ramón and ranks it by its folded name', async () => {
    const res = await alice.get('/api/search?q=ramon');
    expect(res.body.contacts).toEqual([{ kind: 'contact', id: ids['Ramón Pérez'], name: 'Ramón Pérez', spiritualStatus: 'unknown', archived: false }]);
  });

  it('finds activities and prayer requests by their folded text, only the caller’s', async () => {
    const fe = (await alice.get('/api/search?q=FAMILIA')).body;
    expect(fe.activities.map((a: { notes: string }) => a.notes)).toEqual(['Habló de la fé de su família']);
    expect(fe.contacts).toEqual([]);
    const prayer = (await alice.get(`/api/search?q=${encodeURIComponent('شفاء لامه')}`)).body;
    expect(prayer.prayers).toEqual([{ kind: 'prayerRequest', id: expect.any(Number), request: 'شفاء لأمّه', contactName: 'أحمد', answered: false }]);
    expect((await alice.get(`/api/search?q=${encodeURIComponent('شفاء')}`)).body.prayers).toHaveLength(1);
  });

  it('finds an activity by its notes after an edit', async () => {
    const id = (await alice.post('/api/activities', { type: 'conversation', contactId: ids['Tomás'], notes: 'Café con Tomás' })).body.id;
    expect((await alice.get('/api/search?q=cafe')).body.activities.map((a: { id: number }) => a.id)).toEqual([id]);
    expect((await alice.put(`/api/activities/${id}`, { notes: 'Paseo por el río' })).status).toBe(200);
    expect((await alice.get('/api/search?q=cafe')).body.activities).toEqual([]);
    expect((await alice.get('/api/search?q=rio')).body.activities.map((a: { id: number }) => a.id)).toEqual([id]);
    // An edit of the description alone keeps the notes found.
    expect((await alice.put(`/api/activities/${id}`, { description: 'Paseo largo' })).status).toBe(200);
    expect((await alice.get('/api/search?q=rio')).body.activities.map((a: { id: number }) => a.id)).toEqual([id]);
    expect((await alice.delete(`/api/activities/${id}`)).status).toBe(200);
  });

  it('finds a prayer request by its text after an edit', async () => {
    const id = (await alice.post('/api/prayer-requests', { contactId: ids['Tomás'], request: 'Trabajo nuevo' })).body.id;
    expect((await alice.put(`/api/prayer-requests/${id}`, { request: 'Salud de su mamá' })).status).toBe(200);
    expect((await alice.get('/api/search?q=trabajo')).body.prayers).toEqual([]);
    expect((await alice.get('/api/search?q=mama')).body.prayers.map((p: { id: number }) => p.id)).toEqual([id]);
    expect((await alice.delete(`/api/prayer-requests/${id}`)).status).toBe(200);
  });
});

describe('logging an activity by a typed name', () => {
  it("logs with the existing contact whose name folds the same, never with another user's", async () => {
    const before = (await trpcQuery(alice, 'contacts.count')).data.count;
    const res = await alice.post('/api/activities', { type: 'conversation', contactName: '  lucia   FERNANDEZ ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ contactId: ids['Lucía Fernández'], contactName: 'Lucía Fernández', newContact: false });
    const arabic = await alice.post('/api/activities', { type: 'other', contactName: 'احمد' });
    expect(arabic.body).toMatchObject({ contactId: ids['أحمد'], newContact: false });
    expect((await trpcQuery(alice, 'contacts.count')).data.count).toBe(before);

    // Bob's own Lucia is his; Alice's Ramón is not: Bob's "ramon perez" is a new contact of his.
    const bobs = await bob.post('/api/activities', { type: 'conversation', contactName: 'Lucía Fernández' });
    expect(bobs.body).toMatchObject({ contactId: ids.bobLucia, newContact: false });
    const other = await bob.post('/api/activities', { type: 'conversation', contactName: 'ramon perez' });
    expect(other.body, JSON.stringify(other.body)).toMatchObject({ newContact: true, contactName: 'ramon perez' });
    expect(other.body.contactId).not.toBe(ids['Ramón Pérez']);
    const created = await bob.get(`/api/contacts/${other.body.contactId}`);
    expect(created.body, JSON.stringify(created.body)).toMatchObject({ name: 'ramon perez' });
  });

  it('moves an activity to the contact a typed name folds to', async () => {
    const id = (await alice.post('/api/activities', { type: 'conversation', contactId: ids['Tomás'] })).body.id;
    const moved = await alice.put(`/api/activities/${id}`, { contactName: 'RAMON perez' });
    expect(moved.body).toMatchObject({ contactId: ids['Ramón Pérez'], newContact: false });
    // The same name differently written is no change of contact.
    const same = await alice.put(`/api/activities/${id}`, { contactName: 'ramón pérez' });
    expect(same.body).toMatchObject({ contactId: ids['Ramón Pérez'], newContact: false });
  });
});

describe('contacts.sameName', () => {
  it('answers the readable contacts whose name folds the same, the caller’s own first', async () => {
    const res = await alice.get(`/api/contacts/same-name?name=${encodeURIComponent('LUCIA fernandez')}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: ids['Lucía Fernández'], name: 'Lucía Fernández', spiritualStatus: 'unknown', teamId: null, editable: true }]);
    expect((await trpcQuery(bob, 'contacts.sameName', { name: 'TOMAS' })).data).toEqual([]);
    expect((await trpcQuery(bob, 'contacts.sameName', { name: 'lucía fernández' })).data).toEqual([expect.objectContaining({ id: ids.bobLucia })]);
    expect((await trpcQuery(alice, 'contacts.sameName', { name: 'Nadie' })).data).toEqual([]);
  });

  it('answers at most five, however many share the name', async () => {
    for (let i = 0; i < 7; i++) await alice.post('/api/contacts', { name: i % 2 ? 'José' : 'jose' });
    expect((await trpcQuery(alice, 'contacts.sameName', { name: 'JOSE' })).data).toHaveLength(5);
  });

  it('refuses a missing or overlong name with 400', async () => {
    expect((await alice.get('/api/contacts/same-name')).status).toBe(400);
    expect((await alice.get(`/api/contacts/same-name?name=${'x'.repeat(300)}`)).status).toBe(400);
    expect((await trpcQuery(alice, 'contacts.sameName', { name: '   ' })).status).toBe(400);
  });
});

describe('importing', () => {
  it('counts a row whose name folds to an existing contact’s as a duplicate', async () => {
    const csv = 'name,email\nLUCIA FERNANDEZ,\nRamon Perez,\nNueva Persona,\n';
    const res = await alice.post('/api/account/import/preview', { format: 'csv', text: csv });
    expect(res.status).toBe(200);
    expect(res.body.duplicates.map((d: { name: string }) => d.name)).toEqual(['LUCIA FERNANDEZ', 'Ramon Perez']);
  });
});

// Last: EXPLAIN on the reader pool can leave its connection on an older snapshot, and the test makes Alice a team.
describe('the quick search plan', () => {
  it('scans index entries holding the search key, never whole rows, for a user alone and in a team', async () => {
    const check = async () => {
      const who = await readAuthority(server.database.read, alice.id);
      for (const includeArchived of [true, false])
        for (const query of quickSearchQueries(server.database.read, who, 'ramon', 5, includeArchived)) {
          const lines = await queryPlan(server, query);
          // Every scan of the searched table is through a covering index; the rows found are then read by id. Leaving
          // archived contacts out (issue 50 §7) reads archived_at from the row of each contact whose key matched.
          const scans = lines.filter(
            (line) => /^(SCAN|SEARCH) (contacts|activities|prayer_requests)\b/.test(line) && !/USING INTEGER PRIMARY KEY|USING PRIMARY KEY/.test(line),
          );
          expect(scans.length, lines.join('\n')).toBeGreaterThan(0);
          for (const line of scans)
            expect(line, lines.join('\n')).toMatch(
              includeArchived ? /USING COVERING INDEX \w+_(search|name_key)_idx/ : /USING (COVERING )?INDEX \w+_(search|name_key)_idx/,
            );
        }
    };
    await check();
    expect((await alice.post('/api/teams', { name: 'Equipo' })).status).toBe(201);
    await check();
  });
});
