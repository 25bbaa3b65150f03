import { askAssistant, getAssistantStatus } from '@strata/contracts/assistant';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesFrom } from '../../plugins/route-from-endpoint.ts';
import { createAssistantService } from './assistant.service.ts';
import { assistantModelOf } from './assistant-config.ts';
import { createChatCompletionsClient } from './chat-completions-client.ts';
import { readAsCallerOf } from './read-as-caller.ts';

/** The read-only assistant (mounted under /api; docs/assistant.md). */
export const assistantRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before assistantRoutes');
  const modelConfig = assistantModelOf(app.config);
  const service = createAssistantService({
    db: app.db,
    model: modelConfig ? createChatCompletionsClient(modelConfig) : null,
    modelName: modelConfig?.model ?? null,
    log: app.log,
  });
  const route = routesFrom(app, { tags: ['assistant'], preValidation: app.authenticate });

  route(getAssistantStatus, { handler: async () => service.status() });
  route(askAssistant, {
    handler: async (request) =>
      service.ask(request.user, request.params.id, request.body, readAsCallerOf(app, request)),
  });
};
