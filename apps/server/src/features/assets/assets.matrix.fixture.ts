import {
  repositoryCall,
  signedIn,
  type TMatrixCase,
  type TScene,
} from '../../testing/authorization-matrix/matrix-kit.ts';

/** A stock of the scene's repository, created by the owner (ticker unique per case). */
export async function sceneStock(scene: TScene): Promise<string> {
  const created = await scene.users.owner.call('POST', '/api/assets', {
    repository_id: scene.repositoryId,
    type: 'stock',
    name: `Stock ${scene.unique}`,
    ticker: `S${scene.unique}`,
    currency: 'USD',
  });
  if (created.statusCode !== 201) throw new Error(`stock: ${created.statusCode} ${created.body}`);
  return created.json().id as string;
}

export const assetsMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/assets',
    request: (scene) => ({ url: `/api/assets?repository_id=${scene.repositoryId}&show_deleted=1` }),
    expected: repositoryCall('read'),
  },
  {
    method: 'GET',
    route: '/api/asset_types',
    request: () => ({ url: '/api/asset_types' }),
    expected: signedIn(),
  },
  {
    method: 'GET',
    route: '/api/assets/:id',
    request: async (scene) => ({ url: `/api/assets/${await sceneStock(scene)}` }),
    expected: repositoryCall('read'),
  },
  {
    method: 'POST',
    route: '/api/assets',
    request: (scene) => ({
      url: '/api/assets',
      body: {
        repository_id: scene.repositoryId,
        type: 'etf',
        name: 'Index',
        ticker: `E${scene.unique}`,
        currency: 'USD',
      },
    }),
    expected: repositoryCall('write', 201),
  },
  {
    method: 'POST',
    route: '/api/assets',
    label: 'bulk',
    request: (scene) => ({
      url: `/api/assets?repository_id=${scene.repositoryId}`,
      body: [{ type: 'bond', name: 'Bond', ticker: `B${scene.unique}`, currency: 'USD' }],
    }),
    expected: repositoryCall('write', 201),
  },
  {
    method: 'PUT',
    route: '/api/assets/:id',
    request: async (scene) => ({ url: `/api/assets/${await sceneStock(scene)}`, body: { description: 'x' } }),
    expected: repositoryCall('write'),
  },
  {
    method: 'DELETE',
    route: '/api/assets/:id',
    request: async (scene) => ({ url: `/api/assets/${await sceneStock(scene)}` }),
    expected: repositoryCall('write'),
  },
  {
    method: 'DELETE',
    route: '/api/assets',
    request: async (scene) => ({ url: '/api/assets', body: { ids: [await sceneStock(scene)] } }),
    expected: repositoryCall('write'),
  },
  {
    method: 'POST',
    route: '/api/assets/:id/restore',
    request: async (scene) => {
      const id = await sceneStock(scene);
      await scene.users.owner.call('DELETE', `/api/assets/${id}`);
      return { url: `/api/assets/${id}/restore` };
    },
    expected: repositoryCall('write'),
  },
];
