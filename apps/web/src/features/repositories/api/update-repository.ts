import { type TRepository, type TUpdateRepositoryBody, ZRepository } from '@strata/contracts/repositories';
import { apiFetch } from '../../../shared/api/api-client.ts';

/** `PUT /api/repositories/:id` (owner only): only the fields sent change. */
export function updateRepository(repositoryId: string, body: TUpdateRepositoryBody): Promise<TRepository> {
  return apiFetch(`/repositories/${encodeURIComponent(repositoryId)}`, {
    method: 'PUT',
    body,
    schema: ZRepository,
  });
}
