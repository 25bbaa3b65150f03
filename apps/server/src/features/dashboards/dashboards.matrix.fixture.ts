import {
  repositoryCall,
  type TMatrixCase,
  type TScene,
} from '../../testing/authorization-matrix/matrix-kit.ts';

/**
 * Dashboards are per user: listing and adding need read access only, so a member at any level gets
 * 200/201. Update and delete reach one user's view (made by that user's first list): its maker alone
 * gets 200, everyone else — the repository's owner included — 404.
 */
async function ownView(scene: TScene, persona: 'owner' | 'reader' | 'writer' = 'owner') {
  const list = await scene.users[persona].call(
    'GET',
    `/api/dashboard_views?repository_id=${scene.repositoryId}`,
  );
  if (list.statusCode !== 200) throw new Error(`list: ${list.statusCode} ${list.body}`);
  return list.json()[0].id as string;
}

export const dashboardsMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/dashboard_views',
    request: (scene) => ({ url: `/api/dashboard_views?repository_id=${scene.repositoryId}` }),
    expected: repositoryCall('read'),
  },
  {
    method: 'POST',
    route: '/api/dashboard_views',
    request: (scene) => ({
      url: '/api/dashboard_views',
      body: {
        repository_id: scene.repositoryId,
        type: 'desktop',
        name: `Board ${scene.unique}`,
        widgets: [],
      },
    }),
    expected: repositoryCall('read', 201),
  },
  {
    method: 'PUT',
    route: '/api/dashboard_views/:id',
    label: "another user's view",
    request: async (scene) => ({
      url: `/api/dashboard_views/${await ownView(scene)}`,
      body: { name: 'Mine now' },
    }),
    // Only the owner made this view: everyone else (members included) finds no such dashboard.
    expected: { anonymous: 401, stranger: 404, reader: 404, writer: 404, owner: 200, inactive: 402 },
  },
  {
    method: 'DELETE',
    route: '/api/dashboard_views/:id',
    label: "another user's view",
    request: async (scene) => ({ url: `/api/dashboard_views/${await ownView(scene)}` }),
    expected: { anonymous: 401, stranger: 404, reader: 404, writer: 404, owner: 200, inactive: 402 },
  },
  {
    method: 'PUT',
    route: '/api/dashboard_views/:id',
    label: "a level-1 member's own view",
    request: async (scene) => ({
      url: `/api/dashboard_views/${await ownView(scene, 'reader')}`,
      body: {
        widgets: [{ id: 'a', kind: 'Value Table', layout: { x: 0, y: 0, w: 12, h: 4 }, settings: {} }],
      },
    }),
    // Read access is enough for one's own dashboards; the owner of the repository gets no reach into them.
    expected: { anonymous: 401, stranger: 404, reader: 200, writer: 404, owner: 404, inactive: 402 },
  },
  {
    method: 'DELETE',
    route: '/api/dashboard_views/:id',
    label: "a level-1 member's own view",
    request: async (scene) => ({ url: `/api/dashboard_views/${await ownView(scene, 'reader')}` }),
    expected: { anonymous: 401, stranger: 404, reader: 200, writer: 404, owner: 404, inactive: 402 },
  },
];
