import { repositoryCall, signedIn, type TMatrixCase } from '../../testing/authorization-matrix/matrix-kit.ts';

export const repositoriesMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/repositories',
    request: () => ({ url: '/api/repositories' }),
    expected: signedIn(),
  },
  {
    method: 'POST',
    route: '/api/repositories',
    request: (scene) => ({ url: '/api/repositories', body: { name: scene.unique } }),
    expected: { ...signedIn(201), inactive: 402 },
  },
  {
    method: 'POST',
    route: '/api/repositories/:id/initialize',
    request: (scene) => ({ url: `/api/repositories/${scene.repositoryId}/initialize` }),
    expected: repositoryCall('owner'),
  },
  {
    method: 'PUT',
    route: '/api/repositories/:id',
    request: (scene) => ({ url: `/api/repositories/${scene.repositoryId}`, body: { name: scene.unique } }),
    expected: repositoryCall('owner'),
  },
  {
    method: 'PUT',
    route: '/api/repositories/:id',
    label: 'price-source precedence',
    request: (scene) => ({
      url: `/api/repositories/${scene.repositoryId}`,
      body: { settings: { price_source_precedence: ['manual', 'override'] } },
    }),
    expected: repositoryCall('owner'),
  },
  {
    method: 'PUT',
    route: '/api/repositories/:id/user_repo_settings',
    request: (scene) => ({
      url: `/api/repositories/${scene.repositoryId}/user_repo_settings`,
      body: { periods: 7 },
    }),
    expected: repositoryCall('read'),
  },
  {
    method: 'DELETE',
    route: '/api/repositories/:id',
    request: (scene) => ({ url: `/api/repositories/${scene.repositoryId}` }),
    expected: repositoryCall('owner'),
  },
  {
    method: 'GET',
    route: '/api/repositories/:id/export',
    request: (scene) => ({ url: `/api/repositories/${scene.repositoryId}/export` }),
    expected: repositoryCall('owner'),
    byPlan: { professional: 200, standard: 200, collaborator: 403 },
  },
  {
    method: 'DELETE',
    route: '/api/cache/analytics/:id',
    request: (scene) => ({ url: `/api/cache/analytics/${scene.repositoryId}` }),
    expected: repositoryCall('read'),
  },
  {
    method: 'GET',
    route: '/api/currencies',
    request: () => ({ url: '/api/currencies' }),
    expected: signedIn(),
  },
];
