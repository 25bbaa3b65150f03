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
    route: '/api/institutions/search',
    label: 'no aggregator configured: signed-in callers are told it is not available',
    request: () => ({ url: '/api/institutions/search?q=bank&country=GB' }),
    expected: signedIn(400),
  },
  {
    method: 'GET',
    route: '/api/linked_data/authorization_url/:connector',
    label: 'GoCardless not configured: writers (after the access checks) are told it is not available',
    request: (scene) => ({
      url: `/api/linked_data/authorization_url/gocardless?repository_id=${scene.repositoryId}&consent=true&institution_id=MONZO_MONZGB2L`,
    }),
    expected: repositoryCall('write', 400),
    byPlan: refusedByPlan,
  },
  {
    method: 'GET',
    route: '/api/linked_data/callback/:connector',
    // The repository is the state's: with no provider (so no state) every signed-in caller is refused alike,
    // and gocardless-connector.db.test.ts shows another user's state refused on a configured server.
    label: 'GoCardless not configured: no state can be good, 400 for every signed-in caller',
    request: () => ({ url: '/api/linked_data/callback/gocardless?ref=not-a-state' }),
    expected: signedIn(400),
    byPlan: { professional: 400, standard: 400, collaborator: 400 },
  },
  {
    method: 'POST',
    route: '/api/linked_data/arch_sync',
    label: 'Arch not configured: writers (after the access checks) are told it is not available',
    request: (scene) => ({
      url: '/api/linked_data/arch_sync',
      body: { repository_id: scene.repositoryId, client_id: 'matrix-client', client_secret: 'matrix-secret' },
    }),
    expected: repositoryCall('write', 400),
    byPlan: refusedByPlan,
  },
  {
    method: 'POST',
    route: '/api/linked_data/kraken_sync',
    label: 'Kraken not configured: writers (after the access checks) are told it is not available',
    request: (scene) => ({
      url: '/api/linked_data/kraken_sync',
      body: { repository_id: scene.repositoryId, api_key: 'matrix-key', api_secret: 'bWF0cml4LXNlY3JldA==' },
    }),
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
