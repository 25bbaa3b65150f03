import {
  createRepository as createRepositoryEndpoint,
  initializeRepository as initializeRepositoryEndpoint,
  type TCreateRepositoryBody,
  type TRepository,
} from '@strata/contracts/repositories';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';

/** `POST /api/repositories` (ui_settings null, seed §7). */
export function createRepository(body: TCreateRepositoryBody): Promise<TRepository> {
  return callEndpoint(createRepositoryEndpoint, {
    body: { ...body, user_repo_settings: { ui_settings: null, ...body.user_repo_settings } },
    isParsed: true,
  });
}

/** `POST /api/repositories/:id/initialize`: the pre-created accounts and, when asked, the default tags. */
export function initializeRepository(repositoryId: string) {
  return callEndpoint(initializeRepositoryEndpoint, { params: { id: repositoryId }, isParsed: true });
}
