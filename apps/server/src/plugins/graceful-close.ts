import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Fastify answers requests that *arrive* while closing with 503 + `Connection: close`, but a request
 * already in flight keeps its keep-alive socket open afterwards, so `app.close()` would wait for the
 * keep-alive timeout. Responses finished during shutdown therefore close their connection.
 */
export const gracefulClosePlugin = fp(
  async (app: FastifyInstance) => {
    let isClosing = false;
    app.addHook('preClose', async () => {
      isClosing = true;
    });
    app.addHook('onSend', async (request, reply) => {
      if (isClosing && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
    });
    app.addHook('onResponse', async () => {
      // Catches responses whose headers were sent before shutdown began.
      if (isClosing) app.server.closeIdleConnections();
    });
  },
  { name: 'graceful-close' },
);
