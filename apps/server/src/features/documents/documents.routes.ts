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

  app.route({
    method: listDocuments.method,
    url: listDocuments.url,
    preValidation: app.authenticate,
    schema: {
      summary: listDocuments.summary,
      tags,
      querystring: listDocuments.querystring,
      response: listDocuments.response,
    },
    handler: async (request) => service.list(request.user, request.query),
  });

  app.route({
    method: getDocument.method,
    url: getDocument.url,
    preValidation: app.authenticate,
    schema: {
      summary: getDocument.summary,
      tags,
      params: getDocument.params,
      response: getDocument.response,
    },
    handler: async (request) => service.get(request.user, request.params.id),
  });

  app.route({
    method: createDocument.method,
    url: createDocument.url,
    preValidation: app.authenticate,
    schema: {
      summary: createDocument.summary,
      tags,
      body: createDocument.body,
      response: createDocument.response,
    },
    handler: async (request, reply) => reply.code(201).send(await service.create(request.user, request.body)),
  });

  app.route({
    method: updateDocument.method,
    url: updateDocument.url,
    preValidation: app.authenticate,
    schema: {
      summary: updateDocument.summary,
      tags,
      params: updateDocument.params,
      body: updateDocument.body,
      response: updateDocument.response,
    },
    handler: async (request) => {
      const { fields, expected } = versionedBody(request);
      return service.update(request.user, request.params.id, fields, expected);
    },
  });

  app.route({
    method: deleteDocument.method,
    url: deleteDocument.url,
    preValidation: app.authenticate,
    schema: {
      summary: deleteDocument.summary,
      tags,
      params: deleteDocument.params,
      response: deleteDocument.response,
    },
    handler: async (request) => service.remove(request.user, request.params.id),
  });

  app.route({
    method: createDocumentUpload.method,
    url: createDocumentUpload.url,
    preValidation: app.authenticate,
    schema: {
      summary: createDocumentUpload.summary,
      tags,
      params: createDocumentUpload.params,
      response: createDocumentUpload.response,
    },
    handler: async (request) => service.createUpload(request.user, request.params.id),
  });

  app.route({
    method: openDocument.method,
    url: openDocument.url,
    preValidation: app.authenticate,
    schema: {
      summary: openDocument.summary,
      tags,
      params: openDocument.params,
      response: openDocument.response,
    },
    handler: async (request) => service.open(request.user, request.params.id),
  });

  // No session: the signed address is the permission (seed §7: stored-file hosts get no authorization).
  app.route({
    method: downloadDocumentFile.method,
    url: downloadDocumentFile.url,
    schema: {
      summary: downloadDocumentFile.summary,
      tags,
      params: downloadDocumentFile.params,
      querystring: downloadDocumentFile.querystring,
      response: downloadDocumentFile.response,
    },
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

  app.route({
    method: listDocumentTags.method,
    url: listDocumentTags.url,
    preValidation: app.authenticate,
    schema: {
      summary: listDocumentTags.summary,
      tags,
      querystring: listDocumentTags.querystring,
      response: listDocumentTags.response,
    },
    handler: async (request) => tagsService.list(request.user, request.query.repository_id),
  });

  app.route({
    method: createDocumentTag.method,
    url: createDocumentTag.url,
    preValidation: app.authenticate,
    schema: {
      summary: createDocumentTag.summary,
      tags,
      body: createDocumentTag.body,
      response: createDocumentTag.response,
    },
    handler: async (request, reply) =>
      reply.code(201).send(await tagsService.create(request.user, request.body)),
  });

  app.route({
    method: updateDocumentTag.method,
    url: updateDocumentTag.url,
    preValidation: app.authenticate,
    schema: {
      summary: updateDocumentTag.summary,
      tags,
      params: updateDocumentTag.params,
      body: updateDocumentTag.body,
      response: updateDocumentTag.response,
    },
    handler: async (request) => {
      const { fields, expected } = versionedBody(request);
      return tagsService.update(request.user, request.params.id, fields, expected);
    },
  });

  app.route({
    method: deleteDocumentTag.method,
    url: deleteDocumentTag.url,
    preValidation: app.authenticate,
    schema: {
      summary: deleteDocumentTag.summary,
      tags,
      params: deleteDocumentTag.params,
      response: deleteDocumentTag.response,
    },
    handler: async (request) => tagsService.remove(request.user, request.params.id),
  });
};
