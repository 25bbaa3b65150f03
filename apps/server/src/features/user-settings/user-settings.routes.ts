import { getUserSettings, saveUserSettings } from '@strata/contracts/user-settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../plugins/app-error.ts';
import { routesFrom } from '../../plugins/route-from-endpoint.ts';
import { createUserSettingsRepository } from './user-settings.repository.ts';
import { createUserSettingsService } from './user-settings.service.ts';

/** GET and POST /users/:uuid/settings (mounted under /api). Authentication runs before validation, so an anonymous caller gets 401 before any field error (a body that is not JSON at all is a 400 for everyone). */
export const userSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  // Without it the routes would silently lose their authentication hook.
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before userSettingsRoutes');
  const service = createUserSettingsService(createUserSettingsRepository(app.db));

  function actorOf(request: { user: { id: string } | null }) {
    if (!request.user) throw new AppError('UNAUTHORIZED', 'You need to be authorized');
    return request.user;
  }

  const route = routesFrom(app, { tags: ['user settings'], preValidation: app.authenticate });

  route(getUserSettings, {
    handler: async (request) => service.get(actorOf(request), request.params.uuid, request.query.timeZone),
  });
  route(saveUserSettings, {
    handler: async (request) => service.save(actorOf(request), request.params.uuid, request.body),
  });
};
