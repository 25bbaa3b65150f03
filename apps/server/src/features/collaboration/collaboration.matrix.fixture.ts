import { repositoryCall, signedIn, type TMatrixCase } from '../../testing/authorization-matrix/matrix-kit.ts';

export const collaborationMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/collaborators',
    request: (scene) => ({ url: `/api/collaborators?repository_id=${scene.repositoryId}` }),
    expected: repositoryCall('read'),
  },
  {
    method: 'PUT',
    route: '/api/collaborators/:emailOrId',
    request: (scene) => ({
      url: `/api/collaborators/${scene.users.reader.email}`,
      body: { repository_id: scene.repositoryId, access_type: 2 },
    }),
    expected: repositoryCall('owner'),
    byPlan: { professional: 200, standard: 200, collaborator: 200 },
  },
  {
    method: 'DELETE',
    route: '/api/collaborators/:emailOrId',
    label: 'removing the writer: the owner, or the writer unlinking',
    request: (scene) => ({
      url: `/api/collaborators/${scene.users.writer.id}?repository_id=${scene.repositoryId}`,
    }),
    expected: { ...repositoryCall('owner'), writer: 200 },
  },
  {
    method: 'GET',
    route: '/api/invites',
    label: "the caller's invites",
    request: () => ({ url: '/api/invites' }),
    expected: signedIn(),
  },
  {
    method: 'GET',
    route: '/api/invites',
    label: "a repository's invites",
    request: (scene) => ({ url: `/api/invites?repository_id=${scene.repositoryId}` }),
    expected: repositoryCall('read'),
  },
  {
    method: 'POST',
    route: '/api/invites',
    request: (scene) => ({
      url: '/api/invites',
      body: { email: `${scene.unique}@example.com`, access_type: 1, repository_id: scene.repositoryId },
    }),
    expected: repositoryCall('owner', 201),
    byPlan: { professional: 201, standard: 201, collaborator: 201 },
  },
  {
    method: 'PUT',
    route: '/api/invites/:id/accept',
    request: (scene) => ({ url: `/api/invites/${scene.inviteId}/accept` }),
    expected: { anonymous: 401, stranger: 200, reader: 404, writer: 404, owner: 404, inactive: 404 },
  },
  {
    method: 'PUT',
    route: '/api/invites/:id/decline',
    request: (scene) => ({ url: `/api/invites/${scene.inviteId}/decline` }),
    expected: { anonymous: 401, stranger: 200, reader: 404, writer: 404, owner: 404, inactive: 404 },
  },
  {
    method: 'DELETE',
    route: '/api/invites/:id',
    request: (scene) => ({ url: `/api/invites/${scene.inviteId}` }),
    expected: { ...repositoryCall('owner'), stranger: 200 },
  },
];
