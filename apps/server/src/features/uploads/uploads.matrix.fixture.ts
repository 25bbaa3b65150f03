import { signedIn, type TMatrixCase } from '../../testing/authorization-matrix/matrix-kit.ts';

export const uploadsMatrix: TMatrixCase[] = [
  {
    method: 'POST',
    route: '/api/file_upload',
    // Upload targets are the caller's own; a repository import checks the subscription when it runs.
    request: (scene) => ({ url: '/api/file_upload', body: { type: 'repository', repoName: scene.unique } }),
    expected: signedIn(),
    byPlan: { professional: 200, standard: 200, collaborator: 403 },
  },
  {
    method: 'POST',
    route: '/api/files/upload',
    label: 'without a signed policy',
    // The signed policy is the permission (no session, as on S3): a session alone uploads nothing.
    request: () => ({ url: '/api/files/upload' }),
    expected: { anonymous: 400, stranger: 400, reader: 400, writer: 400, owner: 400, inactive: 400 },
  },
];
