import {
  createDocument,
  createDocumentTag,
  createDocumentUpload,
  deleteDocument,
  deleteDocumentTag,
  downloadDocumentFile,
  getDocument,
  listDocuments,
  listDocumentTags,
  openDocument,
  updateDocument,
  updateDocumentTag,
} from '@strata/contracts/documents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeFrom, routesFrom } from '../../plugins/route-from-endpoint.ts';
import { versionedBody } from '../../plugins/row-version.ts';
import { createDocumentTagsService } from './document-tags.service.ts';
import { createDocumentsService } from './documents.service.ts';

/** Documents, thumbnails, their files, and document tags (mounted under /api; docs/documents.md). */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before documentsRoutes');
  if (!app.hasDecorator('fileStore')) throw new Error('register fileStorePlugin before documentsRoutes');
  const service = createDocumentsService({
    db: app.db,
    fileStore: app.fileStore,
    linkSecret: app.fileLinkSecret,
    baseUrl: app.fileLinkBaseUrl,
    maxBytes: app.uploadMaxBytes,
  });
  const tagsService = createDocumentTagsService(app.db);
  const tags = ['documents'];
  const route = routesFrom(app, { tags, preValidation: app.authenticate });

  route(listDocuments, { handler: async (request) => service.list(request.user, request.query) });
  route(getDocument, { handler: async (request) => service.get(request.user, request.params.id) });
  route(createDocument, { handler: async (request) => service.create(request.user, request.body) });
  route(updateDocument, {
    handler: async (request) => {
      const { fields, expected } = versionedBody(request);
      return service.update(request.user, request.params.id, fields, expected);
    },
  });
  route(deleteDocument, { handler: async (request) => service.remove(request.user, request.params.id) });
  route(createDocumentUpload, {
    handler: async (request) => service.createUpload(request.user, request.params.id),
  });
  route(openDocument, { handler: async (request) => service.open(request.user, request.params.id) });

  // No session: the signed address is the permission (seed §7: stored-file hosts get no authorization).
  routeFrom(app, downloadDocumentFile, {
    tags,
    handler: async (request, reply) => {
      const file = await service.download(request.params.id, request.query);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', file.disposition)
        .header('x-content-type-options', 'nosniff')
        .header(
          'content-security-policy',
          "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
        )
        .header('cache-control', 'private, max-age=300')
        .send(file.body);
    },
  });

  route(listDocumentTags, {
    handler: async (request) => tagsService.list(request.user, request.query.repository_id),
  });
  route(createDocumentTag, { handler: async (request) => tagsService.create(request.user, request.body) });
  route(updateDocumentTag, {
    handler: async (request) => {
      const { fields, expected } = versionedBody(request);
      return tagsService.update(request.user, request.params.id, fields, expected);
    },
  });
  route(deleteDocumentTag, {
    handler: async (request) => tagsService.remove(request.user, request.params.id),
  });
};
