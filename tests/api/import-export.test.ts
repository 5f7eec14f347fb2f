// Contacts out as CSV and vCard files, and back in: a preview that writes nothing and an import in one transaction.
import { Decrypter } from 'age-encryption';
import { beforeAll, describe, expect, it } from 'vitest';
import { fromCsvCell, parseCsv } from '../../server/formats/csv';
import { contactsFromVcard } from '../../server/formats/vcard';
import { ApiClient, requestFrom, signedInClient, usersForFile, joinTeam } from './harness';
import { trpcMutation, trpcQuery } from './trpc';

const lydia = {
  name: 'Lydia, of Thyatira',
  email: 'lydia@example.com',
  phone: '+30 555 0101',
  spiritualStatus: 'new_believer',
  notes: 'Sells "purple" cloth; baptised\nwith her household',
};

const {
  server,
  users: [alice, bob],
} = usersForFile(['alice', 'bob']);

/** Everything an import could change for a user: contacts, their journey steps, and (as `client` reads it) goal progress. */
async function footprint(userId: number, client?: ApiClient) {
  const goals = client ? ((await client.get('/api/goals')).body as { currentCount: number }[]) : [];
  return {
    contacts: await server.count('contacts', 'created_by = ?', [userId]),
    changes: await server.count('contact_status_changes', 'changed_by = ?', [userId]),
    goalProgress: goals.reduce((sum, goal) => sum + goal.currentCount, 0),
  };
}

describe('exporting contacts', () => {
  beforeAll(async () => {
    expect((await alice.post('/api/contacts', lydia)).status).toBe(201);
    expect((await alice.post('/api/contacts', { name: 'Aquila' })).status).toBe(201);
    expect((await bob.post('/api/contacts', { name: 'Bob Private', email: 'private@example.com' })).status).toBe(201);
  });

  it('answers CSV with the documented header as an attachment, and parses back to the same contacts', async () => {
    const res = await alice.get('/api/account/export/contacts.csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="sower-contacts.csv"');
    const { records, unclosedQuote } = await parseCsv(res.body as string);
    expect(unclosedQuote).toBe(false);
    expect(records[0]).toEqual(['Name', 'Email', 'Phone', 'Spiritual status', 'Notes', 'How we met', 'Tags', 'Created (UTC)']);
    // A phone number is written as it is, with no formula guard's apostrophe (issue 48).
    expect(records[2][2]).toBe(lydia.phone);
    expect(records.slice(1).map((r) => r.slice(0, 5).map(fromCsvCell))).toEqual([
      ['Aquila', '', '', 'Unknown', ''],
      [lydia.name, lydia.email, lydia.phone, 'New Believer', lydia.notes],
    ]);
    // ISO 8601 in the user's zone (UTC without one), which no spreadsheet reads as another day: '2031-03-11 10:05' (issue 48).
    expect(records.slice(1).every((r) => /^\d{4}-\d\d-\d\d \d\d:\d\d$/.test(r[7]))).toBe(true);
    expect(res.body).not.toContain('Bob Private');
  });

  it('reads back a file exported before issue 48: code names for titles, dates as English wrote them', async () => {
    const text = '\uFEFFname,email,phone,spiritualStatus,notes,createdAt (UTC)\r\nPhoebe,phoebe@example.com,,Growing,Deacon,"03/11/2031, 10:05 AM"\r\n';
    const preview = await bob.post('/api/account/import/preview', { format: 'csv', text });
    expect(preview.body).toMatchObject({
      valid: [{ row: 2, name: 'Phoebe', email: 'phoebe@example.com', spiritualStatus: 'growing', notes: 'Deacon' }],
      problems: [],
      warnings: [],
    });
  });

  it('answers vCard 3.0 as an attachment, and parses back to the same contacts', async () => {
    const res = await alice.get('/api/account/export/contacts.vcf');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/vcard; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="sower-contacts.vcf"');
    const text = res.body as string;
    expect(text).toContain('FN:Lydia\\, of Thyatira\r\n');
    expect(text).toContain('X-SOWER-STATUS:new_believer\r\n');
    expect(contactsFromVcard(text)).toEqual({
      drafts: [
        { row: 1, name: 'Aquila', email: null, phone: null, spiritualStatus: 'unknown', notes: null },
        { row: 2, ...lydia },
      ],
      problems: [],
      warnings: [],
      warningCounts: { column: 0, status: 0 },
    });
  });

  it('exports only the own contacts, not even team contacts of others', async () => {
    const team = (await bob.post('/api/teams', { name: 'Export team' })).body.id;
    await joinTeam(bob, team, { client: alice, id: alice.id }, 'member');
    await bob.post('/api/contacts', { name: 'Team Shared', teamId: team });
    expect((await alice.get('/api/contacts')).body.map((c: { name: string }) => c.name)).toContain('Team Shared');
    expect((await alice.get('/api/account/export/contacts.csv')).body).not.toContain('Team Shared');
  });

  it('answers 20 exports of one account an hour, whichever files, then 429 with Retry-After, however they arrive', async () => {
    const { client } = await signedInClient(server, 'exporter');
    await client.post('/api/contacts', { name: 'Priscilla' });
    const paths = ['/api/account/export', '/api/account/export/contacts.csv', '/api/account/export/contacts.vcf'];
    const answers = await Promise.all(Array.from({ length: 24 }, (_, i) => client.get(paths[i % 3])));
    expect(answers.filter((res) => res.status === 200)).toHaveLength(20);
    const refused = answers.filter((res) => res.status === 429);
    expect(refused).toHaveLength(4);
    expect(refused[0].body).toEqual({ message: 'Too many downloads. Please try again later.', code: 'TOO_MANY_REQUESTS' });
    expect(Number(refused[0].headers.get('retry-after'))).toBeGreaterThan(0);
    // A batch of exports is refused before any is counted or read.
    const batch = await client.get(`/trpc/account.exportContactsCsv,account.exportContactsVcard?batch=1`);
    expect(batch.status).toBe(400);
    // Another account is counted on its own.
    expect((await alice.get('/api/account/export/contacts.csv')).status).toBe(200);
  });

  it('answers 60 exports from one address an hour, whichever accounts ask, then 429', async () => {
    const from = '127.0.33.9';
    const accounts = await Promise.all(['one', 'two', 'three'].map((prefix) => signedInClient(server, `addr${prefix}`)));
    const exportFrom = (client: ApiClient) =>
      requestFrom(from, server.baseUrl, 'GET', '/api/account/export/contacts.csv', undefined, { Cookie: client.cookie });
    expect((await exportFrom(accounts[0].client)).status).toBe(200);
    const counter = `download:ip:${from}`;
    expect(Number((await server.database.readerClient.execute({ sql: 'select count from attempts where key = ?', args: [counter] })).rows[0].count)).toBe(1);
    // The address at the edge of its hour: of three accounts asking at once, one is answered.
    await server.database.writerClient.execute({ sql: 'update attempts set count = 59 where key = ?', args: [counter] });
    const statuses = (await Promise.all(accounts.map(({ client }) => exportFrom(client)))).map((res) => res.status).sort();
    expect(statuses).toEqual([200, 429, 429]);
    // Another address is not held up by them.
    expect(
      (await requestFrom('127.0.33.10', server.baseUrl, 'GET', '/api/account/export/contacts.csv', undefined, { Cookie: accounts[1].client.cookie })).status,
    ).toBe(200);
  });

  it('is served at its REST path only: over tRPC each file answers 400', async () => {
    for (const path of ['account.exportContactsCsv', 'account.exportContactsVcard']) {
      const res = await trpcQuery(alice, path);
      expect(res.status).toBe(400);
      expect(res.error?.message).toBe('This file is downloaded from its /api path, not over tRPC.');
    }
  });
});

describe('exporting everything one can see (issue 48)', () => {
  // A team's admin, member and viewer, a member the admin removed and a member of another team: each one's "everything
  // I can see" files hold exactly what their own lists show them, and "what I created" (the default) stays as it was.
  type Person = { client: ApiClient; id: number };
  const people = {} as Record<'admin' | 'member' | 'viewer' | 'removed' | 'stranger', Person>;

  beforeAll(async () => {
    for (const role of ['admin', 'member', 'viewer', 'removed', 'stranger'] as const) {
      const { client, user } = await signedInClient(server, `see${role}`);
      people[role] = { client, id: user.id };
    }
    const { admin, member, viewer, removed, stranger } = people;
    const team = (await admin.client.post('/api/teams', { name: 'Seen team' })).body.id;
    await joinTeam(admin.client, team, member, 'member');
    await joinTeam(admin.client, team, viewer, 'viewer');
    await joinTeam(admin.client, team, removed, 'member');
    const otherTeam = (await stranger.client.post('/api/teams', { name: 'Other team' })).body.id;
    const add = async (who: Person, name: string, teamId?: number) => {
      const res = await who.client.post('/api/contacts', { name, email: `${name.replace(/\W/g, '').toLowerCase()}@example.com`, teamId });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    const ruth = await add(admin, 'Team Ruth', team);
    await add(member, 'Team Naomi', team);
    const boaz = await add(removed, 'Team Boaz', team);
    await add(admin, 'Admin Private');
    await add(member, 'Member Private');
    await add(removed, 'Removed Private');
    const orpah = await add(stranger, 'Other Orpah', otherTeam);
    for (const [who, contactId] of [
      [admin, ruth],
      [removed, boaz],
      [stranger, orpah],
    ] as const) {
      expect((await who.client.post('/api/activities', { contactId, description: 'Talked at the well' })).status).toBe(201);
      expect((await who.client.post('/api/followups', { contactId, date: '2031-05-01T12:00:00.000Z', description: 'Bring the book' })).status).toBe(201);
      expect((await who.client.post('/api/prayer-requests', { contactId, request: 'For the harvest' })).status).toBe(201);
    }
    expect((await admin.client.delete(`/api/teams/${team}/members/${removed.id}`)).status).toBe(200);
  });

  const csvNames = async (client: ApiClient, query = '') => {
    const res = await client.get(`/api/account/export/contacts.csv${query}`);
    expect(res.status).toBe(200);
    return (await parseCsv(res.body as string)).records.slice(1).map((r) => fromCsvCell(r[0]));
  };
  const ids = (rows: { id: number }[]) => rows.map((row) => row.id).sort((a, b) => a - b);

  it.each(['admin', 'member', 'viewer', 'removed', 'stranger'] as const)('gives the %s exactly what their lists show', async (role) => {
    const { client } = people[role];
    const listed = (await client.get('/api/contacts')).body as { id: number; name: string }[];
    expect((await csvNames(client, '?scope=visible')).sort()).toEqual(listed.map((c) => c.name).sort());
    const cards = (await client.get('/api/account/export/contacts.vcf?scope=visible')).body as string;
    expect(
      contactsFromVcard(cards)
        .drafts.map((d) => d.name)
        .sort(),
    ).toEqual(listed.map((c) => c.name).sort());
    const json = (await client.get('/api/account/export?scope=visible')).body;
    expect(ids(json.contacts)).toEqual(ids(listed));
    for (const [file, list] of [
      ['activities', '/api/activities'],
      ['followUps', '/api/followups'],
      ['prayerRequests', '/api/prayer-requests'],
    ] as const)
      expect(ids(json[file]), file).toEqual(ids((await client.get(list)).body));
  });

  it('walks each of many teams (past the few a list names one by one) and still gives what the lists show', async () => {
    const { client } = await signedInClient(server, 'manyteams');
    const { client: mate, user: mateUser } = await signedInClient(server, 'manymate');
    for (let i = 0; i < 18; i++) {
      const teamId = (await client.post('/api/teams', { name: `Team ${i}` })).body.id;
      await joinTeam(client, teamId, { client: mate, id: mateUser.id }, 'viewer');
      expect((await client.post('/api/contacts', { name: `Contact of team ${i}`, teamId })).status).toBe(201);
    }
    const listed = ((await mate.get('/api/contacts')).body as { name: string }[]).map((c) => c.name);
    expect(listed).toHaveLength(18);
    expect((await csvNames(mate, '?scope=visible')).sort()).toEqual(listed.sort());
    expect(await csvNames(mate)).toEqual([]);
  });

  it('shows the team’s rows to its members and viewers, and nobody else’s', async () => {
    const names = async (role: keyof typeof people) => (await csvNames(people[role].client, '?scope=visible')).sort();
    expect(await names('member')).toEqual(['Member Private', 'Team Boaz', 'Team Naomi', 'Team Ruth']);
    expect(await names('viewer')).toEqual(['Team Boaz', 'Team Naomi', 'Team Ruth']);
    expect(await names('admin')).toEqual(['Admin Private', 'Team Boaz', 'Team Naomi', 'Team Ruth']);
    // Removed, they read none of the team's rows, not even the contact they added to it.
    expect(await names('removed')).toEqual(['Removed Private']);
    expect(await names('stranger')).toEqual(['Other Orpah']);
  });

  it('gives what the person created, as before, without the parameter or with scope=created', async () => {
    const { member, viewer } = people;
    expect((await csvNames(member.client)).sort()).toEqual(['Member Private', 'Team Naomi']);
    expect((await csvNames(member.client, '?scope=created')).sort()).toEqual(['Member Private', 'Team Naomi']);
    // A viewer who created nothing gets the header alone, as before.
    expect(await csvNames(viewer.client)).toEqual([]);
    expect((await viewer.client.get('/api/account/export')).body.contacts).toEqual([]);
  });

  it('takes the choice in the encrypted export’s body too', async () => {
    const { client } = people.viewer;
    const passphrase = 'a long enough passphrase';
    const res = await fetch(`${server.baseUrl}/api/account/export/encrypted`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: client.cookie },
      body: JSON.stringify({ passphrase, scope: 'visible' }),
    });
    expect(res.status).toBe(200);
    const decrypter = new Decrypter();
    decrypter.addPassphrase(passphrase);
    const file = JSON.parse(await decrypter.decrypt(new Uint8Array(await res.arrayBuffer()), 'text'));
    expect(file.contacts.map((c: { name: string }) => c.name).sort()).toEqual(['Team Boaz', 'Team Naomi', 'Team Ruth']);
    // Deriving the passphrase's key (scrypt) takes seconds on a busy machine, as in encrypted-export.test.ts.
  }, 60_000);

  it('refuses any other choice with 400, before anything is counted or read', async () => {
    const { client, id } = people.stranger;
    const counted = async () =>
      (await server.database.readerClient.execute({ sql: 'select count from attempts where key = ?', args: [`download:user:${id}`] })).rows[0]?.count;
    const before = await counted();
    for (const path of ['/api/account/export', '/api/account/export/contacts.csv', '/api/account/export/contacts.vcf'])
      for (const scope of ['everything', 'team', '']) expect((await client.get(`${path}?scope=${scope}`)).status, `${path} ${scope}`).toBe(400);
    expect((await client.post('/api/account/export/encrypted', { passphrase: 'a long enough passphrase', scope: 'all' })).status).toBe(400);
    expect(await counted()).toBe(before);
  });
});

describe('importing contacts', () => {
  let importer: ApiClient;
  let importerId: number;

  const csv = [
    'Full Name,E-mail,Phone,Status,Notes',
    'Priscilla,priscilla@example.com,555 0001,Growing,"Tentmaker, with Aquila"',
    'Broken Email,not-an-email,,,',
    'Existing By Email,EXISTING@example.com,,,',
    'Apollos,apollos@example.com,,eloquent,',
    'Apollos Again,APOLLOS@example.com,,,',
    'Existing Name,,,,',
    ',nameless@example.com,,,',
    '"Stephanas","","","new believer","first fruits\nof Achaia"',
  ].join('\r\n');

  beforeAll(async () => {
    const signedIn = await signedInClient(server, 'importer');
    importer = signedIn.client;
    importerId = signedIn.user.id;
    await importer.post('/api/contacts', { name: 'Someone Else', email: 'existing@example.com' });
    await importer.post('/api/contacts', { name: 'existing name' });
    await importer.post('/api/goals', { title: 'Meet people', description: 'New contacts', type: 'new_contact', targetCount: 10, deadline: '2030-01-01' });
  });

  const expectedValid = [
    { row: 2, name: 'Priscilla', email: 'priscilla@example.com', phone: '555 0001', spiritualStatus: 'growing', notes: 'Tentmaker, with Aquila' },
    // 'eloquent' is no status Sower knows: imported as unknown, and the preview says what the file said.
    { row: 5, name: 'Apollos', email: 'apollos@example.com', phone: null, spiritualStatus: 'unknown', notes: null },
    { row: 9, name: 'Stephanas', email: null, phone: null, spiritualStatus: 'new_believer', notes: 'first fruits\nof Achaia' },
  ];
  const expectedDuplicates = [
    { row: 4, name: 'Existing By Email', reason: 'A contact with this email already exists' },
    { row: 6, name: 'Apollos Again', reason: 'Same email as row 5' },
    { row: 7, name: 'Existing Name', reason: 'A contact with this name already exists' },
  ];
  const expectedProblems = [
    { row: 3, reason: 'Invalid email address' },
    { row: 8, reason: 'Name is required' },
  ];

  it('previews valid rows, problems and duplicates, and writes nothing', async () => {
    const before = await footprint(importerId, importer);
    const res = await importer.post('/api/account/import/preview', { format: 'csv', text: csv });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      valid: expectedValid,
      problems: expectedProblems,
      duplicates: expectedDuplicates,
      warnings: [{ kind: 'status', row: 5, name: 'Apollos', value: 'eloquent' }],
      warningCounts: { column: 0, status: 1 },
    });
    expect(await footprint(importerId, importer)).toEqual(before);
  });

  it('imports the valid rows in one go, records their status and counts them toward goals', async () => {
    const before = await footprint(importerId, importer);
    const res = await importer.post('/api/account/import', { format: 'csv', text: csv });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ created: 3, skipped: expectedDuplicates, problems: expectedProblems });
    expect(await footprint(importerId, importer)).toEqual({
      contacts: before.contacts + 3,
      changes: before.changes + 3,
      goalProgress: before.goalProgress + 3,
    });
    const list = (await importer.get('/api/contacts?q=Tentmaker')).body;
    expect(list).toEqual([expect.objectContaining({ name: 'Priscilla', email: 'priscilla@example.com', spiritualStatus: 'growing', teamId: null })]);
    const timeline = (await importer.get(`/api/contacts/${list[0].id}/timeline`)).body;
    expect(timeline.journey).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'growing' })]);
  });

  it('skips everything the second time, as duplicates', async () => {
    const res = await importer.post('/api/account/import', { format: 'csv', text: csv });
    expect(res.body.created).toBe(0);
    expect(res.body.skipped.map((d: { row: number }) => d.row)).toEqual([2, 4, 5, 6, 7, 9]);
  });

  it('writes nothing at all when one insert fails halfway', async () => {
    await server.database.writerClient.execute(
      "create trigger refuse_boom before insert on contacts when new.name = 'Boom' begin select raise(abort, 'refused by test'); end",
    );
    try {
      const before = await footprint(importerId, importer);
      const res = await importer.post('/api/account/import', { format: 'csv', text: 'name\nFirst Fine\nSecond Fine\nBoom\nAfter Boom\n' });
      expect(res.status).toBe(500);
      expect(await footprint(importerId, importer)).toEqual(before);
      expect((await importer.get('/api/contacts?q=Fine')).body).toEqual([]);
    } finally {
      await server.database.writerClient.execute('drop trigger refuse_boom');
    }
  });

  it('imports vCards', async () => {
    const vcf = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'FN:Onesimus',
      'EMAIL:onesimus@example.com',
      'NOTE:Useful\\, now',
      'X-SOWER-STATUS:growing',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Philemon;;;;',
      'END:VCARD',
      'BEGIN:VCARD',
      'VERSION:3.0',
      'EMAIL:noname@example.com',
      'END:VCARD',
    ].join('\r\n');
    const preview = await importer.post('/api/account/import/preview', { format: 'vcard', text: vcf });
    expect(preview.body).toEqual({
      valid: [
        { row: 1, name: 'Onesimus', email: 'onesimus@example.com', phone: null, spiritualStatus: 'growing', notes: 'Useful, now' },
        { row: 2, name: 'Philemon', email: null, phone: null, spiritualStatus: 'unknown', notes: null },
      ],
      problems: [{ row: 3, reason: 'Name is required' }],
      duplicates: [],
      warnings: [],
      warningCounts: { column: 0, status: 0 },
    });
    const res = await trpcMutation(importer, 'account.confirmImport', { format: 'vcard', text: vcf });
    expect(res.data).toEqual({ created: 2, skipped: [], problems: [{ row: 3, reason: 'Name is required' }] });
  });

  it("checks duplicates only against contacts the user can read, never another user's", async () => {
    const res = await bob.post('/api/account/import/preview', { format: 'csv', text: 'name,email\nPriscilla,priscilla@example.com\n' });
    expect(res.body.duplicates).toEqual([]);
    expect(res.body.valid).toHaveLength(1);
  });

  it('counts a team contact the user can read as a duplicate', async () => {
    const res = await alice.post('/api/account/import/preview', { format: 'csv', text: 'name\nteam shared\n' });
    expect(res.body.duplicates).toEqual([{ row: 2, name: 'team shared', reason: 'A contact with this name already exists' }]);
  });

  it('reports a file without a header row as a problem', async () => {
    const res = await importer.post('/api/account/import/preview', { format: 'csv', text: 'Tychicus,tychicus@example.com\n' });
    expect(res.body).toEqual({
      valid: [],
      duplicates: [],
      problems: [{ row: 1, reason: 'The first row must name the columns, with one called name (and email, phone, status, notes)' }],
      warnings: [],
      warningCounts: { column: 0, status: 0 },
    });
  });

  it.each([
    ['an unknown format', { format: 'xlsx', text: 'name\nA' }, 'format', 'Format must be csv or vcard'],
    ['an empty file', { format: 'csv', text: '  \n ' }, 'text', 'The file is empty'],
    ['no file', { format: 'csv' }, 'text', 'The file is empty'],
    ['a file over 1 MB', { format: 'csv', text: 'x'.repeat(1_000_001) }, 'text', 'The file must be at most 1 MB'],
  ])('refuses %s with 400 and writes nothing', async (_, body, path, message) => {
    const before = await footprint(importerId, importer);
    for (const route of ['/api/account/import/preview', '/api/account/import']) {
      const res = await importer.post(route, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message, code: 'BAD_REQUEST', issues: [{ path, message }] });
    }
    expect(await footprint(importerId, importer)).toEqual(before);
  });

  it('leaves bob untouched by all of it', async () => {
    expect(await footprint(bob.id)).toMatchObject({ contacts: 2 });
  });
});

describe('import in every language, with warnings (issue 28)', () => {
  let spanish: ApiClient;

  beforeAll(async () => {
    spanish = (await signedInClient(server, 'lucia')).client;
    expect((await spanish.put('/api/account/language', { language: 'es' })).status).toBe(200);
  });

  const file = [
    'Nombre;ESTADO;Color favorito;Correo;correo',
    'Ramón;Buscando;azul;ramon@example.com;otro@example.com',
    'Marta;découverte;;;',
    'Pilar;Curiosa;;;',
    'Tomás;بحث روحي;;;',
    'Carlos;new_believer;;;',
    'Inés;;;;',
  ].join('\r\n');

  it('reads a Spanish spreadsheet’s columns and status words in any language, and names every value it cannot read', async () => {
    const preview = await spanish.post('/api/account/import/preview', { format: 'csv', text: file });
    expect(preview.status).toBe(200);
    expect(preview.body.valid.map((c: { name: string; email: string | null; spiritualStatus: string }) => [c.name, c.email, c.spiritualStatus])).toEqual([
      ['Ramón', 'ramon@example.com', 'seeking'],
      ['Marta', null, 'exploring'],
      ['Pilar', null, 'unknown'],
      ['Tomás', null, 'seeking'],
      ['Carlos', null, 'new_believer'],
      ['Inés', null, 'unknown'],
    ]);
    expect(preview.body.warnings).toEqual([
      { kind: 'column', row: 1, column: 3, value: 'Color favorito' },
      { kind: 'column', row: 1, column: 5, value: 'correo' },
      { kind: 'status', row: 4, name: 'Pilar', value: 'Curiosa' },
    ]);
    expect(preview.body.warningCounts).toEqual({ column: 2, status: 1 });
    const imported = await spanish.post('/api/account/import', { format: 'csv', text: file });
    expect(imported.body.created).toBe(6);
    const ramon = (await spanish.get('/api/contacts?q=ramon@example.com')).body;
    expect(ramon).toEqual([expect.objectContaining({ name: 'Ramón', spiritualStatus: 'seeking' })]);
  });

  it('keeps the first warnings of each kind of a heavy file and counts the rest', async () => {
    const header = ['name', 'status', ...Array.from({ length: 2000 }, (_, i) => `extra ${i}`)].join(',');
    const rows = Array.from({ length: 5000 }, (_, i) => `Heavy ${i},odd ${i}`);
    const preview = await spanish.post('/api/account/import/preview', { format: 'csv', text: `${header}\n${rows.join('\n')}\n` });
    expect(preview.status).toBe(200);
    expect(preview.body.warningCounts).toEqual({ column: 2000, status: 5000 });
    expect(preview.body.warnings).toHaveLength(100);
    expect(preview.body.warnings.at(-1)).toEqual({ kind: 'status', row: 51, name: 'Heavy 49', value: 'odd 49' });
  });

  it('lists what the import reads, the user’s language first, from the tables it reads with', async () => {
    const res = await spanish.get('/api/account/import/help');
    expect(res.status).toBe(200);
    const status = res.body.columns.find((c: { field: string }) => c.field === 'spiritualStatus');
    expect(status.words.slice(0, 3)).toEqual(['Estado espiritual', 'Estado', 'Spiritual status']);
    expect(res.body.statuses.find((s: { status: string }) => s.status === 'seeking').words[0]).toBe('Buscando');
    expect(res.body.ignoredColumns[0]).toBe('Fecha de creación');
    // Every status word listed is read as its status.
    const words: [string, string][] = res.body.statuses.flatMap((s: { status: string; words: string[] }) => s.words.map((word) => [word, s.status]));
    const csv = ['name,status', ...words.map(([word], i) => `Help ${i},"${word}"`)].join('\n');
    const preview = await spanish.post('/api/account/import/preview', { format: 'csv', text: csv });
    expect(preview.body.warnings).toEqual([]);
    expect(preview.body.valid.map((c: { spiritualStatus: string }) => c.spiritualStatus)).toEqual(words.map(([, status]) => status));
    expect((await new ApiClient(server.baseUrl).get('/api/account/import/help')).status).toBe(401);
  });
});

describe('vCard names (issue 28)', () => {
  const oddNames = [
    'Don Ramón (vecino del 3º)',
    'Smith, John',
    'a;b;c',
    'back\\slash',
    'two\nlines',
    'مريم المجدلية',
    'أبو (الجار) ٣',
    'Zoë 🌱 Ångström 👨‍👩‍👧',
    'Cornelius',
    'Dr. Martin Luther King Jr.',
    'عبد الله بن سعيد',
  ];

  it('exports FN as typed and N with the whole name given, and reads every odd name back as it was', async () => {
    const from = (await signedInClient(server, 'vcardout')).client;
    const to = (await signedInClient(server, 'vcardin')).client;
    for (const name of oddNames) expect((await from.post('/api/contacts', { name })).status).toBe(201);
    const res = await from.get('/api/account/export/contacts.vcf');
    expect(res.status).toBe(200);
    const text = (res.body as string).replace(/\r\n[ \t]/g, '');
    expect(text).toContain('\r\nFN:Don Ramón (vecino del 3º)\r\nN:;Don Ramón (vecino del 3º);;;\r\n');
    expect(text).toContain('\r\nFN:Smith\\, John\r\nN:;Smith\\, John;;;\r\n');
    expect(text).toContain('\r\nFN:عبد الله بن سعيد\r\nN:;عبد الله بن سعيد;;;\r\n');
    const imported = await to.post('/api/account/import', { format: 'vcard', text: res.body });
    expect(imported.body).toMatchObject({ created: oddNames.length, problems: [] });
    const names = (await to.get('/api/contacts')).body.map((c: { name: string }) => c.name);
    expect([...names].sort()).toEqual([...oddNames].sort());
  });
});
