import { signedIn, type TMatrixCase } from '../../testing/authorization-matrix/matrix-kit.ts';

// Reachable whatever the subscription, so an inactive user can fix it.
export const subscriptionMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/subscription',
    request: () => ({ url: '/api/subscription' }),
    expected: signedIn(),
  },
  {
    method: 'GET',
    route: '/api/subscription/plans',
    request: () => ({ url: '/api/subscription/plans' }),
    expected: signedIn(),
  },
  {
    method: 'GET',
    route: '/api/subscription/hosted_page_session',
    request: () => ({ url: '/api/subscription/hosted_page_session' }),
    expected: signedIn(),
  },
  {
    method: 'POST',
    route: '/api/subscription/switch_plan',
    request: () => ({
      url: '/api/subscription/switch_plan',
      body: { plan_id: 'professional', period_unit: 'year' },
    }),
    expected: signedIn(),
  },
];
