import type { TAnalyticsResult } from '@strata/core/analytics/analytics-types';

/**
 * Computed results by repository, data version and request. A result is only ever read for the version
 * it was computed on — any price, asset, tag or transaction change bumps the version — so deprecated
 * results are never served; they fall out as the least recently used.
 */
const MAX_ENTRIES = 200;
const results = new Map<string, { repositoryId: string; result: TAnalyticsResult }>();

export const analyticsCache = {
  get(key: string): TAnalyticsResult | undefined {
    const entry = results.get(key);
    if (!entry) return undefined;
    results.delete(key);
    results.set(key, entry);
    return entry.result;
  },
  set(key: string, repositoryId: string, result: TAnalyticsResult): void {
    if (results.size >= MAX_ENTRIES) results.delete(results.keys().next().value as string);
    results.set(key, { repositoryId, result });
  },
  /** 'Analytics cache cleared' (DELETE /api/cache/analytics/:id). */
  clearRepository(repositoryId: string): number {
    let cleared = 0;
    for (const [key, entry] of results) {
      if (entry.repositoryId === repositoryId) {
        results.delete(key);
        cleared += 1;
      }
    }
    return cleared;
  },
};
