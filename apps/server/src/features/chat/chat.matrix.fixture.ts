import { signedIn, type TMatrixCase } from '../../testing/authorization-matrix/matrix-kit.ts';

// The chat token names its user and no repository: any signed-in user, nobody else. The matrix app has no
// HubSpot configured, so the answer is 200 { configured: false }.
export const chatMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/hubspot',
    request: () => ({ url: '/api/hubspot' }),
    expected: signedIn(),
  },
];
