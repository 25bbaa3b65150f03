import { repositoryCall, type TMatrixCase } from '../../testing/authorization-matrix/matrix-kit.ts';

export const searchMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/search',
    // 'SECRET' is the outsider repository's name and its document's: the answer must carry neither.
    request: (scene) => ({ url: `/api/search?repository_id=${scene.repositoryId}&q=SECRET` }),
    expected: repositoryCall('read'),
  },
];
