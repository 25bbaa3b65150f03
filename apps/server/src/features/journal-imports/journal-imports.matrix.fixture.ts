import {
  repositoryCall,
  type TMatrixCase,
  type TScene,
} from '../../testing/authorization-matrix/matrix-kit.ts';
import { markUploaded } from './testing/mark-uploaded.ts';

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

/**
 * The owner's journal upload held for its preview, its file stored as the upload route stores it: only the
 * owner may preview or start it (a writer of the repository included, others answer 404).
 */
async function sceneHeldUpload(scene: TScene): Promise<string> {
  const { journal: _text, ...rest } = body(scene);
  const made = await scene.users.owner.call('POST', '/api/journal_imports/uploads', {
    ...rest,
    preview_first: true,
  });
  if (made.statusCode !== 200) throw new Error(`journal upload: ${made.statusCode} ${made.body}`);
  const { task_id: taskId, fields } = made.json() as { task_id: string; fields: { key: string } };
  await scene.fileStore.put(fields.key, Buffer.from(journal(scene)));
  await markUploaded(scene.db, taskId);
  return taskId;
}

const ownerOnly = { anonymous: 401, stranger: 404, reader: 404, writer: 404, inactive: 404 };

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
    method: 'POST',
    route: '/api/journal_imports/uploads',
    request: (scene) => {
      const { journal: _text, ...rest } = body(scene);
      return { url: '/api/journal_imports/uploads', body: rest };
    },
    expected: repositoryCall('write'),
  },
  {
    method: 'POST',
    route: '/api/journal_imports/:id/preview',
    request: async (scene) => ({ url: `/api/journal_imports/${await sceneHeldUpload(scene)}/preview` }),
    expected: { ...ownerOnly, owner: 200 },
  },
  {
    method: 'POST',
    route: '/api/journal_imports/:id/start',
    request: async (scene) => ({
      url: `/api/journal_imports/${await sceneHeldUpload(scene)}/start`,
      body: {},
    }),
    expected: { ...ownerOnly, owner: 202 },
  },
  {
    method: 'GET',
    route: '/api/journal_imports/:id',
    request: async (scene) => ({ url: `/api/journal_imports/${await sceneJournalImport(scene)}` }),
    expected: repositoryCall('read'),
  },
];
