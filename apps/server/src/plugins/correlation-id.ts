import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const CORRELATION_ID_HEADER = 'x-correlation-id';

// Printable ASCII without spaces: the id goes into log lines and back into a response header.
const ACCEPTED_ID = /^[\x21-\x7e]{1,128}$/;

/** Fastify's `genReqId`: the caller's correlation id when it is sane, otherwise a new UUID. */
export function correlationIdOf(request: IncomingMessage): string {
  const given = request.headers[CORRELATION_ID_HEADER];
  return typeof given === 'string' && ACCEPTED_ID.test(given) ? given : randomUUID();
}

/** Echoes the id on every response, errors and 404s included (onRequest runs before any of them). */
export const correlationIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header(CORRELATION_ID_HEADER, request.id);
    });
  },
  { name: 'correlation-id' },
);
