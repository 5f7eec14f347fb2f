// Notifications leaving the server (issue 51 §3): each pushed once by the scheduler and in the daily digest through a
// real local SMTP server, by the user's choices per kind, and with discreet mode on, no name and no word of a comment
// in anything that leaves (what the push sender is handed, the email received).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PushMessage } from '../../server/nudges/push';
import { joinTeam, signedInClient, startServer, type ApiClient, type TestServer } from './harness';
import { confirmAddress, isDigest, makeDigestDue, startSmtp, testScheduler, until } from './mail';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
type Person = { client: ApiClient; id: number; username: string };
let ann: Person;
let team: number;
const pushed: { userId: number; message: PushMessage }[] = [];
const push = async (userId: number, message: PushMessage) => {
  pushed.push({ userId, message });
  return { sent: 1, removed: 0, failed: 0 };
};

async function person(prefix: string): Promise<Person> {
  const { client, user } = await signedInClient(server, prefix);
  return { client, id: user.id, username: user.username };
}

beforeAll(async () => {
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url });
  ann = await person('ann');
  team = (await ann.client.post('/api/teams', { name: 'Riverside' })).body.id;
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

describe('push', () => {
  it('sends each notification once, says it with names, and opens its contact', async () => {
    const ben = await person('ben');
    await joinTeam(ann.client, team, ben, 'member');
    const contact = (await ann.client.post('/api/contacts', { name: 'Lucía Gómez', teamId: team })).body.id;
    await ann.client.post(`/api/contacts/${contact}/comments`, { body: `@${ben.username} pray for her exams` });
    const clock = { now: Date.now() };
    const run = testScheduler(server, smtp.url, clock, { push });
    try {
      await run.tick();
      const mine = pushed.filter((p) => p.userId === ben.id);
      expect(mine).toHaveLength(1);
      expect(mine[0].message).toMatchObject({ body: 'Test ann mentioned you in a comment on Lucía Gómez', url: `/contacts/${contact}` });
      await run.tick();
      expect(pushed.filter((p) => p.userId === ben.id)).toHaveLength(1);
      expect(await server.count('notifications', 'user_id = ? and sent_at is null', [ben.id])).toBe(0);
    } finally {
      await run.stop();
    }
  });

  it('leaves out a kind turned off, and says only how many when discreet', async () => {
    const cat = await person('cat');
    await joinTeam(ann.client, team, cat, 'member');
    expect((await cat.client.put('/api/account/notifications', { choices: { mention: { push: false, digest: true } } })).status).toBe(200);
    const contact = (await ann.client.post('/api/contacts', { name: 'Omar Haddad', teamId: team })).body.id;
    await ann.client.post(`/api/contacts/${contact}/comments`, { body: `@${cat.username} first` });
    const clock = { now: Date.now() };
    const run = testScheduler(server, smtp.url, clock, { push });
    try {
      await run.tick();
      expect(pushed.filter((p) => p.userId === cat.id)).toHaveLength(0);
      expect((await cat.client.get('/api/account/notifications')).body.choices.mention).toEqual({ push: false, digest: true });
      await cat.client.put('/api/account/notifications', { choices: { mention: { push: true, digest: true } } });
      await cat.client.put('/api/account/reminders', { discreet: true });
      await ann.client.post(`/api/contacts/${contact}/comments`, { body: `@${cat.username} second, about Omar's visa` });
      await ann.client.post(`/api/contacts/${contact}/comments`, { body: `@${cat.username} third` });
      await run.tick();
      const mine = pushed.filter((p) => p.userId === cat.id);
      expect(mine).toHaveLength(1);
      expect(mine[0].message.body).toBe('2 new notifications');
      const leaving = JSON.stringify(mine[0].message);
      for (const secret of ['Omar', 'Haddad', 'visa', 'Test ann', 'ann', 'Riverside', 'Sower']) expect(leaving).not.toContain(secret);
    } finally {
      await run.stop();
    }
  });

  it('refuses an unknown kind or a half choice with a sentence', async () => {
    expect((await ann.client.put('/api/account/notifications', { choices: { nonsense: { push: true, digest: true } } })).status).toBe(400);
    expect((await ann.client.put('/api/account/notifications', { choices: { mention: { push: true } } })).status).toBe(400);
  });
});

describe('the daily digest', () => {
  it('holds the day’s unread notifications, by name, or counted only when discreet', async () => {
    const dan = await person('dan');
    const eve = await person('eve');
    for (const who of [dan, eve]) {
      await joinTeam(ann.client, team, who, 'member');
      await confirmAddress(server.database, who.id);
      expect((await who.client.put('/api/account/reminders', { remindersOn: true, hour: 8, timeZone: 'UTC', byEmail: true, byPush: false })).status).toBe(200);
    }
    await eve.client.put('/api/account/reminders', { discreet: true });
    const contact = (await ann.client.post('/api/contacts', { name: 'Yusuf Karim', teamId: team })).body.id;
    await ann.client.post(`/api/contacts/${contact}/comments`, { body: `@${dan.username} @${eve.username} he asked about baptism` });
    const clock = { now: Date.now() };
    await makeDigestDue(server.database, dan.id, clock.now - 2);
    await makeDigestDue(server.database, eve.id, clock.now - 1);
    const run = testScheduler(server, smtp.url, clock);
    try {
      await run.tick();
      const danMail = await until(() => smtp.received.find((r) => isDigest(r) && r.to.includes(`${dan.username}@example.com`)), "dan's digest");
      expect(danMail.mail.text).toContain('1 new notification');
      expect(danMail.mail.text).toContain('Test ann mentioned you in a comment on Yusuf Karim');
      const eveMail = await until(() => smtp.received.find((r) => isDigest(r) && r.to.includes(`${eve.username}@example.com`)), "eve's digest");
      const whole = `${eveMail.mail.subject}\n${eveMail.mail.text}\n${String(eveMail.mail.html)}`;
      for (const secret of ['Yusuf', 'Karim', 'baptism', 'Test ann', 'Riverside']) expect(whole).not.toContain(secret);
      expect(eveMail.mail.subject).toBe('Reminders: 1');
    } finally {
      await run.stop();
    }
  });
});
