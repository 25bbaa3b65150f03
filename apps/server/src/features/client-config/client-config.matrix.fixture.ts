import { signedIn, type TMatrixCase } from '../../testing/authorization-matrix/matrix-kit.ts';

// Public: the web app reads it before anyone signs in (the error reporter watches the sign-in page too).
export const clientConfigMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/client-config',
    request: () => ({ url: '/api/client-config' }),
    expected: { ...signedIn(), anonymous: 200 },
  },
];
