// Shared by the API tests that send email: a real SMTP server that keeps what it receives (read by mailparser), the
// file's app server mailing there, simple digest sources, a scheduler ticked by the test, and a wait for a state.
import { and, eq } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import type { Database, Queryable } from '../../db/client';
import { contacts, digestSends, prayerRequests, userSettings, users } from '../../db/schema';
import { createMailer } from '../../server/nudges/email';
import type { DigestSources } from '../../server/nudges/gather';
import { startScheduler, type SchedulerOptions } from '../../server/nudges/scheduler';
import { startServer, startedInHook, type TestServer } from './harness';

export interface Received {
  to: string[];
  mail: ParsedMail;
}

/** A real SMTP server on a free port that keeps every message it accepts, and refuses the recipients in `refuse`. */
export async function startSmtp() {
  const received: Received[] = [];
  const refuse = new Set<string>();
  const server = new SMTPServer({
    disabledCommands: ['AUTH', 'STARTTLS'],
    authOptional: true,
    logger: false,
    onRcptTo(address, _session, callback) {
      callback(refuse.has(address.address) ? Object.assign(new Error('Mailbox unavailable'), { responseCode: 450 }) : null);
    },
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), mail });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, refuse, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

type Smtp = Awaited<ReturnType<typeof startSmtp>>;

/**
 * The file's SMTP server and its app server mailing there (SMTP_URL), both started before its tests and closed after
 * them, the way `serverForFile` does it.
 */
export function mailingServerForFile() {
  let started: { smtp: Smtp; server?: TestServer } | undefined;
  beforeAll(async () => {
    const smtp = await startSmtp();
    started = { smtp };
    started.server = await startServer({ SMTP_URL: smtp.url });
  });
  afterAll(async () => {
    await started?.server?.close();
    await started?.smtp.close();
  });
  return { smtp: startedInHook(() => started?.smtp, 'smtp'), server: startedInHook(() => started?.server, 'server') };
}

/** Simple readers for the two sources other modules provide: every contact of the user, their unanswered requests. */
export const testSources: DigestSources = {
  async attentionForDigest(db: Queryable, userId: number, _now: number, limit: number) {
    const rows = await db.select().from(contacts).where(eq(contacts.createdBy, userId));
    return {
      total: rows.length,
      items: rows.slice(0, limit).map((c) => ({ contactId: c.id, name: c.name, spiritualStatus: c.spiritualStatus, lastTouchAt: c.createdAt })),
    };
  },
  async prayTodayForDigest(db: Queryable, userId: number) {
    const rows = await db
      .select({ id: prayerRequests.id, request: prayerRequests.request, contactName: contacts.name })
      .from(prayerRequests)
      .innerJoin(contacts, eq(contacts.id, prayerRequests.contactId))
      .where(and(eq(prayerRequests.createdBy, userId), eq(prayerRequests.answered, false)))
      .limit(5);
    return rows;
  },
};

/** Polls `check` until it answers something truthy (that answer), or fails after `timeoutMs`. */
export async function until<T>(check: () => Promise<T | undefined | false> | T | undefined | false, what: string, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A fixture: the user's address as if its owner had opened the confirmation link (reminder mail goes only there). */
export async function confirmAddress(database: Database, userId: number) {
  await database.write((tx) => tx.update(users).set({ emailConfirmed: true }).where(eq(users.id, userId)));
}

/** Whether a received message is a daily digest (not a confirmation link). */
export const isDigest = ({ mail }: Received) => mail.messageId?.startsWith('<digest.') ?? false;

/** A scheduler in this process with the test's clock, sending through `smtpUrl` with the simple sources, ticked by the test. */
export function testScheduler(server: TestServer, smtpUrl: string, clock: { now: number }, overrides: Partial<SchedulerOptions> = {}) {
  return startScheduler({
    database: server.database,
    tickSeconds: 1,
    baseUrl: server.baseUrl,
    mailer: createMailer({ SMTP_URL: smtpUrl, MAIL_FROM: 'Sower <reminders@sower.test>' }),
    sources: testSources,
    timer: false,
    now: () => clock.now,
    log: () => undefined,
    ...overrides,
  });
}

/** Makes the user's next digest due at `at` (a scheduler's tick at or after it sends it). */
export async function makeDigestDue(database: Database, userId: number, at: number) {
  await database.write((tx) => tx.update(userSettings).set({ nextDigestAt: at }).where(eq(userSettings.userId, userId)));
}

/** The user's digest sends, as the scheduler recorded them. */
export const digestSendsOf = (database: Database, userId: number) => database.read.select().from(digestSends).where(eq(digestSends.userId, userId));
