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
import { routesFrom } from '../../plugins/route-from-endpoint.ts';
import { versionedBody } from '../../plugins/row-version.ts';
import { assetTypes, createAssetsService } from './assets.service.ts';

/** Assets, currencies and accounts (mounted under /api); authentication runs before validation. */
export const assetsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before assetsRoutes');
  const service = createAssetsService(app.db);
  const route = routesFrom(app, { tags: ['assets'], preValidation: app.authenticate });

  route(listAssets, {
    handler: async (request) => ({
      data: await service.list(
        request.user,
        request.query.repository_id,
        request.query.show_deleted ?? false,
      ),
    }),
  });
  route(listAssetTypes, { handler: async () => assetTypes() });
  route(getAsset, { handler: async (request) => service.get(request.user, request.params.id) });
  route(createAssets, {
    handler: async (request) => service.create(request.user, request.body, request.query.repository_id),
  });
  route(updateAsset, {
    handler: async (request) => {
      const { fields, expected } = versionedBody(request);
      return service.update(request.user, request.params.id, fields, expected);
    },
  });
  route(deleteAsset, {
    handler: async (request) =>
      service.remove(request.user, [request.params.id], request.query.is_hard ?? false),
  });
  route(deleteAssets, {
    handler: async (request) => service.remove(request.user, request.body.ids, request.body.is_hard ?? false),
  });
  route(restoreAsset, { handler: async (request) => service.restore(request.user, request.params.id) });
};
