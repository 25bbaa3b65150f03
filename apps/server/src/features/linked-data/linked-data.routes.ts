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
import { registerLinkedAuthorizationRoutes } from './providers/linked-authorizations.routes.ts';
import { createLinkedAuthorizationsService } from './providers/linked-authorizations.service.ts';
import { registerLinkedProviderRoutes } from './providers/linked-providers.routes.ts';
import { createLinkedProvidersService } from './providers/linked-providers.service.ts';
import { createProviderRegistry } from './providers/provider-registry.ts';
import { CONNECTOR_SCHEDULE_CRON, CONNECTOR_SCHEDULE_QUEUE } from './providers/provider-schedule.ts';
import { providerSyncTask } from './providers/provider-sync.ts';

/** Linked data at the seed's linked_data paths (mounted under /api): first slice, files only. */
export const linkedDataRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before linkedDataRoutes');
  if (!app.hasDecorator('tasks') || !app.hasDecorator('fileStore')) {
    throw new Error('register jobsPlugin and fileStorePlugin before linkedDataRoutes');
  }
  const service = createLinkedDataService({ db: app.db, tasks: app.tasks });
  // Live connectors (issue #24): each provider available only when the environment configures it.
  const registry = createProviderRegistry(app.config);
  const providers = createLinkedProvidersService({
    db: app.db,
    tasks: app.tasks,
    providers: registry,
    logger: app.log,
  });
  registerManualLoadTask(app.tasks, app.fileStore, providerSyncTask({ db: app.db, providers: registry }), {
    db: app.db,
    dialect: app.dbDialect,
    log: app.log,
  });
  // The scheduler's tick runs where some provider is configured; elsewhere its stored schedule is removed.
  const hasProviders = registry.list().some((provider) => provider.available);
  app.jobs.schedule(CONNECTOR_SCHEDULE_QUEUE, hasProviders ? CONNECTOR_SCHEDULE_CRON : null, async () => {
    const { queued, skipped } = await providers.schedules.queueDue(new Date());
    if (queued.length + skipped.length > 0)
      app.log.info({ queued: queued.length, skipped: skipped.length }, 'Scheduled connector syncs queued');
  });
  const route = routesFrom(app, { tags: ['linked-data'], preValidation: app.authenticate });

  route(loadManualFile, { handler: async (request) => service.loadManualFile(request.user, request.body) });
  const connectors = registerLinkedConnectorRoutes(app, providers);
  registerLinkedProviderRoutes(app, providers);
  registerLinkedAuthorizationRoutes(
    app,
    createLinkedAuthorizationsService({
      db: app.db,
      tasks: app.tasks,
      providers: registry,
      logger: app.log,
      publicUrl: app.config.PUBLIC_URL,
    }),
    connectors,
  );
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
