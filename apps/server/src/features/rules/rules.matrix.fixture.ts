import {
  repositoryCall,
  type TMatrixCase,
  type TPlanExpected,
  type TScene,
} from '../../testing/authorization-matrix/matrix-kit.ts';

const byPlan: TPlanExpected = { professional: 200, standard: 200, collaborator: 403 };
const data = {
  criteria: [{ type: 'description', logic: 'AND', params: [{ comparison: 'CONTAINS', value: 'card' }] }],
  actions: [{ type: 'set_category', value: 'Credit card' }],
};

/** A tagging rule of the scene's repository, made by its owner. */
async function ownersRule(scene: TScene): Promise<string> {
  const created = await scene.users.owner.call('POST', '/api/rules', {
    repository_id: scene.repositoryId,
    type: 'tagging',
    data,
  });
  if (created.statusCode !== 201) throw new Error(`rule: ${created.statusCode} ${created.body}`);
  return created.json().id as string;
}

const onRule = (method: 'PUT' | 'DELETE', suffix: string, body?: unknown): TMatrixCase => ({
  method,
  route: `/api/rules/:id${suffix}`,
  request: async (scene) => ({ url: `/api/rules/${await ownersRule(scene)}${suffix}`, body }),
  expected: repositoryCall('write'),
  byPlan,
});

export const rulesMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/rules',
    request: (scene) => ({ url: `/api/rules?repository_id=${scene.repositoryId}` }),
    expected: repositoryCall('read'),
    byPlan,
  },
  {
    method: 'POST',
    route: '/api/rules',
    request: (scene) => ({
      url: '/api/rules',
      body: { repository_id: scene.repositoryId, type: 'tagging', data },
    }),
    expected: repositoryCall('write', 201),
    byPlan: { professional: 201, standard: 201, collaborator: 403 },
  },
  onRule('PUT', '', { type: 'tagging', data }),
  onRule('DELETE', ''),
  onRule('PUT', '/reorder', { order: 1 }),
  onRule('PUT', '/enable'),
  onRule('PUT', '/disable'),
  {
    method: 'POST',
    route: '/api/rules/apply',
    request: async (scene) => ({
      url: '/api/rules/apply',
      body: { repository_id: scene.repositoryId, id: await ownersRule(scene), type: 'tagging', data },
    }),
    expected: repositoryCall('write'),
    byPlan,
  },
  {
    method: 'POST',
    route: '/api/rules/transactions_preview',
    request: (scene) => ({
      url: '/api/rules/transactions_preview',
      body: { repository_id: scene.repositoryId, type: 'tagging', data },
    }),
    expected: repositoryCall('read'),
    byPlan,
  },
];
