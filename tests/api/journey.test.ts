// The spiritual journey (every status change, recorded with the change) and the contact timeline, over REST and tRPC.
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { activities } from '../../db/schema';
import { usersForFile, joinTeam } from './harness';
import { trpcMutation, trpcQuery } from './trpc';

const {
  server,
  users: [alice, bob],
} = usersForFile(['alice', 'bob']);

async function changesOf(contactId: number) {
  const { rows } = await server.database.readerClient.execute({
    sql: 'select from_status, to_status, changed_by from contact_status_changes where contact_id = ? order by changed_at, id',
    args: [contactId],
  });
  return rows.map((r) => ({ from: r.from_status, to: r.to_status, by: r.changed_by }));
}

describe('recording the journey', () => {
  it('records the initial status when a contact is created', async () => {
    const res = await alice.post('/api/contacts', { name: 'Lydia', spiritualStatus: 'seeking' });
    expect(res.status).toBe(201);
    expect(await changesOf(res.body.id)).toEqual([{ from: null, to: 'seeking', by: alice.id }]);
  });

  it('records unknown for a contact created by logging an activity with a new name', async () => {
    const res = await alice.post('/api/activities', { type: 'conversation', contactName: 'New Through Activity' });
    expect(res.status).toBe(201);
    expect(await changesOf(res.body.contactId)).toEqual([{ from: null, to: 'unknown', by: alice.id }]);
  });

  it('records each real change made through REST PUT and tRPC update, and nothing for the same status', async () => {
    const id = (await alice.post('/api/contacts', { name: 'Cornelius', spiritualStatus: 'exploring' })).body.id;
    expect((await alice.put(`/api/contacts/${id}`, { spiritualStatus: 'seeking' })).status).toBe(200);
    expect((await alice.put(`/api/contacts/${id}`, { spiritualStatus: 'seeking', notes: 'same status' })).status).toBe(200);
    expect((await alice.put(`/api/contacts/${id}`, { name: 'Cornelius the Centurion' })).status).toBe(200);
    const viaTrpc = await trpcMutation(alice, 'contacts.update', { id, spiritualStatus: 'new_believer' });
    expect(viaTrpc.data).toMatchObject({ id, spiritualStatus: 'new_believer' });
    expect(await changesOf(id)).toEqual([
      { from: null, to: 'exploring', by: alice.id },
      { from: 'exploring', to: 'seeking', by: alice.id },
      { from: 'seeking', to: 'new_believer', by: alice.id },
    ]);
  });

  it('records nothing when the update is refused', async () => {
    const id = (await alice.post('/api/contacts', { name: 'Guarded', spiritualStatus: 'exploring' })).body.id;
    expect((await bob.put(`/api/contacts/${id}`, { spiritualStatus: 'mature' })).status).toBe(404);
    expect((await alice.put(`/api/contacts/${id}`, { spiritualStatus: 'mature', email: 'broken' })).status).toBe(400);
    expect(await changesOf(id)).toEqual([{ from: null, to: 'exploring', by: alice.id }]);
  });

  it('records the teammate who changed a shared contact', async () => {
    const team = (await alice.post('/api/teams', { name: 'Journey team' })).body.id;
    // An admin changes any team row (shared/roles.ts); a member only their own.
    await joinTeam(alice, team, { client: bob, id: bob.id }, 'admin');
    const id = (await alice.post('/api/contacts', { name: 'Shared Seeker', teamId: team })).body.id;
    expect((await bob.put(`/api/contacts/${id}`, { spiritualStatus: 'growing' })).status).toBe(200);
    expect(await changesOf(id)).toEqual([
      { from: null, to: 'unknown', by: alice.id },
      { from: 'unknown', to: 'growing', by: bob.id },
    ]);
  });
});

describe('the timeline', () => {
  let contactId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    contactId = (await alice.post('/api/contacts', { name: 'Timothy', email: 'tim@example.com', spiritualStatus: 'exploring' })).body.id;
    ids.activity = (
      await alice.post('/api/activities', { type: 'gospel_presentation', contactId, date: '2026-01-10T10:00:00Z', notes: 'Romans road' })
    ).body.id;
    ids.followUp = (await alice.post('/api/followups', { contactId, date: '2026-01-12T10:00:00Z', type: 'meeting', description: 'Coffee' })).body.id;
    ids.doneFollowUp = (
      await alice.post('/api/followups', { contactId, date: '2026-01-05T10:00:00Z', type: 'phone', description: 'Call', completed: true })
    ).body.id;
    ids.prayer = (await alice.post('/api/prayer-requests', { contactId, request: 'Healing for his mother', date: '2026-01-11T10:00:00Z' })).body.id;
    await alice.post(`/api/prayer-requests/${ids.prayer}/pray`);
    await alice.put(`/api/contacts/${contactId}`, { spiritualStatus: 'seeking' });
  });

  it('answers the contact, its journey oldest first and every kind of item newest first', async () => {
    const res = await alice.get(`/api/contacts/${contactId}/timeline`);
    expect(res.status).toBe(200);
    expect(res.body.contact).toEqual({
      id: contactId,
      name: 'Timothy',
      createdBy: alice.id,
      assignedTo: null,
      assignmentStatus: null,
      updateNeeded: false,
      email: 'tim@example.com',
      phone: null,
      spiritualStatus: 'seeking',
      notes: null,
      createdAt: expect.any(String),
      teamId: null,
      // The gospel presentation is later than the completed call; the coffee is the one still to come.
      lastContactAt: '2026-01-10T10:00:00.000Z',
      nextFollowUpAt: '2026-01-12T10:00:00.000Z',
      milestones: [],
      tags: [],
      source: null,
      archivedAt: null,
      archiveReason: null,
      archiveNote: null,
      stayInTouchDays: null,
    });
    expect(res.body.journey).toEqual([
      { id: expect.any(Number), fromStatus: null, toStatus: 'exploring', changedAt: expect.any(String) },
      { id: expect.any(Number), fromStatus: 'exploring', toStatus: 'seeking', changedAt: expect.any(String) },
    ]);
    expect(res.body.hasMore).toBe(false);
    const items = res.body.items;
    expect(items.map((i: { kind: string }) => i.kind)).toEqual(['status', 'status', 'followUp', 'prayer', 'activity', 'followUp']);
    const dates = items.map((i: { date: string }) => Date.parse(i.date));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(items[2]).toEqual({
      kind: 'followUp',
      id: ids.followUp,
      date: '2026-01-12T10:00:00.000Z',
      type: 'meeting',
      description: 'Coffee',
      completed: false,
      pending: true,
      author: { id: alice.id, firstName: expect.any(String), lastName: expect.any(String) },
    });
    expect(items[3]).toEqual({
      kind: 'prayer',
      id: ids.prayer,
      date: '2026-01-11T10:00:00.000Z',
      request: 'Healing for his mother',
      answered: false,
      answerNotes: null,
      answerDate: null,
      prayedCount: 1,
      author: { id: alice.id, firstName: expect.any(String), lastName: expect.any(String) },
    });
    expect(items[4]).toEqual({
      kind: 'activity',
      id: ids.activity,
      date: '2026-01-10T10:00:00.000Z',
      type: 'gospel_presentation',
      notes: 'Romans road',
      description: 'Gospel Presentation',
      author: { id: alice.id, firstName: expect.any(String), lastName: expect.any(String) },
      with: [],
    });
    expect(items[5]).toMatchObject({ kind: 'followUp', id: ids.doneFollowUp, completed: true, pending: false });
    expect(items[0]).toEqual({
      kind: 'status',
      id: expect.any(Number),
      date: expect.any(String),
      fromStatus: 'exploring',
      toStatus: 'seeking',
      author: { id: alice.id, firstName: expect.any(String), lastName: expect.any(String) },
    });
  });

  it('answers the same through tRPC, with dates as Dates', async () => {
    const res = await trpcQuery(alice, 'contacts.timeline', { id: contactId });
    expect(res.data.items).toHaveLength(6);
    expect(res.data.contact.id).toBe(contactId);
  });

  it("answers 404 for another user's contact and for a missing one", async () => {
    for (const path of [`/api/contacts/${contactId}/timeline`, '/api/contacts/999999/timeline']) {
      const res = await bob.get(path);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: 'Contact not found', code: 'NOT_FOUND' });
    }
    expect((await trpcQuery(bob, 'contacts.timeline', { id: contactId })).error?.data.code).toBe('NOT_FOUND');
  });

  it("leaves out a teammate's private records about a shared contact", async () => {
    const team = (await alice.post('/api/teams', { name: 'Timeline team' })).body.id;
    await joinTeam(alice, team, { client: bob, id: bob.id }, 'member');
    const shared = (await alice.post('/api/contacts', { name: 'Team Timeline', teamId: team })).body.id;
    const teamActivity = (await alice.post('/api/activities', { contactId: shared, type: 'conversation', teamId: team, notes: 'shared' })).body.id;
    const privateActivity = (await bob.post('/api/activities', { contactId: shared, type: 'conversation', notes: 'bob only' })).body.id;
    // Written as releases before issue 30 wrote it: a record now always takes its contact's team.
    await server.database.write((tx) => tx.update(activities).set({ teamId: null }).where(eq(activities.id, privateActivity)));
    const aliceView = (await alice.get(`/api/contacts/${shared}/timeline`)).body.items.filter((i: { kind: string }) => i.kind === 'activity');
    expect(aliceView.map((i: { id: number }) => i.id)).toEqual([teamActivity]);
    const bobView = (await bob.get(`/api/contacts/${shared}/timeline`)).body.items.filter((i: { kind: string }) => i.kind === 'activity');
    expect(bobView.map((i: { id: number }) => i.id).sort()).toEqual([teamActivity, privateActivity].sort());
  });

  it('shows the newest 200 items and says that there are more', async () => {
    const id = (await alice.post('/api/contacts', { name: 'Busy Contact' })).body.id;
    // Straight into the table: 205 activities through the API would only slow the test down.
    const values = Array.from({ length: 205 }, (_, i) => `(${id}, 'conversation', ${Date.UTC(2025, 0, 1) + i * 60_000}, 'n${i}', ${alice.id})`).join(', ');
    await server.database.writerClient.execute(`insert into activities (contact_id, type, date, notes, created_by) values ${values}`);
    const res = await alice.get(`/api/contacts/${id}/timeline`);
    expect(res.body.items).toHaveLength(200);
    expect(res.body.hasMore).toBe(true);
    // The status change at creation is newer than all of them, so it leads; the oldest activities fall off.
    expect(res.body.items[0].kind).toBe('status');
    expect(res.body.items[1].notes).toBe('n204');
    expect(res.body.items.at(-1).notes).toBe('n6');
  });

  it('pages through the timeline with nextCursor: every item once, in order, ties on the date broken by kind and id', async () => {
    const id = (await alice.post('/api/contacts', { name: 'Paged Contact' })).body.id;
    const sameMoment = Date.UTC(2025, 5, 1, 12);
    const activityRows = Array.from({ length: 4 }, (_, i) => `(${id}, 'conversation', ${sameMoment}, 'same ${i}', ${alice.id})`);
    const olderRows = Array.from({ length: 3 }, (_, i) => `(${id}, 'other', ${sameMoment - (i + 1) * 60_000}, 'older ${i}', ${alice.id})`);
    await server.database.writerClient.execute(
      `insert into activities (contact_id, type, date, notes, created_by) values ${[...activityRows, ...olderRows].join(', ')}`,
    );
    const followUpRows = Array.from({ length: 3 }, (_, i) => `(${id}, ${sameMoment}, 'tie ${i}', 'phone', ${alice.id})`);
    await server.database.writerClient.execute(`insert into follow_ups (contact_id, date, description, type, created_by) values ${followUpRows.join(', ')}`);

    const whole = (await alice.get(`/api/contacts/${id}/timeline`)).body;
    expect(whole.items).toHaveLength(11);
    expect(whole.hasMore).toBe(false);
    expect(whole.nextCursor).toBeNull();
    // At the shared moment: activities before follow-ups (kind), newest id first within each.
    const tied = whole.items.filter((item: { date: string }) => Date.parse(item.date) === sameMoment);
    expect(tied.map((item: { kind: string }) => item.kind)).toEqual(['activity', 'activity', 'activity', 'activity', 'followUp', 'followUp', 'followUp']);
    expect(tied.slice(0, 4).map((item: { id: number }) => item.id)).toEqual([...tied.slice(0, 4).map((item: { id: number }) => item.id)].sort((a, b) => b - a));

    const paged: unknown[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 10; page++) {
      const query: string = cursor ? `?limit=3&cursor=${encodeURIComponent(cursor)}` : '?limit=3';
      const res = await alice.get(`/api/contacts/${id}/timeline${query}`);
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(3);
      expect(res.body.contact.id).toBe(id);
      paged.push(...res.body.items);
      cursor = res.body.nextCursor;
      expect(res.body.hasMore).toBe(cursor !== null);
      if (!cursor) break;
    }
    expect(paged).toEqual(whole.items);

    const viaTrpc = await trpcQuery(alice, 'contacts.timeline', { id, limit: 5 });
    expect(viaTrpc.data.items).toHaveLength(5);
    const next = await trpcQuery(alice, 'contacts.timeline', { id, limit: 5, cursor: viaTrpc.data.nextCursor });
    expect(next.data.items.map((item: { id: number; kind: string }) => `${item.kind}${item.id}`)).toEqual(
      whole.items.slice(5, 10).map((item: { id: number; kind: string }) => `${item.kind}${item.id}`),
    );
  });

  it('answers 400 for a malformed cursor or limit, and 404 with a cursor for a contact that is not yours', async () => {
    for (const query of ['?cursor=abc', '?cursor=1:note:2', '?cursor=1%3Aactivity', '?limit=0', '?limit=201', '?limit=many']) {
      const res = await alice.get(`/api/contacts/${contactId}/timeline${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.code).toBe('BAD_REQUEST');
    }
    expect((await alice.get(`/api/contacts/${contactId}/timeline?cursor=abc`)).body.issues).toEqual([{ path: 'cursor', message: 'Invalid cursor' }]);
    const res = await bob.get(`/api/contacts/${contactId}/timeline?limit=2&cursor=${encodeURIComponent(`${Date.now()}:activity:1`)}`);
    expect(res.status).toBe(404);
  });
});
