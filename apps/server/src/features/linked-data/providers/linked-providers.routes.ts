import { getAccessToken, listProviders } from '@strata/contracts/linked-providers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesFrom } from '../../../plugins/route-from-endpoint.ts';
import type { TLinkedProvidersService } from './linked-providers.service.ts';

/** The providers this server has and the overlay's Link token (linked seed §7). */
export function registerLinkedProviderRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  service: TLinkedProvidersService,
): void {
  const route = routesFrom(app, { tags: ['linked-data'], preValidation: app.authenticate });
  route(listProviders, { handler: async () => service.list() });
  route(getAccessToken, { handler: async (request) => service.accessToken(request.user, request.query) });
}
