import {
  archSync,
  getAuthorizationUrl,
  krakenSync,
  linkedDataCallback,
  searchInstitutions,
} from '@strata/contracts/linked-authorizations';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesFrom } from '../../../plugins/route-from-endpoint.ts';
import type { TAccessUser } from '../../../shared/repository-access.ts';
import type { createLinkedConnectorsService } from '../linked-connectors.service.ts';
import type { TLinkedAuthorizationsService } from './linked-authorizations.service.ts';

/** Institutions search, the redirect link's two routes and the credential links (Arch, Kraken) (linked seed §7). */
export function registerLinkedAuthorizationRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  service: TLinkedAuthorizationsService,
  connectors: Pick<ReturnType<typeof createLinkedConnectorsService>, 'describeConnector'>,
): void {
  const route = routesFrom(app, { tags: ['linked-data'], preValidation: app.authenticate });
  route(searchInstitutions, { handler: async (request) => service.searchInstitutions(request.query) });
  route(getAuthorizationUrl, {
    handler: async (request) =>
      service.authorizationUrl(request.user, request.params.connector, request.query),
  });
  route(linkedDataCallback, {
    handler: async (request) => {
      const made = await service.callback(request.user, request.params.connector, request.query);
      return {
        ...(await connectors.describeConnector(request.user as TAccessUser, made.connector)),
        task_id: made.taskId,
      };
    },
  });
  route(archSync, { handler: async (request) => service.archSync(request.user, request.body) });
  route(krakenSync, { handler: async (request) => service.krakenSync(request.user, request.body) });
}
