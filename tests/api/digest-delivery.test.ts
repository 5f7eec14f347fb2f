// One slow outside service holds no one else's digest (issue 27): a real HTTPS push-service stub whose handler never
// answers (or trickles its answer) for one user's device, and a real SMTP server that stalls on one recipient, while the
// scheduler sends everybody's digest. Each delivery has a deadline (small here, through options), digests of a batch go
// out side by side, and the one that hung is retried later by the scheduler's backoff and delivered once.
import { createECDH, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leases, userSettings } from '../../db/schema';
import { attentionForDigest } from '../../server/nudges/attention';
import { reminderServices } from '../../server/nudges/delivery';
import { createMailer } from '../../server/nudges/email';
import { prayTodayForDigest } from '../../server/nudges/prayToday';
import { pushToUser } from '../../server/nudges/push';
import { startScheduler, type SchedulerOptions } from '../../server/nudges/scheduler';
import { signedInClient, startServer, type ApiClient, type TestServer } from './harness';
import { digestSendsOf, makeDigestDue, startSmtp } from './mail';
import { startPushStub } from './push-stub';

/** Every deadline in this file: one hung delivery costs the test this long, not the production 10 s. */
const DEADLINE_MS = 2_000;
const DAY = 86_400_000;
const SUBJECT = 'mailto:admin@sower.test';

/**
 * What the push stub does with a request to a path: answer 201, never answer, or send its status line and then one
 * header line every 50 ms forever (which no idle timeout ever trips).
 */
type PushBehaviour = 'answer' | 'hang' | 'trickle';

let server: TestServer;
let stub: Awaited<ReturnType<typeof startPushStub>>;
let stubOrigin: string;
const pushBehaviour = new Map<string, PushBehaviour>();
/** What happened, in order: `push <path> received|answered|closed`, `smtp <address> rcpt|stalled|closed|accepted`. */
const events: string[] = [];

let smtp: SMTPServer;
let smtpUrl: string;
let sink: Awaited<ReturnType<typeof startSmtp>>;
/** Recipients the SMTP server never answers at RCPT TO. */
const stallRecipients = new Set<string>();
/** The SMTP sessions stalled, by id, to see when the client gives up on them. */
const stalledSessions = new Map<string, string>();

/** Waits for a state; the stub's side of a connection closed by the client, for one, shows a moment after. */
async function until(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; events: ${events.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
const seen = (event: string) => events.includes(event);
const count = (event: string) => events.filter((e) => e === event).length;

beforeAll(async () => {
  // The stub's certificate is trusted by this process only: the scheduler and pushToUser run here.
  stub = await startPushStub((req, res) => {
    const path = req.url!;
    req.resume();
    req.on('end', () => {
      events.push(`push ${path} received`);
      const behaviour = pushBehaviour.get(path) ?? 'answer';
      if (behaviour === 'answer') {
        res.statusCode = 201;
        res.end();
        events.push(`push ${path} answered`);
        return;
      }
      let trickle: NodeJS.Timeout | undefined;
      if (behaviour === 'trickle') {
        res.socket!.write('HTTP/1.1 201 Created\r\n');
        trickle = setInterval(() => res.socket?.write('X-Wait: 1\r\n'), 50);
      }
      res.socket!.on('close', () => {
        clearInterval(trickle);
        events.push(`push ${path} closed`);
      });
    });
  });
  stubOrigin = stub.origin;

  smtp = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    logger: false,
    onRcptTo(address, session, callback) {
      events.push(`smtp ${address.address} rcpt`);
      if (stallRecipients.has(address.address)) {
        stalledSessions.set(session.id, address.address);
        events.push(`smtp ${address.address} stalled`);
        return; // never answers: the client's socket timeout has to end it
      }
      callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        for (const to of session.envelope.rcptTo) events.push(`smtp ${to.address} accepted`);
        callback();
      });
    },
    onClose(session) {
      const address = stalledSessions.get(session.id);
      if (address) events.push(`smtp ${address} closed`);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

  // The server mails its confirmation links (on registration) to a sink of their own; the schedulers under test send
  // digests to the stub above, whose events then count digests only.
  sink = await startSmtp();
  server = await startServer({ SMTP_URL: sink.url, PUSH_ALLOWED_HOSTS: '127.0.0.1' });
});

afterAll(async () => {
  await server?.close();
  await sink?.close();
  await stub?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

const services = () => reminderServices({ PUSH_ALLOWED_HOSTS: ['127.0.0.1'] }, server.database);

/** A browser's subscription at the stub's `path`, with a real P-256 key and auth secret. */
async function subscribe(client: ApiClient, path: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const res = await client.post('/api/push/subscriptions', {
    endpoint: `${stubOrigin}${path}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  });
  expect(res.status).toBe(201);
}

/** A user with reminders on (by the channels given) and a follow-up due yesterday, so their digest holds a reminder. */
async function reminded(prefix: string, channels: { byEmail: boolean; byPush: boolean }) {
  const { client, user } = await signedInClient(server, prefix);
  // Reminder mail goes only to a confirmed address (docs/decisions/024): these owners confirmed theirs.
  await server.database.writerClient.execute({ sql: 'update users set email_confirmed = 1 where id = ?', args: [user.id] });
  expect((await client.put('/api/account/reminders', { remindersOn: true, hour: 8, timeZone: 'UTC', ...channels })).status).toBe(200);
  const contact = await client.post('/api/contacts', { name: 'Ana Souza', spiritualStatus: 'seeking' });
  expect(
    (await client.post('/api/followups', { contactId: contact.body.id, date: new Date(Date.now() - DAY).toISOString(), description: 'Call back' })).status,
  ).toBe(201);
  return { client, user };
}

const makeDue = (userId: number, at: number) => makeDigestDue(server.database, userId, at);
const sendsOf = (userId: number) => digestSendsOf(server.database, userId);
async function nextDigestOf(userId: number) {
  const [row] = await server.database.read.select({ at: userSettings.nextDigestAt }).from(userSettings).where(eq(userSettings.userId, userId));
  return row.at!;
}

/** A scheduler in this process with the test's clock and deadlines, ticked by the test. */
function scheduler(clock: { now: number }, overrides: Partial<SchedulerOptions> = {}) {
  const reminders = services();
  return startScheduler({
    database: server.database,
    tickSeconds: 1,
    baseUrl: server.baseUrl,
    mailer: createMailer(
      { SMTP_URL: smtpUrl, MAIL_FROM: 'Sower <reminders@sower.test>' },
      { connectionTimeout: DEADLINE_MS, greetingTimeout: DEADLINE_MS, socketTimeout: DEADLINE_MS },
    ),
    sources: { attentionForDigest, prayTodayForDigest },
    push: (userId, message) => pushToUser(server.database, reminders, SUBJECT, userId, message, { timeoutMs: DEADLINE_MS }),
    timer: false,
    now: () => clock.now,
    log: () => undefined,
    ...overrides,
  });
}

describe('a push service that never answers one user', () => {
  it("holds no one else's digest: the next user's push arrives meanwhile, the hung one is cut off at its deadline, retried later and delivered once", async () => {
    const hung = await reminded('pushhung', { byEmail: false, byPush: true });
    const fine = await reminded('pushfine', { byEmail: false, byPush: true });
    await subscribe(hung.client, '/push/hung-a');
    await subscribe(fine.client, '/push/fine-b');
    pushBehaviour.set('/push/hung-a', 'hang');
    const clock = { now: Date.now() };
    // The hung user comes first in the scheduler's order.
    await makeDue(hung.user.id, clock.now - 2);
    await makeDue(fine.user.id, clock.now - 1);
    const run = scheduler(clock);
    try {
      const tick = run.tick();
      await until(() => seen('push /push/fine-b answered'), "the other user's push");
      expect(seen('push /push/hung-a received')).toBe(true);
      expect(seen('push /push/hung-a closed')).toBe(false);
      await tick;
      // Cut off by this server at its deadline (the stub never answered), recorded as not sent, and due again soon.
      await until(() => seen('push /push/hung-a closed'), 'the hung request to be closed');
      expect(await sendsOf(fine.user.id)).toMatchObject([{ status: 'sent', pushSent: 1 }]);
      expect(await sendsOf(hung.user.id)).toMatchObject([{ status: 'sending', pushSent: 0, claimedAt: 0 }]);
      const retryAt = await nextDigestOf(hung.user.id);
      expect(retryAt).toBeGreaterThan(clock.now);
      expect(retryAt).toBeLessThanOrEqual(clock.now + 60_000);

      // The push service answers again; nothing goes before the retry is due, then the digest goes once.
      pushBehaviour.set('/push/hung-a', 'answer');
      await run.tick();
      expect(count('push /push/hung-a received')).toBe(1);
      clock.now = retryAt;
      await run.tick();
      await run.tick();
      expect(count('push /push/hung-a received')).toBe(2);
      expect(count('push /push/hung-a answered')).toBe(1);
      expect(await sendsOf(hung.user.id)).toMatchObject([{ status: 'sent', pushSent: 1 }]);
      expect(count('push /push/fine-b received')).toBe(1);
    } finally {
      pushBehaviour.delete('/push/hung-a');
      await run.stop();
    }
  });

  it('retries only the push of a digest whose email went out: the email is never sent twice', async () => {
    const both = await reminded('bothchannels', { byEmail: true, byPush: true });
    await subscribe(both.client, '/push/both-hung');
    pushBehaviour.set('/push/both-hung', 'hang');
    const clock = { now: Date.now() };
    await makeDue(both.user.id, clock.now - 1);
    const run = scheduler(clock);
    try {
      await run.tick();
      expect(count(`smtp ${both.user.email} accepted`)).toBe(1);
      await until(() => seen('push /push/both-hung closed'), 'the hung request to be closed');
      expect(await sendsOf(both.user.id)).toMatchObject([{ status: 'sending', emailSent: true, pushSent: 0, claimedAt: 0 }]);

      pushBehaviour.set('/push/both-hung', 'answer');
      clock.now = await nextDigestOf(both.user.id);
      await run.tick();
      expect(count('push /push/both-hung answered')).toBe(1);
      expect(count(`smtp ${both.user.email} accepted`)).toBe(1);
      expect(await sendsOf(both.user.id)).toMatchObject([{ status: 'sent', emailSent: true, pushSent: 1 }]);
    } finally {
      pushBehaviour.delete('/push/both-hung');
      await run.stop();
    }
  });

  it("holds none of the user's other devices, and cuts off one that trickles its answer at the same deadline", async () => {
    const { client, user } = await signedInClient(server, 'devices');
    await subscribe(client, '/push/device-hung');
    await subscribe(client, '/push/device-trickle');
    await subscribe(client, '/push/device-fine');
    pushBehaviour.set('/push/device-hung', 'hang');
    pushBehaviour.set('/push/device-trickle', 'trickle');
    try {
      const sending = pushToUser(
        server.database,
        services(),
        SUBJECT,
        user.id,
        { title: 'Sower', body: 'You have 1 reminder', url: '/', tag: 'digest' },
        { timeoutMs: DEADLINE_MS },
      );
      await until(() => seen('push /push/device-fine answered'), 'the device that answers');
      expect(seen('push /push/device-hung received') && seen('push /push/device-trickle received')).toBe(true);
      expect(seen('push /push/device-hung closed') || seen('push /push/device-trickle closed')).toBe(false);
      expect(await sending).toEqual({ sent: 1, removed: 0, failed: 2 });
      await until(() => seen('push /push/device-hung closed') && seen('push /push/device-trickle closed'), 'both slow requests to be closed');
    } finally {
      pushBehaviour.delete('/push/device-hung');
      pushBehaviour.delete('/push/device-trickle');
    }
  });
});

describe('an SMTP server that stalls on one recipient', () => {
  it("holds no one else's digest: the next user's email arrives meanwhile, the stalled one times out, is retried later and delivered once", async () => {
    const stalled = await reminded('smtpstall', { byEmail: true, byPush: false });
    const fine = await reminded('smtpfine', { byEmail: true, byPush: false });
    stallRecipients.add(stalled.user.email);
    const clock = { now: Date.now() };
    await makeDue(stalled.user.id, clock.now - 2);
    await makeDue(fine.user.id, clock.now - 1);
    const run = scheduler(clock);
    try {
      const tick = run.tick();
      await until(() => seen(`smtp ${fine.user.email} accepted`), "the other user's email");
      expect(seen(`smtp ${stalled.user.email} stalled`)).toBe(true);
      expect(seen(`smtp ${stalled.user.email} closed`)).toBe(false);
      await tick;
      await until(() => seen(`smtp ${stalled.user.email} closed`), 'the stalled session to be given up');
      expect(await sendsOf(fine.user.id)).toMatchObject([{ status: 'sent', emailSent: true }]);
      expect(await sendsOf(stalled.user.id)).toMatchObject([{ status: 'sending', emailSent: false, claimedAt: 0 }]);
      const retryAt = await nextDigestOf(stalled.user.id);
      expect(retryAt).toBeGreaterThan(clock.now);
      expect(retryAt).toBeLessThanOrEqual(clock.now + 60_000);

      stallRecipients.delete(stalled.user.email);
      await run.tick();
      expect(count(`smtp ${stalled.user.email} rcpt`)).toBe(1);
      clock.now = retryAt;
      await run.tick();
      await run.tick();
      expect(count(`smtp ${stalled.user.email} accepted`)).toBe(1);
      expect(await sendsOf(stalled.user.id)).toMatchObject([{ status: 'sent', emailSent: true }]);
      expect(count(`smtp ${fine.user.email} accepted`)).toBe(1);
    } finally {
      stallRecipients.clear();
      await run.stop();
    }
  });
});

describe('the scheduler with digests in flight', () => {
  it('stop() waits for a digest in flight to end, then gives the lease up', async () => {
    const hung = await reminded('stophung', { byEmail: false, byPush: true });
    await subscribe(hung.client, '/push/stop-hung');
    pushBehaviour.set('/push/stop-hung', 'hang');
    const clock = { now: Date.now() };
    await makeDue(hung.user.id, clock.now - 1);
    const run = scheduler(clock);
    try {
      void run.tick();
      await until(() => seen('push /push/stop-hung received'), 'the push in flight');
      await run.stop();
      await until(() => seen('push /push/stop-hung closed'), 'the hung request to be closed');
      expect(await sendsOf(hung.user.id)).toMatchObject([{ status: 'sending', claimedAt: 0 }]);
      expect(await server.database.read.select().from(leases)).toEqual([]);
    } finally {
      pushBehaviour.delete('/push/stop-hung');
      await run.stop();
    }
  });

  it('starts no more digests than its concurrency, and checks the lease before each: one taken over meanwhile sends nothing more', async () => {
    const hung = await reminded('leasehung', { byEmail: false, byPush: true });
    const waiting = await reminded('leasewait', { byEmail: false, byPush: true });
    await subscribe(hung.client, '/push/lease-hung');
    await subscribe(waiting.client, '/push/lease-wait');
    pushBehaviour.set('/push/lease-hung', 'hang');
    const clock = { now: Date.now() };
    await makeDue(hung.user.id, clock.now - 2);
    await makeDue(waiting.user.id, clock.now - 1);
    const first = scheduler(clock, { concurrency: 1 });
    const second = scheduler(clock);
    try {
      const firstTick = first.tick();
      await until(() => seen('push /push/lease-hung received'), 'the push in flight');
      // One digest at a time: the second waits for the hung one's slot.
      expect(seen('push /push/lease-wait received')).toBe(false);
      // The first holder's lease runs out (3 ticks) while it waits; another process takes it and sends.
      clock.now += 3_001;
      await second.tick();
      expect(count('push /push/lease-wait answered')).toBe(1);
      await firstTick;
      await until(() => seen('push /push/lease-hung closed'), 'the hung request to be closed');
      expect(count('push /push/lease-wait received')).toBe(1);
      expect((await server.database.read.select().from(leases))[0].holder).toBe(second.holder);
      expect(await sendsOf(waiting.user.id)).toMatchObject([{ status: 'sent', pushSent: 1 }]);
    } finally {
      pushBehaviour.delete('/push/lease-hung');
      await first.stop();
      await second.stop();
    }
  });
});
