// Counting attempts per key in a time window; the store is an interface so several processes can share one.
export interface AttemptStore {
  /** Adds one attempt for key and answers the count in the current window and when it ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  peek(key: string): Promise<{ count: number; resetAt: number } | null>;
  reset(key: string): Promise<void>;
}

/** One process's store: a Map swept once a minute. */
export function createMemoryStore(now: () => number = Date.now): AttemptStore & { size(): number } {
  const entries = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const t = now();
    for (const [key, entry] of entries) if (entry.resetAt <= t) entries.delete(key);
  }, 60_000);
  sweep.unref();
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.resetAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  return {
    async hit(key, windowMs) {
      const entry = live(key) ?? { count: 0, resetAt: now() + windowMs };
      entry.count += 1;
      entries.set(key, entry);
      return { ...entry };
    },
    async peek(key) {
      const entry = live(key);
      return entry ? { ...entry } : null;
    },
    async reset(key) {
      entries.delete(key);
    },
    size: () => entries.size,
  };
}

export interface LimitRule {
  max: number;
  windowMs: number;
}

export interface Limits {
  loginPerUsername: LimitRule;
  loginPerAddress: LimitRule;
  registerPerAddress: LimitRule;
}

export const defaultLimits: Limits = {
  loginPerUsername: { max: 10, windowMs: 15 * 60_000 },
  loginPerAddress: { max: 50, windowMs: 15 * 60_000 },
  registerPerAddress: { max: 10, windowMs: 60 * 60_000 },
};

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Please try again later.';

/** Seconds until the earliest of the given keys may try again, or null when none is over its limit. */
export async function blockedFor(store: AttemptStore, checks: { key: string; rule: LimitRule }[], now = Date.now()) {
  let wait: number | null = null;
  for (const { key, rule } of checks) {
    const entry = await store.peek(key);
    if (entry && entry.count >= rule.max) wait = Math.max(wait ?? 0, Math.ceil((entry.resetAt - now) / 1000));
  }
  return wait;
}
