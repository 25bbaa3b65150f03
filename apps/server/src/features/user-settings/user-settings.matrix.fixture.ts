import { signedIn, type TMatrixCase } from '../../testing/authorization-matrix/matrix-kit.ts';

// Foundation and identity: health is public; settings belong to their user alone.
export const userSettingsMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/health',
    request: () => ({ url: '/api/health' }),
    expected: { ...signedIn(), anonymous: 200 },
  },
  {
    method: 'GET',
    route: '/api/health/live',
    request: () => ({ url: '/api/health/live' }),
    expected: { ...signedIn(), anonymous: 200 },
  },
  {
    method: 'GET',
    route: '/api/health/ready',
    request: () => ({ url: '/api/health/ready' }),
    expected: { ...signedIn(), anonymous: 200 },
  },
  {
    method: 'GET',
    route: '/api/users/:uuid/settings',
    request: (scene) => ({ url: `/api/users/${scene.users.owner.id}/settings` }),
    expected: { anonymous: 401, stranger: 403, reader: 403, writer: 403, owner: 200, inactive: 403 },
  },
  {
    method: 'POST',
    route: '/api/users/:uuid/settings',
    request: (scene) => ({
      url: `/api/users/${scene.users.owner.id}/settings`,
      body: {
        dateFormat: 'YYYY-MM-DD',
        lastActiveRepository: null,
        allowedInactivityTime: 20,
        earlyAccess: false,
        timelineOpened: true,
        assetTreeWidth: null,
        uiSettings: {},
      },
    }),
    expected: { anonymous: 401, stranger: 403, reader: 403, writer: 403, owner: 200, inactive: 403 },
  },
];
