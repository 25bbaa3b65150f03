import {
  repositoryCall,
  type TMatrixCase,
  type TPlanExpected,
  type TScene,
} from '../../testing/authorization-matrix/matrix-kit.ts';
import { seedLinkedData } from './testing/linked-data-seed.ts';
import { seedLinkedTag } from './testing/linked-transactions-seed.ts';

const linkedByPlan: TPlanExpected = { professional: 200, standard: 200, collaborator: 403 };

/** A user tag of the scene's repository. */
const seedTag = (scene: TScene) => seedLinkedTag(scene.db, scene.repositoryId, `tag ${scene.unique}`);

const filter = encodeURIComponent(
  JSON.stringify({
    logic: 'AND',
    groups: [{ logic: 'AND', params: [{ field: 'amount', comparison: 'LESS', value: 0 }] }],
  }),
);

export const linkedTransactionsMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/linked_data/transactions',
    request: async (scene) => {
      await seedLinkedData(scene.db, scene.repositoryId);
      return {
        url: `/api/linked_data/transactions?repository_id=${scene.repositoryId}&search=coffee&filter=${filter}`,
      };
    },
    expected: repositoryCall('read'),
    byPlan: linkedByPlan,
  },
  {
    method: 'GET',
    route: '/api/linked_data/transactions/:id',
    request: async (scene) => {
      const { transactionId } = await seedLinkedData(scene.db, scene.repositoryId);
      return { url: `/api/linked_data/transactions/${transactionId}` };
    },
    expected: repositoryCall('read'),
    byPlan: linkedByPlan,
  },
  {
    method: 'PUT',
    route: '/api/linked_data/transactions',
    request: async (scene) => {
      const { transactionId } = await seedLinkedData(scene.db, scene.repositoryId);
      return {
        url: `/api/linked_data/transactions?repository_id=${scene.repositoryId}`,
        body: [{ id: transactionId, category: scene.unique, add_tags: [await seedTag(scene)] }],
      };
    },
    expected: repositoryCall('write'),
    byPlan: linkedByPlan,
  },
  {
    method: 'GET',
    route: '/api/linked_data/transactions_options',
    request: async (scene) => {
      await seedLinkedData(scene.db, scene.repositoryId);
      return {
        url: `/api/linked_data/transactions_options?repository_id=${scene.repositoryId}&field=counterparty`,
      };
    },
    expected: repositoryCall('read'),
    byPlan: linkedByPlan,
  },
  {
    method: 'GET',
    route: '/api/linked_data/transactions_pivot',
    request: async (scene) => {
      await seedLinkedData(scene.db, scene.repositoryId);
      return {
        url: `/api/linked_data/transactions_pivot?repository_id=${scene.repositoryId}&rows=month&columns=type&values=sum,count`,
      };
    },
    expected: repositoryCall('read'),
    byPlan: linkedByPlan,
  },
  {
    method: 'GET',
    route: '/api/linked_data/transaction_tags',
    request: (scene) => ({ url: `/api/linked_data/transaction_tags?repository_id=${scene.repositoryId}` }),
    expected: repositoryCall('read'),
    byPlan: linkedByPlan,
  },
  {
    method: 'POST',
    route: '/api/linked_data/transaction_tags',
    request: (scene) => ({
      url: '/api/linked_data/transaction_tags',
      body: { repository_id: scene.repositoryId, name: scene.unique },
    }),
    expected: repositoryCall('write', 201),
    byPlan: { professional: 201, standard: 201, collaborator: 403 },
  },
  {
    method: 'PUT',
    route: '/api/linked_data/transaction_tags/:id',
    request: async (scene) => ({
      url: `/api/linked_data/transaction_tags/${await seedTag(scene)}`,
      body: { name: `renamed ${scene.unique}` },
    }),
    expected: repositoryCall('write'),
    byPlan: linkedByPlan,
  },
  {
    method: 'DELETE',
    route: '/api/linked_data/transaction_tags/:id',
    request: async (scene) => ({ url: `/api/linked_data/transaction_tags/${await seedTag(scene)}` }),
    expected: repositoryCall('write'),
    byPlan: linkedByPlan,
  },
];
