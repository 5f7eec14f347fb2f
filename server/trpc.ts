// The one initTRPC: request context, public and protected procedures, and how errors reach clients.
import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import type { Database } from '../db/client';
import type { Auth, AuthSession, SessionUser } from './auth';

export interface RequestMeta {
  /** The request came over HTTPS (directly or via a trusted proxy): cookies get Secure. */
  secure: boolean;
  clientIp: string;
}

export interface Context extends RequestMeta {
  database: Database;
  auth: Auth;
  user: SessionUser | null;
  session: AuthSession | null;
  /** Adds a Set-Cookie header to the response being built. */
  setCookie(cookie: string): void;
}

/** Builds a context without HTTP, so tests and the REST shim can call procedures directly. */
export function createContextInner(init: Partial<Context> & Pick<Context, 'database' | 'auth'>): Context {
  return { user: null, session: null, secure: false, clientIp: 'local', setCookie: () => undefined, ...init };
}

/** Reads the session cookie, refreshes it when Lucia extended the session, clears it when it is no longer valid. */
export async function createRequestContext(
  base: Pick<Context, 'database' | 'auth'>,
  cookieHeader: string | undefined,
  meta: RequestMeta,
  setCookie: (cookie: string) => void,
): Promise<Context> {
  const sessionId = base.auth.readSessionId(cookieHeader);
  const validated = sessionId ? await base.auth.validateSession(sessionId) : null;
  if (validated?.session.fresh) setCookie(base.auth.sessionCookie(validated.session.id, meta.secure));
  if (sessionId && !validated) setCookie(base.auth.blankSessionCookie(meta.secure));
  return createContextInner({ ...base, ...meta, user: validated?.user ?? null, session: validated?.session ?? null, setCookie });
}

export function flattenZodIssues(error: ZodError) {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

const t = initTRPC.context<Context>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const issues = error.cause instanceof ZodError ? flattenZodIssues(error.cause) : undefined;
    const hidden = error.code === 'INTERNAL_SERVER_ERROR';
    return {
      ...shape,
      message: issues?.[0]?.message ?? (hidden ? 'Something went wrong on our side. Please try again.' : shape.message),
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, issues },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

export const protectedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'Please sign in to continue' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});
