// The first screen rendered in Node (issue 32), built by `vite build --ssr` into dist-ssr/ and called by the server
// (server/http/firstScreen.ts). The app's own tree, with the request's URL, user, language and time zone, and the
// screen's first data fetched through the server's procedures under the very keys the client's hooks use.
//
// One render at a time: Lingui's i18n and the process's time zone are globals, set for each render and nowhere else.
import { dehydrate, QueryClient, type Query } from '@tanstack/react-query';
import { getQueryKey } from '@trpc/react-query';
import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom';
import superjson from 'superjson';
import type { Locale } from '../shared/i18n';
import { preloadEveryPage } from './App';
import { Root } from './Root';
import { takeRenderedTitle } from './hooks/useDocumentTitle';
import { activateLocale } from './i18n';
import { trpc } from './lib/trpc';

export interface ScreenRequest {
  /** The path and query the browser asked for. */
  url: string;
  locale: Locale;
  /** Whether the screen is one of the signed-in app's (else /login, for a guest). */
  signedIn: boolean;
  /** The browser's IANA time zone (the `tz` cookie, checked by the server), for every date the screen shows. */
  timeZone: string;
  /** Answers one procedure call as the client's request would be answered: the request's context, its access rules. */
  call(path: string, input: unknown): Promise<unknown>;
  /** The browser's saved team (its `currentTeamId` cookie), for the space the screen shows (issue 48). */
  savedTeamId: number | null;
}

export interface RenderedScreen {
  html: string;
  /** The screen's title, as the client sets it ('Follow-ups · Sower'). */
  title: string;
  /** The query cache the screen was rendered from, superjson's JSON, for the client to hydrate. */
  state: string;
}

/** Renders that found more to fetch after their first pass go again; a screen asking after that waits for the client. */
const MOST_PASSES = 3;

let queue: Promise<unknown> = Promise.resolve();

/** Every page's code loaded, so nothing suspends in a render (React.lazy keeps what it loaded). */
export const warmUp = () => preloadEveryPage();

/** The screen at `url` for the request; rejected when it cannot be made (the server then sends the plain page). */
export function render(request: ScreenRequest): Promise<RenderedScreen> {
  const turn = queue.then(() => renderNow(request));
  queue = turn.catch(() => undefined);
  return turn;
}

async function renderNow({ url, locale, signedIn, timeZone, call, savedTeamId }: ScreenRequest): Promise<RenderedScreen> {
  // The session check's own answer (what the client's auth.me would get), so the user block shows what it will; and
  // the user's teams, which every signed-in screen reads (TeamProvider): what a screen asks only of a team's member
  // (the unseen assignments) is then asked in the first pass's reads, not a pass of its own. If they cannot be read
  // here, the first pass asks for them as any other read.
  const [user, teams] = await Promise.all([
    signedIn ? call('auth.me', undefined) : null,
    signedIn ? call('teams.list', undefined).catch(() => null) : null,
    activateLocale(locale),
    warmUp(),
  ]);
  if (signedIn && !user) throw new Error('A signed-in screen was asked for without a session');
  // No timers on the server: nothing is kept past this request, and the cache is dropped below.
  const queryClient = new QueryClient({ defaultOptions: { queries: { gcTime: Number.POSITIVE_INFINITY, retry: false, staleTime: Number.POSITIVE_INFINITY } } });
  queryClient.setQueryData(getQueryKey(trpc.auth.me, undefined, 'query'), user);
  if (teams) queryClient.setQueryData(getQueryKey(trpc.teams.list, undefined, 'query'), teams);
  // The hooks need a client; they never fetch on the server (their effects do not run), so it has no link to use.
  const trpcClient = trpc.createClient({ links: [] });
  const tree = (
    <Root queryClient={queryClient} trpcClient={trpcClient} router={(app) => <StaticRouter location={url}>{app}</StaticRouter>} savedTeamId={savedTeamId} />
  );
  const asked = new Set<string>();
  try {
    for (let pass = 1; ; pass++) {
      const html = await inTimeZone(timeZone, () => prerender(tree));
      const wanted = queryClient
        .getQueryCache()
        .getAll()
        .filter((query) => query.state.status === 'pending' && !asked.has(query.queryHash) && isEnabled(query) && procedureOf(query));
      if (wanted.length === 0 || pass === MOST_PASSES) {
        return { html, title: takeRenderedTitle(), state: superjson.stringify(dehydrate(queryClient)) };
      }
      for (const query of wanted) asked.add(query.queryHash);
      await Promise.all(wanted.map((query) => fetchInto(queryClient, query, call)));
    }
  } finally {
    queryClient.clear();
  }
}

async function prerender(tree: ReactNode) {
  // A part that throws makes no page: the server sends the plain one, and the client renders it (and shows the error
  // as it always has). React would otherwise leave the part for the client, behind an inline script.
  let failure: unknown;
  // Nothing is outlined for progressive reveal: that takes an inline script, which the CSP forbids.
  const { prelude } = await prerenderToNodeStream(tree, {
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      failure ??= error;
    },
  });
  if (failure) throw failure;
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The process's time zone is the browser's while a render runs, so `startOfToday()` in a query's input and every date
 * on screen are what the client computes when it hydrates. Only renders change it, one at a time; the server's own
 * date logic names its zones (TZDate) and never reads the process's.
 */
async function inTimeZone<T>(timeZone: string, work: () => Promise<T>): Promise<T> {
  const before = process.env.TZ;
  process.env.TZ = timeZone;
  try {
    return await work();
  } finally {
    if (before === undefined) delete process.env.TZ;
    else process.env.TZ = before;
  }
}

/** A hook's `enabled` (false while the session check has not answered, say): a query it disables is not fetched. */
function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: boolean | ((query: Query) => boolean) }).enabled;
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

interface ProcedureKey {
  path: string;
  input: unknown;
  type: 'query' | 'infinite';
}

/** tRPC's key: [['contacts', 'list'], { input, type }]. Anything else in the cache is not the server's to fill. */
function procedureOf(query: Query): ProcedureKey | null {
  const [path, options] = query.queryKey as [unknown, { input?: unknown; type?: unknown } | undefined];
  if (!Array.isArray(path) || !path.every((part) => typeof part === 'string')) return null;
  const type = options?.type;
  if (type !== 'query' && type !== 'infinite') return null;
  return { path: path.join('.'), input: options?.input, type };
}

/** One query's first data; a call that fails leaves it to the client, which asks again and shows what it is told. */
async function fetchInto(queryClient: QueryClient, query: Query, call: ScreenRequest['call']) {
  const procedure = procedureOf(query);
  if (!procedure) return;
  try {
    if (procedure.type === 'query') {
      queryClient.setQueryData(query.queryKey, await call(procedure.path, procedure.input));
      return;
    }
    const firstPage = (query.options as { initialPageParam?: unknown }).initialPageParam ?? null;
    // As tRPC's own query function asks for a first page: no cursor rather than a null one.
    const input = { ...(procedure.input as object), cursor: firstPage ?? undefined, direction: 'forward' };
    queryClient.setQueryData(query.queryKey, { pages: [await call(procedure.path, input)], pageParams: [firstPage] });
  } catch {
    // Not found, not allowed, too much at once: the client's own request gets the same answer and shows it.
  }
}
