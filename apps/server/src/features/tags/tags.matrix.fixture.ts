import {
  repositoryCall,
  type TMatrixCase,
  type TScene,
} from '../../testing/authorization-matrix/matrix-kit.ts';
import { sceneStock } from '../assets/assets.matrix.fixture.ts';

async function sceneTag(scene: TScene, value = scene.unique): Promise<string> {
  const created = await scene.users.owner.call('POST', '/api/tags', {
    repository_id: scene.repositoryId,
    tag_name: 'Region',
    tag_value: value,
  });
  if (created.statusCode !== 201) throw new Error(`tag: ${created.statusCode} ${created.body}`);
  return created.json().id as string;
}

async function sceneAssetTag(scene: TScene): Promise<string> {
  const assetId = await sceneStock(scene);
  const created = await scene.users.owner.call('POST', '/api/asset_tags', {
    asset_id: assetId,
    tag_id: await sceneTag(scene),
  });
  if (created.statusCode !== 201) throw new Error(`asset tag: ${created.statusCode} ${created.body}`);
  return created.json().id as string;
}

export const tagsMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/tags',
    request: (scene) => ({ url: `/api/tags?repository_id=${scene.repositoryId}` }),
    expected: repositoryCall('read'),
  },
  {
    method: 'POST',
    route: '/api/tags',
    request: (scene) => ({
      url: '/api/tags',
      body: { repository_id: scene.repositoryId, tag_name: 'Strategy', tag_value: scene.unique },
    }),
    expected: repositoryCall('write', 201),
  },
  {
    method: 'PUT',
    route: '/api/tags/:id',
    request: async (scene) => ({
      url: `/api/tags/${await sceneTag(scene)}`,
      body: { tag_value: `${scene.unique}-2` },
    }),
    expected: repositoryCall('write'),
  },
  {
    method: 'DELETE',
    route: '/api/tags/:id',
    request: async (scene) => ({ url: `/api/tags/${await sceneTag(scene)}` }),
    expected: repositoryCall('write'),
  },
  {
    method: 'GET',
    route: '/api/asset_tags',
    request: (scene) => ({ url: `/api/asset_tags?repository_id=${scene.repositoryId}` }),
    expected: repositoryCall('read'),
  },
  {
    method: 'POST',
    route: '/api/asset_tags',
    request: async (scene) => ({
      url: '/api/asset_tags',
      body: { asset_id: await sceneStock(scene), tag_id: await sceneTag(scene) },
    }),
    expected: repositoryCall('write', 201),
  },
  {
    method: 'PUT',
    route: '/api/asset_tags/:id',
    request: async (scene) => ({
      url: `/api/asset_tags/${await sceneAssetTag(scene)}`,
      body: { tag_id: await sceneTag(scene, `${scene.unique}-other`) },
    }),
    expected: repositoryCall('write'),
  },
  {
    method: 'DELETE',
    route: '/api/asset_tags/:id',
    request: async (scene) => ({ url: `/api/asset_tags/${await sceneAssetTag(scene)}` }),
    expected: repositoryCall('write'),
  },
];
