// SPEC §7 in one place: the hook that refetches the cached reads a kind of write makes stale, as each page's `writes`
// in the page registry (src/pages/registry.tsx) says.
import { useCallback } from 'react';
import { trpc } from '../lib/trpc';
import { pages, type CacheName, type WriteKind } from '../pages/registry';

type Utils = ReturnType<typeof trpc.useUtils>;
interface Invalidatable {
  invalidate(): Promise<void>;
}

const staleAfter = Object.fromEntries(Object.values(pages).flatMap((page) => ('writes' in page ? Object.entries(page.writes) : []))) as Record<
  WriteKind,
  readonly CacheName[]
>;

/** A cached read by its tRPC path: a whole router (list, byId, counts…) or one procedure ('contacts.timeline'). */
function cacheOf(utils: Utils, name: CacheName): Invalidatable {
  return name.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], utils) as Invalidatable;
}

/** Refetches what a write of `kind` changed: each entity's list and whatever else of it is cached (byId, counts). */
export function useInvalidate() {
  const utils = trpc.useUtils();
  return useCallback((kind: WriteKind) => Promise.all(staleAfter[kind].map((cache) => cacheOf(utils, cache).invalidate())), [utils]);
}
