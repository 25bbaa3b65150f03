import { signedIn, type TMatrixCase, type TScene } from '../../testing/authorization-matrix/matrix-kit.ts';

/** A waiting task of the scene's owner (a manual_sync upload target makes one). */
async function ownersTask(scene: TScene): Promise<string> {
  const response = await scene.users.owner.call('POST', '/api/file_upload', { type: 'manual_sync' });
  if (response.statusCode !== 200)
    throw new Error(`file_upload failed: ${response.statusCode} ${response.body}`);
  return response.json().task_id;
}

// Tasks belong to the user who started them: everyone else gets 404, whatever their repository role.
const ownerOnly = (status: number) => ({
  anonymous: 401,
  stranger: 404,
  reader: 404,
  writer: 404,
  owner: status,
  inactive: 404,
});

export const tasksMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/tasks',
    request: () => ({ url: '/api/tasks?excluded_statuses=done,failed' }),
    expected: signedIn(),
  },
  {
    method: 'PATCH',
    route: '/api/tasks/:id',
    request: async (scene) => ({ url: `/api/tasks/${await ownersTask(scene)}`, body: { status: 'aborted' } }),
    expected: ownerOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/tasks/:id',
    request: async (scene) => ({ url: `/api/tasks/${await ownersTask(scene)}` }),
    expected: ownerOnly(204),
  },
];
