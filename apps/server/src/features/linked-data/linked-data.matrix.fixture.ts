import {
  repositoryCall,
  type TMatrixCase,
  type TPlanExpected,
  type TScene,
} from '../../testing/authorization-matrix/matrix-kit.ts';
import { seedLinkedData } from './testing/linked-data-seed.ts';

const linkedByPlan: TPlanExpected = { professional: 200, standard: 200, collaborator: 403 };

/** A manual_sync upload target of the scene's owner: its key is what the loader is given. */
async function ownersUploadKey(scene: TScene): Promise<string> {
  const response = await scene.users.owner.call('POST', '/api/file_upload', { type: 'manual_sync' });
  if (response.statusCode !== 200) throw new Error(`file_upload: ${response.statusCode} ${response.body}`);
  return response.json().fields.key as string;
}

export const linkedDataMatrix: TMatrixCase[] = [
  {
    method: 'POST',
    route: '/api/linked_data/connectors/manual',
    label: "the owner's upload: a writer may load only their own uploads (404 for another's key)",
    request: async (scene) => ({
      url: '/api/linked_data/connectors/manual',
      body: { repository_id: scene.repositoryId, file_key: await ownersUploadKey(scene), loader: 'ofx' },
    }),
    expected: { ...repositoryCall('write'), writer: 404 },
    byPlan: { professional: 200, standard: 200, collaborator: 403 },
  },
  {
    method: 'GET',
    route: '/api/linked_data/connectors',
    request: (scene) => ({ url: `/api/linked_data/connectors?repository_id=${scene.repositoryId}` }),
    expected: repositoryCall('read'),
    byPlan: linkedByPlan,
  },
  ...(['PATCH', 'PUT'] as const).map(
    (method): TMatrixCase => ({
      method,
      route: '/api/linked_data/connectors/:id',
      request: async (scene) => {
        const { connectorId } = await seedLinkedData(scene.db, scene.repositoryId);
        return { url: `/api/linked_data/connectors/${connectorId}`, body: { name: scene.unique } };
      },
      expected: repositoryCall('write'),
      byPlan: linkedByPlan,
    }),
  ),
  {
    method: 'DELETE',
    route: '/api/linked_data/connectors/:id',
    request: async (scene) => {
      const { connectorId } = await seedLinkedData(scene.db, scene.repositoryId);
      return { url: `/api/linked_data/connectors/${connectorId}` };
    },
    expected: repositoryCall('write'),
    byPlan: linkedByPlan,
  },
  {
    method: 'GET',
    route: '/api/linked_data/accounts',
    request: (scene) => ({ url: `/api/linked_data/accounts?repository_id=${scene.repositoryId}` }),
    expected: repositoryCall('read'),
    byPlan: linkedByPlan,
  },
  {
    method: 'GET',
    route: '/api/linked_data/accounts/:id',
    request: async (scene) => {
      const { accountId } = await seedLinkedData(scene.db, scene.repositoryId);
      return { url: `/api/linked_data/accounts/${accountId}` };
    },
    expected: repositoryCall('read'),
    byPlan: linkedByPlan,
  },
  {
    method: 'GET',
    route: '/api/linked_data/accounts/:id/sync_events',
    request: async (scene) => {
      const { accountId } = await seedLinkedData(scene.db, scene.repositoryId);
      return { url: `/api/linked_data/accounts/${accountId}/sync_events` };
    },
    expected: repositoryCall('read'),
    byPlan: linkedByPlan,
  },
  {
    method: 'GET',
    route: '/api/linked_data/events/:id',
    request: async (scene) => {
      const { eventId } = await seedLinkedData(scene.db, scene.repositoryId);
      return { url: `/api/linked_data/events/${eventId}` };
    },
    expected: repositoryCall('read'),
    byPlan: linkedByPlan,
  },
];
