import {
  repositoryCall,
  type TMatrixCase,
  type TScene,
} from '../../testing/authorization-matrix/matrix-kit.ts';

/** A one-transaction journal whose accounts the scene's repository does not have yet. */
const journal = (scene: TScene) =>
  ['2024-01-02 opening', '    Assets:Cash   100 USD', '    Equity:Opening', '']
    .join('\n')
    .replace('Cash', `Cash ${scene.unique}`);

const body = (scene: TScene) => ({
  repository_id: scene.repositoryId,
  format: 'ledger',
  journal: journal(scene),
});

/** A journal import the owner started (the matrix app's worker runs it meanwhile). */
async function sceneJournalImport(scene: TScene): Promise<string> {
  const started = await scene.users.owner.call('POST', '/api/journal_imports', body(scene));
  if (started.statusCode !== 202) throw new Error(`journal import: ${started.statusCode} ${started.body}`);
  return started.json().id as string;
}

export const journalImportsMatrix: TMatrixCase[] = [
  {
    method: 'POST',
    route: '/api/journal_imports/preview',
    request: (scene) => ({ url: '/api/journal_imports/preview', body: body(scene) }),
    expected: repositoryCall('write'),
  },
  {
    method: 'POST',
    route: '/api/journal_imports',
    request: (scene) => ({ url: '/api/journal_imports', body: body(scene) }),
    expected: repositoryCall('write', 202),
  },
  {
    method: 'GET',
    route: '/api/journal_imports/:id',
    request: async (scene) => ({ url: `/api/journal_imports/${await sceneJournalImport(scene)}` }),
    expected: repositoryCall('read'),
  },
];
