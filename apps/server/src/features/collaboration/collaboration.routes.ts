import {
  acceptInvite,
  createInvite,
  declineInvite,
  deleteInvite,
  listCollaborators,
  listInvites,
  removeCollaborator,
  updateCollaborator,
} from '@strata/contracts/collaboration';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../plugins/app-error.ts';
import { routesFrom } from '../../plugins/route-from-endpoint.ts';
import { createCollaborationService } from './collaboration.service.ts';

/** Collaborators and invites (mounted under /api); every route authenticates first. */
export const collaborationRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before collaborationRoutes');
  const service = createCollaborationService(app.db);
  const actorOf = (request: { user: { id: string; email: string } | null }) => {
    if (!request.user) throw new AppError('UNAUTHORIZED', 'You need to be authorized');
    return request.user;
  };
  const route = routesFrom(app, { tags: ['collaboration'], preValidation: app.authenticate });

  route(listCollaborators, {
    handler: async (request) => service.listCollaborators(actorOf(request), request.query.repository_id),
  });
  route(updateCollaborator, {
    handler: async (request) =>
      service.updateCollaborator(actorOf(request), request.params.emailOrId, request.body),
  });
  route(removeCollaborator, {
    handler: async (request) =>
      service.removeCollaborator(actorOf(request), request.params.emailOrId, request.query.repository_id),
  });
  route(listInvites, {
    handler: async (request) => service.listInvites(actorOf(request), request.query.repository_id),
  });
  route(createInvite, { handler: async (request) => service.createInvite(actorOf(request), request.body) });
  route(acceptInvite, {
    handler: async (request) => service.acceptInvite(actorOf(request), request.params.id),
  });
  route(declineInvite, {
    handler: async (request) => service.declineInvite(actorOf(request), request.params.id),
  });
  route(deleteInvite, {
    handler: async (request) => service.deleteInvite(actorOf(request), request.params.id),
  });
};
