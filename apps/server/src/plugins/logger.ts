import type { FastifyServerOptions } from 'fastify';
import type { TConfig } from './config.ts';

/** Pino options for Fastify. Request logs carry `correlationId` (see build-app.ts `requestIdLogLabel`). */
export function loggerOptions(config: Pick<TConfig, 'LOG_LEVEL'>): FastifyServerOptions['logger'] {
  return {
    level: config.LOG_LEVEL,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  };
}
