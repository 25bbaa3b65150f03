/**
 * This process's most recent results (JSON text) by repository, request and data version, in front of
 * the shared table: a repeat answers without a database read of a large jsonb. Bounded by total size,
 * the least recently used going first. Entries of an old data version are never read again (the key
 * holds the version) and simply age out.
 */
const MAX_CHARS = 256 * 1024 * 1024;
const results = new Map<string, { repositoryId: string; json: string }>();
let totalChars = 0;

const keyOf = (repositoryId: string, hash: string, version: number) => `${repositoryId}|${hash}|${version}`;

export const analyticsCache = {
  get(repositoryId: string, hash: string, version: number): string | undefined {
    const key = keyOf(repositoryId, hash, version);
    const entry = results.get(key);
    if (!entry) return undefined;
    results.delete(key);
    results.set(key, entry);
    return entry.json;
  },
  set(repositoryId: string, hash: string, version: number, json: string): void {
    const key = keyOf(repositoryId, hash, version);
    const old = results.get(key);
    if (old) {
      totalChars -= old.json.length;
      results.delete(key);
    }
    if (json.length > MAX_CHARS / 4) return;
    for (const [oldest, entry] of results) {
      if (totalChars + json.length <= MAX_CHARS) break;
      results.delete(oldest);
      totalChars -= entry.json.length;
    }
    results.set(key, { repositoryId, json });
    totalChars += json.length;
  },
  /** Part of 'Analytics cache cleared' (DELETE /api/cache/analytics/:id); the table rows go too. */
  clearRepository(repositoryId: string): number {
    let cleared = 0;
    for (const [key, entry] of results) {
      if (entry.repositoryId === repositoryId) {
        results.delete(key);
        totalChars -= entry.json.length;
        cleared += 1;
      }
    }
    return cleared;
  },
};
