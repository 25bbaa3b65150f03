import {
  repositoryCall,
  signedIn,
  type TMatrixCase,
  type TScene,
} from '../../testing/authorization-matrix/matrix-kit.ts';

/** A deposit into a fresh bank account of the scene's repository, created by the owner. */
export async function sceneTransaction(scene: TScene): Promise<string> {
  const owner = scene.users.owner;
  const [tags, assets] = await Promise.all([
    owner.call('GET', `/api/tags?repository_id=${scene.repositoryId}`),
    owner.call('GET', `/api/assets?repository_id=${scene.repositoryId}`),
  ]);
  const tagId = (name: string, value: string) =>
    tags
      .json()
      .find(
        (tag: { tag_name: string; tag_value: string }) => tag.tag_name === name && tag.tag_value === value,
      ).id as string;
  const usd = assets
    .json()
    .data.find((asset: { type: string; ticker: string }) => asset.type === 'currency').id;
  const account = await owner.call('POST', '/api/assets', {
    repository_id: scene.repositoryId,
    type: 'bank account',
    name: `Bank ${scene.unique}`,
    currency: 'USD',
    tags: [tagId('Category', 'Cash'), tagId('Subcategory', 'Checking')],
  });
  if (account.statusCode !== 201) throw new Error(`account: ${account.statusCode} ${account.body}`);
  const created = await owner.call('POST', '/api/transactions', {
    repository_id: scene.repositoryId,
    type: 'deposit',
    date: '2026-01-02',
    entries: [{ account_id: account.json().id, asset_id: usd, amount: '100' }],
  });
  if (created.statusCode !== 201) throw new Error(`transaction: ${created.statusCode} ${created.body}`);
  return created.json().id as string;
}

/** The scene's transactions as the import template (one deposit at least). */
async function sceneImportCsv(scene: TScene): Promise<string> {
  await sceneTransaction(scene);
  const csv = await scene.users.owner.call(
    'GET',
    `/api/transactions/export?repository_id=${scene.repositoryId}`,
  );
  return csv.body;
}

/** A background import the owner started (the app's worker runs it meanwhile). */
async function sceneImportTask(scene: TScene): Promise<string> {
  const started = await scene.users.owner.call('POST', '/api/transactions/import', {
    repository_id: scene.repositoryId,
    csv: await sceneImportCsv(scene),
    background: true,
  });
  if (started.statusCode !== 202) throw new Error(`import: ${started.statusCode} ${started.body}`);
  return started.json().id as string;
}

export const transactionsMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/transactions',
    request: (scene) => ({ url: `/api/transactions?repository_id=${scene.repositoryId}` }),
    expected: repositoryCall('read'),
  },
  {
    method: 'GET',
    route: '/api/transactions/summary',
    request: (scene) => ({ url: `/api/transactions/summary?repository_id=${scene.repositoryId}` }),
    expected: repositoryCall('read'),
  },
  {
    method: 'GET',
    route: '/api/transactions/export',
    request: (scene) => ({ url: `/api/transactions/export?repository_id=${scene.repositoryId}` }),
    expected: repositoryCall('read'),
  },
  {
    method: 'GET',
    route: '/api/transactions/:id',
    request: async (scene) => ({ url: `/api/transactions/${await sceneTransaction(scene)}` }),
    expected: repositoryCall('read'),
  },
  {
    method: 'POST',
    route: '/api/transactions',
    request: async (scene) => {
      const id = await sceneTransaction(scene);
      const existing = (await scene.users.owner.call('GET', `/api/transactions/${id}`)).json();
      return {
        url: '/api/transactions',
        body: {
          repository_id: scene.repositoryId,
          type: 'deposit',
          date: '2026-01-03',
          entries: existing.entries,
        },
      };
    },
    expected: repositoryCall('write', 201),
  },
  {
    method: 'POST',
    route: '/api/transactions/import',
    request: async (scene) => {
      await sceneTransaction(scene);
      const csv = await scene.users.owner.call(
        'GET',
        `/api/transactions/export?repository_id=${scene.repositoryId}`,
      );
      return { url: '/api/transactions/import', body: { repository_id: scene.repositoryId, csv: csv.body } };
    },
    expected: repositoryCall('write', 201),
  },
  {
    method: 'POST',
    route: '/api/transactions/import',
    label: 'in the background',
    request: async (scene) => ({
      url: '/api/transactions/import',
      body: { repository_id: scene.repositoryId, csv: await sceneImportCsv(scene), background: true },
    }),
    expected: repositoryCall('write', 202),
  },
  {
    method: 'GET',
    route: '/api/transactions/import/:id',
    request: async (scene) => ({ url: `/api/transactions/import/${await sceneImportTask(scene)}` }),
    expected: repositoryCall('read'),
  },
  {
    method: 'GET',
    route: '/api/transactions/import/:id/events',
    request: async (scene) => ({ url: `/api/transactions/import/${await sceneImportTask(scene)}/events` }),
    expected: repositoryCall('read'),
  },
  {
    method: 'PUT',
    route: '/api/transactions/:id',
    request: async (scene) => ({
      url: `/api/transactions/${await sceneTransaction(scene)}`,
      body: { description: 'Salary' },
    }),
    expected: repositoryCall('write'),
  },
  {
    method: 'DELETE',
    route: '/api/transactions',
    request: async (scene) => ({ url: '/api/transactions', body: { ids: [await sceneTransaction(scene)] } }),
    expected: repositoryCall('write'),
  },
  {
    method: 'POST',
    route: '/api/transactions/:id/restore',
    request: async (scene) => {
      const id = await sceneTransaction(scene);
      await scene.users.owner.call('DELETE', '/api/transactions', { ids: [id] });
      return { url: `/api/transactions/${id}/restore` };
    },
    expected: repositoryCall('write'),
  },
  {
    method: 'POST',
    route: '/api/transactions/restore',
    request: (scene) => ({ url: '/api/transactions/restore', body: { repository_id: scene.repositoryId } }),
    expected: repositoryCall('write'),
  },
  {
    method: 'DELETE',
    route: '/api/transactions/trash/empty',
    request: (scene) => ({ url: `/api/transactions/trash/empty?repository_id=${scene.repositoryId}` }),
    expected: repositoryCall('write'),
  },
  {
    method: 'GET',
    route: '/api/transactions_settings',
    request: () => ({ url: '/api/transactions_settings' }),
    expected: signedIn(),
  },
  {
    method: 'GET',
    route: '/api/transactions_settings',
    label: 'for a repository',
    request: (scene) => ({ url: `/api/transactions_settings?repository_id=${scene.repositoryId}` }),
    expected: repositoryCall('read'),
  },
  {
    method: 'GET',
    route: '/api/filter_options',
    request: (scene) => ({
      url: `/api/filter_options?resource=transactions&field=type&repository_id=${scene.repositoryId}`,
    }),
    expected: repositoryCall('read'),
  },
];
