import { Navigate } from 'react-router';

/**
 * The seed's "password screen" served its identity provider's forced new-password challenge, which
 * better-auth does not have; setting a new password is the reset flow, so the old path leads there.
 */
export function Component() {
  return <Navigate to="/forgot" replace />;
}
