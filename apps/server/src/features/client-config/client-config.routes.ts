import { getClientConfig, type TClientConfig } from '@strata/contracts/client-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import serverPackage from '../../../package.json' with { type: 'json' };
import type { TConfig } from '../../plugins/config.ts';
import { routeFrom } from '../../plugins/route-from-endpoint.ts';
import { chatConfigOf } from '../chat/index.ts';

/** Only what a browser may know: the web DSN (public by design) and the widget's script, never the tokens. */
export function clientConfigOf(config: TConfig): TClientConfig {
  const dsn = config.SENTRY_WEB_DSN ?? config.SENTRY_DSN;
  const chat = chatConfigOf(config);
  return {
    errorReporter: dsn
      ? { dsn, environment: config.SENTRY_ENVIRONMENT ?? config.NODE_ENV, release: serverPackage.version }
      : null,
    chat: chat ? { scriptUrl: chat.scriptUrl } : null,
  };
}

/** GET /client-config (mounted under /api): public, read once by the web app after it loads. */
export const clientConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const answer = clientConfigOf(app.config);
  routeFrom(app, getClientConfig, { tags: ['client config'], handler: async () => answer });
};
