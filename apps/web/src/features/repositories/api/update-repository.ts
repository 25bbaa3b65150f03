import {
  updateRepository as endpoint,
  type TRepository,
  type TUpdateRepositoryBody,
} from '@strata/contracts/repositories';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';

/** `PUT /api/repositories/:id` (owner only): only the fields sent change. */
export function updateRepository(repositoryId: string, body: TUpdateRepositoryBody): Promise<TRepository> {
  return callEndpoint(endpoint, { params: { id: repositoryId }, body, isParsed: true });
}
