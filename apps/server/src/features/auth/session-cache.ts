import { LRUCache } from 'lru-cache';

/**
 * Sessions this process resolved recently, by the request's cookie header. Every API call starts with a
 * session lookup (two database reads and a signed-cookie check in better-auth); at 20 concurrent clients
 * that floor was most of a list call's cost (docs/benchmarks.md). An entry lives `ttlMs` at most, never past
 * the session's own expiry, and the whole cache is dropped whenever an /api/auth write could have ended a
 * session (sign-out, password change or reset, revocations, deletion): in this process at once, in the
 * other server instances on the same database when they hear of it (plugins/cache-bus.ts).
 */
export interface TSessionCache<T> {
  get(key: string, now?: number): T | undefined;
  set(key: string, value: T, expiresAt: Date | string | number, now?: number): void;
  clear(): void;
  readonly size: number;
  /** Bumped by clear(): a lookup that started before a clear must not store what it read. */
  readonly generation: number;
}

export function createSessionCache<T>({
  ttlMs,
  maxEntries,
}: {
  ttlMs: number;
  maxEntries: number;
}): TSessionCache<T> {
  // Expiry is checked here against the caller's clock (the session's own end is not a fixed TTL); the
  // library bounds the entries, least recently used out first.
  const entries = new LRUCache<string, { value: T; until: number }>({ max: maxEntries });
  let generation = 0;
  return {
    get(key, now = Date.now()) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.until <= now) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, expiresAt, now = Date.now()) {
      const until = Math.min(now + ttlMs, new Date(expiresAt).getTime());
      if (!(until > now)) return;
      entries.set(key, { value, until });
    },
    clear() {
      entries.clear();
      generation += 1;
    },
    get size() {
      return entries.size;
    },
    get generation() {
      return generation;
    },
  };
}
