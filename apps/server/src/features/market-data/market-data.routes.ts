import {
  getDailyPrices,
  getMarketDataStatus,
  getSecMaster,
  linkSecurity,
  startMarketDataSync,
  unlinkSecurity,
} from '@strata/contracts/market-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesFrom } from '../../plugins/route-from-endpoint.ts';
import { createMarketDataService } from './market-data.service.ts';
import { scheduleMarketDataSyncs } from './market-data-schedule.ts';
import { registerMarketDataSyncTask } from './market-data-sync-task.ts';
import { createMarketDataProviders } from './providers/provider-registry.ts';
import { createSecurityMasterService } from './security-master.service.ts';
import { securityMasterSocketRoutes } from './security-master.socket.ts';

/** Security master and market data (mounted under /api; docs/market-data.md). */
export const marketDataRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before marketDataRoutes');
  const providers = createMarketDataProviders(app.config);
  registerMarketDataSyncTask(app.tasks, providers);
  scheduleMarketDataSyncs({ db: app.db, jobs: app.jobs, tasks: app.tasks, providers, logger: app.log });
  const securityMaster = createSecurityMasterService({ db: app.db, providers, tasks: app.tasks });
  const marketData = createMarketDataService({ db: app.db, providers, tasks: app.tasks });

  const route = routesFrom(app, { tags: ['market data'], preValidation: app.authenticate });
  route(getSecMaster, { handler: async (request) => securityMaster.view(request.user, request.params.id) });
  route(linkSecurity, {
    handler: async (request) => securityMaster.link(request.user, request.params.id, request.body),
  });
  route(unlinkSecurity, {
    handler: async (request) => securityMaster.unlink(request.user, request.params.id),
  });

  route(getDailyPrices, {
    handler: async (request) => marketData.dailyPrices(request.user, request.query),
  });
  route(getMarketDataStatus, {
    handler: async (request) => marketData.status(request.user, request.query.repo_id),
  });
  route(startMarketDataSync, {
    handler: async (request) => marketData.startSync(request.user, request.body.repository_id),
  });

  await securityMasterSocketRoutes(app, { service: securityMaster });
};
