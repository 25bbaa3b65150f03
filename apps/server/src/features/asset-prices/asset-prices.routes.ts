import {
  createAssetPrice,
  deleteAssetPrice,
  listAssetPrices,
  updateAssetPrice,
} from '@strata/contracts/asset-prices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { versionedBody } from '../../plugins/row-version.ts';
import { createAssetPricesService } from './asset-prices.service.ts';

/** Asset prices (mounted under /api). */
export const assetPricesRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before assetPricesRoutes');
  const service = createAssetPricesService(app.db);
  const tags = ['asset prices'];

  app.route({
    method: listAssetPrices.method,
    url: listAssetPrices.url,
    preValidation: app.authenticate,
    schema: {
      summary: listAssetPrices.summary,
      tags,
      querystring: listAssetPrices.querystring,
      response: listAssetPrices.response,
    },
    handler: async (request) => service.list(request.user, request.query),
  });

  app.route({
    method: createAssetPrice.method,
    url: createAssetPrice.url,
    preValidation: app.authenticate,
    schema: {
      summary: createAssetPrice.summary,
      tags,
      body: createAssetPrice.body,
      response: createAssetPrice.response,
    },
    handler: async (request, reply) => reply.code(201).send(await service.create(request.user, request.body)),
  });

  app.route({
    method: updateAssetPrice.method,
    url: updateAssetPrice.url,
    preValidation: app.authenticate,
    schema: {
      summary: updateAssetPrice.summary,
      tags,
      params: updateAssetPrice.params,
      body: updateAssetPrice.body,
      response: updateAssetPrice.response,
    },
    handler: async (request) => {
      const { fields, expected } = versionedBody(request);
      return service.update(request.user, request.params.id, fields, expected);
    },
  });

  app.route({
    method: deleteAssetPrice.method,
    url: deleteAssetPrice.url,
    preValidation: app.authenticate,
    schema: {
      summary: deleteAssetPrice.summary,
      tags,
      params: deleteAssetPrice.params,
      response: deleteAssetPrice.response,
    },
    handler: async (request) => service.remove(request.user, request.params.id),
  });
};
