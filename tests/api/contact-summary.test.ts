// A contact's 'Last contact' and 'Next follow-up', on the list and the contact's page, and the list's orders by them
// (issue 13: what users of personal CRMs expect). Only what the reader may see goes into either date.
import { decidedInSql } from '../../server/access';
import { createClient } from '@libsql/client';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactList } from '../../server/routers/contacts';
import { daysFromNow, joinTeam, serverForFile, signedInClient, type ApiClient } from './harness';

const server = serverForFile();

/**
 * A record on a team contact made personal, as releases before issue 30 wrote one (each is now written in its contact's
 * team): such rows remain, and stay their author's alone.
 */
const madePersonal = (table: 'activities' | 'follow_ups', id: number) =>
  server.database.write((tx) => tx.run(sql`update ${sql.identifier(table)} set team_id = null where id = ${id}`));

describe('last contact and next follow-up', () => {
  it('are the latest activity or completed follow-up up to today, and the earliest follow-up still to do', async () => {
    const { client } = await signedInClient(server, 'summary');
    const id = (await client.post('/api/contacts', { name: 'Lois' })).body.id;
    expect((await client.get(`/api/contacts/${id}`)).body).toMatchObject({ lastContactAt: null, nextFollowUpAt: null });

    await client.post('/api/activities', { type: 'conversation', contactId: id, date: daysFromNow(-10) });
    await client.post('/api/activities', { type: 'conversation', contactId: id, date: daysFromNow(5) });
    const called = await client.post('/api/followups', { contactId: id, date: daysFromNow(-3), type: 'phone', description: 'Called', completed: true });
    // Written as done with a past date: done on that date (a call logged afterwards), which is the last contact.
    expect(called.body.completedAt).toBe(called.body.date);
    await client.post('/api/followups', { contactId: id, date: daysFromNow(7), type: 'meeting', description: 'Lunch' });
    await client.post('/api/followups', { contactId: id, date: daysFromNow(2), type: 'text', description: 'Text her' });
    const contact = (await client.get(`/api/contacts/${id}`)).body;
    expect(contact.lastContactAt).toBe(daysFromNow(-3).slice(0, 10) + contact.lastContactAt.slice(10));
    expect(contact.nextFollowUpAt).toBe(daysFromNow(2).slice(0, 10) + contact.nextFollowUpAt.slice(10));
    const listed = ((await client.get('/api/contacts')).body as { id: number }[]).find((c) => c.id === id);
    expect(listed).toMatchObject({ lastContactAt: contact.lastContactAt, nextFollowUpAt: contact.nextFollowUpAt });
  });

  it("never reveal a teammate's private activity with a shared contact", async () => {
    const admin = await signedInClient(server, 'sum-admin');
    const member = await signedInClient(server, 'sum-member');
    const team = (await admin.client.post('/api/teams', { name: 'Harvest' })).body.id;
    await joinTeam(admin.client, team, { client: member.client, id: member.user.id });
    const shared = (await admin.client.post('/api/contacts', { name: 'Shared Sam', teamId: team })).body.id;
    // The member's personal (not team) activity and follow-up with the team's contact, as releases before issue 30 wrote them.
    const logged = await member.client.post('/api/activities', { type: 'conversation', contactId: shared, date: daysFromNow(-1) });
    const planned = await member.client.post('/api/followups', { contactId: shared, date: daysFromNow(3), type: 'phone', description: 'Private call' });
    await madePersonal('activities', logged.body.id);
    await madePersonal('follow_ups', planned.body.id);
    expect((await admin.client.get(`/api/contacts/${shared}`)).body).toMatchObject({ lastContactAt: null, nextFollowUpAt: null });
    const mine = (await member.client.get(`/api/contacts/${shared}`)).body;
    expect(mine.lastContactAt).not.toBeNull();
    expect(mine.nextFollowUpAt).not.toBeNull();
  });
});

describe('the cost of the two dates', () => {
  it("reads each person's dates through their own (contact, date) index, never walking the reader's activities", async () => {
    // In a team, so the reader's rule is `created_by = ? or team_id in (…)`: the OR that misled SQLite's planner.
    const { client, user } = await signedInClient(server, 'planner');
    expect((await client.post('/api/teams', { name: 'Planners' })).status).toBe(201);
    const lists = (['name', 'lastContact', 'nextFollowUp'] as const).map((sort) =>
      contactList.build(server.database.read, decidedInSql(user.id), { sort, limit: 50 }).query.toSQL(),
    );
    // A connection of its own: an EXPLAIN on the server's reader pool left that connection on an old snapshot.
    const inspector = createClient({ url: server.dbUrl });
    for (const list of lists) {
      const plan = (await inspector.execute({ sql: `explain query plan ${list.sql}`, args: list.params as never })).rows.map((r) => String(r.detail));
      expect(plan.filter((line) => /^SEARCH (activities|follow_ups)\b/.test(line))).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/activities USING COVERING INDEX activities_contact_date_idx/),
          expect.stringMatching(/follow_ups USING INDEX follow_ups_contact_date_idx/),
        ]),
      );
      expect(plan.join('\n')).not.toMatch(/MULTI-INDEX OR|activities_owner_date_idx|activities_team_date_idx/);
    }
    inspector.close();
  });
});

describe('the list’s orders', () => {
  it('sorts by name, by last contact (never first, then longest ago) and by next follow-up (soonest first, none last), page by page', async () => {
    const { client } = await signedInClient(server, 'sorter');
    const make = (name: string) => client.post('/api/contacts', { name }).then((r) => r.body.id as number);
    const [anna, boaz, cleo, dina] = [await make('Anna'), await make('Boaz'), await make('Cleo'), await make('Dina')];
    await client.post('/api/activities', { type: 'conversation', contactId: anna, date: daysFromNow(-2) });
    await client.post('/api/activities', { type: 'conversation', contactId: boaz, date: daysFromNow(-20) });
    await client.post('/api/activities', { type: 'conversation', contactId: dina, date: daysFromNow(-5) });
    await client.post('/api/followups', { contactId: boaz, date: daysFromNow(9), type: 'phone', description: 'Call' });
    await client.post('/api/followups', { contactId: dina, date: daysFromNow(1), type: 'phone', description: 'Call' });

    const names = async (query: string) => ((await client.get(`/api/contacts?${query}`)).body as { name: string }[]).map((c) => c.name);
    expect(await names('')).toEqual(['Anna', 'Boaz', 'Cleo', 'Dina']);
    expect(await names('sort=name')).toEqual(['Anna', 'Boaz', 'Cleo', 'Dina']);
    expect(await names('sort=lastContact')).toEqual(['Cleo', 'Boaz', 'Dina', 'Anna']);
    expect(await names('sort=nextFollowUp')).toEqual(['Dina', 'Boaz', 'Anna', 'Cleo']);

    // One at a time, each page continuing after the last one's id, the order holds.
    const walked: string[] = [];
    let cursor: number | undefined;
    for (let page = 0; page < 4; page++) {
      const res = await client.get(`/api/contacts?sort=lastContact&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      walked.push(res.body[0].name);
      cursor = res.body[0].id;
    }
    expect(walked).toEqual(['Cleo', 'Boaz', 'Dina', 'Anna']);
    void cleo;
  });

  it('refuses an unknown order with 400', async () => {
    const { client } = await signedInClient(server, 'badsort');
    const res = await client.get('/api/contacts?sort=age');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'BAD_REQUEST', issues: [{ path: 'sort', message: 'Sort must be name, lastContact or nextFollowUp' }] });
  });
});

describe('one last contact, wherever it shows', () => {
  /** A seeking contact (7 days to needing attention) with an activity `days` ago. */
  const seeker = async (client: ApiClient, name: string, days: number, teamId?: number) => {
    const id = (await client.post('/api/contacts', { name, spiritualStatus: 'seeking', ...(teamId ? { teamId } : {}) })).body.id as number;
    expect((await client.post('/api/activities', { type: 'conversation', contactId: id, date: daysFromNow(-days) })).status).toBe(201);
    return id;
  };
  const attention = async (client: ApiClient) =>
    new Map(((await client.get('/api/attention')).body as { id: number; lastTouchAt: string }[]).map((row) => [row.id, row.lastTouchAt]));

  it('counts a completed follow-up dated in the future when it was completed: on the page, the list, its order and the timeline', async () => {
    const { client } = await signedInClient(server, 'futurist');
    // A yearly one dated 2200-12-01 (the range's last year), completed now: its date had become the last contact.
    const fay = (await client.post('/api/contacts', { name: 'Fay', spiritualStatus: 'seeking' })).body.id;
    const planned = await client.post('/api/followups', {
      contactId: fay,
      date: '2200-12-01T12:00:00.000Z',
      type: 'phone',
      description: 'Yearly call',
      repeat: { every: 365, unit: 'month', from: 'date' },
    });
    const before = Date.now();
    const completed = await client.post(`/api/followups/${planned.body.id}/complete`);
    const after = Date.now();
    expect(Date.parse(completed.body.completedAt)).toBeGreaterThanOrEqual(before);
    const page = (await client.get(`/api/contacts/${fay}`)).body;
    expect(page.lastContactAt).toBe(completed.body.completedAt);
    expect(Date.parse(page.lastContactAt)).toBeLessThanOrEqual(after);
    // One created already completed, dated in the future, counts from when it was written.
    const written = await client.post('/api/followups', {
      contactId: fay,
      date: '2150-01-01T12:00:00.000Z',
      type: 'phone',
      description: 'Done early',
      completed: true,
    });
    expect(Date.parse(written.body.completedAt)).toBeLessThanOrEqual(Date.now());
    expect((await client.get(`/api/contacts/${fay}`)).body.lastContactAt).toBe(written.body.completedAt);

    // Hugo's activity later today counts as now: he now sorts after Fay, whose 2200 had put her last.
    const hugo = (await client.post('/api/contacts', { name: 'Hugo' })).body.id;
    await client.post('/api/activities', { type: 'conversation', contactId: hugo, date: daysFromNow(0.25) });
    const listed = (await client.get('/api/contacts?sort=lastContact')).body as { id: number; name: string; lastContactAt: string }[];
    expect(listed.map((c) => c.name)).toEqual(['Fay', 'Hugo']);
    for (const contact of listed) expect(Date.parse(contact.lastContactAt)).toBeLessThanOrEqual(Date.now());
    expect(listed[0].lastContactAt).toBe(written.body.completedAt);
    expect((await client.get(`/api/contacts/${fay}/timeline`)).body.contact.lastContactAt).toBe(written.body.completedAt);
    expect(await attention(client)).toEqual(new Map());
  });

  it("agrees with needs attention: a teammate's private activity and a future-dated one are in neither", async () => {
    const owner = await signedInClient(server, 'att-owner');
    const member = await signedInClient(server, 'att-member');
    const team = (await owner.client.post('/api/teams', { name: 'Neighbours' })).body.id;
    await joinTeam(owner.client, team, { client: member.client, id: member.user.id });
    const sara = await seeker(owner.client, 'Shared Sara', 30, team);
    await madePersonal('activities', (await member.client.post('/api/activities', { type: 'conversation', contactId: sara, date: daysFromNow(-1) })).body.id);
    const pete = await seeker(owner.client, 'Planned Pete', 30);
    expect((await owner.client.post('/api/activities', { type: 'conversation', contactId: pete, date: daysFromNow(5) })).status).toBe(201);
    const tina = await seeker(owner.client, 'Team Tina', 30, team);
    expect((await member.client.post('/api/activities', { type: 'conversation', contactId: tina, date: daysFromNow(-1), teamId: team })).status).toBe(201);

    const due = await attention(owner.client);
    for (const id of [sara, pete]) {
      const { lastContactAt } = (await owner.client.get(`/api/contacts/${id}`)).body;
      expect(lastContactAt.slice(0, 10)).toBe(daysFromNow(-30).slice(0, 10));
      expect(due.get(id)).toBe(lastContactAt);
    }
    // A teammate's activity the owner can see is a touch in both.
    expect(due.has(tina)).toBe(false);
    expect((await owner.client.get(`/api/contacts/${tina}`)).body.lastContactAt.slice(0, 10)).toBe(daysFromNow(-1).slice(0, 10));
  });
});
