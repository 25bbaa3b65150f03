import { repositoryCall, signedIn, type TMatrixCase } from '../../testing/authorization-matrix/matrix-kit.ts';

export const analyticsMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/repositories/:id/analytics',
    request: (scene) => ({ url: `/api/repositories/${scene.repositoryId}/analytics?periods=3&freq=month` }),
    expected: repositoryCall('read'),
    byPlan: { professional: 200, standard: 200, collaborator: 200 },
  },
  {
    method: 'GET',
    route: '/api/repositories/:id/analytics',
    label: 'the position fetch',
    request: (scene) => ({
      url: `/api/repositories/${scene.repositoryId}/analytics?data=position&date=2026-01-31&assets=[]`,
    }),
    expected: repositoryCall('read'),
  },
  {
    // The WebSocket channel: the upgrade needs a session (401 otherwise); repository access is checked
    // per subscription (analytics.socket.db.test.ts). A plain GET is not an upgrade: 400.
    method: 'GET',
    route: '/api/ws/analytics',
    label: 'without an upgrade',
    request: () => ({ url: '/api/ws/analytics' }),
    expected: signedIn(400),
    byPlan: { professional: 400, standard: 400, collaborator: 400 },
  },
];
