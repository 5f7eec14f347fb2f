// The first screen from the server (issue 32): /login for a guest and every signed-in screen for its user, rendered
// by the client's own code (src/entry-server.tsx, built into dist-ssr/) in the request's language and the browser's
// time zone, with its first data read through the procedures a client's request would call, under the same context
// (its session, its access rules, its limits). Which screen needs whom is decided here; the page is put together by
// server/http/page.ts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { GUEST_PATHS, OFFSET_COOKIE, savedTeamIdOf } from '../../shared/firstScreen';
import type { Locale } from '../../shared/i18n';
import { procedureOf } from '../rest/handler';
import { appRouter } from '../routers';
import { createCallerFactory, newAnswerBudget, type Context } from '../trpc';

/** The renderer's module (src/entry-server.tsx): the build's, or another a test hands createApp. */
export type Renderer = Pick<typeof import('#first-screen'), 'render' | 'warmUp'>;

const builtRenderer = (): Promise<Renderer> => import('#first-screen');

/** The screen the server renders for a path, or why it leaves the path to the client's page. */
export type ScreenPlan = { render: 'signedIn' | 'login' } | { redirect: string } | { plain: true };

/**
 * Whom a path is for: a guest on a signed-in screen goes to /login as the client would send them (RequireAuth), before
 * anything of the screen is made; /login renders for a guest; a signed-in user at /login, and the other guest pages
 * (an invite, an email confirmation, /register's redirect), keep the client's page.
 */
export function planScreen(pathname: string, signedIn: boolean): ScreenPlan {
  if (pathname === '/login') return signedIn ? { plain: true } : { render: 'login' };
  if (GUEST_PATHS.test(pathname)) return { plain: true };
  return signedIn ? { render: 'signedIn' } : { redirect: '/login' };
}

/** The `tz` cookie the client writes (src/lib/timeZoneCookie.ts): an IANA zone this Node knows, or none. */
export function timeZoneCookie(cookieHeader: string | undefined): string | null {
  const raw = /(?:^|;\s*)tz=([^;]{1,64})/.exec(cookieHeader ?? '')?.[1];
  if (!raw) return null;
  let zone: string;
  try {
    zone = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (!/^[A-Za-z0-9_+\-/]+$/.test(zone)) return null;
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** This Node's offset of `timeZone` from UTC now, in minutes east. */
function offsetHere(timeZone: string, now = new Date()): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' })
      .formatToParts(now)
      .map((part) => [part.type, Number(part.value)]),
  );
  const local = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute);
  return Math.round((local - Math.floor(now.getTime() / 60_000) * 60_000) / 60_000);
}

/**
 * Whether the browser's offset now (the `tzo` cookie, shared/firstScreen.ts) is this Node's for the zone. A browser
 * that has not written it (an older page) is taken at its word, as before.
 */
function sameOffsetNow(timeZone: string, cookieHeader: string | undefined): boolean {
  const raw = new RegExp(`(?:^|;\\s*)${OFFSET_COOKIE}=(-?\\d{1,4})(?:;|$)`).exec(cookieHeader ?? '')?.[1];
  return raw === undefined || Number(raw) === offsetHere(timeZone);
}

export interface Screen {
  html: string;
  title: string;
  state: string;
  /** The chunks the screen's code is in, for modulepreload links: hydration waits for them. */
  preloads: string[];
}

const createCaller = createCallerFactory(appRouter);

/**
 * Screens render one at a time (entry-server.tsx); past this many waiting or rendering, a navigation gets the plain
 * page and its client renders it, so a burst of navigations never queues up behind the renderer.
 */
export const MOST_SCREENS_AT_ONCE = 4;
/** Of those, at most this many for one signed-in person: one person's burst (many tabs, a script) leaves room for others. */
export const MOST_SCREENS_PER_PERSON = 2;

/**
 * Source files of the client build by path, for the chunks a screen needs (the build's .vite/manifest.json): one for
 * each page of the registry (src/pages/registry.tsx) but the guest pages after /login (tests/unit/page-registry.test.ts).
 */
export const pageSources: [RegExp, string][] = [
  [/^\/$/, 'src/pages/DashboardPage.tsx'],
  [/^\/login$/, 'src/pages/LoginPage.tsx'],
  [/^\/activities$/, 'src/pages/ActivitiesPage.tsx'],
  [/^\/contacts$/, 'src/pages/ContactsPage.tsx'],
  [/^\/contacts\/[^/]+$/, 'src/pages/ContactDetailPage.tsx'],
  [/^\/generations$/, 'src/pages/GenerationsPage.tsx'],
  [/^\/followups$/, 'src/pages/FollowUpsPage.tsx'],
  [/^\/prayer-journal$/, 'src/pages/PrayerJournalPage.tsx'],
  [/^\/team$/, 'src/pages/TeamDashboardPage.tsx'],
  [/^\/team\/[^/]+\/members\/[^/]+$/, 'src/pages/TeamWorkloadPage.tsx'],
  [/^\/goals$/, 'src/pages/GoalsPage.tsx'],
  [/^\/resources$/, 'src/pages/ResourcesPage.tsx'],
  [/^\/resources\/[^/]+$/, 'src/pages/ResourceDetailPage.tsx'],
  [/^\/settings$/, 'src/pages/SettingsPage.tsx'],
  [/^\/settings\/teams$/, 'src/pages/TeamsPage.tsx'],
  [/^\/settings\/teams\/[^/]+$/, 'src/pages/TeamPage.tsx'],
  [/^\/notifications$/, 'src/pages/NotificationsPage.tsx'],
];

interface ManifestEntry {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}

function chunksFrom(staticDir: string) {
  const file = join(staticDir, '.vite/manifest.json');
  const manifest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestEntry>) : {};
  /** A module's file and every chunk it imports, but not the entry's (the page's own script tags load those). */
  function chunksOf(source: string, into = new Set<string>()): Set<string> {
    const entry = manifest[source];
    if (!entry || entry.isEntry || into.has(`/${entry.file}`)) return into;
    into.add(`/${entry.file}`);
    for (const imported of entry.imports ?? []) chunksOf(imported, into);
    return into;
  }
  return (pathname: string, locale: Locale, signedIn: boolean) => {
    const chunks = new Set<string>();
    const page = pageSources.find(([path]) => path.test(pathname))?.[1] ?? 'src/pages/NotFoundPage.tsx';
    if (signedIn) chunksOf('src/components/AppShell.tsx', chunks);
    chunksOf(page, chunks);
    if (locale !== 'en') chunksOf(`shared/locales/${locale}.ts`, chunks);
    return [...chunks];
  };
}

export function createFirstScreens(staticDir: string, log: (level: 'warn' | 'error', message: string) => void, loadRenderer = builtRenderer) {
  let renderer: Promise<Renderer | null> | undefined;
  let underway = 0;
  /** Screens underway by user id (signed-in people only; a guest's /login counts in the total alone). */
  const underwayFor = new Map<number, number>();
  const chunksFor = chunksFrom(staticDir);

  /** The renderer, loaded and warmed (every page's code) on the first page asked for; null when it is not built. */
  function load() {
    renderer ??= loadRenderer().then(
      async (module) => {
        await module.warmUp();
        return module;
      },
      (error: unknown) => {
        log('warn', `No first screens from the server: its renderer could not be loaded (${String(error)}); run npm run build`);
        return null;
      },
    );
    return renderer;
  }

  return {
    /** The screen for a request, or null (no renderer, no known time zone): the page then is the client's alone. */
    async render(url: URL, plan: { render: 'signedIn' | 'login' }, context: Context, cookieHeader: string | undefined): Promise<Screen | null> {
      // Without the browser's zone the server cannot write a screen's dates or know where its day starts: the client
      // does, on a browser's first visit. /login shows no date, and is that first visit's usual screen.
      const timeZone = timeZoneCookie(cookieHeader) ?? (plan.render === 'login' ? 'UTC' : null);
      if (!timeZone) return null;
      // A zone whose rules here differ from the browser's (issue 48: Casablanca) would give the screen other dates than
      // the browser's, and a hydration mismatch: the client renders it alone, as without a zone.
      if (plan.render === 'signedIn' && !sameOffsetNow(timeZone, cookieHeader)) return null;
      // A locked session (server/security/sessionLock.ts) gets no data in its page before the PIN, whatever cookies the
      // page wrote: its client draws the lock over the plain page.
      if (plan.render === 'signedIn' && context.session?.locked) return null;
      // Counted before anything is awaited, so requests arriving together all see each other.
      const person = context.user?.id;
      const theirs = person === undefined ? 0 : (underwayFor.get(person) ?? 0);
      if (underway >= MOST_SCREENS_AT_ONCE || theirs >= MOST_SCREENS_PER_PERSON) return null;
      underway += 1;
      if (person !== undefined) underwayFor.set(person, theirs + 1);
      try {
        const module = await load();
        if (!module) return null;
        // The calls of one screen share what a tRPC batch does: one answer budget, the same turns of the event loop.
        const budgeted: Context = { ...context, answerBudget: newAnswerBudget() };
        const caller = createCaller(budgeted);
        const screen = await module.render({
          url: url.pathname + url.search,
          locale: context.locale,
          signedIn: plan.render === 'signedIn',
          timeZone,
          call: (path, input) => procedureOf(caller, path)(input),
          savedTeamId: savedTeamIdOf(cookieHeader),
        });
        return { ...screen, preloads: chunksFor(url.pathname, context.locale, plan.render === 'signedIn') };
      } finally {
        underway -= 1;
        if (person !== undefined) {
          const left = (underwayFor.get(person) ?? 1) - 1;
          if (left > 0) underwayFor.set(person, left);
          else underwayFor.delete(person);
        }
      }
    },
  };
}
