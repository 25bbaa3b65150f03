import { deleteRepository as endpoint } from '@strata/contracts/repositories';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';

/** `DELETE /api/repositories/:id` (owner only). */
export function deleteRepository(repositoryId: string) {
  return callEndpoint(endpoint, { params: { id: repositoryId }, isParsed: true });
}
