import {
  type TCreateRepositoryBody,
  type TRepository,
  ZInitializeRepositoryResponse,
  ZRepository,
} from '@strata/contracts/repositories';
import { apiFetch } from '../../../shared/api/api-client.ts';

/** `POST /api/repositories` (ui_settings null, seed §7). */
export function createRepository(body: TCreateRepositoryBody): Promise<TRepository> {
  return apiFetch('/repositories', {
    method: 'POST',
    body: { ...body, user_repo_settings: { ui_settings: null, ...body.user_repo_settings } },
    schema: ZRepository,
  });
}

/** `POST /api/repositories/:id/initialize`: the pre-created accounts and, when asked, the default tags. */
export function initializeRepository(repositoryId: string) {
  return apiFetch(`/repositories/${encodeURIComponent(repositoryId)}/initialize`, {
    method: 'POST',
    schema: ZInitializeRepositoryResponse,
  });
}
