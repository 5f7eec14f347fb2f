// What of the query cache is kept on this device, and for how long (decision 027): the one place that decides it, so the
// sensitive-places switch (keep nothing on the device) changes this file only. Pure rules; persistedCache.ts applies them.
import type { QueryKey, QueryState } from '@tanstack/react-query';
import { pages, shellKeptReads } from '../pages/registry';

/** An entry older than this (since its data was fetched) is not shown again after a restart, and is deleted. */
export const KEPT_FOR_MS = 7 * 24 * 60 * 60 * 1000;

/** A kept list holds its first pages only: what the screen shows first, not everything a heavy account scrolled through. */
export const KEPT_PAGES = 2;

/** At most this many entries (the newest): a week of opening contacts one after another stays bounded. */
export const MAX_KEPT_QUERIES = 300;

/** Where this device remembers that it keeps nothing (issue 33): a setting of the device, not of the account. */
const KEEP_NOTHING = 'sower:keep-nothing';

/**
 * Whether this device keeps anything of the signed-in user's data after the tab closes: yes unless 'Keep data on this
 * device for offline use' was turned off here (Settings → This device). Off, nothing is written (the kept reads, the
 * outbox, the remembered profile) and what was kept is deleted (src/lib/deviceData.ts).
 */
export function keepsDataOnDevice(): boolean {
  try {
    return localStorage.getItem(KEEP_NOTHING) === null;
  } catch {
    return true;
  }
}

export function setKeepsDataOnDevice(keep: boolean) {
  if (keep) localStorage.removeItem(KEEP_NOTHING);
  else localStorage.setItem(KEEP_NOTHING, '1');
}

/**
 * The reads that are kept: what the screens show (each page's `kept` in src/pages/registry.tsx, and the shell's), so
 * they stay readable offline after a restart. Left out, on purpose:
 * the session (auth.me: the remembered public profile in localStorage stands in for it offline), the calendar feed's
 * status (its address holds the feed's secret token), quick search (one entry per keystroke), settings screens (useless
 * offline), the spiritual check (a prompt of the moment) and every download or export (large, and not queries).
 */
const KEPT_READS = new Set<string>([...shellKeptReads, ...Object.values(pages).flatMap((page) => ('kept' in page ? page.kept : []))]);

/** The procedure a tRPC query key is for ('contacts.list'), or undefined for a key of another shape. */
export function procedureOf(queryKey: QueryKey): string | undefined {
  const [path] = queryKey;
  return Array.isArray(path) && path.every((part) => typeof part === 'string') ? path.join('.') : undefined;
}

function inputOf(queryKey: QueryKey): unknown {
  const options = queryKey[1];
  return options && typeof options === 'object' && 'input' in options ? options.input : undefined;
}

/** A kept read with data, and not a search: a list searched by what was typed (`q`) is one entry per search. */
export function isKept(queryKey: QueryKey, state: Pick<QueryState, 'status' | 'data'>): boolean {
  const procedure = procedureOf(queryKey);
  if (!procedure || !KEPT_READS.has(procedure) || state.status !== 'success' || state.data === undefined) return false;
  const input = inputOf(queryKey);
  return !(input && typeof input === 'object' && 'q' in input && input.q);
}

interface Pages {
  pages: unknown[];
  pageParams: unknown[];
}
const isPages = (data: unknown): data is Pages =>
  typeof data === 'object' && data !== null && Array.isArray((data as Pages).pages) && Array.isArray((data as Pages).pageParams);

/** A list's data as kept: its first KEPT_PAGES pages (a refetch after the restore asks for those again). */
export function keptData<T>(data: T): T {
  if (!isPages(data) || data.pages.length <= KEPT_PAGES) return data;
  return { ...data, pages: data.pages.slice(0, KEPT_PAGES), pageParams: data.pageParams.slice(0, KEPT_PAGES) };
}

/** What is stored of a kept read: whose it is, under which build of the app, and the query as hydrate takes it. */
export interface KeptEntry<Query = { queryHash: string; state: { dataUpdatedAt: number } }> {
  hash: string;
  owner: number;
  build: string;
  query: Query;
}

/**
 * Which stored entries come back at start, and which are deleted: only the remembered user's, written by this build of
 * the app (another build may read another shape of answer), fetched within KEPT_FOR_MS, and the newest
 * MAX_KEPT_QUERIES of those. Nobody remembered (logged out, or signed out by a 401): nothing comes back, all is deleted.
 */
export function sortKept<E extends KeptEntry>(
  entries: readonly E[],
  who: { owner: number | undefined; build: string; now: number },
): { restore: E[]; drop: string[] } {
  const fits = (entry: E) => entry.owner === who.owner && entry.build === who.build && who.now - entry.query.state.dataUpdatedAt <= KEPT_FOR_MS;
  const restore =
    keepsDataOnDevice() && who.owner !== undefined
      ? entries
          .filter(fits)
          .sort((a, b) => b.query.state.dataUpdatedAt - a.query.state.dataUpdatedAt)
          .slice(0, MAX_KEPT_QUERIES)
      : [];
  const restored = new Set(restore.map((entry) => entry.hash));
  return { restore, drop: entries.filter((entry) => !restored.has(entry.hash)).map((entry) => entry.hash) };
}
