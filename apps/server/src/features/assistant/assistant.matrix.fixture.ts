import { repositoryCall, signedIn, type TMatrixCase } from '../../testing/authorization-matrix/matrix-kit.ts';

// The matrix's app has no model configured: a reader's question is answered 'not configured' (200), after the
// same access check as any read of the repository (the loopback-model tests cover the configured server).
export const assistantMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/assistant',
    request: () => ({ url: '/api/assistant' }),
    expected: signedIn(),
  },
  {
    method: 'POST',
    route: '/api/repositories/:id/assistant',
    request: (scene) => ({
      url: `/api/repositories/${scene.repositoryId}/assistant`,
      body: { messages: [{ role: 'user', content: 'What did I earn in dividends last year?' }] },
    }),
    expected: repositoryCall('read'),
    byPlan: { professional: 200, standard: 200, collaborator: 200 },
  },
];
