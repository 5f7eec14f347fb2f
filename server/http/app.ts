// Builds the one HTTP server: /trpc, /api, /healthz and the built client, with logging and the origin check.
import { reminderServices } from '../nudges/delivery';
import { createMailer, UNSUBSCRIBE_PATH } from '../nudges/email';
import { handleUnsubscribe } from '../nudges/unsubscribe';
import { TRPCError } from '@trpc/server';
import type { TRPCRequestInfo } from '@trpc/server/http';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Database } from '../../db/client';
import { createAuth } from '../security/auth';
import { toClientError } from '../errorContract';
import { causes, HttpError } from '../errors';
import { isDiscreetCookie } from '../../shared/discreet';
import { msg, sourceLocale } from '../../shared/i18n';
import { requestLocale } from '../i18n';
import { isUnbatchable } from '../../shared/batching';
import { allowedHostsOf, type Env } from '../env';
import { allowedHost, isSameOriginWrite, requestMeta, sendJson, setSecurityHeaders } from '../rest/request';
import { handleRest, routePatternOf, sendError } from '../rest/handler';
import { restRoutes } from '../rest/routes';
import { createFirstScreens, planScreen, type Renderer } from './firstScreen';
import { createPages, localeCookie } from './page';
import { createStaticHandler } from './static';
import { createDatabaseStore, defaultLimits, type Limits } from '../security/rateLimit';
import { createRequestContext, newAnswerBudget, type AppServices, type Context } from '../trpc';
import { serveTrpc } from './trpcAdapter';
import { takeTurn } from '../queries/turns';

export interface AppOptions {
  env: Env;
  database: Database;
  log?: (line: Record<string, unknown>) => void;
  /** The first screens' renderer (server/http/firstScreen.ts): the build's unless a test hands another. */
  firstScreenRenderer?: () => Promise<Renderer>;
}

function limitsFrom(env: Env): Limits {
  return {
    ...defaultLimits,
    loginPerAddress: { ...defaultLimits.loginPerAddress, max: env.LOGIN_LIMIT_PER_ADDRESS },
    loginPerUsernameAndAddress: { ...defaultLimits.loginPerUsernameAndAddress, max: env.LOGIN_LIMIT_PER_USERNAME },
    registerPerAddress: { ...defaultLimits.registerPerAddress, max: env.REGISTER_LIMIT_PER_ADDRESS },
  };
}

/**
 * What an unexpected error was, for the log: each message down the cause chain and the failing SQL, but never
 * the query's parameters, which hold what users wrote.
 */
export function describeError(error: unknown) {
  const messages: string[] = [];
  let query: string | undefined;
  for (const cause of causes(error)) {
    const { message, query: sqlText } = cause as { message?: string; query?: string };
    if (typeof sqlText === 'string') query ??= sqlText;
    else if (message && !message.startsWith('Failed query:')) messages.push(message);
  }
  return {
    message: messages.join(' <- ') || String(error),
    query,
    stack:
      error instanceof Error
        ? error.stack
            ?.split('\n')
            .filter((line) => line.trimStart().startsWith('at '))
            .slice(0, 6)
            .join('\n')
        : undefined,
  };
}

const UNBATCHABLE = 'Sign-in and account requests must be sent one at a time';
const REST_ONLY = msg('This file is downloaded from its /api path, not over tRPC.');

/** Procedures whose answer is written as it is read (server/downloads.ts): tRPC would have to hold it whole. */
const restOnly = new Set<string>(restRoutes.filter((route) => route.download?.streamed).map((route) => route.procedure));

/** Whether every percent sign of the path starts a valid UTF-8 escape ('/%ZZ' and '/%ff' do not). */
export function isDecodable(pathname: string) {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** The request's body stopped coming because the client went away (Node's 'aborted' / ECONNRESET). */
function isAbortedRequest(error: unknown) {
  return causes(error).some((cause) => {
    const { message, code } = cause as { message?: string; code?: string };
    return code === 'ECONNRESET' || code === 'ECONNABORTED' || message === 'aborted';
  });
}

const defaultLog = (line: Record<string, unknown>) => process.stdout.write(JSON.stringify(line) + '\n');

/** How long an idle keep-alive connection stays open. */
const KEEP_ALIVE_MS = 30_000;

export function createApp({ env, database, log = defaultLog, firstScreenRenderer }: AppOptions) {
  const auth = createAuth(database);
  // Links in what is sent point at PUBLIC_URL, else at this process on localhost (its port is known once it listens).
  const baseUrl = () => env.PUBLIC_URL ?? `http://localhost:${(server.address() as AddressInfo | null)?.port ?? env.PORT}`;
  const reminders = reminderServices(env, database, { mailer: createMailer(env), baseUrl, log });
  const services: AppServices = { database, auth, attempts: createDatabaseStore(database), limits: limitsFrom(env), reminders };
  const statics = createStaticHandler(env.STATIC_DIR);
  const pages = statics.shell === undefined ? null : createPages(statics.shell, (message) => log({ level: 'warn', message }));
  const screens = pages?.screensFit ? createFirstScreens(env.STATIC_DIR, (level, message) => log({ level, message }), firstScreenRenderer) : null;
  // A client that hangs up mid-upload is no fault of the server's: one info line, not an error with a stack.
  const logError = (error: unknown) =>
    isAbortedRequest(error) ? log({ level: 'info', message: 'Request aborted by the client' }) : log({ level: 'error', ...describeError(error) });
  const allowedHosts = allowedHostsOf(env);
  const originPolicy = { allowedOrigins: [...env.ALLOWED_ORIGINS, ...(env.PUBLIC_URL ? [env.PUBLIC_URL] : [])] };

  function contextFor(req: IncomingMessage, res: ServerResponse, track: { userId?: number }) {
    return async (): Promise<Context> => {
      const ctx = await createRequestContext(services, req.headers.cookie, requestMeta(req, env), {
        setCookie: (cookie) => res.appendHeader('Set-Cookie', cookie),
        setHeader: (name, value) => res.setHeader(name, value),
      });
      track.userId = ctx.user?.id;
      return ctx;
    };
  }

  /**
   * Up when the database answers and can be written: a write refused for storage (a full disk, a read-only file or
   * file system) makes it 503 until a write succeeds again, so monitoring sees what people saving things see.
   */
  async function healthz(res: ServerResponse) {
    try {
      await database.readerClient.execute('select 1');
    } catch {
      return sendJson(res, 503, { status: 'unavailable' });
    }
    const storage = database.storageFailure();
    sendJson(res, storage ? 503 : 200, storage ? { status: 'unavailable', storage } : { status: 'ok' });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const started = performance.now();
    const track: { userId?: number; route?: string } = {};
    res.on('finish', () => {
      if (!env.LOG_REQUESTS) return;
      log({
        method: req.method,
        route: track.route,
        status: res.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
        userId: track.userId ?? null,
      });
    });
    const meta = requestMeta(req, env);
    setSecurityHeaders(res, meta.secure);
    const url = new URL(req.url ?? '/', 'http://localhost');
    const { pathname } = url;
    const isApi = pathname.startsWith('/api/') || pathname === '/api';
    const isTrpc = pathname.startsWith('/trpc/');
    // API paths are logged as their table pattern, never as typed: a path can hold a calendar feed token.
    track.route = isTrpc
      ? `/trpc/${pathname.slice(6)}`
      : isApi
        ? (routePatternOf(pathname) ?? (pathname === UNSUBSCRIBE_PATH ? pathname : '/api/*'))
        : pathname === '/healthz'
          ? pathname
          : 'static';

    try {
      if (!isDecodable(pathname)) throw new HttpError(400, 'BAD_REQUEST', msg('Malformed URL'));
      // A health check may come by address from a load balancer, and says nothing; everything else names a known host.
      if (pathname === '/healthz') return await healthz(res);
      if (!allowedHost(req.headers.host, allowedHosts)) throw new HttpError(400, 'BAD_REQUEST', msg('Unknown host'));
      // Before the origin check, and only this path: mail providers POST the one-click unsubscribe from their servers
      // (RFC 8058) with no cookie; the token in its query is the whole credential and can only turn its owner's email
      // reminders off, so a cross-site POST gains nothing the token alone would not give.
      if (pathname === UNSUBSCRIBE_PATH) return await handleUnsubscribe(req, res, url, database);
      if ((isApi || isTrpc) && !isSameOriginWrite(req, meta.https, originPolicy)) throw new HttpError(403, 'FORBIDDEN', msg('Cross-origin request refused'));
      if (isApi) return await handleRest(req, res, url, contextFor(req, res, track), logError);
      if (isTrpc) {
        const context = contextFor(req, res, track);
        const trpcContext = ({ info }: { info: TRPCRequestInfo }) => {
          if (info.calls.length > 1 && info.calls.some((call) => isUnbatchable(call.path))) throw new TRPCError({ code: 'BAD_REQUEST', message: UNBATCHABLE });
          if (info.calls.some((call) => restOnly.has(call.path))) throw new TRPCError({ code: 'BAD_REQUEST', message: REST_ONLY });
          return context().then((ctx) => ({ ...ctx, answerBudget: newAnswerBudget() }));
        };
        return await serveTrpc(req, res, url, trpcContext, ({ error }) => {
          if (toClientError(error, sourceLocale).fault) logError(error);
        });
      }
      if (statics.available && (req.method === 'GET' || req.method === 'HEAD')) {
        if (pages && statics.isPage(pathname)) {
          // The page needs the session's language; a failure to read it (the database away) never fails the
          // navigation: the plain index.html answers, as before pages were made, and the cause is logged.
          const context = await contextFor(req, res, track)().catch((error: unknown) => void logError(error));
          if (context) {
            // A guest's page is in the language chosen on this device, else the browser's; a user's in the account's.
            const locale = context.user ? context.locale : (localeCookie(req.headers.cookie) ?? context.locale);
            const plan = planScreen(pathname, context.user !== null);
            if ('redirect' in plan) {
              res.statusCode = 303;
              res.setHeader('Location', plan.redirect);
              res.setHeader('Cache-Control', 'private, no-store');
              return res.end();
            }
            // A render that fails never fails the navigation either: the client's page answers, and the cause is logged.
            const screen =
              screens && 'render' in plan && req.method === 'GET'
                ? await screens.render(url, plan, { ...context, locale }, req.headers.cookie).catch((error: unknown) => void logError(error))
                : undefined;
            if (screen) return await pages.serveScreen(req, res, locale, screen);
            return pages.serve(req, res, locale);
          }
          // A device with the discreet install never gets the app's own name, even then (shared/discreet.ts).
          if (isDiscreetCookie(req.headers.cookie))
            return pages.serve(req, res, localeCookie(req.headers.cookie) ?? requestLocale(null, req.headers['accept-language']));
        }
        return statics.serve(req, res, pathname);
      }
      // A rendered screen's form sent before the app's script was running (Enter pressed on a slow phone): every form
      // is method="post", so what was typed (a password) never goes into an address, the history or a log. Nothing of
      // it is read; the page comes back, and the script, running by then, handles the next try.
      if (req.method === 'POST' && pages && statics.isPage(pathname)) {
        res.statusCode = 303;
        res.setHeader('Location', pathname);
        res.setHeader('Cache-Control', 'private, no-store');
        res.setHeader('Connection', 'close');
        return res.end();
      }
      throw new HttpError(404, 'NOT_FOUND', msg('Not found'));
    } catch (error) {
      if (!res.headersSent) sendError(res, error, logError, requestLocale(null, meta.acceptLanguage));
    }
  }

  const server = createServer((req, res) => takeTurn(() => void handle(req, res)));
  // Node closes an idle keep-alive socket after 5 s; a client that reuses it at that moment gets ECONNRESET (seen in CI:
  // a test's second API call 9 s after its first). Clients that keep a connection between a phone's taps or a script's
  // calls reuse it for longer; shutdown still closes idle sockets at once (server/main.ts).
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  return { server, auth, services };
}
