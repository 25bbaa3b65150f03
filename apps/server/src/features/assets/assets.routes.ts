import {
  createAssets,
  deleteAsset,
  deleteAssets,
  getAsset,
  listAssets,
  listAssetTypes,
  restoreAsset,
  updateAsset,
} from '@strata/contracts/assets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { versionedBody } from '../../plugins/row-version.ts';
import { assetTypes, createAssetsService } from './assets.service.ts';

/** Assets, currencies and accounts (mounted under /api); authentication runs before validation. */
export const assetsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before assetsRoutes');
  const service = createAssetsService(app.db);
  const tags = ['assets'];

  app.route({
    method: listAssets.method,
    url: listAssets.url,
    preValidation: app.authenticate,
    schema: {
      summary: listAssets.summary,
      tags,
      querystring: listAssets.querystring,
      response: listAssets.response,
    },
    handler: async (request) => ({
      data: await service.list(
        request.user,
        request.query.repository_id,
        request.query.show_deleted ?? false,
      ),
    }),
  });

  app.route({
    method: listAssetTypes.method,
    url: listAssetTypes.url,
    preValidation: app.authenticate,
    schema: { summary: listAssetTypes.summary, tags, response: listAssetTypes.response },
    handler: async () => assetTypes(),
  });

  app.route({
    method: getAsset.method,
    url: getAsset.url,
    preValidation: app.authenticate,
    schema: { summary: getAsset.summary, tags, params: getAsset.params, response: getAsset.response },
    handler: async (request) => service.get(request.user, request.params.id),
  });

  app.route({
    method: createAssets.method,
    url: createAssets.url,
    preValidation: app.authenticate,
    schema: {
      summary: createAssets.summary,
      tags,
      querystring: createAssets.querystring,
      body: createAssets.body,
      response: createAssets.response,
    },
    handler: async (request, reply) =>
      reply.code(201).send(await service.create(request.user, request.body, request.query.repository_id)),
  });

  app.route({
    method: updateAsset.method,
    url: updateAsset.url,
    preValidation: app.authenticate,
    schema: {
      summary: updateAsset.summary,
      tags,
      params: updateAsset.params,
      body: updateAsset.body,
      response: updateAsset.response,
    },
    handler: async (request) => {
      const { fields, expected } = versionedBody(request);
      return service.update(request.user, request.params.id, fields, expected);
    },
  });

  app.route({
    method: deleteAsset.method,
    url: deleteAsset.url,
    preValidation: app.authenticate,
    schema: {
      summary: deleteAsset.summary,
      tags,
      params: deleteAsset.params,
      querystring: deleteAsset.querystring,
      response: deleteAsset.response,
    },
    handler: async (request) =>
      service.remove(request.user, [request.params.id], request.query.is_hard ?? false),
  });

  app.route({
    method: deleteAssets.method,
    url: deleteAssets.url,
    preValidation: app.authenticate,
    schema: { summary: deleteAssets.summary, tags, body: deleteAssets.body, response: deleteAssets.response },
    handler: async (request) => service.remove(request.user, request.body.ids, request.body.is_hard ?? false),
  });

  app.route({
    method: restoreAsset.method,
    url: restoreAsset.url,
    preValidation: app.authenticate,
    schema: {
      summary: restoreAsset.summary,
      tags,
      params: restoreAsset.params,
      response: restoreAsset.response,
    },
    handler: async (request) => service.restore(request.user, request.params.id),
  });
};
