import { type TCollaborator, ZCollaborator } from '@strata/contracts/collaboration';
import { ZMessageResponse } from '@strata/contracts/repositories';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiFetch } from '../../../shared/api/api-client.ts';
import { repositoryScopedKey } from '../../../shared/api/repository-query-keys.ts';

const ZCollaboratorList = z.array(ZCollaborator);

/** `GET /api/collaborators?repository_id=`: the owner, members and open or declined invites. */
export function listCollaborators(repositoryId: string, signal?: AbortSignal): Promise<TCollaborator[]> {
  return apiFetch('/collaborators', {
    signal,
    query: { repository_id: repositoryId },
    schema: ZCollaboratorList,
  });
}

export function collaboratorsQueryOptions(repositoryId: string) {
  return queryOptions({
    queryKey: repositoryScopedKey(repositoryId, 'collaborators'),
    queryFn: ({ signal }) => listCollaborators(repositoryId, signal),
  });
}

export function useCollaborators(repositoryId: string) {
  return useQuery(collaboratorsQueryOptions(repositoryId));
}

/** `PUT /api/collaborators/:emailOrId` (owner): 'Access rights have been successfully changed'. */
export function updateCollaborator(repositoryId: string, emailOrId: string, accessType: 1 | 2) {
  return apiFetch(`/collaborators/${encodeURIComponent(emailOrId)}`, {
    method: 'PUT',
    body: { repository_id: repositoryId, access_type: accessType },
    schema: ZMessageResponse,
  });
}

/** `DELETE /api/collaborators/:emailOrId`: the owner removes someone, or a member unlinks themselves. */
export function removeCollaborator(repositoryId: string, emailOrId: string) {
  return apiFetch(`/collaborators/${encodeURIComponent(emailOrId)}`, {
    method: 'DELETE',
    query: { repository_id: repositoryId },
    schema: ZMessageResponse,
  });
}
