import { signedIn, type TMatrixCase } from '../../testing/authorization-matrix/matrix-kit.ts';

// Public: the sign-in page asks which providers exist before anyone is signed in.
export const authProvidersMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/auth-providers',
    request: () => ({ url: '/api/auth-providers' }),
    expected: { ...signedIn(), anonymous: 200 },
  },
];
