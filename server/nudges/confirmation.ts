// Email confirmation (issue 27): a link mailed to an address, and its use. Reminder mail goes only to an address whose
// owner opened such a link (server/nudges/scheduler.ts), so nobody can have Sower mail their own words to a stranger.
// - The token is 256 random bits; only its SHA-256 is stored, with the exact address it was sent to and its expiry
//   (24 hours). One live link per user: a new one replaces the last, an email change deletes it, using it deletes it.
// - The link opens the app's page (CONFIRM_EMAIL_PATH), whose button POSTs the token: a GET confirms nothing, since
//   mail scanners follow links.
// - The email holds only Sower's own words, the link and its expiry: no name, username or address the user typed.
// - Each link sent counts first against the limits: a cooldown of a minute per user between links asked for again, and
//   at most 5 links a day per user and per address (server/security/rateLimit.ts).
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Database, Tx } from '../../db/client';
import { emailConfirmations, users } from '../../db/schema';
import { isLocale, sourceLocale, textDirection, type Locale } from '../../shared/i18n';
import { translate } from '../i18n';
import { takeAttempt, type AttemptStore, type Limits } from '../security/rateLimit';
import type { ReminderServices } from './delivery';
import { escapeHtml } from './digest';

/** The app's page a link opens (src/pages/ConfirmEmailPage.tsx); the token is its query. */
export const CONFIRM_EMAIL_PATH = '/confirm-email';

/** How long a link works. */
export const CONFIRMATION_TTL_MS = 24 * 60 * 60_000;

/** What sending a link needs. */
export interface ConfirmationServices {
  database: Database;
  attempts: AttemptStore;
  limits: Limits;
  reminders: ReminderServices;
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/**
 * The limits one more link to `email` for the user is counted against. A link offered for a new address (registration,
 * an email change) starts the cooldown but is never refused by it: a typo fixed a moment after registering still gets
 * its link. Asking again for the same address waits for the cooldown.
 */
function limitChecks(limits: Limits, userId: number, email: string, newAddress: boolean) {
  const cooldown = newAddress ? { ...limits.confirmationCooldown, max: Number.POSITIVE_INFINITY } : limits.confirmationCooldown;
  return [
    { key: `email-confirmation:user:${userId}`, rule: cooldown },
    { key: `email-confirmation:day:${userId}`, rule: limits.confirmationsPerDay },
    // The address as a hash: the counters' table need not hold people's addresses.
    { key: `email-confirmation:to:${hashOf(email.toLowerCase())}`, rule: limits.confirmationsPerDay },
  ];
}

/** The confirmation email's subject, plain text and HTML in `locale`: fixed words, the link and its expiry only. */
export function composeConfirmation(locale: Locale, link: string) {
  return composeLinkEmail(locale, {
    subject: translate(locale, 'Confirm your email address for Sower'),
    intro: translate(locale, 'Please confirm that this is your email address. Sower sends reminder emails only to an address its owner has confirmed.'),
    button: translate(locale, 'Confirm my email'),
    link,
    note: translate(locale, 'This link works once and expires in 24 hours.'),
    ignore: translate(
      locale,
      'If you did not sign up for Sower or change your email there, ignore this email: Sower sends no reminders to an address nobody confirmed.',
    ),
  });
}

/** A sentence of Sower's that quotes a name someone wrote, as plain text and as HTML with the name isolated in `<bdi>`. */
export interface QuotedLine {
  text: string;
  html: string;
}

/** Direction controls, which could turn the sentence around a name, and line breaks, which could start a line of its own. */
const UNSAFE_IN_A_NAME = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * `message` (a catalogue id with one placeholder, `key`) in `locale`, with `name` flattened to one line without direction
 * controls: the sentence around the name is Sower's, so a name cannot pass for Sower's own words.
 */
export function quotedLine(locale: Locale, message: string, key: string, name: string): QuotedLine {
  const flat = name.replace(UNSAFE_IN_A_NAME, '').replace(/\s+/g, ' ').trim();
  const marker = '\u0000';
  const [before, after = ''] = translate(locale, message, { [key]: marker }).split(marker);
  return { text: `${before}${flat}${after}`, html: `${escapeHtml(before)}<bdi>${escapeHtml(flat)}</bdi>${escapeHtml(after)}` };
}

/**
 * An email whose point is one link (a confirmation, an invitation): its subject, plain text and HTML with the texts
 * given (already in `locale`), any quoted lines under the intro, the link as a button, a note under it and a footer
 * saying when to ignore it. The subject is always Sower's own words: mail clients show it before anything says who
 * wrote what.
 */
export function composeLinkEmail(
  locale: Locale,
  texts: { subject: string; intro: string; quoted?: QuotedLine[]; button: string; link: string; note: string; ignore: string },
) {
  const { subject, intro, quoted = [], button, link, note, ignore } = texts;
  const text = [intro, ...(quoted.length ? [quoted.map((line) => line.text).join('\n')] : []), `${button}: ${link}`, note, `--\n${ignore}`].join('\n\n') + '\n';
  const linkStyle = 'display:inline-block;padding:10px 18px;border-radius:6px;background:#2563eb;color:#ffffff;font-weight:bold;text-decoration:none';
  const html = [
    '<!doctype html>',
    `<html lang="${escapeHtml(locale)}" dir="${textDirection(locale)}">`,
    `<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>`,
    `<body style="font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#111827;line-height:1.5;max-width:560px;margin:0 auto;padding:16px">`,
    `<p style="font-size:16px">${escapeHtml(intro)}</p>`,
    ...quoted.map((line) => `<p>${line.html}</p>`),
    `<p style="margin:24px 0"><a style="${linkStyle}" href="${escapeHtml(link)}">${escapeHtml(button)}</a></p>`,
    `<p>${escapeHtml(note)}</p>`,
    `<p style="color:#6b7280;font-size:12px;border-top:1px solid #e5e7eb;padding-top:12px">${escapeHtml(ignore)}</p>`,
    '</body></html>',
  ].join('\n');
  return { subject, text, html };
}

/**
 * Writes a new link for the user's current address (replacing any other) and answers the email to send, or null when
 * the address is confirmed already (or the user is gone).
 */
async function newLink(services: ConfirmationServices, userId: number) {
  const token = randomBytes(32).toString('base64url');
  const tokenHash = hashOf(token);
  const now = Date.now();
  const user = await services.database.write(async (tx) => {
    const [found] = await tx.select({ email: users.email, language: users.language, confirmed: users.emailConfirmed }).from(users).where(eq(users.id, userId));
    if (!found || found.confirmed) return null;
    const link = { tokenHash, email: found.email, expiresAt: now + CONFIRMATION_TTL_MS, createdAt: new Date(now) };
    await tx
      .insert(emailConfirmations)
      .values({ userId, ...link })
      .onConflictDoUpdate({ target: emailConfirmations.userId, set: link });
    return found;
  });
  if (!user) return null;
  const locale = isLocale(user.language) ? user.language : sourceLocale;
  const url = `${services.reminders.baseUrl()}${CONFIRM_EMAIL_PATH}?token=${token}`;
  return { to: user.email, ...composeConfirmation(locale, url) };
}

/**
 * After a registration or an email change, when email is set up: a link to the new address, counted against the
 * limits first (past them, none: the user can ask again later in Settings). The link is written before the answer;
 * the email goes in the background, so a slow mail server never holds the registration up.
 */
export async function offerConfirmation(services: ConfirmationServices, userId: number, email: string) {
  const { mailer } = services.reminders;
  if (!mailer) return;
  try {
    await takeAttempt(services.attempts, limitChecks(services.limits, userId, email, true), () => undefined);
  } catch (error) {
    if (error instanceof TRPCError && error.code === 'TOO_MANY_REQUESTS') return;
    throw error;
  }
  const mail = await newLink(services, userId);
  if (!mail) return;
  mailer
    .send(mail)
    .catch((error: unknown) =>
      services.reminders.log({ level: 'warn', message: 'Confirmation email failed', userId, error: error instanceof Error ? error.message : String(error) }),
    );
}

/**
 * A link asked for in Settings: counted against the limits first (429 with Retry-After past them), then written and
 * sent before the answer, so the answer says whether the mail server took it. False: the address is confirmed.
 */
export async function resendConfirmation(services: ConfirmationServices, userId: number, email: string, setHeader: (name: string, value: string) => void) {
  const { mailer } = services.reminders;
  if (!mailer) throw new Error('resendConfirmation needs a mailer');
  await takeAttempt(services.attempts, limitChecks(services.limits, userId, email, false), setHeader);
  const mail = await newLink(services, userId);
  if (!mail) return false;
  await mailer.send(mail);
  return true;
}

/**
 * Uses a link: true when it confirmed its user's address. A token that matches nothing is refused after one indexed
 * read, with no write; a found one is deleted in the same transaction that confirms (so it works once), and confirms
 * only while unexpired and only the address it was sent to, if that is still the account's.
 */
export async function useConfirmationToken(database: Database, token: string, now = Date.now()) {
  const tokenHash = hashOf(token);
  const [found] = await database.read.select({ userId: emailConfirmations.userId }).from(emailConfirmations).where(eq(emailConfirmations.tokenHash, tokenHash));
  if (!found) return false;
  return database.write(async (tx) => {
    const [link] = await tx.delete(emailConfirmations).where(eq(emailConfirmations.tokenHash, tokenHash)).returning();
    if (!link || link.expiresAt <= now) return false;
    const confirmed = await tx
      .update(users)
      .set({ emailConfirmed: true })
      .where(and(eq(users.id, link.userId), eq(users.email, link.email)))
      .returning({ id: users.id });
    return confirmed.length === 1;
  });
}

/** Inside an email change's transaction: the new address is unconfirmed, and no older link works any more. */
export async function forgetConfirmation(tx: Tx, userId: number) {
  await tx.delete(emailConfirmations).where(eq(emailConfirmations.userId, userId));
  await tx.update(users).set({ emailConfirmed: false }).where(eq(users.id, userId));
}
