import { ZMessageResponse } from '@strata/contracts/repositories';
import { apiFetch } from '../../../shared/api/api-client.ts';

/** `DELETE /api/repositories/:id` (owner only). */
export function deleteRepository(repositoryId: string) {
  return apiFetch(`/repositories/${encodeURIComponent(repositoryId)}`, {
    method: 'DELETE',
    schema: ZMessageResponse,
  });
}
