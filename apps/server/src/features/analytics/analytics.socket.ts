import {
  openAnalyticsChannel,
  type TAnalyticsClientMessage,
  ZAnalyticsClientMessage,
  ZAnalyticsQuery,
} from '@strata/contracts/analytics';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError, isAppError } from '../../plugins/app-error.ts';
import { statusByErrorCode } from '../../plugins/errors.ts';
import { routeFrom } from '../../plugins/route-from-endpoint.ts';
import type { TAnalyticsService } from './analytics.service.ts';
import type { TAnalyticsEvents } from './analytics-events.ts';

/** At most this many repositories followed by one socket (a client follows the one it shows). */
const MAX_SUBSCRIPTIONS = 20;

function errorMessage(error: unknown, extra: Record<string, unknown>): string {
  if (isAppError(error)) {
    return JSON.stringify({
      type: 'error',
      ...extra,
      status: error.status ?? statusByErrorCode[error.code],
      message: error.message,
    });
  }
  return JSON.stringify({ type: 'error', ...extra, status: 500, message: 'Something went wrong' });
}

/**
 * The WebSocket channel 'analytics' at /api/ws/analytics (docs/analytics-api.md): authenticated by the
 * session cookie at the upgrade; each subscription checks read access like the HTTP route does.
 */
export async function analyticsSocketRoutes(
  app: FastifyInstance,
  deps: { service: TAnalyticsService; events: TAnalyticsEvents },
) {
  const { service, events } = deps;
  routeFrom(app, openAnalyticsChannel, {
    tags: ['analytics'],
    isHidden: true,
    // A page of another origin is refused at the upgrade by plugins/edge-protection.ts, before this.
    preValidation: app.authenticate,
    handler: async () => {
      throw new AppError('BAD_REQUEST', 'Open this address as a WebSocket');
    },
    wsHandler: (socket: WebSocket, request: FastifyRequest) => {
      const user = request.user;
      // One entry per repository, set before the access check resolves: a 'subscribe' and a 'compute' sent
      // together both await the same subscription, so the socket is one listener and gets each message once.
      const subscriptions = new Map<string, Promise<() => void>>();
      // One chain for everything sent, so messages leave in the order they were produced even when a
      // result first waits for its access re-check.
      let outgoing: Promise<void> = Promise.resolve();
      const write = (json: string) => {
        if (socket.readyState === socket.OPEN) socket.send(json);
      };
      const send = (json: string) => {
        outgoing = outgoing.then(() => write(json));
      };
      const unsubscribe = (repositoryId: string) => {
        const subscription = subscriptions.get(repositoryId);
        subscriptions.delete(repositoryId);
        subscription?.then(
          (stop) => stop(),
          () => undefined,
        );
      };

      function subscribe(repositoryId: string): Promise<() => void> {
        const existing = subscriptions.get(repositoryId);
        if (existing) return existing;
        if (subscriptions.size >= MAX_SUBSCRIPTIONS) {
          return Promise.reject(
            new AppError('BAD_REQUEST', `At most ${MAX_SUBSCRIPTIONS} repositories per connection`),
          );
        }
        const subscription = service.requireRead(user, repositoryId).then(() =>
          events.subscribe(repositoryId, (json) => {
            // Progress carries no data; a result (or the news that the data changed) is only handed to
            // someone who can still read the repository.
            if (json.startsWith('{"type":"progress"')) return send(json);
            outgoing = outgoing.then(() =>
              service.requireRead(user, repositoryId).then(
                () => write(json),
                () => {
                  if (subscriptions.get(repositoryId) === subscription) unsubscribe(repositoryId);
                },
              ),
            );
          }),
        );
        subscriptions.set(repositoryId, subscription);
        subscription.catch(() => {
          if (subscriptions.get(repositoryId) === subscription) subscriptions.delete(repositoryId);
        });
        return subscription;
      }

      async function handle(message: TAnalyticsClientMessage): Promise<void> {
        const repositoryId = message.repository_id;
        if (message.action === 'unsubscribe') {
          unsubscribe(repositoryId);
          return send(JSON.stringify({ type: 'unsubscribed', repository_id: repositoryId }));
        }
        if (message.action === 'subscribe') {
          await subscribe(repositoryId);
          return send(JSON.stringify({ type: 'subscribed', repository_id: repositoryId }));
        }
        const parsed = ZAnalyticsQuery.safeParse(message.query);
        if (!parsed.success) {
          throw new AppError('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'Invalid query');
        }
        // Following the repository is how the progress and the result arrive.
        await subscribe(repositoryId);
        const answer = await service.get(user, repositoryId, parsed.data, (requestHash) =>
          send(
            JSON.stringify({
              type: 'accepted',
              repository_id: repositoryId,
              request_id: message.request_id,
              request_hash: requestHash,
            }),
          ),
        );
        // A computed answer was already published to the repository's listeners, this socket among them.
        if (!answer.isComputed) {
          send(
            `{"type":"result","repository_id":${JSON.stringify(repositoryId)},"request_hash":"${answer.requestHash}","data_version":${answer.dataVersion},"response":${answer.body}}`,
          );
        }
      }

      socket.on('message', (data) => {
        let raw: unknown;
        try {
          raw = JSON.parse(String(data));
        } catch {
          return send(JSON.stringify({ type: 'error', status: 400, message: 'Messages must be JSON' }));
        }
        const parsed = ZAnalyticsClientMessage.safeParse(raw);
        if (!parsed.success) {
          return send(
            JSON.stringify({
              type: 'error',
              status: 400,
              message: parsed.error.issues[0]?.message ?? 'Invalid message',
            }),
          );
        }
        const extra = {
          repository_id: parsed.data.repository_id,
          ...(parsed.data.action === 'compute' && parsed.data.request_id
            ? { request_id: parsed.data.request_id }
            : {}),
        };
        handle(parsed.data).catch((error: unknown) => {
          if (!isAppError(error)) request.log.error({ err: error }, 'analytics socket message failed');
          send(errorMessage(error, extra));
        });
      });
      socket.on('close', () => {
        for (const repositoryId of [...subscriptions.keys()]) unsubscribe(repositoryId);
      });
    },
  });
}
