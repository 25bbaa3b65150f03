import {
  getLinkedAccount,
  getSyncEvent,
  listLinkedAccounts,
  listSyncEvents,
  loadManualFile,
} from '@strata/contracts/linked-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesFrom } from '../../plugins/route-from-endpoint.ts';
import { registerLinkedBalancesRoutes } from './linked-balances.routes.ts';
import { registerLinkedConnectorRoutes } from './linked-connectors.routes.ts';
import { createLinkedDataService } from './linked-data.service.ts';
import { registerManualLoadTask } from './linked-data-load-task.ts';
import { registerLinkedPositionsRoutes } from './linked-positions.routes.ts';
import { registerLinkedTransactionRoutes } from './linked-transactions.routes.ts';

/** Linked data at the seed's linked_data paths (mounted under /api): first slice, files only. */
export const linkedDataRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before linkedDataRoutes');
  if (!app.hasDecorator('tasks') || !app.hasDecorator('fileStore')) {
    throw new Error('register jobsPlugin and fileStorePlugin before linkedDataRoutes');
  }
  const service = createLinkedDataService({ db: app.db, tasks: app.tasks });
  registerManualLoadTask(app.tasks, app.fileStore);
  const route = routesFrom(app, { tags: ['linked-data'], preValidation: app.authenticate });

  route(loadManualFile, { handler: async (request) => service.loadManualFile(request.user, request.body) });
  registerLinkedConnectorRoutes(app);
  route(listLinkedAccounts, {
    handler: async (request) => service.listAccounts(request.user, request.query),
  });
  route(getLinkedAccount, {
    handler: async (request) => service.getAccount(request.user, request.params.id),
  });
  route(listSyncEvents, {
    handler: async (request) => service.listSyncEvents(request.user, request.params.id),
  });
  route(getSyncEvent, { handler: async (request) => service.getSyncEvent(request.user, request.params.id) });
  registerLinkedTransactionRoutes(app);
  registerLinkedPositionsRoutes(app);
  registerLinkedBalancesRoutes(app);
};
