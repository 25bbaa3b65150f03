import { repositoryCall, type TMatrixCase } from '../../testing/authorization-matrix/matrix-kit.ts';

export const analyticsMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/repositories/:id/analytics',
    request: (scene) => ({ url: `/api/repositories/${scene.repositoryId}/analytics?periods=3&freq=month` }),
    expected: repositoryCall('read'),
  },
];
