// Maps database constraint failures to user-facing tRPC errors in one place.
import { TRPCError } from '@trpc/server';

function messageChain(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    if (current instanceof Error) parts.push(current.message);
    current = (current as { cause?: unknown }).cause;
  }
  return parts.join(' | ');
}

export function isUniqueViolation(error: unknown, indexName?: string) {
  const text = messageChain(error);
  return text.includes('UNIQUE constraint failed') && (!indexName || text.includes(indexName));
}

/** Runs a write and turns a unique-constraint failure into 409 with the given message. */
export async function conflictOnDuplicate<T>(write: () => Promise<T>, messageFor: (error: unknown) => string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new TRPCError({ code: 'CONFLICT', message: messageFor(error), cause: error });
    throw error;
  }
}
