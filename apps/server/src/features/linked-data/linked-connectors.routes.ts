import {
  createConnector,
  createCsvProfile,
  deleteCsvProfile,
  getConnectorImport,
  linkLinkedAccountToRepository,
  listCsvProfiles,
  mapConnectorRepository,
  mapLinkedAccount,
  unmapConnectorRepository,
  updateCsvProfile,
  updateLinkedAccounts,
} from '@strata/contracts/linked-connectors';
import {
  deleteConnector,
  listConnectors,
  renameConnector,
  updateConnector,
} from '@strata/contracts/linked-data';
import {
  getConnectorSchedule,
  syncConnector,
  updateConnectorSchedule,
} from '@strata/contracts/linked-providers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesFrom } from '../../plugins/route-from-endpoint.ts';
import { createLinkedConnectorsService } from './linked-connectors.service.ts';
import type { TLinkedProvidersService } from './providers/linked-providers.service.ts';

/** Connectors (made, renamed, shared, deleted), linked accounts mapped to accounts, saved CSV profiles. */
export function registerLinkedConnectorRoutes(
  app: Parameters<FastifyPluginAsyncZod>[0],
  providers: TLinkedProvidersService,
): ReturnType<typeof createLinkedConnectorsService> {
  const service = createLinkedConnectorsService({ db: app.db, providers });
  const route = routesFrom(app, { tags: ['linked-data'], preValidation: app.authenticate });

  route(listConnectors, {
    handler: async (request) => service.listConnectors(request.user, request.query.repository_id),
  });
  route(createConnector, { handler: async (request) => service.createConnector(request.user, request.body) });
  route(renameConnector, {
    handler: async (request) => service.renameConnector(request.user, request.params.id, request.body.name),
  });
  route(updateConnector, {
    handler: async (request) => service.renameConnector(request.user, request.params.id, request.body.name),
  });
  route(deleteConnector, {
    handler: async (request) =>
      service.deleteConnector(request.user, request.params.id, request.query.has_permission === true),
  });
  route(mapConnectorRepository, {
    handler: async (request) =>
      service.mapRepository(request.user, request.params.id, request.body.repository_id),
  });
  route(syncConnector, {
    handler: async (request) => service.syncConnector(request.user, request.params.id),
  });
  route(getConnectorSchedule, {
    handler: async (request) => service.getSchedule(request.user, request.params.id),
  });
  route(updateConnectorSchedule, {
    handler: async (request) => service.setSchedule(request.user, request.params.id, request.body),
  });
  route(unmapConnectorRepository, {
    handler: async (request) =>
      service.unmapRepository(request.user, request.params.id, request.query.repository_id),
  });
  route(getConnectorImport, {
    handler: async (request) => service.importOf(request.user, request.params.id),
  });

  route(updateLinkedAccounts, {
    handler: async (request) => service.updateAccounts(request.user, request.body),
  });
  route(mapLinkedAccount, { handler: async (request) => service.mapAccount(request.user, request.body) });
  route(linkLinkedAccountToRepository, {
    handler: async (request) => service.linkToRepository(request.user, request.body),
  });

  route(listCsvProfiles, {
    handler: async (request) => service.listCsvProfiles(request.user, request.query.repository_id),
  });
  route(createCsvProfile, {
    handler: async (request) => service.createCsvProfile(request.user, request.body),
  });
  route(updateCsvProfile, {
    handler: async (request) => service.updateCsvProfile(request.user, request.params.id, request.body),
  });
  route(deleteCsvProfile, {
    handler: async (request) => service.deleteCsvProfile(request.user, request.params.id),
  });
  return service;
}
