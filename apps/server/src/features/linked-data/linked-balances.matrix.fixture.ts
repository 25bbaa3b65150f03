import {
  repositoryCall,
  type TMatrixCase,
  type TPlanExpected,
} from '../../testing/authorization-matrix/matrix-kit.ts';
import { seedLinkedData } from './testing/linked-data-seed.ts';

const linkedByPlan: TPlanExpected = { professional: 200, standard: 200, collaborator: 403 };

export const linkedBalancesMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/linked_data/accounts/:id/balances',
    request: async (scene) => {
      const { accountId } = await seedLinkedData(scene.db, scene.repositoryId);
      return { url: `/api/linked_data/accounts/${accountId}/balances?latest=true` };
    },
    expected: repositoryCall('read'),
    byPlan: linkedByPlan,
  },
];
