// Answers a repeated client-generated key with the first answer, so an offline outbox replay creates nothing twice.
import { TRPCError } from '@trpc/server';
import { and, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import superjson from 'superjson';
import type { Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import { msg } from '../shared/i18n';

export const KEY_REUSED = msg('This idempotency key was already used for a different request');

/** What a key creates: keys are per user across kinds, so a key sent with an activity is refused for a follow-up. */
export type IdempotentKind = 'activity' | 'followUp' | 'prayer' | 'bulk' | 'comment' | 'commentEdit' | 'commentDelete' | 'pray';

/**
 * SHA-256 of the request a key comes with (its parsed input, dates as ISO text), the key itself left out; another
 * kind than an activity is part of it (activities' hashes were stored before there were kinds, and stay as they were).
 */
export function requestHash(input: object, kind: IdempotentKind = 'activity') {
  const { idempotencyKey: _key, ...request } = input as Record<string, unknown>;
  return createHash('sha256')
    .update(kind === 'activity' ? JSON.stringify(request) : JSON.stringify([kind, request]))
    .digest('hex');
}

/**
 * Runs `create` once per (user, key), inside the caller's write transaction: a key seen before with the same request
 * answers the stored result (superjson, so its Dates come back as Dates) and runs nothing; with another request it is
 * refused with 422, since answering the first result would tell the client its different request was done. Write
 * transactions are serialized, so two requests with one key at the same time still create once; the primary key on
 * (user_id, key) backs that up. Keys stored before requests were hashed answer as before. Without a key, `create`
 * simply runs.
 */
export async function onceForKey<T>(
  tx: Tx,
  userId: number,
  key: string | undefined,
  input: object,
  create: () => Promise<T>,
  kind: IdempotentKind = 'activity',
): Promise<T> {
  if (key === undefined) return create();
  const hash = requestHash(input, kind);
  const [stored] = await tx
    .select({ response: idempotencyKeys.response, requestHash: idempotencyKeys.requestHash })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (stored && stored.requestHash !== null && stored.requestHash !== hash) throw new TRPCError({ code: 'UNPROCESSABLE_CONTENT', message: KEY_REUSED });
  if (stored) return superjson.parse<T>(stored.response);
  const result = await create();
  await tx.insert(idempotencyKeys).values({ userId, key, response: superjson.stringify(result), requestHash: hash });
  return result;
}
