// The account: profile changes, password change signing out other sessions, the JSON export, and deleting everything.
import { describe, expect, it } from 'vitest';
import { ApiClient, joinTeam, queryPlan, serverForFile, signedInClient } from './harness';
import { statusHistoryPage } from '../../server/routers/account';
import { ownedBy } from '../../server/access';
import { contacts } from '../../db/schema';
import { trpcMutation, trpcQuery } from './trpc';

const PASSWORD = 'correct horse battery';

const server = serverForFile();

/** A second browser signed in as the same user. */
async function secondSession(username: string, password = PASSWORD) {
  const client = new ApiClient(server.baseUrl);
  const res = await client.post('/api/auth/login', { username, password });
  expect(res.status).toBe(200);
  return client;
}

describe('updating the profile', () => {
  it('changes first name, last name and email and answers the user', async () => {
    const { client, user } = await signedInClient(server, 'mary');
    const res = await client.put('/api/account/profile', {
      firstName: ' Mary ',
      lastName: 'Magdalene',
      email: 'Mary.M@example.com',
      currentPassword: 'correct horse battery',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: user.id,
      username: user.username,
      email: 'Mary.M@example.com',
      firstName: 'Mary',
      lastName: 'Magdalene',
      language: 'en',
      emailConfirmed: false,
    });
    expect((await client.get('/api/auth/me')).body).toMatchObject({ email: 'Mary.M@example.com', firstName: 'Mary', lastName: 'Magdalene' });
  });

  it('splits one name field the way registration does, and leaves out fields unchanged', async () => {
    const { client, user } = await signedInClient(server, 'joanna');
    const res = await client.put('/api/account/profile', { name: '  Joanna   wife of Chuza ' });
    expect(res.body).toMatchObject({ firstName: 'Joanna', lastName: 'wife of Chuza', email: user.email });
  });

  it('answers 409 for an email another user registered, whatever its case', async () => {
    const { user: other } = await signedInClient(server, 'taken');
    const { client, user } = await signedInClient(server, 'susanna');
    const res = await client.put('/api/account/profile', { email: other.email.toUpperCase(), currentPassword: 'correct horse battery' });
    expect(res.status).toBe(409);
    // The issue names the field, so the form shows the message under it.
    expect(res.body).toEqual({ message: 'Email already registered', code: 'CONFLICT', issues: [{ path: 'email', message: 'Email already registered' }] });
    expect((await server.rows('select email from users where id = ?', [user.id]))[0].email).toBe(user.email);
  });

  it('accepts the own email in another case', async () => {
    const { client, user } = await signedInClient(server, 'salome');
    const res = await client.put('/api/account/profile', { email: user.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body.email).toBe(user.email.toUpperCase());
  });

  it.each([
    ['an invalid email', { email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    ['an empty email', { email: '' }, 'email', 'Email is required'],
    ['a first name over 100 characters', { firstName: 'x'.repeat(101) }, 'firstName', 'First name must be at most 100 characters'],
    ['a name over 200 characters', { name: 'x'.repeat(201) }, 'name', 'Name must be at most 200 characters'],
    ['a one-letter name', { name: ' J ' }, 'name', 'Name must be at least 2 characters'],
  ])('refuses %s with 400 and the message', async (_, body, path, message) => {
    const { client } = await signedInClient(server, 'invalid');
    const res = await client.put('/api/account/profile', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, code: 'BAD_REQUEST', issues: [{ path, message }] });
  });

  it('works through tRPC', async () => {
    const { client } = await signedInClient(server, 'martha');
    const res = await trpcMutation(client, 'account.updateProfile', { firstName: 'Martha', lastName: 'of Bethany' });
    expect(res.data).toMatchObject({ firstName: 'Martha', lastName: 'of Bethany' });
  });
});

describe('changing the password', () => {
  it('keeps this session, signs out every other one, and makes only the new password work', async () => {
    const { client, user } = await signedInClient(server, 'peter');
    const phone = await secondSession(user.username);
    const tablet = await secondSession(user.username);
    expect(await server.count('sessions', 'user_id = ?', [user.id])).toBe(3);

    const res = await client.post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'rock solid 2' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    expect((await client.get('/api/auth/me')).status).toBe(200);
    for (const other of [phone, tablet]) {
      const me = await other.get('/api/auth/me');
      expect(me.status).toBe(401);
    }
    expect(await server.count('sessions', 'user_id = ?', [user.id])).toBe(1);
    expect((await new ApiClient(server.baseUrl).post('/api/auth/login', { username: user.username, password: PASSWORD })).status).toBe(401);
    expect((await new ApiClient(server.baseUrl).post('/api/auth/login', { username: user.username, password: 'rock solid 2' })).status).toBe(200);
  });

  it('refuses a wrong current password with 400 beside that field, changing nothing', async () => {
    const { client, user } = await signedInClient(server, 'thomas');
    const phone = await secondSession(user.username);
    const [before] = await server.rows('select password_hash from users where id = ?', [user.id]);
    const res = await client.post('/api/account/password', { currentPassword: 'not my password', newPassword: 'new password 1' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      message: 'Current password is incorrect',
      code: 'BAD_REQUEST',
      issues: [{ path: 'currentPassword', message: 'Current password is incorrect' }],
    });
    expect((await server.rows('select password_hash from users where id = ?', [user.id]))[0].password_hash).toBe(before.password_hash);
    expect((await phone.get('/api/auth/me')).status).toBe(200);
  });

  it.each([
    ['a new password under 8 characters', { currentPassword: PASSWORD, newPassword: 'short' }, 'newPassword', 'Password must be at least 8 characters'],
    ['no current password', { newPassword: 'long enough 1' }, 'currentPassword', 'Current password is required'],
  ])('refuses %s with the message', async (_, body, path, message) => {
    const { client } = await signedInClient(server, 'james');
    const res = await client.post('/api/account/password', body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message, code: 'BAD_REQUEST', issues: [{ path, message }] });
  });

  it('stops guessing after as many wrong passwords as login allows', async () => {
    const { client } = await signedInClient(server, 'guesser');
    for (let i = 0; i < 10; i++)
      expect((await client.post('/api/account/password', { currentPassword: `guess ${i}`, newPassword: 'new password 1' })).status).toBe(400);
    const blocked = await client.post('/api/account/password', { currentPassword: PASSWORD, newPassword: 'new password 1' });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: 'Too many attempts. Please try again later.', code: 'TOO_MANY_REQUESTS' });
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('works through tRPC, with the field in the error data', async () => {
    const { client } = await signedInClient(server, 'john');
    const wrong = await trpcMutation(client, 'account.changePassword', { currentPassword: 'nope', newPassword: 'new password 1' });
    expect(wrong.error?.message).toBe('Current password is incorrect');
    expect(wrong.error?.data.issues).toEqual([{ path: 'currentPassword', message: 'Current password is incorrect' }]);
    const right = await trpcMutation(client, 'account.changePassword', { currentPassword: PASSWORD, newPassword: 'new password 1' });
    expect(right.data).toEqual({ success: true });
  });
});

describe('the JSON export', () => {
  it("answers every record the user created as an attachment, and nothing of anyone else's", async () => {
    const { client, user } = await signedInClient(server, 'exporter');
    const { client: other } = await signedInClient(server, 'neighbour');
    const contact = (await client.post('/api/contacts', { name: 'Nicodemus', spiritualStatus: 'seeking' })).body;
    await client.put(`/api/contacts/${contact.id}`, { spiritualStatus: 'new_believer' });
    const goal = (await client.post('/api/goals', { title: 'Talk', description: 'Talk more', type: 'conversation', targetCount: 3, deadline: '2027-01-01' }))
      .body;
    const activity = (
      await client.post('/api/activities', {
        type: 'conversation',
        contactId: contact.id,
        notes: 'By night',
        followUp: { date: '2027-01-01' },
        prayer: { request: 'New birth' },
      })
    ).body;
    const team = (await client.post('/api/teams', { name: 'Night shift' })).body;
    await other.post('/api/contacts', { name: 'Not mine' });

    const res = await client.get('/api/account/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="sower-export.json"');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const data = res.body;
    expect(Object.keys(data).sort()).toEqual([
      'activities',
      'contactDates',
      'contacts',
      'exportedAt',
      'followUps',
      'goals',
      'milestones',
      'prayerLists',
      'prayerRequests',
      'pushDevices',
      'settings',
      'snoozes',
      'statusChanges',
      'teams',
      'user',
    ]);
    expect(Math.abs(Date.parse(data.exportedAt) - Date.now())).toBeLessThan(60_000);
    expect(data.user).toMatchObject({ id: user.id, username: user.username, email: user.email, createdAt: expect.any(String) });
    expect(JSON.stringify(data)).not.toMatch(/password|hash|calendarToken/i);
    expect(data.contacts).toEqual([expect.objectContaining({ id: contact.id, name: 'Nicodemus', spiritualStatus: 'new_believer' })]);
    expect(data.activities).toEqual([expect.objectContaining({ id: activity.id, notes: 'By night', contactName: 'Nicodemus' })]);
    expect(data.followUps).toEqual([expect.objectContaining({ id: activity.followUp.id, contactName: 'Nicodemus' })]);
    expect(data.prayerRequests).toEqual([expect.objectContaining({ id: activity.prayerRequest.id, request: 'New birth' })]);
    expect(data.goals).toEqual([expect.objectContaining({ id: goal.id, title: 'Talk', currentCount: 1 })]);
    expect(data.statusChanges.map((c: { fromStatus: string | null; toStatus: string }) => [c.fromStatus, c.toStatus])).toEqual([
      [null, 'seeking'],
      ['seeking', 'new_believer'],
    ]);
    expect(data.teams).toEqual([{ id: team.id, name: 'Night shift', description: null, role: 'admin', joinedAt: expect.any(String) }]);
    expect(data.settings).toMatchObject({ prayTodayCount: 5, remindersOn: false, attentionDays: { seeking: 7, mature: 45 } });
    expect(data.snoozes).toEqual([]);
    expect(data.pushDevices).toEqual([]);
  });

  it("carries the user's nudge settings and snoozes, never the unsubscribe token", async () => {
    const { client } = await signedInClient(server, 'nudged');
    const contact = (await client.post('/api/contacts', { name: 'Lydia' })).body;
    const until = new Date(Date.now() + 3 * 86_400_000).toISOString();
    expect((await client.post(`/api/contacts/${contact.id}/snooze`, { until })).status).toBe(200);
    expect((await client.put('/api/account/attention', { days: { seeking: 10 } })).status).toBe(200);
    expect((await client.put('/api/account/reminders', { remindersOn: true, hour: 7, timeZone: 'Europe/Paris', discreet: true })).status).toBe(200);
    await server.database.writerClient.execute("update user_settings set unsubscribe_token = 'secret-token-value'");
    const data = (await client.get('/api/account/export')).body;
    expect(data.settings).toMatchObject({
      remindersOn: true,
      reminderHour: 7,
      timeZone: 'Europe/Paris',
      discreet: true,
      attentionDays: { seeking: 10, exploring: 14 },
    });
    expect(data.snoozes).toEqual([{ contactId: contact.id, contactName: 'Lydia', until }]);
    expect(JSON.stringify(data)).not.toMatch(/secret-token-value|unsubscribeToken|nextDigestAt/);
  });

  it('is a download of its REST path only: over tRPC it answers 400 and reads nothing', async () => {
    const { client } = await signedInClient(server, 'trpcexport');
    await client.post('/api/contacts', { name: 'Zacchaeus' });
    const res = await trpcQuery(client, 'account.export');
    expect(res.status).toBe(400);
    expect(res.error?.message).toBe('This file is downloaded from its /api path, not over tRPC.');
    expect(JSON.stringify(res)).not.toContain('Zacchaeus');
  });

  it('writes the same text JSON.stringify would, page by page, for an account with several pages of each list', async () => {
    const { client, user } = await signedInClient(server, 'pages');
    const numbers = (count: number) => `with recursive n(x) as (select 1 union all select x + 1 from n where x < ${count})`;
    await server.database.writerClient.execute({
      sql: `${numbers(600)} insert into contacts (name, notes, created_by) select 'Name ' || x, 'Line one
line "two"', ? from n`,
      args: [user.id],
    });
    await server.database.writerClient.execute({
      sql: `${numbers(700)} insert into activities (contact_id, type, date, description, created_by) select (select min(id) from contacts where created_by = ?1) + x % 600, 'conversation', 1700000000000 + (x % 7) * 1000, 'Talk', ?1 from n`,
      args: [user.id],
    });
    // Two status changes a contact, its first on the moment it was added (the 600 contacts share a few moments).
    await server.database.writerClient.execute({
      sql: `insert into contact_status_changes (contact_id, from_status, to_status, changed_at, changed_by)
        select id, null, 'exploring', created_at, ?1 from contacts where created_by = ?1
        union all select id, 'exploring', 'seeking', created_at + id % 3, ?1 from contacts where created_by = ?1`,
      args: [user.id],
    });
    const res = await client.get('/api/account/export');
    const text = await (await fetch(`${server.baseUrl}/api/account/export`, { headers: { Cookie: client.cookie } })).text();
    expect(text).toBe(JSON.stringify(JSON.parse(text), null, 2));
    expect(res.body.contacts).toHaveLength(600);
    expect(new Set(res.body.contacts.map((c: { id: number }) => c.id)).size).toBe(600);
    // Activities by date, then id: ties of one date across page boundaries are neither lost nor repeated.
    const ids = res.body.activities.map((a: { id: number }) => a.id);
    expect(new Set(ids).size).toBe(700);
    const keys = res.body.activities.map((a: { date: string; id: number }) => [Date.parse(a.date), a.id]);
    expect(keys).toEqual([...keys].sort((a, b) => a[0] - b[0] || a[1] - b[1]));
    // The status history by contact, in the contacts' order, then by date: each change once across 12 pages.
    const contactOrder = new Map<number, number>(res.body.contacts.map((c: { id: number }, index: number) => [c.id, index]));
    const changes = res.body.statusChanges.map((c: { contactId: number; changedAt: string; id: number }) => [
      contactOrder.get(c.contactId)!,
      Date.parse(c.changedAt),
      c.id,
    ]);
    expect(new Set(changes.map((c: number[]) => c[2])).size).toBe(1200);
    expect(changes).toEqual([...changes].sort((a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]));
    expect(Object.keys(res.body.statusChanges[0])).toEqual(['id', 'contactId', 'contactName', 'fromStatus', 'toStatus', 'changedAt']);
    // A page past the first seeks on the contacts' owner index and sorts nothing: a page by date sorted the whole history.
    const last = res.body.statusChanges[450];
    const contactAt = new Date(res.body.contacts[contactOrder.get(last.contactId)!].createdAt);
    const after = { contactAt, contactId: last.contactId, changedAt: new Date(last.changedAt), id: last.id };
    const lines = await queryPlan(server, statusHistoryPage(server.database.read, ownedBy(contacts, { userId: user.id, teams: [] }), after, 100));
    expect(lines.join('\n')).toMatch(/contacts_owner_idx \(created_by=\? AND created_at>\?\)/);
    expect(lines.join('\n')).not.toMatch(/TEMP B-TREE/);
  });
});

describe('deleting the account', () => {
  it('refuses a wrong password with 400 and deletes nothing', async () => {
    const { client, user } = await signedInClient(server, 'careful');
    await client.post('/api/contacts', { name: 'Kept' });
    const res = await client.request('DELETE', '/api/account', { password: 'wrong password' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Password is incorrect', code: 'BAD_REQUEST', issues: [{ path: 'password', message: 'Password is incorrect' }] });
    expect(await server.count('users', 'id = ?', [user.id])).toBe(1);
    expect(await server.count('contacts', 'created_by = ?', [user.id])).toBe(1);
    expect((await client.get('/api/auth/me')).status).toBe(200);
  });

  it('asks for the password', async () => {
    const { client } = await signedInClient(server, 'forgetful');
    const res = await client.request('DELETE', '/api/account');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Password is required', code: 'BAD_REQUEST', issues: [{ path: 'password', message: 'Password is required' }] });
  });

  it('removes the user, every row they created and every session, and clears the cookie', async () => {
    const { client, user } = await signedInClient(server, 'leaver');
    const phone = await secondSession(user.username);
    const { client: friend, user: friendUser } = await signedInClient(server, 'friend');
    const contact = (await client.post('/api/contacts', { name: 'Leaving Contact' })).body;
    await client.post('/api/activities', {
      type: 'conversation',
      contactId: contact.id,
      followUp: { date: '2027-01-01' },
      prayer: { request: 'x' },
      idempotencyKey: 'leaver-key-1',
    });
    await client.post('/api/goals', { title: 'G', description: 'D', type: 'conversation', targetCount: 3, deadline: '2027-01-01' });
    await client.post('/api/calendar/enable');
    // The leaver changed a friend's shared contact: that step of its journey stays, without its author.
    const team = (await friend.post('/api/teams', { name: 'Friends' })).body.id;
    await joinTeam(friend, team, { client: client, id: user.id }, 'admin');
    const friendContact = (await friend.post('/api/contacts', { name: 'Friend Contact', teamId: team })).body.id;
    expect((await client.put(`/api/contacts/${friendContact}`, { spiritualStatus: 'growing' })).status).toBe(200);

    const res = await client.request('DELETE', '/api/account', { password: PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect(res.headers.getSetCookie().find((c) => c.startsWith('sower_session='))).toMatch(/^sower_session=;.*Max-Age=0/i);

    expect(await server.count('users', 'id = ?', [user.id])).toBe(0);
    for (const table of ['contacts', 'activities', 'follow_ups', 'prayer_requests', 'goals'])
      expect(await server.count(table, 'created_by = ?', [user.id]), table).toBe(0);
    for (const table of ['sessions', 'team_members', 'idempotency_keys']) expect(await server.count(table, 'user_id = ?', [user.id]), table).toBe(0);
    expect(await server.count('contact_status_changes', 'contact_id = ?', [contact.id])).toBe(0);
    expect(await server.rows('select to_status, changed_by from contact_status_changes where contact_id = ? order by id', [friendContact])).toEqual([
      { to_status: 'unknown', changed_by: friendUser.id },
      { to_status: 'growing', changed_by: null },
    ]);
    expect((await phone.get('/api/auth/me')).status).toBe(401);
    expect((await new ApiClient(server.baseUrl).post('/api/auth/login', { username: user.username, password: PASSWORD })).status).toBe(401);
    expect((await friend.get(`/api/contacts/${friendContact}`)).status).toBe(200);
  });

  it('hands a team over to its longest-standing member, keeps teams with another admin, and deletes teams left empty', async () => {
    const { client: leaver, user } = await signedInClient(server, 'founder');
    const { client: early, user: earlyUser } = await signedInClient(server, 'early');
    const { client: lateClient, user: late } = await signedInClient(server, 'late');
    const { client: otherAdmin, user: otherAdminUser } = await signedInClient(server, 'coadmin');

    const handedOver = (await leaver.post('/api/teams', { name: 'Handed over' })).body.id;
    await joinTeam(leaver, handedOver, { client: early, id: earlyUser.id }, 'viewer');
    await joinTeam(leaver, handedOver, { client: lateClient, id: late.id }, 'member');
    await server.database.writerClient.execute({
      sql: 'update team_members set joined_at = joined_at - 60000 where team_id = ? and user_id = ?',
      args: [handedOver, earlyUser.id],
    });
    const sharedContact = (await early.post('/api/contacts', { name: 'Early team contact', teamId: null })).body.id;

    const coAdministered = (await leaver.post('/api/teams', { name: 'Co-administered' })).body.id;
    await joinTeam(leaver, coAdministered, { client: otherAdmin, id: otherAdminUser.id }, 'admin');
    await joinTeam(leaver, coAdministered, { client: early, id: earlyUser.id }, 'member');

    const alone = (await leaver.post('/api/teams', { name: 'Only me' })).body.id;
    const teamRow = (await leaver.post('/api/contacts', { name: 'Team row', teamId: alone })).body.id;

    expect((await leaver.request('DELETE', '/api/account', { password: PASSWORD })).status).toBe(200);

    const roles = async (teamId: number) =>
      (await server.rows('select user_id, role from team_members where team_id = ? order by user_id', [teamId])).map((r) => [Number(r.user_id), r.role]);
    expect(await roles(handedOver)).toEqual([
      [earlyUser.id, 'admin'],
      [late.id, 'member'],
    ]);
    expect(await roles(coAdministered)).toEqual([
      [earlyUser.id, 'member'],
      [otherAdminUser.id, 'admin'],
    ]);
    expect(await server.count('teams', 'id = ?', [alone])).toBe(0);
    expect(await server.count('contacts', 'id = ?', [teamRow])).toBe(0);
    expect((await server.rows('select created_by from teams where id in (?, ?)', [handedOver, coAdministered])).map((r) => r.created_by)).toEqual([null, null]);
    // The new admin can run the team.
    expect((await early.put(`/api/teams/${handedOver}`, { name: 'Renamed by early' })).status).toBe(200);
    expect((await otherAdmin.get(`/api/teams/${coAdministered}/members`)).status).toBe(200);
    expect((await early.get(`/api/contacts/${sharedContact}`)).status).toBe(200);
    expect(await server.count('users', 'id = ?', [user.id])).toBe(0);
  });

  it('works through tRPC and clears the cookie there too', async () => {
    const { client } = await signedInClient(server, 'trpcleaver');
    const wrong = await trpcMutation(client, 'account.deleteAccount', { password: 'nope' });
    expect(wrong.error?.message).toBe('Password is incorrect');
    const res = await trpcMutation(client, 'account.deleteAccount', { password: PASSWORD });
    expect(res.data).toEqual({ success: true });
    expect(client.cookie).toBe('');
  });
});
