import {
  repositoryCall,
  signedIn,
  type TMatrixCase,
  type TPlanExpected,
} from '../../../testing/authorization-matrix/matrix-kit.ts';
import { seedLinkedData } from '../testing/linked-data-seed.ts';

// The matrix app configures no provider: who may call is checked first, then the answer is 400 (a writer
// asking for a Link token is told 'Connector not available'; 'sync now' of a file connector is refused).
// plaid-connector.db.test.ts has the same routes answering 200 on a configured server.
const refusedByPlan: TPlanExpected = { professional: 400, standard: 400, collaborator: 403 };

export const linkedProvidersMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/linked_data/providers',
    request: () => ({ url: '/api/linked_data/providers' }),
    expected: signedIn(),
  },
  {
    method: 'GET',
    route: '/api/linked_data/access_token',
    label: 'no provider configured: writers are told it is not available',
    request: (scene) => ({ url: `/api/linked_data/access_token?repository_id=${scene.repositoryId}` }),
    expected: repositoryCall('write', 400),
    byPlan: refusedByPlan,
  },
  {
    method: 'POST',
    route: '/api/linked_data/connectors/:id/sync',
    label: 'a file connector: writers of its home repository are told it is loaded from files',
    request: async (scene) => {
      const { connectorId } = await seedLinkedData(scene.db, scene.repositoryId);
      return { url: `/api/linked_data/connectors/${connectorId}/sync` };
    },
    expected: repositoryCall('write', 400),
    byPlan: refusedByPlan,
  },
  {
    method: 'GET',
    route: '/api/linked_data/connectors/:id/schedule',
    label: "a file connector's schedule: readers of its home repository see it off",
    request: async (scene) => {
      const { connectorId } = await seedLinkedData(scene.db, scene.repositoryId);
      return { url: `/api/linked_data/connectors/${connectorId}/schedule` };
    },
    expected: repositoryCall('read'),
    byPlan: { professional: 200, standard: 200, collaborator: 403 },
  },
  {
    method: 'PUT',
    route: '/api/linked_data/connectors/:id/schedule',
    label: 'a file connector: writers of its home repository are told it is loaded from files',
    request: async (scene) => {
      const { connectorId } = await seedLinkedData(scene.db, scene.repositoryId);
      return {
        url: `/api/linked_data/connectors/${connectorId}/schedule`,
        body: { schedule: 'daily' },
      };
    },
    expected: repositoryCall('write', 400),
    byPlan: refusedByPlan,
  },
];
