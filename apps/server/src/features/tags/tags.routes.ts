import {
  createAssetTag,
  createTag,
  deleteAssetTag,
  deleteTag,
  listAssetTags,
  listTags,
  updateAssetTag,
  updateTag,
} from '@strata/contracts/tags';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { versionedBody } from '../../plugins/row-version.ts';
import { createTagsService } from './tags.service.ts';

/** Tags and the tags on assets (mounted under /api). */
export const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before tagsRoutes');
  const service = createTagsService(app.db);
  const tags = ['tags'];

  app.route({
    method: listTags.method,
    url: listTags.url,
    preValidation: app.authenticate,
    schema: {
      summary: listTags.summary,
      tags,
      querystring: listTags.querystring,
      response: listTags.response,
    },
    handler: async (request) => service.list(request.user, request.query.repository_id),
  });

  app.route({
    method: createTag.method,
    url: createTag.url,
    preValidation: app.authenticate,
    schema: { summary: createTag.summary, tags, body: createTag.body, response: createTag.response },
    handler: async (request, reply) => reply.code(201).send(await service.create(request.user, request.body)),
  });

  app.route({
    method: updateTag.method,
    url: updateTag.url,
    preValidation: app.authenticate,
    schema: {
      summary: updateTag.summary,
      tags,
      params: updateTag.params,
      body: updateTag.body,
      response: updateTag.response,
    },
    handler: async (request) => {
      const { fields, expected } = versionedBody(request);
      return service.update(request.user, request.params.id, fields, expected);
    },
  });

  app.route({
    method: deleteTag.method,
    url: deleteTag.url,
    preValidation: app.authenticate,
    schema: { summary: deleteTag.summary, tags, params: deleteTag.params, response: deleteTag.response },
    handler: async (request) => service.remove(request.user, request.params.id),
  });

  app.route({
    method: listAssetTags.method,
    url: listAssetTags.url,
    preValidation: app.authenticate,
    schema: {
      summary: listAssetTags.summary,
      tags,
      querystring: listAssetTags.querystring,
      response: listAssetTags.response,
    },
    handler: async (request) => service.listOnAssets(request.user, request.query),
  });

  app.route({
    method: createAssetTag.method,
    url: createAssetTag.url,
    preValidation: app.authenticate,
    schema: {
      summary: createAssetTag.summary,
      tags,
      body: createAssetTag.body,
      response: createAssetTag.response,
    },
    handler: async (request, reply) => reply.code(201).send(await service.assign(request.user, request.body)),
  });

  app.route({
    method: updateAssetTag.method,
    url: updateAssetTag.url,
    preValidation: app.authenticate,
    schema: {
      summary: updateAssetTag.summary,
      tags,
      params: updateAssetTag.params,
      body: updateAssetTag.body,
      response: updateAssetTag.response,
    },
    handler: async (request) => service.reassign(request.user, request.params.id, request.body),
  });

  app.route({
    method: deleteAssetTag.method,
    url: deleteAssetTag.url,
    preValidation: app.authenticate,
    schema: {
      summary: deleteAssetTag.summary,
      tags,
      params: deleteAssetTag.params,
      response: deleteAssetTag.response,
    },
    handler: async (request) => service.unassign(request.user, request.params.id),
  });
};
