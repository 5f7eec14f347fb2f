// The daily digest end to end: the reminder settings over REST, the scheduler sending through a real SMTP server
// (smtp-server, parsed with mailparser), the one-click unsubscribe, exactly one digest a day across ticks, restarts
// and two server processes on one database (the lease).
import { createClient } from '@libsql/client';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { digestSends, leases, userSettings } from '../../db/schema';
import type { DigestSources } from '../../server/nudges/gather';
import { localDay, nextDigestAt } from '../../server/nudges/schedule';
import { STALE_CLAIM_MS, type SchedulerOptions } from '../../server/nudges/scheduler';
import { signedInClient, startServer } from './harness';
import { confirmAddress, digestSendsOf, isDigest, mailingServerForFile, makeDigestDue, testScheduler, testSources, until } from './mail';
import { spawnServer, type ServerProcess } from './process';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const { smtp, server } = mailingServerForFile();

/** The digests an address received (registration also mails each address a confirmation link). */
const mailsTo = (email: string) => smtp.received.filter((r) => r.to.includes(email) && isDigest(r));

async function settingsOf(userId: number) {
  const [row] = await server.database.read.select().from(userSettings).where(eq(userSettings.userId, userId));
  return row;
}
const sendsOf = (userId: number) => digestSendsOf(server.database, userId);
const makeDue = (userId: number, at: number) => makeDigestDue(server.database, userId, at);

/** A user with a confirmed address and reminders on at 08:00 in `timeZone`, a contact and a follow-up due yesterday. */
async function reminded(prefix: string, settings: Record<string, unknown> = {}, contactName = 'Ana Souza') {
  const { client, user } = await signedInClient(server, prefix);
  await confirmAddress(server.database, user.id);
  const turnedOn = await client.put('/api/account/reminders', { remindersOn: true, hour: 8, timeZone: 'Europe/Paris', ...settings });
  expect(turnedOn.status).toBe(200);
  const contact = await client.post('/api/contacts', { name: contactName, spiritualStatus: 'seeking' });
  expect(contact.status).toBe(201);
  const followUp = await client.post('/api/followups', {
    contactId: contact.body.id,
    date: new Date(Date.now() - DAY).toISOString(),
    description: 'Call back about the study',
  });
  expect(followUp.status).toBe(201);
  return { client, user, contactId: contact.body.id as number };
}

/** A scheduler in this process with its own clock, ticked by the test. */
const scheduler = (clock: { now: number }, overrides: Partial<SchedulerOptions> = {}) => testScheduler(server, smtp.url, clock, overrides);

describe('reminder settings', () => {
  it('validates, keeps a bad update out entirely, and computes the next digest in the user’s zone', async () => {
    const { client, user } = await signedInClient(server, 'settings');
    const initial = await client.get('/api/account/reminders');
    expect(initial.status).toBe(200);
    expect(initial.body).toMatchObject({ remindersOn: false, hour: 8, byEmail: true, emailAvailable: true, nextDigestAt: null });

    for (const bad of [{ hour: 24 }, { hour: 7.5 }, { timeZone: 'Mars/Olympus' }, { remindersOn: 'yes' }, { remindersOn: true, surprise: 1 }]) {
      const res = await client.put('/api/account/reminders', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await client.get('/api/account/reminders')).body).toEqual(initial.body);
    // The reminder settings and a follow-up's completion check a zone with one rule and one message (timeZoneName).
    const zone = 'Time zone must be a time zone name such as Europe/Paris';
    expect((await client.put('/api/account/reminders', { timeZone: 'Mars/Olympus' })).body.message).toBe(zone);
    const contact = await client.post('/api/contacts', { name: 'Zoe' });
    const followUp = await client.post('/api/followups', {
      contactId: contact.body.id,
      date: new Date(Date.now() + DAY).toISOString(),
      description: 'Call',
      type: 'phone',
    });
    expect((await client.post(`/api/followups/${followUp.body.id}/complete`, { timeZone: 'Mars/Olympus' })).body.message).toBe(zone);

    const before = Date.now();
    const on = await client.put('/api/account/reminders', { remindersOn: true, hour: 7, timeZone: 'America/New_York' });
    const after = Date.now();
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ remindersOn: true, hour: 7, timeZone: 'America/New_York' });
    const next = on.body.nextDigestAt as number;
    expect([nextDigestAt(before, 7, 'America/New_York'), nextDigestAt(after, 7, 'America/New_York')]).toContain(next);
    expect(next).toBeGreaterThan(before);
    expect(next - before).toBeLessThanOrEqual(DAY + HOUR);
    expect(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit', hour12: false }).format(next)).toBe('07:00');
    expect((await settingsOf(user.id)).nextDigestAt).toBe(next);

    const off = await client.put('/api/account/reminders', { remindersOn: false });
    expect(off.body).toMatchObject({ remindersOn: false, nextDigestAt: null });
  });
});

describe('the daily digest by email', () => {
  it('arrives once a day through SMTP, with text and HTML parts, links and a one-click unsubscribe that turns only email off', async () => {
    const { client, user, contactId } = await reminded('mail', {}, '<script>alert(1)</script> Ana');
    expect((await client.post('/api/prayer-requests', { contactId, request: 'Peace at home' })).status).toBe(201);
    const clock = { now: Date.now() };
    const timeZone = 'Europe/Paris';
    await makeDue(user.id, clock.now - 1000);
    const run = scheduler(clock);
    try {
      await run.tick();
      const mails = mailsTo(user.email);
      expect(mails).toHaveLength(1);
      const { mail } = mails[0];
      const day = localDay(clock.now, timeZone);
      expect(mail.subject).toBe('Today in Sower: 3 reminders');
      expect(mail.from?.value).toEqual([{ name: 'Sower', address: 'reminders@sower.test' }]);
      expect(mail.messageId).toBe(`<digest.${user.id}.${day}@127.0.0.1>`);
      expect(mail.text).toContain('1 follow-up due today or overdue');
      expect(mail.text).toContain('<script>alert(1)</script> Ana: Call back about the study');
      expect(mail.text).toContain('1 person needs attention');
      expect(mail.text).toContain('<script>alert(1)</script> Ana: Peace at home');
      expect(mail.text).toContain(`${server.baseUrl}/followups`);
      const html = String(mail.html);
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Ana');
      expect(html).not.toContain('<script>');
      expect(html).toContain(`href="${server.baseUrl}/followups"`);
      expect(html).toContain(`href="${server.baseUrl}/"`);

      const header = (name: string) =>
        mail.headerLines
          .find((line) => line.key === name)
          ?.line.replace(/^[^:]+:\s*/, '')
          .replace(/\r?\n\s+/g, ' ');
      const token = (await settingsOf(user.id)).unsubscribeToken!;
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const unsubscribeUrl = `${server.baseUrl}/api/reminders/unsubscribe?token=${token}`;
      expect(header('list-unsubscribe')).toBe(`<${unsubscribeUrl}>`);
      expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(html).toContain(`href="${unsubscribeUrl}"`);

      // Recorded as sent, and the next digest is due at tomorrow's hour.
      expect(await sendsOf(user.id)).toMatchObject([{ day, status: 'sent', emailSent: true, pushSent: 0, reminders: 3 }]);
      expect((await settingsOf(user.id)).nextDigestAt).toBe(nextDigestAt(clock.now, 8, timeZone));

      // More ticks the same day, even with the digest made due again: nothing more goes out.
      clock.now += 60_000;
      await makeDue(user.id, clock.now - 1);
      await run.tick();
      await run.tick();
      expect(mailsTo(user.email)).toHaveLength(1);
      expect((await settingsOf(user.id)).nextDigestAt).toBe(nextDigestAt(clock.now, 8, timeZone));

      // The link's page asks; a GET changes nothing (link scanners follow links).
      const page = await fetch(unsubscribeUrl);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const pageText = await page.text();
      expect(pageText).toContain('<form method="post"');
      expect(pageText).toContain('Turn off email reminders');
      expect((await settingsOf(user.id)).byEmail).toBe(true);

      // Unknown or missing tokens: a 404 page; other methods: 405. Nothing changes.
      for (const path of ['/api/reminders/unsubscribe?token=nope', '/api/reminders/unsubscribe', `/api/reminders/unsubscribe?token=${token.slice(0, -1)}x`]) {
        expect((await fetch(server.baseUrl + path, { method: 'POST' })).status).toBe(404);
        expect((await fetch(server.baseUrl + path)).status).toBe(404);
      }
      expect((await fetch(unsubscribeUrl, { method: 'PUT' })).status).toBe(405);
      expect((await settingsOf(user.id)).byEmail).toBe(true);

      // The one-click POST as a mail provider sends it: no cookie, no Origin.
      const done = await fetch(unsubscribeUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(done.status).toBe(200);
      expect(await done.text()).toContain('Email reminders are off');
      const after = (await client.get('/api/account/reminders')).body;
      expect(after).toMatchObject({ byEmail: false, byPush: true, remindersOn: true, includeFollowUps: true });

      // The next day: the digest is recorded, but no email goes.
      clock.now += DAY;
      await makeDue(user.id, clock.now - 1);
      await run.tick();
      expect(mailsTo(user.email)).toHaveLength(1);
      expect((await sendsOf(user.id)).find((row) => row.day === localDay(clock.now, timeZone))).toMatchObject({ status: 'sent', emailSent: false });
    } finally {
      await run.stop();
    }
  });

  it('lets a cross-site POST with the token do no more than the token allows, and touches no one else', async () => {
    const owner = await reminded('owner');
    const other = await reminded('other');
    const clock = { now: Date.now() };
    await makeDue(owner.user.id, clock.now - 1);
    const run = scheduler(clock);
    await run.tick();
    await run.stop();
    const token = (await settingsOf(owner.user.id)).unsubscribeToken!;
    // Sent from another site's page with the other user's session cookie: only the token's owner changes.
    const res = await fetch(`${server.baseUrl}/api/reminders/unsubscribe?token=${token}`, {
      method: 'POST',
      headers: { Origin: 'https://evil.example', Cookie: other.client.cookie },
    });
    expect(res.status).toBe(200);
    expect((await settingsOf(owner.user.id)).byEmail).toBe(false);
    expect((await settingsOf(other.user.id)).byEmail).toBe(true);
    // The other API paths still refuse cross-site writes.
    const refused = await fetch(`${server.baseUrl}/api/account/reminders`, {
      method: 'PUT',
      headers: { Origin: 'https://evil.example', Cookie: other.client.cookie, 'Content-Type': 'application/json' },
      body: '{"byEmail":false}',
    });
    expect(refused.status).toBe(403);
    expect((await settingsOf(other.user.id)).byEmail).toBe(true);
  });

  it('words a discreet digest with a count only, and sends nothing on a day with nothing to remind', async () => {
    const discreet = await reminded('discreet', { discreet: true }, 'Secret Name');
    const empty = await signedInClient(server, 'empty');
    await empty.client.put('/api/account/reminders', { remindersOn: true, hour: 8, timeZone: 'UTC', includeAttention: false, includePrayers: false });
    const clock = { now: Date.now() };
    await makeDue(discreet.user.id, clock.now - 1);
    await makeDue(empty.user.id, clock.now - 1);
    const run = scheduler(clock);
    await run.tick();
    await run.stop();
    const [{ mail }] = mailsTo(discreet.user.email);
    expect(mail.subject).toBe('Reminders: 2');
    for (const part of [mail.text, String(mail.html), mail.subject]) {
      expect(part).not.toContain('Secret Name');
      expect(part).not.toContain('Call back');
    }
    expect(mail.text).toContain('Reminders: 2');
    expect(mailsTo(empty.user.email)).toHaveLength(0);
    expect(await sendsOf(empty.user.id)).toMatchObject([{ status: 'sent', emailSent: false, reminders: 0 }]);
    expect((await settingsOf(empty.user.id)).nextDigestAt).toBe(nextDigestAt(clock.now, 8, 'UTC'));
  });

  it('keeps sending to others when SMTP refuses one user, and retries that one later, once', async () => {
    const refused = await reminded('refused');
    const fine = await reminded('fine');
    smtp.refuse.add(refused.user.email);
    const clock = { now: Date.now() };
    await makeDue(refused.user.id, clock.now - 2);
    await makeDue(fine.user.id, clock.now - 1);
    const run = scheduler(clock);
    try {
      await run.tick();
      expect(mailsTo(fine.user.email)).toHaveLength(1);
      expect(mailsTo(refused.user.email)).toHaveLength(0);
      expect(await sendsOf(refused.user.id)).toMatchObject([{ status: 'sending', emailSent: false, claimedAt: 0 }]);
      const retryAt = (await settingsOf(refused.user.id)).nextDigestAt!;
      expect(retryAt).toBeGreaterThan(clock.now);
      expect(retryAt).toBeLessThanOrEqual(clock.now + 60_000);

      smtp.refuse.delete(refused.user.email);
      await run.tick(); // not due yet
      expect(mailsTo(refused.user.email)).toHaveLength(0);
      clock.now = retryAt;
      await run.tick();
      await run.tick();
      expect(mailsTo(refused.user.email)).toHaveLength(1);
      expect(await sendsOf(refused.user.id)).toMatchObject([{ status: 'sent', emailSent: true }]);
      expect(mailsTo(fine.user.email)).toHaveLength(1);
    } finally {
      smtp.refuse.clear();
      await run.stop();
    }
  });

  it('retries later when reading a user’s digest fails, and still sends the others', async () => {
    const broken = await reminded('broken');
    const fine = await reminded('fine2');
    const clock = { now: Date.now() };
    await makeDue(broken.user.id, clock.now - 2);
    await makeDue(fine.user.id, clock.now - 1);
    let failing = true;
    const sources: DigestSources = {
      ...testSources,
      attentionForDigest: (db, userId, now, limit) =>
        failing && userId === broken.user.id ? Promise.reject(new Error('attention failed')) : testSources.attentionForDigest(db, userId, now, limit),
    };
    const run = scheduler(clock, { sources });
    try {
      await run.tick();
      expect(mailsTo(fine.user.email)).toHaveLength(1);
      expect(mailsTo(broken.user.email)).toHaveLength(0);
      expect(await sendsOf(broken.user.id)).toMatchObject([{ status: 'sending', claimedAt: 0 }]);
      failing = false;
      clock.now = (await settingsOf(broken.user.id)).nextDigestAt!;
      await run.tick();
      expect(mailsTo(broken.user.email)).toHaveLength(1);
      expect(await sendsOf(broken.user.id)).toMatchObject([{ status: 'sent' }]);
    } finally {
      await run.stop();
    }
  });

  it('catches up once after downtime, as the digest of the local day it goes out on', async () => {
    const { user } = await reminded('catchup', { timeZone: 'UTC' });
    // 06:00 UTC; the last digest was due three days ago at 08:00.
    const sixAm = Date.parse(`${localDay(Date.now(), 'UTC')}T06:00:00Z`);
    const clock = { now: sixAm };
    await makeDue(user.id, sixAm - 3 * DAY + 2 * HOUR);
    const run = scheduler(clock);
    try {
      await run.tick();
      await run.tick();
      expect(mailsTo(user.email)).toHaveLength(1);
      expect(await sendsOf(user.id)).toMatchObject([{ day: localDay(sixAm, 'UTC'), status: 'sent' }]);
      // Today's own hour comes: today's digest has gone out already.
      expect((await settingsOf(user.id)).nextDigestAt).toBe(sixAm + 2 * HOUR);
      clock.now = sixAm + 2 * HOUR + 1;
      await run.tick();
      expect(mailsTo(user.email)).toHaveLength(1);
      expect((await settingsOf(user.id)).nextDigestAt).toBe(sixAm + 26 * HOUR);
      // Tomorrow's does.
      clock.now = sixAm + 26 * HOUR;
      await run.tick();
      expect(mailsTo(user.email)).toHaveLength(2);
    } finally {
      await run.stop();
    }
  });

  it('retries a digest claimed by an attempt that died, and leaves one claimed by a live attempt alone', async () => {
    const dead = await reminded('dead', { timeZone: 'UTC' });
    const live = await reminded('live', { timeZone: 'UTC' });
    // Noon, hours from the digest hour: just before it, the next digest would come before the retry (seen at 07:55 UTC).
    const clock = { now: Date.parse(`${localDay(Date.now(), 'UTC')}T12:00:00Z`) };
    const day = localDay(clock.now, 'UTC');
    await server.database.write((tx) =>
      tx.insert(digestSends).values([
        { userId: dead.user.id, day, status: 'sending', claimedAt: clock.now - STALE_CLAIM_MS - 1 },
        { userId: live.user.id, day, status: 'sending', claimedAt: clock.now - 1000 },
      ]),
    );
    await makeDue(dead.user.id, clock.now - 1);
    await makeDue(live.user.id, clock.now - 1);
    const run = scheduler(clock);
    try {
      await run.tick();
      expect(mailsTo(dead.user.email)).toHaveLength(1);
      expect(mailsTo(live.user.email)).toHaveLength(0);
      // The live attempt's user is looked at again once that attempt would be dead.
      expect((await settingsOf(live.user.id)).nextDigestAt).toBe(clock.now - 1000 + STALE_CLAIM_MS + 1);
    } finally {
      await run.stop();
    }
  });

  it('lets only the lease holder send when two schedulers share the database, and hands the lease over on stop', async () => {
    const { user } = await reminded('lease');
    const clock = { now: Date.now() };
    await makeDue(user.id, clock.now - 1);
    const first = scheduler(clock);
    const second = scheduler(clock);
    try {
      await Promise.all([first.tick(), second.tick(), first.tick(), second.tick()]);
      expect(mailsTo(user.email)).toHaveLength(1);
      const [lease] = await server.database.read.select().from(leases);
      expect([first.holder, second.holder]).toContain(lease.holder);
      const [holder, waiting] = lease.holder === first.holder ? [first, second] : [second, first];
      await holder.stop();
      expect(await server.database.read.select().from(leases)).toEqual([]);
      clock.now += DAY;
      await makeDue(user.id, clock.now - 1);
      await waiting.tick();
      expect(mailsTo(user.email)).toHaveLength(2);
      expect((await server.database.read.select().from(leases))[0].holder).toBe(waiting.holder);
    } finally {
      await first.stop();
      await second.stop();
    }
  });
});

describe('the scheduler in server processes', () => {
  const running: ServerProcess[] = [];
  afterAll(() => {
    for (const p of running) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  });

  async function start(url: string) {
    const p = await spawnServer({ DATABASE_URL: url, SMTP_URL: smtp.url, REMINDER_TICK_SECONDS: '1', LOG_REQUESTS: 'false' });
    running.push(p);
    return p;
  }
  async function stop(p: ServerProcess) {
    p.child.kill('SIGTERM');
    expect(await p.exited).toBe(0);
  }

  // Spawning server processes takes seconds on a busy machine.
  it('sends exactly one digest across restarts between "due" and "sent", with two server processes on one database', { timeout: 90_000 }, async () => {
    // A database of its own, its users made through the API of a server without a scheduler (the harness's).
    const setup = await startServer({ SMTP_URL: smtp.url });
    const db = createClient({ url: setup.dbUrl });
    // The test's own writes wait for the server processes' like theirs do, not fail with SQLITE_BUSY (one connection: execute only).
    await db.execute('PRAGMA busy_timeout = 5000');
    try {
      const userWith = async (prefix: string) => {
        const { client, user } = await signedInClient(setup, prefix);
        await confirmAddress(setup.database, user.id);
        expect((await client.put('/api/account/reminders', { remindersOn: true, hour: 8, timeZone: 'UTC' })).status).toBe(200);
        const contact = await client.post('/api/contacts', { name: 'Ana' });
        expect(
          (await client.post('/api/followups', { contactId: contact.body.id, date: new Date(Date.now() - DAY).toISOString(), description: 'Visit' })).status,
        ).toBe(201);
        return user;
      };
      const due = await userWith('restartdue');
      const claimed = await userWith('restartclaimed');
      const nextOf = async (id: number) =>
        Number((await db.execute({ sql: 'select next_digest_at as at from user_settings where user_id = ?', args: [id] })).rows[0].at);
      const sent = async (id: number) =>
        (await db.execute({ sql: "select 1 from digest_sends where user_id = ? and status = 'sent'", args: [id] })).rows.length === 1;
      const makeDueAgain = async () => {
        const at = Date.now();
        await db.execute({ sql: 'update user_settings set next_digest_at = ? where user_id in (?, ?)', args: [at - 1, due.id, claimed.id] });
        return at;
      };

      // While no scheduler runs: one digest falls due, another was claimed by a process that died before sending it.
      const now = Date.now();
      await db.execute({ sql: 'update user_settings set next_digest_at = ? where user_id in (?, ?)', args: [now - 1000, due.id, claimed.id] });
      await db.execute({
        sql: "insert into digest_sends (user_id, day, status, claimed_at) values (?, ?, 'sending', ?)",
        args: [claimed.id, localDay(now, 'UTC'), now - HOUR],
      });

      // Two processes start on the database: the lease lets one of them send.
      const [first, second] = await Promise.all([start(setup.dbUrl), start(setup.dbUrl)]);
      await until(async () => (await sent(due.id)) && (await sent(claimed.id)), 'both digests recorded as sent');
      expect(mailsTo(due.email)).toHaveLength(1);
      expect(mailsTo(claimed.email)).toHaveLength(1);
      // Made due again the same day: a process looks, and sends nothing more.
      const again = await makeDueAgain();
      await until(async () => (await nextOf(due.id)) > again && (await nextOf(claimed.id)) > again, 'the next digests moved on');
      expect((await db.execute("select holder from leases where name = 'reminders'")).rows).toHaveLength(1);
      // Stopping gives the lease up.
      await Promise.all([stop(first), stop(second)]);
      expect((await db.execute('select * from leases')).rows).toHaveLength(0);

      // Due again while stopped, then a restart: still one digest each today.
      const later = await makeDueAgain();
      const third = await start(setup.dbUrl);
      await until(async () => (await nextOf(due.id)) > later && (await nextOf(claimed.id)) > later, 'the next digests moved on after the restart');
      await stop(third);
      expect(mailsTo(due.email)).toHaveLength(1);
      expect(mailsTo(claimed.email)).toHaveLength(1);
    } finally {
      db.close();
      await setup.close();
    }
  });
});
