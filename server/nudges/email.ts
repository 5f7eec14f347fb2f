// Email through SMTP (SMTP_URL, nodemailer): multipart text and HTML messages. A digest carries a one-click unsubscribe
// (RFC 8058) and a Message-ID fixed per user and day, so a retried send of the same digest is recognisable as one; a
// confirmation link (server/nudges/confirmation.ts) carries neither.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database } from '../../db/client';
import { userSettings } from '../../db/schema';
import type { Env } from '../env';

/** Where the one-click unsubscribe is served (server/nudges/unsubscribe.ts); the token is its query. */
export const UNSUBSCRIBE_PATH = '/api/reminders/unsubscribe';

export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The Message-ID without angle brackets (digestMessageId); without it nodemailer makes one. */
  messageId?: string;
  /** The one-click unsubscribe link, for mail a recipient may stop (the digest). */
  unsubscribeUrl?: string;
}

export interface Mailer {
  /** Sends one email; answers the SMTP server's last reply ("250 … queued as …"). */
  send(mail: OutgoingEmail): Promise<string>;
  /** Connects and logs in without sending (`sower check`). */
  verify(): Promise<void>;
  close(): void;
}

/**
 * How long the SMTP client waits, in milliseconds (nodemailer's options): for the connection, for the server's greeting,
 * and for any answer on an open connection (an idle timeout: a server that stalls after RCPT TO is given up after it).
 * Short, so a server that hangs holds one digest for well under a minute, never for nodemailer's default ten minutes;
 * the scheduler sends other users' digests meanwhile.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** The SMTP mailer, or null without SMTP_URL (email reminders are off). */
export function createMailer(env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>, timeouts: Partial<typeof SMTP_TIMEOUTS> = {}): Mailer | null {
  if (!env.SMTP_URL) return null;
  const transport = nodemailer.createTransport({ url: env.SMTP_URL, ...SMTP_TIMEOUTS, ...timeouts });
  return {
    async send(mail) {
      const info = await transport.sendMail({
        from: env.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.messageId ? { messageId: `<${mail.messageId}>` } : {}),
        headers: {
          ...(mail.unsubscribeUrl ? { 'List-Unsubscribe': `<${mail.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {}),
          'Auto-Submitted': 'auto-generated',
        },
      });
      return String(info.response ?? '');
    },
    async verify() {
      await transport.verify();
    },
    close: () => transport.close(),
  };
}

/** The digest's Message-ID: the same for every attempt at one user's digest of one day. */
export function digestMessageId(userId: number, day: string, baseUrl: string) {
  return `digest.${userId}.${day}@${new URL(baseUrl).hostname || 'localhost'}`;
}

export function unsubscribeUrlOf(baseUrl: string, token: string) {
  return `${baseUrl}${UNSUBSCRIBE_PATH}?token=${encodeURIComponent(token)}`;
}

/** The user's unsubscribe token: made (256 random bits) with their first email, then kept. */
export async function unsubscribeTokenOf(database: Database, userId: number): Promise<string> {
  const [row] = await database.read.select({ token: userSettings.unsubscribeToken }).from(userSettings).where(eq(userSettings.userId, userId));
  if (row?.token) return row.token;
  const made = randomBytes(32).toString('base64url');
  return database.write(async (tx) => {
    await tx
      .update(userSettings)
      .set({ unsubscribeToken: made })
      .where(and(eq(userSettings.userId, userId), isNull(userSettings.unsubscribeToken)));
    const [kept] = await tx.select({ token: userSettings.unsubscribeToken }).from(userSettings).where(eq(userSettings.userId, userId));
    if (!kept?.token) throw new Error('the user has no settings row to keep an unsubscribe token in');
    return kept.token;
  });
}
