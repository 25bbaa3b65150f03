import {
  repositoryCall,
  type TMatrixCase,
  type TPlanExpected,
} from '../../testing/authorization-matrix/matrix-kit.ts';
import { seedLinkedPosition } from './testing/linked-positions-seed.ts';

const linkedByPlan: TPlanExpected = { professional: 200, standard: 200, collaborator: 403 };

export const linkedPositionsMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/linked_data/positions',
    request: async (scene) => {
      await seedLinkedPosition(scene.db, scene.repositoryId);
      return { url: `/api/linked_data/positions?repository_id=${scene.repositoryId}&search=apple` };
    },
    expected: repositoryCall('read'),
    byPlan: linkedByPlan,
  },
  {
    method: 'GET',
    route: '/api/linked_data/positions/:id',
    request: async (scene) => {
      const { positionId } = await seedLinkedPosition(scene.db, scene.repositoryId);
      return { url: `/api/linked_data/positions/${positionId}?repository_id=${scene.repositoryId}` };
    },
    expected: repositoryCall('read'),
    byPlan: linkedByPlan,
  },
];
