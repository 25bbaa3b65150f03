import { LRUCache } from 'lru-cache';

/** Characters of result JSON one process keeps at most; a single result may take a quarter of it. */
const MAX_CHARS = 256 * 1024 * 1024;

/**
 * A process's most recent results (JSON text) by repository, request and data version, in front of the
 * shared table: a repeat answers without a database read of a large jsonb. Bounded by total size, the least
 * recently used going first. Entries of an old data version are never read again (the key holds the
 * version) and simply age out. One per app (build-app.ts), cleared across instances by plugins/cache-bus.ts.
 */
export function createAnalyticsCache({ maxChars = MAX_CHARS }: { maxChars?: number } = {}) {
  const results = new LRUCache<string, { repositoryId: string; json: string }>({
    maxSize: maxChars,
    maxEntrySize: maxChars / 4,
    sizeCalculation: (entry) => Math.max(1, entry.json.length),
  });
  const keyOf = (repositoryId: string, hash: string, version: number) => `${repositoryId}|${hash}|${version}`;
  return {
    get(repositoryId: string, hash: string, version: number): string | undefined {
      return results.get(keyOf(repositoryId, hash, version))?.json;
    },
    set(repositoryId: string, hash: string, version: number, json: string): void {
      results.set(keyOf(repositoryId, hash, version), { repositoryId, json });
    },
    clear(): void {
      results.clear();
    },
    /** Part of 'Analytics cache cleared' (DELETE /api/cache/analytics/:id); the table rows go too. */
    clearRepository(repositoryId: string): number {
      // Keys first: deleting while the library walks its list is not something it promises to allow.
      const keys = [...results.entries()]
        .filter(([, entry]) => entry.repositoryId === repositoryId)
        .map(([key]) => key);
      for (const key of keys) results.delete(key);
      return keys.length;
    },
  };
}

export type TAnalyticsCache = ReturnType<typeof createAnalyticsCache>;
