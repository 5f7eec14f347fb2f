// The server's errors, below everything that throws or answers them: HttpError, the cause chain, and database
// constraint failures as user-facing tRPC errors (errorContract.ts turns any of them into what a client receives).
import { TRPCError } from '@trpc/server';
import { ZodRealError } from 'zod';
import { fillTemplate } from '../shared/i18n';

/** An HTTP refusal outside tRPC (a body too large, an unknown host): its status, code and message as sent. */
export class HttpError extends Error {
  /** The English text with its values in place; `template` and `values` are what is translated for the reader. */
  constructor(
    readonly status: number,
    readonly code: string,
    readonly template: string,
    readonly values?: Record<string, string | number>,
  ) {
    super(values ? fillTemplate(template, values) : template);
  }
}

/**
 * 410: something that worked once and no longer does (an invite link revoked, expired or used up). tRPC has no code
 * for it, so its NOT_FOUND carries the HttpError that says 410 (errorContract.ts answers that on both transports).
 */
export const gone = (message: string) => new TRPCError({ code: 'NOT_FOUND', message, cause: new HttpError(410, 'GONE', message) });

/** How deep a cause chain is followed: drizzle wraps libSQL's error, which wraps SQLite's; a chain may loop. */
const MAX_CAUSES = 8;

/** The error and the errors it was caused by, outermost first. */
export function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current !== undefined && current !== null && chain.length < MAX_CAUSES;) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/**
 * SQLite's extended result codes for a duplicate: SQLITE_CONSTRAINT_UNIQUE (2067) and SQLITE_CONSTRAINT_PRIMARYKEY
 * (1555), which SQLite reports with the same 'UNIQUE constraint failed' text. libSQL's error carries the number as
 * `rawCode` and its name as `extendedCode`; the SQLite error it wraps has the name as `code`.
 */
const UNIQUE_CODES = new Set<unknown>([2067, 1555, 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/** The driver's error for a duplicate somewhere down the cause chain, recognised by its code, never by its words. */
function uniqueViolationOf(error: unknown): Error | undefined {
  return causes(error).find((cause): cause is Error => {
    const { rawCode, extendedCode, code } = cause as { rawCode?: unknown; extendedCode?: unknown; code?: unknown };
    return cause instanceof Error && (UNIQUE_CODES.has(rawCode) || UNIQUE_CODES.has(extendedCode) || UNIQUE_CODES.has(code));
  });
}

/**
 * Whether the error is a duplicate; with `indexName`, one on that index. SQLite names the collision only in its message
 * ('UNIQUE constraint failed: index 'users_email_unique''), so which index is read from the text once the code has
 * said it is a duplicate.
 */
export function isUniqueViolation(error: unknown, indexName?: string) {
  const violation = uniqueViolationOf(error);
  return violation !== undefined && (!indexName || violation.message.includes(indexName));
}

/** What a duplicate collides with: the field the form shows the message under, and the message. */
export interface Conflict {
  field: string;
  message: string;
}

/**
 * 409 whose issue names the field (zod's Error subclass, so tRPC keeps it as the cause), so a form shows the message
 * under it (as for a validation error), not only in a toast.
 */
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
