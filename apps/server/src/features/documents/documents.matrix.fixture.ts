import {
  repositoryCall,
  type TExpected,
  type TMatrixCase,
  type TScene,
} from '../../testing/authorization-matrix/matrix-kit.ts';
import { shareRepository } from '../repositories/testing/repository-test-kit.ts';

async function sceneLink(scene: TScene): Promise<string> {
  const created = await scene.users.owner.call('POST', '/api/documents', {
    repository_id: scene.repositoryId,
    name: `Link ${scene.unique}`,
    source: 'url',
    path: 'https://example.com/report.pdf',
  });
  if (created.statusCode !== 201) throw new Error(`document: ${created.statusCode} ${created.body}`);
  return created.json().id as string;
}

async function sceneFile(scene: TScene): Promise<string> {
  const created = await scene.users.owner.call('POST', '/api/documents', {
    repository_id: scene.repositoryId,
    name: `File ${scene.unique}`,
    source: 'file',
    filename: 'report.pdf',
    content_type: 'application/pdf',
  });
  if (created.statusCode !== 201) throw new Error(`document: ${created.statusCode} ${created.body}`);
  return created.json().id as string;
}

async function sceneDocumentTag(scene: TScene): Promise<string> {
  const created = await scene.users.owner.call('POST', '/api/document_tags', {
    repository_id: scene.repositoryId,
    name: `Tag ${scene.unique}`,
  });
  if (created.statusCode !== 201) throw new Error(`document tag: ${created.statusCode} ${created.body}`);
  return created.json().id as string;
}

/**
 * Issue #17: the owner imports an export of the scene whose one stored file names another repository's
 * key, and shares the copy like the scene. The copy's file must be its own: an upload target for the old
 * key would overwrite the other repository's file (and its answer would carry that repository's id).
 */
async function importedCopyNamingOutsiderKey(scene: TScene): Promise<string> {
  const { owner, reader, writer, inactive } = scene.users;
  const exported = await owner.call('GET', `/api/repositories/${scene.repositoryId}/export`);
  if (exported.statusCode !== 200) throw new Error(`export: ${exported.statusCode} ${exported.body}`);
  const document = {
    id: 'crafted',
    asset_id: null,
    name: 'Crafted',
    source: 'file',
    path: null,
    filename: 'crafted.pdf',
    file_key: scene.outsiderFileKey,
    content_type: 'application/pdf',
    description: null,
  };
  const copyId = await scene.importAs(owner, `Copy ${scene.unique}`, {
    ...(exported.json() as Record<string, unknown>),
    documents: [document],
  });
  await shareRepository(owner, reader, copyId, 1);
  await shareRepository(owner, writer, copyId, 2);
  await shareRepository(owner, inactive, copyId, 2);
  const copies = await owner.call('GET', `/api/documents?repository_id=${copyId}&source=file`);
  return copies.json()[0].id as string;
}

/** The signed address is the permission: a session alone, whoever holds it, reads no file. */
const everyone = (status: number): TExpected => ({
  anonymous: status,
  stranger: status,
  reader: status,
  writer: status,
  owner: status,
  inactive: status,
});

export const documentsMatrix: TMatrixCase[] = [
  {
    method: 'GET',
    route: '/api/documents',
    request: (scene) => ({ url: `/api/documents?repository_id=${scene.repositoryId}` }),
    expected: repositoryCall('read'),
    byPlan: { professional: 200, standard: 200, collaborator: 403 },
  },
  {
    method: 'GET',
    route: '/api/documents/:id',
    request: async (scene) => ({ url: `/api/documents/${await sceneLink(scene)}` }),
    expected: repositoryCall('read'),
    byPlan: { professional: 200, standard: 200, collaborator: 403 },
  },
  {
    method: 'POST',
    route: '/api/documents',
    request: (scene) => ({
      url: '/api/documents',
      body: { repository_id: scene.repositoryId, name: scene.unique, source: 'url', path: 'example.com/a' },
    }),
    expected: repositoryCall('write', 201),
    byPlan: { professional: 201, standard: 201, collaborator: 403 },
  },
  {
    method: 'PUT',
    route: '/api/documents/:id',
    request: async (scene) => ({
      url: `/api/documents/${await sceneLink(scene)}`,
      body: { name: 'Renamed' },
    }),
    expected: repositoryCall('write'),
    byPlan: { professional: 200, standard: 200, collaborator: 403 },
  },
  {
    method: 'DELETE',
    route: '/api/documents/:id',
    request: async (scene) => ({ url: `/api/documents/${await sceneLink(scene)}` }),
    expected: repositoryCall('write'),
    byPlan: { professional: 200, standard: 200, collaborator: 403 },
  },
  {
    method: 'POST',
    route: '/api/documents/:id/upload',
    request: async (scene) => ({ url: `/api/documents/${await sceneFile(scene)}/upload` }),
    expected: repositoryCall('write'),
    byPlan: { professional: 200, standard: 200, collaborator: 403 },
  },
  {
    method: 'POST',
    route: '/api/documents/:id/upload',
    label: "of a copy imported from a file naming another repository's stored key",
    request: async (scene) => ({
      url: `/api/documents/${await importedCopyNamingOutsiderKey(scene)}/upload`,
    }),
    expected: repositoryCall('write'),
  },
  {
    method: 'GET',
    route: '/api/documents/:id/open',
    request: async (scene) => ({ url: `/api/documents/${await sceneLink(scene)}/open` }),
    expected: repositoryCall('read'),
    byPlan: { professional: 200, standard: 200, collaborator: 403 },
  },
  {
    method: 'GET',
    route: '/api/documents/:id/file',
    label: 'with a forged signature',
    request: async (scene) => ({
      url: `/api/documents/${await sceneFile(scene)}/file?expires=${Math.floor(Date.now() / 1000) + 600}&signature=${'0'.repeat(64)}`,
    }),
    expected: everyone(403),
  },
  {
    method: 'GET',
    route: '/api/document_tags',
    request: (scene) => ({ url: `/api/document_tags?repository_id=${scene.repositoryId}` }),
    expected: repositoryCall('read'),
    byPlan: { professional: 200, standard: 200, collaborator: 403 },
  },
  {
    method: 'POST',
    route: '/api/document_tags',
    request: (scene) => ({
      url: '/api/document_tags',
      body: { repository_id: scene.repositoryId, name: scene.unique },
    }),
    expected: repositoryCall('write', 201),
    byPlan: { professional: 201, standard: 201, collaborator: 403 },
  },
  {
    method: 'PUT',
    route: '/api/document_tags/:id',
    request: async (scene) => ({
      url: `/api/document_tags/${await sceneDocumentTag(scene)}`,
      body: { name: `${scene.unique}-renamed` },
    }),
    expected: repositoryCall('write'),
    byPlan: { professional: 200, standard: 200, collaborator: 403 },
  },
  {
    method: 'DELETE',
    route: '/api/document_tags/:id',
    request: async (scene) => ({ url: `/api/document_tags/${await sceneDocumentTag(scene)}` }),
    expected: repositoryCall('write'),
    byPlan: { professional: 200, standard: 200, collaborator: 403 },
  },
];
