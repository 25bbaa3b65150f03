import websocket from '@fastify/websocket';
import { createDatabase, type TDatabaseHandle } from '@strata/db/database';
import { migrateToLatest } from '@strata/db/migrate';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import serverPackage from '../package.json' with { type: 'json' };
import { createErrorReporter, type TErrorReporter } from './error-reports/error-reporter.ts';
import { errorReporterOrigins } from './error-reports/error-reports-config.ts';
import { analyticsRoutes } from './features/analytics/analytics.routes.ts';
import { assetPricesRoutes } from './features/asset-prices/asset-prices.routes.ts';
import { assetsRoutes } from './features/assets/assets.routes.ts';
import { assistantRoutes } from './features/assistant/assistant.routes.ts';
import { authRoutes } from './features/auth/auth.routes.ts';
import { createAuth } from './features/auth/auth.ts';
import { oidcProviderConfig } from './features/auth/auth-config.ts';
import { authProvidersRoutes } from './features/auth/auth-providers.routes.ts';
import { resolveAuthSecret } from './features/auth/auth-secret.ts';
import { chatOrigins, chatRoutes } from './features/chat/index.ts';
import { clientConfigRoutes } from './features/client-config/client-config.routes.ts';
import { collaborationRoutes } from './features/collaboration/collaboration.routes.ts';
import { contactsRoutes } from './features/contacts/contacts.routes.ts';
import { currenciesRoutes } from './features/currencies/currencies.routes.ts';
import { dashboardsRoutes } from './features/dashboards/dashboards.routes.ts';
import { documentsRoutes } from './features/documents/documents.routes.ts';
import { healthRoutes } from './features/health/health.routes.ts';
import { metricsRoutes } from './features/health/metrics.routes.ts';
import { journalImportsRoutes } from './features/journal-imports/journal-imports.routes.ts';
import { linkedDataRoutes } from './features/linked-data/linked-data.routes.ts';
import { providerPageOrigins } from './features/linked-data/providers/providers-config.ts';
import { marketDataRoutes } from './features/market-data/market-data.routes.ts';
import { repositoriesRoutes } from './features/repositories/repositories.routes.ts';
import { rulesRoutes } from './features/rules/index.ts';
import { searchRoutes } from './features/search/search.routes.ts';
import { routePlanFeaturesPlugin } from './features/subscription/route-plan-features.ts';
import { subscriptionRoutes } from './features/subscription/subscription.routes.ts';
import { tagsRoutes } from './features/tags/tags.routes.ts';
import { tasksRoutes } from './features/tasks/tasks.routes.ts';
import { transactionsRoutes } from './features/transactions/transactions.routes.ts';
import { uploadsRoutes } from './features/uploads/uploads.routes.ts';
import { userSettingsRoutes } from './features/user-settings/user-settings.routes.ts';
import { jobsPlugin } from './jobs/jobs.plugin.ts';
import { createMailer } from './mail/mailer.ts';
import { cachesPlugin, createServerCaches } from './plugins/caches.ts';
import type { TConfig } from './plugins/config.ts';
import { correlationIdOf, correlationIdPlugin } from './plugins/correlation-id.ts';
import { dbPlugin } from './plugins/db.ts';
import { edgeProtectionPlugin, fileStoreOrigins, mergeServiceOrigins } from './plugins/edge-protection.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { gracefulClosePlugin } from './plugins/graceful-close.ts';
import { loggerOptions } from './plugins/logger.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { routeTablePlugin } from './plugins/route-table.ts';
import { staticWebPlugin } from './plugins/static-web.ts';
import { validatorCompiler } from './plugins/validator.ts';
import { workerOnlyRoutesPlugin } from './plugins/worker-only-routes.ts';
import { fileStorePlugin } from './storage/file-store.plugin.ts';

export { listApiRoutes, type TRouteEntry } from './plugins/route-table.ts';

export interface TBuildAppOptions {
  config: TConfig;
  /** A database the caller owns (tests); otherwise one is opened from config, migrated, and closed with the app. */
  db?: TDatabaseHandle;
  /** Fastify's `logger` option; defaults to pino at config.LOG_LEVEL. */
  logger?: boolean | object;
  /**
   * 'worker' (`npm run worker`, worker.ts): the same app working the job queues, answering only health and
   * metrics over HTTP. Default 'api'.
   */
  role?: 'api' | 'worker';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sentry-compatible error reporter; a no-op without SENTRY_DSN (docs/observability.md). */
    errorReporter: TErrorReporter;
  }
}

/** Feature route plugins, each mounted under /api. Add new features here. */
const apiFeatures = [
  healthRoutes,
  userSettingsRoutes,
  repositoriesRoutes,
  collaborationRoutes,
  subscriptionRoutes,
  currenciesRoutes,
  tasksRoutes,
  uploadsRoutes,
  assetsRoutes,
  assetPricesRoutes,
  tagsRoutes,
  transactionsRoutes,
  analyticsRoutes,
  dashboardsRoutes,
  contactsRoutes,
  documentsRoutes,
  linkedDataRoutes,
  rulesRoutes,
  searchRoutes,
  marketDataRoutes,
  journalImportsRoutes,
  assistantRoutes,
  clientConfigRoutes,
  chatRoutes,
];

/**
 * Builds the app without listening: `main.ts` listens, tests use `app.inject()`. Routes may still be
 * added (e.g. by a test) until `app.ready()`.
 */
export async function buildApp(options: TBuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const role = options.role ?? 'api';
  const app = Fastify({
    logger: options.logger ?? loggerOptions(config),
    genReqId: correlationIdOf,
    requestIdHeader: false,
    trustProxy: config.TRUST_PROXY,
    logController: new LogController({ requestIdLogLabel: 'correlationId' }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  let database = options.db;
  const isOwned = !database;
  if (!database) {
    database = await createDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      logger: {
        info: (message) => app.log.info(message),
        error: (details, message) => app.log.error(details, message),
      },
    });
    try {
      await migrateToLatest(database.db);
    } catch (error) {
      await database.close();
      throw error;
    }
  }

  try {
    // Order matters: the route table and the hooks must exist before the routes they apply to.
    await app.register(routeTablePlugin);
    await app.register(routePlanFeaturesPlugin);
    await app.register(correlationIdPlugin);
    await app.register(gracefulClosePlugin);
    const errorReporter = createErrorReporter({
      dsn: config.SENTRY_DSN,
      environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV,
      release: serverPackage.version,
    });
    app.decorate('errorReporter', errorReporter);
    // Last events are sent before the process ends.
    app.addHook('onClose', async () => errorReporter.close());
    await app.register(errorsPlugin, { reporter: errorReporter });
    if (role === 'worker') await app.register(workerOnlyRoutesPlugin);
    await app.register(edgeProtectionPlugin, {
      publicUrl: config.PUBLIC_URL,
      fileOrigins: fileStoreOrigins(config),
      // A configured provider's overlay (Plaid Link: its script and frame) and institution logos (GoCardless).
      serviceOrigins: mergeServiceOrigins(
        errorReporterOrigins(config),
        chatOrigins(config),
        providerPageOrigins(config),
      ),
    });
    await app.register(dbPlugin, { database, isOwned });
    // Early: its latency hook applies to the routes registered after it.
    await app.register(metricsPlugin, {
      database,
      role,
      isCollectingProcessMetrics: Boolean(config.METRICS_TOKEN),
    });
    await app.register(cachesPlugin, { database, caches: createServerCaches() });
    await app.register(openapiPlugin, { version: serverPackage.version, publicUrl: config.PUBLIC_URL });
    const secret = await resolveAuthSecret(config.DATA_DIR, config.AUTH_SECRET);
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      dataDir: config.DATA_DIR,
      logger: app.log,
    });
    const auth = createAuth({
      db: database.db,
      config: { ...config, AUTH_SECRET: secret },
      mailer,
      logger: app.log,
    });
    // Its URLs are already /api/auth/*; it must come before the features that authenticate.
    await app.register(authRoutes, { auth, publicUrl: config.PUBLIC_URL, sessions: app.caches.sessions });
    // Task queue and file store, before the features that create tasks and uploads (env: see docs/tasks-and-files.md).
    await app.register(jobsPlugin, {
      database,
      isWorker: config.JOBS_WORKER,
      shutdownSeconds: config.JOBS_SHUTDOWN_SECONDS,
    });
    await app.register(fileStorePlugin, {
      env: config,
      dataDir: config.DATA_DIR,
      publicUrl: config.PUBLIC_URL,
      secret,
    });
    app.decorate('config', config);
    // Once for the app (channels 'analytics' and 'security_master'): each registration listens to every
    // upgrade. Only routes with a wsHandler become WebSocket routes.
    await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
    for (const feature of apiFeatures) await app.register(feature, { prefix: '/api' });
    await app.register(authProvidersRoutes, {
      prefix: '/api',
      oidc: oidcProviderConfig(config),
      isOidcAvailable: () => auth.oidcDiscovery?.isAvailable() ?? false,
    });
    // At the root, not under /api: Prometheus scrapers look for /metrics.
    await app.register(metricsRoutes);
    if (role === 'worker') return app;
    await app.register(staticWebPlugin, {
      distDir: config.WEB_DIST_DIR,
      isServingSourceMaps: config.WEB_SOURCE_MAPS,
    });
  } catch (error) {
    if (isOwned) await database.close();
    throw error;
  }
  return app;
}
