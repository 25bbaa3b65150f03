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
import { routesFrom } from '../../plugins/route-from-endpoint.ts';
import { versionedBody } from '../../plugins/row-version.ts';
import { createTagsService } from './tags.service.ts';

/** Tags and the tags on assets (mounted under /api). */
export const tagsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before tagsRoutes');
  const service = createTagsService(app.db);
  const route = routesFrom(app, { tags: ['tags'], preValidation: app.authenticate });

  route(listTags, { handler: async (request) => service.list(request.user, request.query.repository_id) });
  route(createTag, { handler: async (request) => service.create(request.user, request.body) });
  route(updateTag, {
    handler: async (request) => {
      const { fields, expected } = versionedBody(request);
      return service.update(request.user, request.params.id, fields, expected);
    },
  });
  route(deleteTag, { handler: async (request) => service.remove(request.user, request.params.id) });
  route(listAssetTags, { handler: async (request) => service.listOnAssets(request.user, request.query) });
  route(createAssetTag, { handler: async (request) => service.assign(request.user, request.body) });
  route(updateAssetTag, {
    handler: async (request) => service.reassign(request.user, request.params.id, request.body),
  });
  route(deleteAssetTag, { handler: async (request) => service.unassign(request.user, request.params.id) });
};
