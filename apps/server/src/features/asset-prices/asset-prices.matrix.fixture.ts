import {
  repositoryCall,
  type TMatrixCase,
  type TScene,
} from '../../testing/authorization-matrix/matrix-kit.ts';
import { sceneStock } from '../assets/assets.matrix.fixture.ts';

async function scenePrice(scene: TScene): Promise<string> {
  const assetId = await sceneStock(scene);
  const created = await scene.users.owner.call('POST', '/api/asset_prices', {
    asset_id: assetId,
    date: '2026-01-02',
    close: '10',
  });
  if (created.statusCode !== 201) throw new Error(`price: ${created.statusCode} ${created.body}`);
  return created.json().id as string;
}

export const assetPricesMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/asset_prices',
    request: async (scene) => ({ url: `/api/asset_prices?asset_id=${await sceneStock(scene)}` }),
    expected: repositoryCall('read'),
  },
  {
    method: 'POST',
    route: '/api/asset_prices',
    request: async (scene) => ({
      url: '/api/asset_prices',
      body: { asset_id: await sceneStock(scene), date: '2026-01-05', close: '11.5', source: 'override' },
    }),
    expected: repositoryCall('write', 201),
  },
  {
    method: 'PUT',
    route: '/api/asset_prices/:id',
    request: async (scene) => ({
      url: `/api/asset_prices/${await scenePrice(scene)}`,
      body: { close: '12' },
    }),
    expected: repositoryCall('write'),
  },
  {
    method: 'DELETE',
    route: '/api/asset_prices/:id',
    request: async (scene) => ({ url: `/api/asset_prices/${await scenePrice(scene)}` }),
    expected: repositoryCall('write'),
  },
  {
    method: 'POST',
    route: '/api/asset_prices/csv/preview',
    request: async (scene) => ({
      url: '/api/asset_prices/csv/preview',
      body: {
        repository_id: scene.repositoryId,
        asset_id: await sceneStock(scene),
        text: 'date,close\n2026-01-02,10\n',
      },
    }),
    expected: repositoryCall('write'),
  },
  {
    method: 'POST',
    route: '/api/asset_prices/csv',
    request: async (scene) => ({
      url: '/api/asset_prices/csv',
      body: {
        repository_id: scene.repositoryId,
        asset_id: await sceneStock(scene),
        text: 'date,close\n2026-01-02,10\n',
      },
    }),
    expected: repositoryCall('write'),
  },
];
