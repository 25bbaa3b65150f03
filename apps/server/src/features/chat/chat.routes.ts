import { getChatToken } from '@strata/contracts/chat';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../plugins/app-error.ts';
import { routeFrom } from '../../plugins/route-from-endpoint.ts';
import { createChatService } from './chat.service.ts';
import { chatConfigOf } from './chat-config.ts';
import { createHubSpotClient } from './hubspot-client.ts';

/** GET /hubspot (mounted under /api): the signed-in user's chat widget token (docs/observability.md). */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before chatRoutes');
  const chat = chatConfigOf(app.config);
  const service = createChatService(
    chat ? createHubSpotClient({ baseUrl: chat.baseUrl, accessToken: chat.accessToken }) : null,
  );
  routeFrom(app, getChatToken, {
    tags: ['chat'],
    preValidation: app.authenticate,
    handler: async (request) => {
      if (!request.user) throw new AppError('UNAUTHORIZED', 'You need to be authorized');
      return service.tokenFor(request.user, request.log);
    },
  });
};
