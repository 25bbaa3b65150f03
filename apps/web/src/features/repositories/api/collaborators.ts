import {
  listCollaborators as listCollaboratorsEndpoint,
  removeCollaborator as removeCollaboratorEndpoint,
  type TCollaborator,
  updateCollaborator as updateCollaboratorEndpoint,
} from '@strata/contracts/collaboration';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/api/call-endpoint.ts';
import { repositoryScopedKey } from '../../../shared/api/repository-query-keys.ts';

/** `GET /api/collaborators?repository_id=`: the owner, members and open or declined invites. */
export function listCollaborators(repositoryId: string, signal?: AbortSignal): Promise<TCollaborator[]> {
  return callEndpoint(listCollaboratorsEndpoint, {
    signal,
    query: { repository_id: repositoryId },
    isParsed: true,
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
  return callEndpoint(updateCollaboratorEndpoint, {
    params: { emailOrId },
    body: { repository_id: repositoryId, access_type: accessType },
    isParsed: true,
  });
}

/** `DELETE /api/collaborators/:emailOrId`: the owner removes someone, or a member unlinks themselves. */
export function removeCollaborator(repositoryId: string, emailOrId: string) {
  return callEndpoint(removeCollaboratorEndpoint, {
    params: { emailOrId },
    query: { repository_id: repositoryId },
    isParsed: true,
  });
}
