import { clearAnalyticsCache as endpoint } from '@strata/contracts/repositories';
import { apiFetch } from '../../../shared/api/api-client.ts';

/** `DELETE /api/cache/analytics/:id` (any member): answers `{ message: 'Analytics cache cleared' }`. */
export async function clearAnalyticsCache(repositoryId: string): Promise<string> {
  const answer = await apiFetch(`/cache/analytics/${encodeURIComponent(repositoryId)}`, { method: 'DELETE' });
  return endpoint.response[200].parse(answer).message;
}
