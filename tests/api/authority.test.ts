// A write decides who may do it inside its own write transaction (issue 14 part 2): a membership removed or lowered
// while the write waits for the writer is seen by it. The removal is committed by a transaction the test holds open on
// the server's own writer, so the order is certain: the write request is already waiting when the removal commits.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamMembers } from '../../db/schema';
import { committedWhileWaiting, joinTeam, signedInClient, startServer, type TestServer } from './harness';

let server: TestServer;
/** Every statement the server ran, as drizzle's logger saw it. */
const statements: string[] = [];
beforeAll(async () => (server = await startServer({}, { logger: { logQuery: (sql) => statements.push(sql) } })));
afterAll(() => server.close());

async function team() {
  const admin = await signedInClient(server, 'auth-admin');
  const member = await signedInClient(server, 'auth-member');
  const teamId = (await admin.client.post('/api/teams', { name: 'Harvest' })).body.id as number;
  await joinTeam(admin.client, teamId, { client: member.client, id: member.user.id });
  const contactId = (await admin.client.post('/api/contacts', { name: 'Shared Sam', teamId })).body.id as number;
  const membership = and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, member.user.id));
  return { admin, member, teamId, contactId, membership };
}

describe('authority inside the write', () => {
  it('refuses an edit from a member removed while the edit waited for the writer', async () => {
    const { admin, member, contactId, membership } = await team();
    expect((await member.client.get(`/api/contacts/${contactId}`)).status).toBe(200);
    const edit = await committedWhileWaiting(
      server,
      (tx) => tx.delete(teamMembers).where(membership),
      () => member.client.put(`/api/contacts/${contactId}`, { name: 'Taken over' }),
    );
    expect(edit.status).toBe(404);
    expect((await admin.client.get(`/api/contacts/${contactId}`)).body.name).toBe('Shared Sam');
  });

  it('refuses a record created in a team the member was removed from meanwhile', async () => {
    const { admin, member, teamId, membership } = await team();
    const created = await committedWhileWaiting(
      server,
      (tx) => tx.delete(teamMembers).where(membership),
      () => member.client.post('/api/contacts', { name: 'Slipped in', teamId }),
    );
    expect(created.status).toBe(404);
    const names = ((await admin.client.get('/api/contacts')).body as { name: string }[]).map((c) => c.name);
    expect(names).not.toContain('Slipped in');
  });

  it('refuses a delete from an admin made a viewer meanwhile, and the viewer still reads the record', async () => {
    const { admin, member, teamId, contactId, membership } = await team();
    expect((await admin.client.put(`/api/teams/${teamId}/members/${member.user.id}`, { role: 'admin' })).status).toBe(200);
    const removed = await committedWhileWaiting(
      server,
      (tx) => tx.update(teamMembers).set({ role: 'viewer' }).where(membership),
      () => member.client.delete(`/api/contacts/${contactId}`),
    );
    expect(removed.status).toBe(403);
    expect((await admin.client.get(`/api/contacts/${contactId}`)).status).toBe(200);
    expect((await member.client.get(`/api/contacts/${contactId}`)).status).toBe(200);
  });

  it('refuses a team rename from an admin demoted meanwhile', async () => {
    const { admin, member, teamId } = await team();
    // The member is made admin, then demoted while the rename waits.
    expect((await admin.client.put(`/api/teams/${teamId}/members/${member.user.id}`, { role: 'admin' })).status).toBe(200);
    const renamed = await committedWhileWaiting(
      server,
      (tx) =>
        tx
          .update(teamMembers)
          .set({ role: 'member' })
          .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, member.user.id))),
      () => member.client.put(`/api/teams/${teamId}`, { name: 'Mine now' }),
    );
    expect(renamed.status).toBe(403);
    expect(((await admin.client.get('/api/teams')).body as { id: number; name: string }[]).find((t) => t.id === teamId)?.name).toBe('Harvest');
  });
});

/** How many times `request` made the server read the caller's memberships (readAuthority's statement, server/access.ts). */
async function membershipReads(request: () => Promise<{ status: number }>) {
  const membershipsSql = server.database.read
    .select({ teamId: teamMembers.teamId, role: teamMembers.role })
    .from(teamMembers)
    .where(eq(teamMembers.userId, 0))
    .toSQL().sql;
  statements.length = 0;
  expect((await request()).status).toBeLessThan(300);
  return statements.filter((sql) => sql === membershipsSql).length;
}

describe("a query's authority, read once per request", () => {
  it("reads the memberships once for a batched GET of three queries (the dashboard's)", async () => {
    const { member } = await team();
    const inputs = {
      0: { json: { upcomingFrom: '2026-01-01T00:00:00.000Z' }, meta: { values: { upcomingFrom: ['Date'] } } },
      1: { json: null, meta: { values: ['undefined'] } },
      2: { json: { before: '2026-01-02T00:00:00.000Z' }, meta: { values: { before: ['Date'] } } },
    };
    const batch = () =>
      member.client.get(`/trpc/dashboard.summary,teams.list,insights.dueFollowUps?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`);
    expect(await membershipReads(batch)).toBe(1);
  });

  it('reads none for the dashboard stats, whose tallies apply the team rules in SQL, and they still count the team’s rows', async () => {
    const { admin, member, teamId } = await team();
    const before = (await member.client.get('/api/dashboard/stats')).body as { totalContacts: number };
    expect((await admin.client.post('/api/contacts', { name: 'Seen through the team', teamId })).status).toBe(201);
    let after: { totalContacts: number } | undefined;
    expect(
      await membershipReads(async () => {
        const res = await member.client.get('/api/dashboard/stats');
        after = res.body as { totalContacts: number };
        return res;
      }),
    ).toBe(0);
    expect(after!.totalContacts).toBe(before.totalContacts + 1);
  });

  it('reads none for a write: its conditions read team_members inside its own transaction', async () => {
    const { member, teamId } = await team();
    expect(await membershipReads(() => member.client.post('/api/contacts', { name: 'Written in SQL', teamId }))).toBe(0);
  });
});
