// Maps database constraint failures to user-facing tRPC errors in one place.
import { TRPCError } from '@trpc/server';
import { ZodRealError } from 'zod';

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

/** What a duplicate collides with: the field the form shows the message under, and the message. */
export interface Conflict {
  field: string;
  message: string;
}

/** 409 whose issue names the field (zod's Error subclass, so tRPC keeps it as the cause), so a form shows the message under it (as for a validation error), not only in a toast. */
export function fieldConflict(conflict: Conflict) {
  return fieldError('CONFLICT', conflict);
}

/** 400 on one field, for a rule that needs the stored row (a start date after the saved deadline). */
export function fieldInvalid(problem: Conflict) {
  return fieldError('BAD_REQUEST', problem);
}

function fieldError(code: 'CONFLICT' | 'BAD_REQUEST', { field, message }: Conflict) {
  return new TRPCError({ code, message, cause: new ZodRealError([{ code: 'custom', path: [field], message, input: undefined }]) });
}

/** Runs a write and turns a unique-constraint failure into 409 on the field it names. */
export async function conflictOnDuplicate<T>(write: () => Promise<T>, conflictFor: (error: unknown) => Conflict): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldConflict(conflictFor(error));
    throw error;
  }
}
