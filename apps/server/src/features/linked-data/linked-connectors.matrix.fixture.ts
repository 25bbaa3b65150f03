import {
  repositoryCall,
  type TMatrixCase,
  type TPlanExpected,
  type TScene,
} from '../../testing/authorization-matrix/matrix-kit.ts';
import {
  createRepositoryAs,
  shareRepository,
  tagLookupAs,
} from '../repositories/testing/repository-test-kit.ts';
import { seedConnectorShare, seedLinkedData } from './testing/linked-data-seed.ts';

const linkedByPlan: TPlanExpected = { professional: 200, standard: 200, collaborator: 403 };
const createdByPlan: TPlanExpected = { professional: 201, standard: 201, collaborator: 403 };

const PROFILE = {
  dateFormat: 'YYYY-MM-DD',
  columns: { date: 'Date', amount: 'Amount', payee: 'Payee' },
};

/** A saved CSV profile of the scene's repository, made by its owner. */
async function ownersProfile(scene: TScene): Promise<string> {
  const response = await scene.users.owner.call('POST', '/api/linked_data/csv_profiles', {
    repository_id: scene.repositoryId,
    name: scene.unique,
    profile: PROFILE,
  });
  if (response.statusCode !== 201) throw new Error(`csv profile: ${response.statusCode} ${response.body}`);
  return response.json().id as string;
}

export const linkedConnectorsMatrix: TMatrixCase[] = [
  {
    method: 'POST',
    route: '/api/linked_data/connectors',
    request: (scene) => ({
      url: '/api/linked_data/connectors',
      body: { repository_id: scene.repositoryId, name: scene.unique, access_method: 'manual' },
    }),
    expected: repositoryCall('write', 201),
    byPlan: createdByPlan,
  },
  {
    method: 'POST',
    route: '/api/linked_data/connectors/:id/map_repository',
    label: "into another repository of the owner's, where the writer also writes (the reader is not in it)",
    request: async (scene) => {
      const { connectorId } = await seedLinkedData(scene.db, scene.repositoryId);
      const target = await createRepositoryAs(scene.users.owner, `${scene.unique} target`);
      await shareRepository(scene.users.owner, scene.users.writer, target, 2);
      return {
        url: `/api/linked_data/connectors/${connectorId}/map_repository`,
        body: { repository_id: target },
      };
    },
    expected: repositoryCall('write'),
    byPlan: linkedByPlan,
  },
  {
    method: 'GET',
    route: '/api/linked_data/connectors/:id/import',
    request: async (scene) => {
      const { connectorId } = await seedLinkedData(scene.db, scene.repositoryId);
      return { url: `/api/linked_data/connectors/${connectorId}/import` };
    },
    expected: repositoryCall('read'),
    byPlan: linkedByPlan,
  },
  {
    method: 'PUT',
    route: '/api/linked_data/accounts',
    request: async (scene) => {
      const { accountId } = await seedLinkedData(scene.db, scene.repositoryId);
      return { url: '/api/linked_data/accounts', body: [{ id: accountId, name: scene.unique }] };
    },
    expected: repositoryCall('write'),
    byPlan: linkedByPlan,
  },
  {
    method: 'PUT',
    route: '/api/linked_data/accounts/map',
    request: async (scene) => {
      const { accountId } = await seedLinkedData(scene.db, scene.repositoryId);
      return { url: '/api/linked_data/accounts/map', body: { id: accountId, asset_id: null } };
    },
    expected: repositoryCall('write'),
    byPlan: linkedByPlan,
  },
  {
    method: 'PUT',
    route: '/api/linked_data/accounts/repository_link',
    request: async (scene) => {
      const { accountId } = await seedLinkedData(scene.db, scene.repositoryId);
      const tag = await tagLookupAs(scene.users.owner, scene.repositoryId);
      return {
        url: '/api/linked_data/accounts/repository_link',
        body: {
          id: accountId,
          asset: {
            type: 'investment account',
            name: scene.unique,
            tags: [tag('Category', 'Investments'), tag('Subcategory', 'Brokerage')],
          },
        },
      };
    },
    expected: repositoryCall('write'),
    byPlan: linkedByPlan,
  },
  {
    method: 'GET',
    route: '/api/linked_data/csv_profiles',
    request: (scene) => ({ url: `/api/linked_data/csv_profiles?repository_id=${scene.repositoryId}` }),
    expected: repositoryCall('read'),
    byPlan: linkedByPlan,
  },
  {
    method: 'POST',
    route: '/api/linked_data/csv_profiles',
    request: (scene) => ({
      url: '/api/linked_data/csv_profiles',
      body: { repository_id: scene.repositoryId, name: scene.unique, profile: PROFILE },
    }),
    expected: repositoryCall('write', 201),
    byPlan: createdByPlan,
  },
  {
    method: 'PUT',
    route: '/api/linked_data/csv_profiles/:id',
    request: async (scene) => ({
      url: `/api/linked_data/csv_profiles/${await ownersProfile(scene)}`,
      body: { name: `${scene.unique} renamed` },
    }),
    expected: repositoryCall('write'),
    byPlan: linkedByPlan,
  },
  {
    method: 'DELETE',
    route: '/api/linked_data/csv_profiles/:id',
    request: async (scene) => ({ url: `/api/linked_data/csv_profiles/${await ownersProfile(scene)}` }),
    expected: repositoryCall('write'),
    byPlan: linkedByPlan,
  },
  {
    method: 'DELETE',
    route: '/api/linked_data/connectors/:id/map_repository',
    label: "out of another repository of the owner's it was shared into (the writer writes the home only)",
    request: async (scene) => {
      const { connectorId } = await seedLinkedData(scene.db, scene.repositoryId);
      const target = await createRepositoryAs(scene.users.owner, `${scene.unique} shared`);
      await seedConnectorShare(scene.db, { connectorId, repositoryId: target, userId: scene.users.owner.id });
      return { url: `/api/linked_data/connectors/${connectorId}/map_repository?repository_id=${target}` };
    },
    expected: repositoryCall('write'),
    byPlan: linkedByPlan,
  },
];
