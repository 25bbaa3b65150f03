import { openSecurityMasterChannel, ZSecurityMasterClientMessage } from '@strata/contracts/market-data';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError, isAppError } from '../../plugins/app-error.ts';
import { statusByErrorCode } from '../../plugins/errors.ts';
import { routeFrom } from '../../plugins/route-from-endpoint.ts';
import type { TSecurityMasterService } from './security-master.service.ts';

/**
 * The WebSocket channel 'security_master' at /api/ws/security_master (core seed §7): action eod_search with
 * payload symbol, answered with a list of name, code, type, exchange, currency. Authenticated by the session
 * cookie at the upgrade; a search reads no repository, so any signed-in user may search.
 */
export async function securityMasterSocketRoutes(
  app: FastifyInstance,
  deps: { service: TSecurityMasterService },
) {
  routeFrom(app, openSecurityMasterChannel, {
    tags: ['security master'],
    isHidden: true,
    preValidation: app.authenticate,
    handler: async () => {
      throw new AppError('BAD_REQUEST', 'Open this address as a WebSocket');
    },
    wsHandler: (socket: WebSocket, request: FastifyRequest) => {
      const send = (message: unknown) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      };
      socket.on('message', (data) => {
        let raw: unknown;
        try {
          raw = JSON.parse(String(data));
        } catch {
          return send({ type: 'error', status: 400, message: 'Messages must be JSON' });
        }
        const parsed = ZSecurityMasterClientMessage.safeParse(raw);
        const requestId =
          typeof (raw as { request_id?: unknown })?.request_id === 'string'
            ? { request_id: (raw as { request_id: string }).request_id }
            : {};
        if (!parsed.success) {
          return send({
            type: 'error',
            ...requestId,
            status: 400,
            message: parsed.error.issues[0]?.message ?? 'Invalid message',
          });
        }
        const { symbol } = parsed.data.payload;
        deps.service.search(symbol).then(
          (results) => send({ type: 'eod_search', ...requestId, symbol, data: results }),
          (error: unknown) => {
            if (!isAppError(error)) request.log.error({ err: error }, 'security master search failed');
            send({
              type: 'error',
              ...requestId,
              status: isAppError(error) ? (error.status ?? statusByErrorCode[error.code]) : 500,
              message: isAppError(error) ? error.message : 'Something went wrong',
            });
          },
        );
      });
    },
  });
}
