// The one error contract of both transports: any error becomes the status and body a client receives.
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { msg, type Locale } from '../shared/i18n';
import { storageFailureOf, type StorageFailure } from '../db/client';
import { HttpError } from './errors';
import { translate, translateIssue, translateMessage } from './i18n';

export const SERVER_FAULT = msg('Something went wrong on our side. Please try again.');

/** The 401 of every call that needs a signed-in user. */
export const SIGN_IN_REQUIRED = msg('Please sign in to continue');

/** A request the server could not read as its procedure's input. */
export const INVALID_INPUT = msg('Invalid input');

/** A validation problem as clients receive it: the dotted path of the field and the spec's message. */
export interface ClientIssue {
  path: string;
  message: string;
}

/** The body of every error answer (REST sends it as is; tRPC puts message, code and issues into its own shape). */
export interface ClientErrorBody {
  message: string;
  code: string;
  issues?: ClientIssue[];
}

export interface ClientError {
  status: number;
  body: ClientErrorBody;
  /** The server failed, not the request: logged in full on the server, answered with SERVER_FAULT only. */
  fault: boolean;
}

/** The issues with their messages in the reader's language. */
export function flattenZodIssues(error: ZodError, locale: Locale): ClientIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: translateIssue(locale, issue) }));
}

const serverFault = (locale: Locale): ClientError => ({
  status: 500,
  body: { message: translate(locale, SERVER_FAULT), code: 'INTERNAL_SERVER_ERROR' },
  fault: true,
});

/** A write the server's storage refused (issue 31): nothing was saved, and the person can try again later. */
export const STORAGE_FULL = msg("The server's storage is full, so nothing was saved. Please try again later.");
export const STORAGE_UNWRITABLE = msg('The server cannot save anything right now, so nothing was saved. Please try again later.');

const storageFault = (locale: Locale, failure: StorageFailure): ClientError => ({
  status: 503,
  body: { message: translate(locale, failure === 'full' ? STORAGE_FULL : STORAGE_UNWRITABLE), code: 'SERVICE_UNAVAILABLE' },
  // Logged in full: the operator has to free space or fix the file system.
  fault: true,
});

/**
 * The status and body for any error: an HttpError as it says; a TRPCError by its code, with the flattened zod issues
 * of a validation failure (the first one's message leads); anything else, and any 5xx, as the server's fault, whose
 * words never reach the client. Every message is in the reader's language (server/i18n.ts).
 */
export function toClientError(error: unknown, locale: Locale): ClientError {
  const storage = storageFailureOf(error);
  if (storage) return storageFault(locale, storage);
  if (error instanceof HttpError)
    return { status: error.status, body: { message: translate(locale, error.template, error.values), code: error.code }, fault: false };
  if (!(error instanceof TRPCError)) return serverFault(locale);
  // A refusal with a status tRPC has no code for (errors.ts `gone`).
  if (error.code !== 'INTERNAL_SERVER_ERROR' && error.cause instanceof HttpError) return toClientError(error.cause, locale);
  const status = getHTTPStatusCodeFromError(error);
  if (error.cause instanceof ZodError) {
    const issues = flattenZodIssues(error.cause, locale);
    return { status, body: { message: issues[0]?.message ?? translate(locale, INVALID_INPUT), code: error.code, issues }, fault: false };
  }
  if (status >= 500) return serverFault(locale);
  // tRPC's own refusals of a request it could not read (bad JSON, superjson's unknown classes, nesting past the stack)
  // carry the parser's error as their cause, whose words are internal: they answer a plain 'Invalid input'.
  const unreadable = (error.code === 'BAD_REQUEST' || error.code === 'PARSE_ERROR') && error.cause !== undefined && !(error.cause instanceof TRPCError);
  return { status, body: { message: unreadable ? translate(locale, INVALID_INPUT) : translateMessage(locale, error.message), code: error.code }, fault: false };
}
