// "Forgot password?" (issue 33, OWASP ASVS 5.0 §6.3–6.4): a one-use link to choose a new password, mailed to an
// account's confirmed address or made by the operator (`sower reset-link <username>`).
// - The token is 256 random bits; only its SHA-256 is stored, with its expiry: an hour for a mailed link, a day for the
//   operator's. One live link per user: a new one replaces the last, using it deletes it, and so do 5 wrong codes.
// - Asking answers the same whether or not the name or address belongs to an account, and as fast: the address's
//   attempt is counted and the answer sent before anything about an account is read; the rest happens afterwards.
// - The link never bypasses two-factor sign-in: with it on, the new password needs an authenticator or recovery code.
// - Afterwards every session of the account ends (the device that reset is signed in afresh), and the owner gets a
//   notice email.
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import { createHash, randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../../db/client';
import { passwordResets, users } from '../../db/schema';
import { isLocale, sourceLocale, type Locale } from '../../shared/i18n';
import { usernameKey } from '../../shared/fold';
import { translate } from '../i18n';
import { composeLinkEmail, type ConfirmationServices } from './confirmation';
import { escapeHtml } from './digest';
import { takeAttempt } from '../security/rateLimit';
import { recordSecurityEvent } from '../security/securityLog';

/** The app's page a link opens (src/pages/ResetPasswordPage.tsx); the token is its query. */
export const RESET_PASSWORD_PATH = '/reset-password';
/** How long a mailed link works. */
export const MAILED_RESET_TTL_MS = 60 * 60_000;
/** How long a link the operator made works: it may travel through a slower channel than email. */
export const OPERATOR_RESET_TTL_MS = 24 * 60 * 60_000;
/** Wrong codes a link survives. */
export const RESET_TRIES = 5;

const hashOf = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The account a username or email names, if any: usernames as sign-in folds them, email addresses in any case. */
async function accountNamed(db: Queryable, identifier: string) {
  const [found] = await db
    .select({ id: users.id, email: users.email, confirmed: users.emailConfirmed, language: users.language })
    .from(users)
    .where(or(eq(users.usernameKey, usernameKey(identifier)), sql`lower(${users.email}) = lower(${identifier.trim()})`))
    .limit(1);
  return found ?? null;
}

/** Writes a new link for the user (replacing any other) and answers its token. */
export async function newResetLink(database: Database, userId: number, ttlMs: number, userAgent: string | undefined, now = Date.now()) {
  const token = randomBytes(32).toString('base64url');
  const link = { tokenHash: hashOf(token), expiresAt: now + ttlMs, tries: 0, createdAt: new Date(now) };
  await database.write(async (tx) => {
    // Everyone's expired links go as a new one is made: the table holds only resets in progress.
    await tx.delete(passwordResets).where(lt(passwordResets.expiresAt, now));
    await tx
      .insert(passwordResets)
      .values({ userId, ...link })
      .onConflictDoUpdate({ target: passwordResets.userId, set: link });
    await recordSecurityEvent(tx, userId, 'password-reset-requested', userAgent);
  });
  return token;
}

export const resetLinkUrl = (baseUrl: string, token: string) => `${baseUrl}${RESET_PASSWORD_PATH}?token=${token}`;

function composeResetEmail(locale: Locale, link: string) {
  return composeLinkEmail(locale, {
    subject: translate(locale, 'Choose a new password for Sower'),
    intro: translate(locale, 'Someone asked to reset the password of your Sower account. If it was you, choose a new password with this link.'),
    button: translate(locale, 'Choose a new password'),
    link,
    note: translate(locale, 'This link works once and expires in 1 hour.'),
    ignore: translate(locale, 'If you did not ask for this, ignore this email: your password stays as it is.'),
  });
}

/** The notice after a reset: fixed words only. */
export function composeResetNotice(locale: Locale) {
  const subject = translate(locale, 'Your Sower password was changed');
  const lines = [
    translate(locale, 'The password of your Sower account was just changed with a reset link, and every other device was signed out.'),
    translate(locale, 'If this was not you, ask for a new reset link on the sign-in page now, turn on two-factor sign-in, and tell the person who runs Sower.'),
  ];
  return {
    subject,
    text: `${lines.join('\n\n')}\n`,
    html: `<!doctype html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:system-ui,sans-serif;line-height:1.5;max-width:560px;margin:0 auto;padding:16px">${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</body></html>`,
  };
}

const localeOf = (language: string | null) => (language && isLocale(language) ? language : sourceLocale);

/**
 * After the answer is sent: when the identifier names an account whose address is confirmed and the account's own
 * limits allow, a new link is written and mailed. Nothing here reaches the person who asked.
 */
export async function mailResetLink(services: ConfirmationServices, identifier: string, userAgent: string | undefined) {
  const { mailer } = services.reminders;
  if (!mailer) return;
  const account = await accountNamed(services.database.read, identifier);
  if (!account?.confirmed) return;
  try {
    await takeAttempt(
      services.attempts,
      [
        { key: `password-reset:cooldown:${account.id}`, rule: services.limits.resetLinkCooldown },
        { key: `password-reset:day:${account.id}`, rule: services.limits.resetLinksPerAccount },
      ],
      () => undefined,
    );
  } catch {
    return; // Past the account's limits: no mail, and nobody is told.
  }
  const token = await newResetLink(services.database, account.id, MAILED_RESET_TTL_MS, userAgent);
  await mailer.send({ to: account.email, ...composeResetEmail(localeOf(account.language), resetLinkUrl(services.reminders.baseUrl(), token)) });
}

/** A live link's user and whether a second factor is needed; null for a link that does not work. */
export async function readResetLink(db: Queryable, token: string, now = Date.now()) {
  const [row] = await db
    .select({ userId: passwordResets.userId, twoFactor: sql<number>`${users.totpSecret} is not null` })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(and(eq(passwordResets.tokenHash, hashOf(token)), gt(passwordResets.expiresAt, now), lt(passwordResets.tries, RESET_TRIES)));
  return row ? { userId: row.userId, twoFactor: Boolean(row.twoFactor) } : null;
}

/** Counts a code's try on the link before the code is checked; the fifth wrong one ends the link. False: no live link. */
export async function tryResetLink(database: Database, token: string, now = Date.now()) {
  const rows = await database.write(async (tx) => {
    const tried = await tx
      .update(passwordResets)
      .set({ tries: sql`${passwordResets.tries} + 1` })
      .where(and(eq(passwordResets.tokenHash, hashOf(token)), gt(passwordResets.expiresAt, now), lt(passwordResets.tries, RESET_TRIES)))
      .returning({ tries: passwordResets.tries });
    return tried;
  });
  return rows.length === 1;
}

/**
 * Inside the reset's transaction: deletes the link and answers its user, or null when it was used, replaced or expired
 * meanwhile. Of resets sent together with one link, exactly one gets a user here.
 */
export async function takeResetLink(db: Queryable, token: string, now = Date.now()) {
  const [row] = await db
    .delete(passwordResets)
    .where(eq(passwordResets.tokenHash, hashOf(token)))
    .returning();
  if (!row || row.expiresAt <= now || row.tries > RESET_TRIES) return null;
  return row.userId;
}

/** The user a username names, for the operator's command. */
export async function userByUsername(db: Queryable, username: string) {
  const [found] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.usernameKey, usernameKey(username)));
  return found ?? null;
}

/** Expired links, for the housekeeping pass. */
export async function sweepResetLinks(database: Database, now = Date.now()) {
  const gone = await database.write((tx) => tx.delete(passwordResets).where(lt(passwordResets.expiresAt, now)).returning({ userId: passwordResets.userId }));
  return gone.length;
}

export { localeOf as resetLocaleOf };
