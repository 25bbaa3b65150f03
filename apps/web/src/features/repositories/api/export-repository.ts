import { exportRepository as endpoint } from '@strata/contracts/repositories';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';

/**
 * `GET /api/repositories/:id/export` (owner only): the whole repository as JSON. Kept as the server sent
 * it (not re-parsed through the schema), so the downloaded file is exactly what import reads back.
 */
export function exportRepository(repositoryId: string): Promise<unknown> {
  return callEndpoint(endpoint, { params: { id: repositoryId } });
}
