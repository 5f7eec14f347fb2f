// Turns failed calls into what the user reads: a message, the HTTP status, the fields a server issue points at.
import { TRPCClientError } from '@trpc/client';
import { t } from '../i18n';
import { issueText } from '../i18n/issues';

// Chromium, Firefox and Safari each word a failed fetch differently.
const networkFailureText = /failed to fetch|networkerror|load failed|network request failed/i;

interface ServerErrorData {
  httpStatus?: number;
  code?: string;
  issues?: { path: string; message: string }[];
}

function serverData(error: unknown): ServerErrorData | undefined {
  if (!(error instanceof TRPCClientError)) return undefined;
  return (error.data ?? undefined) as ServerErrorData | undefined;
}

export function httpStatus(error: unknown): number | undefined {
  return serverData(error)?.httpStatus;
}

/** The request never got an answer from our server (offline, server down, connection dropped). */
export function isNetworkFailure(error: unknown): boolean {
  if (serverData(error)) return false;
  const cause = error instanceof TRPCClientError ? error.cause : error;
  if (cause instanceof TypeError) return true;
  return error instanceof Error && networkFailureText.test(error.message);
}

export function errorMessage(error: unknown, fallback: string): string {
  if (isNetworkFailure(error)) return t('Unable to connect to the server');
  // Without server data the message is tRPC's own (an unparseable proxy page, say), not something to show.
  if (serverData(error) && error instanceof Error && error.message) return error.message;
  return fallback;
}

/**
 * The server's own words for a refusal that trying again cannot change (a 4xx: what a role cannot do, a record that is
 * gone, a conflict, a limit saying when), in the reader's language; undefined for a failure that trying again could
 * mend (no answer, the server's fault), where the caller's 'Please try again' text (SPEC §8) is the right one.
 */
export function refusalMessage(error: unknown): string | undefined {
  const status = httpStatus(error);
  if (status === undefined || status < 400 || status >= 500) return undefined;
  return error instanceof Error && error.message ? error.message : undefined;
}

export function isUnauthorized(error: unknown): boolean {
  return httpStatus(error) === 401;
}

/** The field issues the server's error formatter attached (its zod validation), path joined with dots. */
export function serverIssues(error: unknown): { path: string; message: string }[] {
  return serverData(error)?.issues ?? [];
}

/** The first message for each field, keyed by the field name, from zod issues or server issues, in the reader's language. */
export function fieldErrors(issues: readonly { path: string | readonly PropertyKey[]; message: string }[]): Record<string, string> {
  // No prototype: a path named '__proto__' or 'constructor' is a field like any other, never an inherited value.
  const byField: Record<string, string> = Object.create(null);
  for (const issue of issues) {
    const field = typeof issue.path === 'string' ? issue.path : issue.path.map(String).join('.');
    byField[field] ??= issueText(issue.message);
  }
  return byField;
}
