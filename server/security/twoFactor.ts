// Two-factor sign-in with an authenticator app (issue 33): TOTP as RFC 6238 has it (SHA-1, 6 digits, 30 s steps, one
// step of drift either way), one-time recovery codes, and the ticket a sign-in waits on between password and code.
import { createHash, randomBytes } from 'node:crypto';
import { decodeBase32IgnorePadding, encodeBase32NoPadding } from '@oslojs/encoding';
import { createTOTPKeyURI, verifyHOTP } from '@oslojs/otp';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Queryable, Tx } from '../../db/client';
import { recoveryCodes, signInTickets, users } from '../../db/schema';
import type { Locale } from '../../shared/i18n';

export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now a code may come from: a phone's clock a little off, a code typed as it turned. */
const DRIFT_STEPS = 1;
const SECRET_BYTES = 20;
export const RECOVERY_CODE_COUNT = 10;
export const TICKET_MINUTES = 5;
export const TICKET_TRIES = 5;
/** Sign-ins one account may have waiting for a code at once (two devices, a retry): a newer one ends the oldest. */
const TICKETS_PER_USER = 3;
const ISSUER = 'Sower';

/** The 30-second step a moment falls in. */
export const stepOf = (now: Date) => Math.floor(now.getTime() / 1000 / TOTP_STEP_SECONDS);

export function newSecret(): string {
  return encodeBase32NoPadding(randomBytes(SECRET_BYTES));
}

/** The address an authenticator app reads from the QR code. */
export function otpauthUrl(secret: string, accountName: string): string {
  return createTOTPKeyURI(ISSUER, accountName, decodeBase32IgnorePadding(secret), TOTP_STEP_SECONDS, TOTP_DIGITS);
}

/**
 * The step whose code `code` is, among now's and one either side, and after `lastStep` (a code accepted once is never
 * accepted again); null when none is.
 */
export function matchingStep(secret: string, code: string, now: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = decodeBase32IgnorePadding(secret);
  const current = stepOf(now);
  for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step++) {
    if (step < 0 || (lastStep !== null && step <= lastStep)) continue;
    if (verifyHOTP(key, BigInt(step), TOTP_DIGITS, code)) return step;
  }
  return null;
}

/**
 * Takes the user's code: true when it is a code of now (give or take a step) that no earlier sign-in used. Read and
 * written in the caller's write transaction (they run one at a time), so one code sent twice at once is accepted once.
 */
export async function useTotpCode(tx: Tx, userId: number, code: string, now = new Date()): Promise<boolean> {
  const [row] = await tx.select({ secret: users.totpSecret, lastStep: users.totpLastStep }).from(users).where(eq(users.id, userId));
  if (!row?.secret) return false;
  const step = matchingStep(row.secret, code, now, row.lastStep);
  if (step === null) return false;
  await tx.update(users).set({ totpLastStep: step }).where(eq(users.id, userId));
  return true;
}

/** A recovery code as people type it: spaces and dashes dropped, any case. */
const normalRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toUpperCase();
const hashOf = (text: string) => createHash('sha256').update(text).digest('hex');

/** Ten new codes, replacing any earlier ones; shown once, kept hashed. Written as XXXXX-XXXXX (50 random bits each). */
export async function newRecoveryCodes(tx: Queryable, userId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = encodeBase32NoPadding(randomBytes(7)).slice(0, 10);
    return `${text.slice(0, 5)}-${text.slice(5)}`;
  });
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashOf(normalRecoveryCode(code)) })));
  return codes;
}

/** Uses up one of the user's recovery codes: true once per code (the update finds it unused only once). */
export async function useRecoveryCode(db: Queryable, userId: number, code: string, now = new Date()): Promise<boolean> {
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashOf(normalRecoveryCode(code))), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length > 0;
}

export async function recoveryCodesLeft(db: Queryable, userId: number): Promise<number> {
  const [row] = await db
    .select({ left: sql<number>`count(*)` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return Number(row?.left ?? 0);
}

/** A ticket for the second step of a sign-in: the client holds it, the database its hash. */
export async function newTicket(database: Database, userId: number, language: Locale | null, now = new Date()): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await database.write(async (tx) => {
    // Everyone's expired tickets go, and a user keeps their newest few: the table stays as small as the sign-ins in progress.
    await tx.delete(signInTickets).where(lt(signInTickets.expiresAt, now));
    await tx.insert(signInTickets).values({ id: hashOf(ticket), userId, expiresAt: new Date(now.getTime() + TICKET_MINUTES * 60_000), language });
    await tx.run(
      sql`delete from ${signInTickets} where ${signInTickets.userId} = ${userId} and ${signInTickets.id} not in (
        select ${signInTickets.id} from ${signInTickets} where ${signInTickets.userId} = ${userId} order by ${signInTickets.expiresAt} desc limit ${TICKETS_PER_USER})`,
    );
  });
  return ticket;
}

/**
 * Counts a code's try on the ticket before the code is checked: the ticket's user and language while it is unexpired and
 * has tries left, else null. Of tries sent together at most TICKET_TRIES get past this.
 */
export async function tryTicket(database: Database, ticket: string, now = new Date()) {
  const [row] = await database.write((tx) =>
    tx
      .update(signInTickets)
      .set({ tries: sql`${signInTickets.tries} + 1` })
      .where(and(eq(signInTickets.id, hashOf(ticket)), gt(signInTickets.expiresAt, now), lt(signInTickets.tries, TICKET_TRIES)))
      .returning({ userId: signInTickets.userId, language: signInTickets.language, tries: signInTickets.tries }),
  );
  return row ?? null;
}

export async function endTicket(db: Queryable, ticket: string) {
  await db.delete(signInTickets).where(eq(signInTickets.id, hashOf(ticket)));
}
