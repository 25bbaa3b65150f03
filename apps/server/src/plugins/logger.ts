import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { TConfig } from './config.ts';

/**
 * Query parameters that carry a one-use secret through a redirect: an OAuth provider's authorization code and
 * state on the linked-data callback (the cap-table link), GoCardless' `ref`. Written to the log as [redacted].
 */
const SECRET_QUERY = /([?&](?:code|state|ref)=)[^&#]*/gi;

/** Fastify's request log fields, with the URL's secret query values censored. */
export function requestLogFields(request: FastifyRequest) {
  return {
    method: request.method,
    url: request.url.replace(SECRET_QUERY, '$1[redacted]'),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Pino options for Fastify. Request logs carry `correlationId` (see build-app.ts `requestIdLogLabel`). */
export function loggerOptions(config: Pick<TConfig, 'LOG_LEVEL'>) {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: { req: requestLogFields },
  } satisfies FastifyServerOptions['logger'];
}
