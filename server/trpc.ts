// The one initTRPC: request context, public and protected procedures, and how errors reach clients.
import type { ReminderServices } from './nudges/delivery';
import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { ZodRealError } from 'zod';
import { INVALID_INPUT, SIGN_IN_REQUIRED, toClientError } from './errorContract';
import { FIELD_NOT_PLAIN_TEXT, fieldLabels, isPlainText, NOT_PLAIN_TEXT } from '../shared/schemas/common';
import type { Database } from '../db/client';
import { decidedInSql, readAuthority, type Authority } from './access';
import type { Auth, AuthSession, SessionUser } from './security/auth';
import type { AttemptStore, Limits } from './security/rateLimit';
import { nextTurn } from './queries/turns';
import { OPEN_WHILE_LOCKED, sessionLocked } from './security/sessionLock';
import { msg, sourceLocale, type Locale } from '../shared/i18n';
import { requestLocale, translate } from './i18n';

/** What a request's connection and headers say about it, for its context (below). */
export interface RequestMeta {
  /** The request came over HTTPS (directly or via a trusted proxy): cookies get Secure. */
  secure: boolean;
  clientIp: string;
  /** The request's Accept-Language header, for a visitor or a user who has not chosen a language. */
  acceptLanguage?: string;
  /** The app's address for links in an answer: PUBLIC_URL, else the origin the request was sent to (rest/request.ts). */
  appOrigin: string;
  /** The request's User-Agent, for the coarse device name of a new session or a security log entry (security/device.ts). */
  userAgent?: string;
}

/** What every request shares: the database, sessions, and the attempt counters of the rate limits. */
export interface AppServices {
  database: Database;
  auth: Auth;
  attempts: AttemptStore;
  limits: Limits;
  /** What reminders can use on this server (server/nudges/delivery.ts). */
  reminders: ReminderServices;
}

export interface Context extends RequestMeta, AppServices {
  user: SessionUser | null;
  /** The language of this request's texts: the user's saved one, else Accept-Language's, else English (server/i18n.ts). */
  locale: Locale;
  session: AuthSession | null;
  /**
   * The signed-in user's authority for queries: their memberships, read on the first call that asks and shared by every
   * call of the request. tRPC hands each call of a batch its own copy of the context (every middleware's `next` copies
   * it), so the promise lives in this closure, not in anything keyed by the context object.
   */
  queryAuthority(): Promise<Authority>;
  /** Adds a Set-Cookie header to the response being built. */
  setCookie(cookie: string): void;
  /** Sets a header on the response being built (Retry-After). */
  setHeader(name: string, value: string): void;
  /**
   * What is left of a tRPC request's answer, in fields (rows × columns) across all its calls; none over REST, where a
   * request is one call and a whole list is streamed a page at a time.
   */
  answerBudget?: AnswerBudget;
  /**
   * A file sent as the request's body, read as it arrives within the limits of server/rest/handler.ts `UPLOAD_LIMITS`:
   * given by a REST route that takes one (server/rest/routes.ts `upload`), never over tRPC.
   */
  upload?: AsyncIterable<Uint8Array>;
}

/**
 * The most one tRPC request may answer, in fields (rows × their fields): two pages of 1,000 contacts and some more (a
 * contact answers 21 fields since issues 50 and 51; 20,000, as it was, no longer held one page), never ten.
 */
export const ANSWER_BUDGET_FIELDS = 50_000;

export interface AnswerBudget {
  fields: number;
  /** Settles when the batch's previous call has finished. */
  previous: Promise<unknown>;
  /** When the batch's calls last gave the event loop a turn (performance.now()). */
  turnStarted: number;
}

export const newAnswerBudget = (): AnswerBudget => ({ fields: ANSWER_BUDGET_FIELDS, previous: Promise.resolve(), turnStarted: performance.now() });

/** A batch's calls run back to back until they have held the event loop this long, then let other requests in. */
const TURN_MS = 8;

export const TOO_MUCH_AT_ONCE = msg('This request asks for too much at once. Ask for fewer rows in each call.');

/**
 * Characters of a text answer (a calendar feed, an .ics file) that count as one field: a field of a list answer is
 * about 30 characters of JSON, and text is cheaper to encode than rows, so 20,000 fields hold 1 MB of text.
 */
const CHARS_PER_FIELD = 50;

/** The fields of an answer: a list's rows × the columns of its first row (a timeline page counts its items), or a text's length. */
export function fieldsOf(data: unknown): number {
  if (typeof data === 'string') return Math.ceil(data.length / CHARS_PER_FIELD);
  const rows = Array.isArray(data) ? data : Array.isArray((data as { items?: unknown })?.items) ? (data as { items: unknown[] }).items : null;
  if (!rows?.length) return 0;
  const first = rows[0];
  return rows.length * (first && typeof first === 'object' ? Object.keys(first).length : 1);
}

/** A user's query authority, read once, when first asked for (Context.queryAuthority). */
function lazyAuthority(database: Database, user: SessionUser | null | undefined): () => Promise<Authority> {
  let pending: Promise<Authority> | undefined;
  return () => {
    if (!user) return Promise.reject(new TRPCError({ code: 'UNAUTHORIZED', message: SIGN_IN_REQUIRED }));
    return (pending ??= readAuthority(database.read, user.id));
  };
}

/** Builds a context without HTTP, so tests and the REST shim can call procedures directly. */
export function createContextInner(init: Partial<Context> & AppServices): Context {
  return {
    user: null,
    session: null,
    secure: false,
    clientIp: 'local',
    appOrigin: 'http://localhost',
    setCookie: () => undefined,
    setHeader: () => undefined,
    queryAuthority: lazyAuthority(init.database, init.user),
    ...init,
    locale: init.locale ?? requestLocale(init.user?.language, init.acceptLanguage),
  };
}

/**
 * Reads the session cookie, refreshes it when Lucia extended the session, clears it when it is no longer valid. The
 * context's query authority is built with it (createContextInner), unread: tRPC makes one context per request, so a
 * batch's queries share the one read.
 */
export async function createRequestContext(
  base: AppServices,
  cookieHeader: string | undefined,
  meta: RequestMeta,
  response: Pick<Context, 'setCookie' | 'setHeader'>,
): Promise<Context> {
  const { setCookie } = response;
  const sessionId = base.auth.readSessionId(cookieHeader);
  const validated = sessionId ? await base.auth.validateSession(sessionId) : null;
  if (validated?.session.fresh) setCookie(base.auth.sessionCookie(validated.session.id, meta.secure));
  if (sessionId && !validated) setCookie(base.auth.blankSessionCookie(meta.secure));
  // "Last seen" in the owner's list of sessions and for the app lock's idle rule; a failed note (a full disk) does not
  // fail the request.
  if (validated) await base.auth.touchSession(validated.session).catch(() => undefined);
  return createContextInner({ ...base, ...meta, ...response, user: validated?.user ?? null, session: validated?.session ?? null });
}

/**
 * Whether a parsed JSON value holds a `__proto__` key at any depth. JSON.parse keeps it as an ordinary key, but a copy
 * made by assignment (superjson's, before a tRPC procedure sees its input) makes its value the copy's prototype, where
 * no check reads it. Walked without recursion: an input may nest 100,000 deep.
 */
function holdsPrototypeKey(value: unknown): boolean {
  const pending: unknown[] = [value];
  while (pending.length) {
    const current = pending.pop();
    if (typeof current !== 'object' || current === null) continue;
    if (!Array.isArray(current) && Object.hasOwn(current, '__proto__')) return true;
    for (const item of Object.values(current)) pending.push(item);
  }
  return false;
}

const refusePrototypeKeys = (input: unknown) => {
  if (holdsPrototypeKey(input)) throw new TRPCError({ code: 'BAD_REQUEST', message: INVALID_INPUT });
};

const t = initTRPC.context<Context>().create({
  // superjson both ways; a tRPC input holding a `__proto__` key is refused before superjson copies it (holdsPrototypeKey).
  transformer: {
    input: {
      serialize: (object: unknown) => superjson.serialize(object),
      deserialize: (payload: Parameters<typeof superjson.deserialize>[0]) => {
        refusePrototypeKeys(payload);
        return superjson.deserialize(payload);
      },
    },
    output: superjson,
  },
  // The same contract as REST (errorContract.ts), in tRPC's shape; `issues` stays a key even when undefined.
  errorFormatter({ shape, error, ctx }) {
    const { status, body, fault } = toClientError(error, ctx?.locale ?? sourceLocale);
    return {
      ...shape,
      code: fault ? TRPC_ERROR_CODES_BY_KEY.INTERNAL_SERVER_ERROR : shape.code,
      message: body.message,
      data: { code: fault ? ('INTERNAL_SERVER_ERROR' as const) : shape.data.code, httpStatus: status, issues: body.issues },
    };
  },
});

export const router = t.router;
export const mergeRouters = t.mergeRouters;
export const createCallerFactory = t.createCallerFactory;

/**
 * The strings of an input that are not plain text (isPlainText), with their paths: at most a few, however large the
 * input. Passwords are exempt: they are never shown, and anything may be in one.
 */
function unplainTexts(value: unknown, path: (string | number)[], found: (string | number)[][], depth = 0): (string | number)[][] {
  if (found.length >= 3 || depth > 10) return found;
  if (typeof value === 'string') {
    if (!isPlainText(value)) found.push(path);
  } else if (Array.isArray(value)) value.forEach((item, i) => unplainTexts(item, [...path, i], found, depth + 1));
  else if (value && typeof value === 'object' && !(value instanceof Date))
    for (const [key, item] of Object.entries(value)) if (!/password/i.test(key)) unplainTexts(item, [...path, key], found, depth + 1);
  return found;
}

/**
 * The refusal of a text with control characters at `path`, in the language: the field's label when its key is one of
 * the known text fields (fieldLabels), else 'This field'. The key came with the request: it is never a message id.
 */
function notPlainTextMessage(path: (string | number)[], locale: Locale) {
  const key = path[path.length - 1];
  const label = typeof key === 'string' ? fieldLabels.get(key) : undefined;
  return label ? translate(locale, NOT_PLAIN_TEXT, { label: translate(locale, label) }) : translate(locale, FIELD_NOT_PLAIN_TEXT);
}

/**
 * Every procedure refuses text with control characters (a NUL cuts what SQLite reads back), wherever it sits, and a
 * `__proto__` key anywhere (REST hands procedures the parsed JSON as it is; over tRPC the transformer refused it).
 * The refusal names the field, before the procedure's schema has read the input, so it is worded here.
 */
const plainTextOnly = t.middleware(async ({ ctx, getRawInput, next }) => {
  const input = await getRawInput();
  refusePrototypeKeys(input);
  const paths = unplainTexts(input, [], []);
  if (!paths.length) return next();
  const issues = paths.map((path) => ({ code: 'custom' as const, path, message: notPlainTextMessage(path, ctx.locale), input: undefined }));
  throw new TRPCError({ code: 'BAD_REQUEST', message: issues[0].message, cause: new ZodRealError(issues) });
});

export const publicProcedure = t.procedure.use(plainTextOnly);

/**
 * Refuses a caller who is not signed in, and a locked session (server/security/sessionLock.ts) every procedure but the
 * PIN's: over tRPC (each call of a batch) and REST alike, downloads included. After it, `ctx.user` is the user.
 */
const signedIn = t.middleware(({ ctx, next, path }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: SIGN_IN_REQUIRED });
  if (ctx.session?.locked && !OPEN_WHILE_LOCKED.has(path)) throw sessionLocked();
  return next({ ctx: { user: ctx.user } });
});

/**
 * Runs a tRPC batch's calls one after another within its answer budget (none over REST, where a request is one call).
 * libSQL runs a file database's queries on this thread: once the calls have held the event loop for TURN_MS, the next
 * waits for a new turn, so a batch of large pages never holds the loop for the sum of them while other requests wait
 * (the dashboard's small calls still run in one turn).
 */
const inBatchTurns = t.middleware(({ ctx, next }) => {
  const budget = ctx.answerBudget;
  if (!budget) return next();
  const run = budget.previous.then(async () => {
    if (performance.now() - budget.turnStarted > TURN_MS) {
      await nextTurn();
      budget.turnStarted = performance.now();
    }
    if (budget.fields <= 0) throw new TRPCError({ code: 'BAD_REQUEST', message: TOO_MUCH_AT_ONCE });
    const result = await next();
    // Counted per call, before the answer is encoded: past the budget, this call and the rest are refused.
    if (result.ok) {
      budget.fields -= fieldsOf(result.data);
      if (budget.fields < 0) throw new TRPCError({ code: 'BAD_REQUEST', message: TOO_MUCH_AT_ONCE });
    }
    return result;
  });
  budget.previous = run.catch(() => undefined);
  return run;
});

/** Only a signed-in user: for procedures that read nothing by the team rules (auth.me, on every page load). */
export const signedInProcedure = publicProcedure.use(signedIn);

/**
 * Hands on the caller's authority (server/access.ts). A query's is the request's memberships, read once however many
 * calls the batch holds (the dashboard sends dashboard.summary, teams.list and insights.dueFollowUps together); a
 * mutation reads none: its conditions read team_members inside its own write transaction (decision 019). Written on
 * signedInProcedure, where `ctx.user` is known to be set.
 */
const authorizedProcedure = signedInProcedure.use(async function withAuthority({ ctx, next, type }) {
  const authority = type === 'query' ? await ctx.queryAuthority() : decidedInSql(ctx.user.id);
  return next({ ctx: { authority } });
});

/** A signed-in user whose reads and writes go through the team rules (server/access.ts), a batch's calls in turns. */
export const protectedProcedure = authorizedProcedure.use(inBatchTurns);

/**
 * A signed-in user's read whose SQL applies the team rules from the user's id alone (the dashboard's tallies): no
 * authority is handed on, so none of the memberships are read for it; a batch's calls in turns.
 */
export const scopedInSqlProcedure = signedInProcedure.use(inBatchTurns);
