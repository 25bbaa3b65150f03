import { clearAnalyticsCache as endpoint } from '@strata/contracts/repositories';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';

/** `DELETE /api/cache/analytics/:id` (any member): answers `{ message: 'Analytics cache cleared' }`. */
export async function clearAnalyticsCache(repositoryId: string): Promise<string> {
  const answer = await callEndpoint(endpoint, { params: { id: repositoryId }, isParsed: true });
  return answer.message;
}
