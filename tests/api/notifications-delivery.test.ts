// Notifications leaving the server (issue 51 §3): each pushed once by the scheduler through the real sender
// (server/nudges/push.ts, as serve.ts wires it) to a real HTTPS push-service stub, where the test decrypts it as a
// browser does; in the daily digest through a real local SMTP server; by the user's choices per kind, in the user's
// language, and with discreet mode on, no name and no word of a comment in anything that leaves.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, pushSubscriptions } from '../../db/schema';
import { DISCREET_NOTIFICATION_ICON } from '../../shared/discreet';
import { sweepUpdateNeeded } from '../../server/domain/assignments';
import { reminderServices } from '../../server/nudges/delivery';
import { NOTIFICATION_TAG, notificationPusher } from '../../server/nudges/notifications';
import { pushSender, type PushMessage } from '../../server/nudges/push';
import { DAY_MS } from '../../server/queries/calendarDays';
import { joinTeam, signedInClient, startServer, type ApiClient, type TestServer } from './harness';
import { confirmAddress, isDigest, makeDigestDue, startSmtp, testScheduler, until } from './mail';
import { decrypt, newDevice, recording, startPushStub, type Device, type Received } from './push-stub';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let stub: Awaited<ReturnType<typeof startPushStub>>;
type Person = { client: ApiClient; id: number; username: string; device: Device };
let ann: Person;
let team: number;
/** Every request the push service received, in order. */
const received: Received[] = [];
/** Paths the stub answers with another status than 201 (410: the browser unsubscribed; 500: the service failed). */
const statusOf = new Map<string, number>();
/** The real sender, as serve.ts hands it to the scheduler (with the stub's host allowed, as PUSH_ALLOWED_HOSTS does). */
let push: ReturnType<typeof pushSender>;

/** Text around a value the translations set apart (U+2068 … U+2069), as the non-English sentences do. */
const iso = (value: string) => `\u2068${value}\u2069`;

/** A signed-in user with one subscribed device at /push/<prefix>, reading `language`. */
async function person(prefix: string, language = 'en'): Promise<Person> {
  const { client, user } = await signedInClient(server, prefix);
  const device = newDevice(stub.origin, `/push/${user.username}`);
  expect((await client.post('/api/push/subscriptions', device.json)).status).toBe(201);
  if (language !== 'en') expect((await client.put('/api/account/language', { language })).status).toBe(200);
  return { client, id: user.id, username: user.username, device };
}

/**
 * What arrived since `mark` (a length of `received`), by person: each request's path, decrypted with that person's
 * device keys. A path of nobody listed fails the test (a push that went to someone it should not have).
 */
function arrivedSince(mark: number, people: Person[]) {
  const out: Record<string, PushMessage[]> = {};
  for (const request of received.slice(mark)) {
    const owner = people.find((p) => new URL(p.device.endpoint).pathname === request.path);
    expect(owner, `a push to ${request.path}`).toBeDefined();
    (out[owner!.username] ??= []).push(JSON.parse(decrypt(request.body, owner!.device)) as PushMessage);
  }
  return out;
}

beforeAll(async () => {
  stub = await startPushStub(recording(received, (path) => statusOf.get(path) ?? 201));
  smtp = await startSmtp();
  server = await startServer({ SMTP_URL: smtp.url, PUSH_ALLOWED_HOSTS: '127.0.0.1' });
  push = pushSender(server.database, reminderServices({ PUSH_ALLOWED_HOSTS: ['127.0.0.1'] }, server.database), 'mailto:admin@sower.test');
  ann = await person('ann');
  team = (await ann.client.post('/api/teams', { name: 'Riverside' })).body.id;
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await stub?.close();
});

describe('push through a push service', () => {
  it('sends each notification once, encrypted for the device, says it with names and opens its contact', async () => {
    const ben = await person('ben');
    await joinTeam(ann.client, team, ben, 'member');
    const contact = (await ann.client.post('/api/contacts', { name: 'Lucía Gómez', teamId: team })).body.id;
    await ann.client.post(`/api/contacts/${contact}/comments`, { body: `@${ben.username} pray for her exams` });
    const clock = { now: Date.now() };
    const run = testScheduler(server, smtp.url, clock, { push });
    try {
      const mark = received.length;
      await run.tick();
      expect(arrivedSince(mark, [ann, ben])).toEqual({
        [ben.username]: [{ title: 'Sower', body: 'Test ann mentioned you in a comment on Lucía Gómez', url: `/contacts/${contact}`, tag: NOTIFICATION_TAG }],
      });
      const request = received[mark];
      expect(request.headers['content-encoding']).toBe('aes128gcm');
      expect(String(request.headers.authorization)).toMatch(/^vapid t=[^,\s]+,\s*k=[A-Za-z0-9_-]+$/);
      expect(request.headers.topic).toBe(NOTIFICATION_TAG.replace(/[^A-Za-z0-9_-]/g, ''));
      await run.tick();
      clock.now += 60 * 60_000;
      await run.tick();
      expect(received.length).toBe(mark + 1);
      expect(await server.count('notifications', 'user_id = ? and sent_at is null', [ben.id])).toBe(0);
    } finally {
      await run.stop();
    }
  });

  it('pushes every kind (assigned, accepted, declined, update needed, returned, removed) once, in the reader’s language', async () => {
    const ben = await person('ben', 'es');
    const cat = await person('cat', 'ar');
    await joinTeam(ann.client, team, ben, 'member');
    await joinTeam(ann.client, team, cat, 'member');
    const everyone = [ann, ben, cat];
    const clock = { now: Date.now() };
    const run = testScheduler(server, smtp.url, clock, { push, updateNeeded: sweepUpdateNeeded, updateNeededEveryMs: 0 });
    /** One pass of the scheduler: what it pushed, by person. */
    const tick = async () => {
      const mark = received.length;
      await run.tick();
      return arrivedSince(mark, everyone);
    };
    const one = (body: string, url: string) => [{ title: 'Sower', body, url, tag: NOTIFICATION_TAG }];
    try {
      await tick(); // whatever earlier tests left is sent now, not counted below
      const lucia = (await ann.client.post('/api/contacts', { name: 'Lucía Gómez', teamId: team })).body.id;
      const omar = (await ann.client.post('/api/contacts', { name: 'Omar Haddad', teamId: team })).body.id;
      const yusuf = (await ann.client.post('/api/contacts', { name: 'Yusuf Karim', teamId: team })).body.id;

      expect((await ann.client.put(`/api/contacts/${lucia}/assignee`, { userId: ben.id })).status).toBe(200);
      expect(await tick()).toEqual({ [ben.username]: one(`${iso('Test ann')} te asignó a ${iso('Lucía Gómez')}`, `/contacts/${lucia}`) });

      expect((await ben.client.post(`/api/assignments/${lucia}/accept`)).status).toBe(200);
      expect(await tick()).toEqual({ [ann.username]: one('Test ben accepted Lucía Gómez', `/contacts/${lucia}`) });

      expect((await ann.client.put(`/api/contacts/${omar}/assignee`, { userId: cat.id })).status).toBe(200);
      expect(await tick()).toEqual({ [cat.username]: one(`أسند إليك ${iso('Test ann')} متابعة ${iso('Omar Haddad')}`, `/contacts/${omar}`) });
      expect((await cat.client.post(`/api/assignments/${omar}/decline`, { reason: 'مشغولة هذا الأسبوع' })).status).toBe(200);
      expect(await tick()).toEqual({ [ann.username]: one('Test cat declined Omar Haddad: مشغولة هذا الأسبوع', `/contacts/${omar}`) });

      // Lucía untouched for longer than the team's 14 days: the sweep (in the same pass) writes the nudge, then it goes.
      await server.database.write((tx) =>
        tx
          .update(contacts)
          .set({ assignedAt: new Date(Date.now() - 15 * DAY_MS) })
          .where(eq(contacts.id, lucia)),
      );
      expect(await tick()).toEqual({ [ben.username]: one(`${iso('Lucía Gómez')} necesita una actualización`, `/contacts/${lucia}`) });
      expect(await tick()).toEqual({});

      expect((await ann.client.put(`/api/contacts/${yusuf}/assignee`, { userId: cat.id })).status).toBe(200);
      await tick();
      expect((await ann.client.delete(`/api/teams/${team}/members/${cat.id}`)).status).toBe(200);
      expect(await tick()).toEqual({
        [ann.username]: one('1 contact came back to the admins when Test cat left', '/notifications'),
        [cat.username]: one(`أُزلت من ${iso('Riverside')}`, '/notifications'),
      });
      expect(await tick()).toEqual({});
    } finally {
      await run.stop();
    }
  });

  it('sends nothing of a kind turned off; when discreet, says only how many, with no name or word of a comment in the bytes', async () => {
    const dee = await person('dee');
    const eli = await person('eli', 'es');
    await joinTeam(ann.client, team, dee, 'member');
    await joinTeam(ann.client, team, eli, 'member');
    expect((await dee.client.put('/api/account/notifications', { choices: { mention: { push: false, digest: true } } })).status).toBe(200);
    const contact = (await ann.client.post('/api/contacts', { name: 'Omar Haddad', teamId: team })).body.id;
    const clock = { now: Date.now() };
    const run = testScheduler(server, smtp.url, clock, { push });
    const everyone = [ann, dee, eli];
    try {
      await run.tick();
      let mark = received.length;
      await ann.client.post(`/api/contacts/${contact}/comments`, { body: `@${dee.username} first` });
      await run.tick();
      expect(received.length).toBe(mark);
      expect(await server.count('notifications', 'user_id = ? and sent_at is null', [dee.id])).toBe(0);
      expect((await dee.client.get('/api/account/notifications')).body.choices.mention).toEqual({ push: false, digest: true });

      await dee.client.put('/api/account/notifications', { choices: { mention: { push: true, digest: true } } });
      for (const who of [dee, eli]) expect((await who.client.put('/api/account/reminders', { discreet: true })).status).toBe(200);
      await ann.client.post(`/api/contacts/${contact}/comments`, { body: `@${dee.username} second, about Omar's visa` });
      await ann.client.post(`/api/contacts/${contact}/comments`, { body: `@${dee.username} third` });
      expect((await ann.client.put(`/api/contacts/${contact}/assignee`, { userId: eli.id })).status).toBe(200);
      mark = received.length;
      await run.tick();
      const discreet = { url: '/notifications', tag: NOTIFICATION_TAG, icon: DISCREET_NOTIFICATION_ICON };
      expect(arrivedSince(mark, everyone)).toEqual({
        [dee.username]: [{ title: 'Reminder', body: '2 new notifications', ...discreet }],
        [eli.username]: [{ title: 'Recordatorio', body: '1 notificación nueva', ...discreet }],
      });
      // The decrypted bytes themselves, and what the push service sees around them.
      for (const request of received.slice(mark)) {
        const owner = [dee, eli].find((p) => p.device.endpoint.endsWith(request.path))!;
        const payload = decrypt(request.body, owner.device);
        for (const secret of ['Omar', 'Haddad', 'visa', 'second', 'third', 'Test ann', 'ann', 'Riverside', 'Sower']) expect(payload).not.toContain(secret);
        // The headers carry random base64 (the VAPID token), where a short name could turn up by chance: the long ones.
        for (const secret of ['Omar', 'Haddad', 'visa', 'Riverside', 'Sower', dee.username, eli.username])
          expect(JSON.stringify(request.headers)).not.toContain(secret);
      }
    } finally {
      await run.stop();
    }
  });

  it('removes a subscription the push service says is gone, and retries nothing, gone or failed', async () => {
    const fay = await person('fay');
    const old = newDevice(stub.origin, `/push/${fay.username}-old`);
    const broken = newDevice(stub.origin, `/push/${fay.username}-broken`);
    for (const device of [old, broken]) expect((await fay.client.post('/api/push/subscriptions', device.json)).status).toBe(201);
    statusOf.set(new URL(old.endpoint).pathname, 410);
    statusOf.set(new URL(broken.endpoint).pathname, 500);
    await joinTeam(ann.client, team, fay, 'member');
    const contact = (await ann.client.post('/api/contacts', { name: 'Lucía Gómez', teamId: team })).body.id;
    const clock = { now: Date.now() };
    const run = testScheduler(server, smtp.url, clock, { push });
    try {
      await run.tick();
      const mark = received.length;
      await ann.client.post(`/api/contacts/${contact}/comments`, { body: `@${fay.username} she called back` });
      await run.tick();
      const paths = received.slice(mark).map((r) => r.path);
      expect(paths.sort()).toEqual([fay.device.endpoint, old.endpoint, broken.endpoint].map((e) => new URL(e).pathname).sort());
      const got = received.slice(mark).find((r) => fay.device.endpoint.endsWith(r.path))!;
      expect(JSON.parse(decrypt(got.body, fay.device)).body).toBe('Test ann mentioned you in a comment on Lucía Gómez');
      const kept = await server.database.read.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, fay.id));
      expect(kept.map((row) => row.endpoint).sort()).toEqual([fay.device.endpoint, broken.endpoint].sort());
      // Later passes, hours apart: nothing is sent again, to the device that failed nor to any other.
      for (let i = 0; i < 3; i++) {
        clock.now += 2 * 60 * 60_000;
        await run.tick();
      }
      expect(received.length).toBe(mark + 3);
      expect(await server.count('notifications', 'user_id = ? and sent_at is null', [fay.id])).toBe(0);
    } finally {
      statusOf.clear();
      await run.stop();
    }
  });

  it('pushes a notification once under two schedulers, or two pushers, running at the same moment', async () => {
    const gus = await person('gus');
    await joinTeam(ann.client, team, gus, 'member');
    const contact = (await ann.client.post('/api/contacts', { name: 'Yusuf Karim', teamId: team })).body.id;
    const clock = { now: Date.now() };
    const runs = [testScheduler(server, smtp.url, clock, { push }), testScheduler(server, smtp.url, clock, { push })];
    try {
      await Promise.all(runs.map((run) => run.tick()));
      const mark = received.length;
      await ann.client.post(`/api/contacts/${contact}/comments`, { body: `@${gus.username} one` });
      await Promise.all(runs.map((run) => run.tick()));
      expect(received.slice(mark).map((r) => r.path)).toEqual([new URL(gus.device.endpoint).pathname]);
    } finally {
      await Promise.all(runs.map((run) => run.stop()));
    }
    // Past the lease (a process whose lease ran out mid-pass, or two processes on one file): each pass claims what it
    // pushes, so the second finds it taken.
    const pushers = [notificationPusher(server.database, push), notificationPusher(server.database, push)];
    await Promise.all(pushers.map((pushPending) => pushPending()));
    const mark = received.length;
    await ann.client.post(`/api/contacts/${contact}/comments`, { body: `@${gus.username} two` });
    const counts = await Promise.all(pushers.map((pushPending) => pushPending()));
    expect(received.slice(mark).map((r) => r.path)).toEqual([new URL(gus.device.endpoint).pathname]);
    expect(counts.sort()).toEqual([0, 1]);
  });

  it('refuses an unknown kind or a half choice with a sentence', async () => {
    const unknown = await ann.client.put('/api/account/notifications', { choices: { nonsense: { push: true, digest: true } } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toEqual(expect.any(String));
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
