import { listDashboardViews, type TDashboardView } from '@strata/contracts/dashboards';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { repositoryScopedKey } from '../../repositories/api/repository-query-keys.ts';

const ZViews = listDashboardViews.response[200] as z.ZodType<TDashboardView[]>;

/** `GET /api/dashboard_views`: the user's own dashboards of the repository (made on first read). */
export function useDashboardViews(repositoryId: string | undefined) {
  return useQuery({
    queryKey: repositoryScopedKey(repositoryId ?? 'none', 'dashboard-views'),
    queryFn: ({ signal }) =>
      apiFetch(`/dashboard_views?repository_id=${encodeURIComponent(repositoryId ?? '')}`, {
        signal,
        schema: ZViews,
      }),
    enabled: Boolean(repositoryId),
    staleTime: 60_000,
  });
}
