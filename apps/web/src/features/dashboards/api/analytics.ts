import type { TAnalyticsResponse } from '@strata/contracts/analytics';
import type { TDataset } from '@strata/core/analytics/analytics-types';
import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { repositoryScopedKey } from '../../repositories/api/repository-query-keys.ts';

export interface TTimeline {
  periods: number;
  freq: 'day' | 'week' | 'month' | 'quarter' | 'year';
}

/** `GET /api/repositories/:id/analytics` for the datasets a dashboard's widgets read. */
export function useAnalytics(
  repositoryId: string | undefined,
  timeline: TTimeline,
  datasets: readonly TDataset[],
) {
  const sorted = [...new Set(datasets)].sort();
  return useQuery({
    queryKey: repositoryScopedKey(repositoryId ?? 'none', 'analytics', timeline, sorted),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        periods: String(timeline.periods),
        freq: timeline.freq,
        datasets: sorted.join(','),
      });
      return apiFetch<TAnalyticsResponse>(
        `/repositories/${encodeURIComponent(repositoryId ?? '')}/analytics?${query}`,
        { signal },
      );
    },
    enabled: Boolean(repositoryId) && sorted.length > 0,
    staleTime: 30_000,
  });
}
