// Answers a repeated client-generated key with the first answer, so an offline outbox replay creates nothing twice.
import { and, eq } from 'drizzle-orm';
import superjson from 'superjson';
import type { Tx } from '../db/client';
import { idempotencyKeys } from '../db/schema';

/**
 * Runs `create` once per (user, key), inside the caller's write transaction: a key seen before answers the stored
 * result (superjson, so its Dates come back as Dates) and runs nothing. Write transactions are serialized, so two
 * requests with one key at the same time still create once; the primary key on (user_id, key) backs that up.
 * Without a key, `create` simply runs.
 */
export async function onceForKey<T>(tx: Tx, userId: number, key: string | undefined, create: () => Promise<T>): Promise<T> {
  if (key === undefined) return create();
  const [stored] = await tx
    .select({ response: idempotencyKeys.response })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (stored) return superjson.parse<T>(stored.response);
  const result = await create();
  await tx.insert(idempotencyKeys).values({ userId, key, response: superjson.stringify(result) });
  return result;
}
