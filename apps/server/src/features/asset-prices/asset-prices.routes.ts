import {
  createAssetPrice,
  deleteAssetPrice,
  importPriceCsv,
  listAssetPrices,
  previewPriceCsv,
  updateAssetPrice,
} from '@strata/contracts/asset-prices';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesFrom } from '../../plugins/route-from-endpoint.ts';
import { versionedBody } from '../../plugins/row-version.ts';
import { createAssetPricesService } from './asset-prices.service.ts';
import { createPriceCsvService } from './price-csv.service.ts';

/** Asset prices (mounted under /api). */
export const assetPricesRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before assetPricesRoutes');
  const service = createAssetPricesService(app.db);
  const route = routesFrom(app, { tags: ['asset prices'], preValidation: app.authenticate });

  route(listAssetPrices, { handler: async (request) => service.list(request.user, request.query) });
  route(createAssetPrice, { handler: async (request) => service.create(request.user, request.body) });
  route(updateAssetPrice, {
    handler: async (request) => {
      const { fields, expected } = versionedBody(request);
      return service.update(request.user, request.params.id, fields, expected);
    },
  });
  route(deleteAssetPrice, { handler: async (request) => service.remove(request.user, request.params.id) });

  // Five million characters hold the 50,000 rows a price file may have; the JSON around them a little more.
  const csv = createPriceCsvService(app.db);
  const bodyLimit = 6 * 1024 * 1024;
  route(previewPriceCsv, { bodyLimit, handler: async (request) => csv.preview(request.user, request.body) });
  route(importPriceCsv, { bodyLimit, handler: async (request) => csv.import(request.user, request.body) });
};
