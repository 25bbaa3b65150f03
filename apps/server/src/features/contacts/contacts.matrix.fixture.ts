import {
  repositoryCall,
  type TMatrixCase,
  type TScene,
} from '../../testing/authorization-matrix/matrix-kit.ts';

async function sceneContact(scene: TScene): Promise<string> {
  const created = await scene.users.owner.call('POST', '/api/contact_info', {
    repository_id: scene.repositoryId,
    name: `Contact ${scene.unique}`,
  });
  if (created.statusCode !== 201) throw new Error(`contact: ${created.statusCode} ${created.body}`);
  return created.json().id as string;
}

export const contactsMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/contact_info',
    request: (scene) => ({ url: `/api/contact_info?repository_id=${scene.repositoryId}` }),
    expected: repositoryCall('read'),
    byPlan: { professional: 200, standard: 200, collaborator: 403 },
  },
  {
    method: 'GET',
    route: '/api/contact_info/:id',
    request: async (scene) => ({ url: `/api/contact_info/${await sceneContact(scene)}` }),
    expected: repositoryCall('read'),
    byPlan: { professional: 200, standard: 200, collaborator: 403 },
  },
  {
    method: 'POST',
    route: '/api/contact_info',
    request: (scene) => ({
      url: '/api/contact_info',
      body: { repository_id: scene.repositoryId, name: scene.unique },
    }),
    expected: repositoryCall('write', 201),
    byPlan: { professional: 201, standard: 201, collaborator: 403 },
  },
  {
    method: 'PUT',
    route: '/api/contact_info/:id',
    request: async (scene) => ({
      url: `/api/contact_info/${await sceneContact(scene)}`,
      body: { phone: '+1 555' },
    }),
    expected: repositoryCall('write'),
    byPlan: { professional: 200, standard: 200, collaborator: 403 },
  },
  {
    method: 'DELETE',
    route: '/api/contact_info/:id',
    request: async (scene) => ({ url: `/api/contact_info/${await sceneContact(scene)}` }),
    expected: repositoryCall('write'),
    byPlan: { professional: 200, standard: 200, collaborator: 403 },
  },
];
