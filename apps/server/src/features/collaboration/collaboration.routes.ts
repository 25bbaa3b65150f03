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
import { createCollaborationService } from './collaboration.service.ts';

/** Collaborators and invites (mounted under /api); every route authenticates first. */
export const collaborationRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before collaborationRoutes');
  const service = createCollaborationService(app.db);
  const actorOf = (request: { user: { id: string; email: string } | null }) => {
    if (!request.user) throw new AppError('UNAUTHORIZED', 'You need to be authorized');
    return request.user;
  };
  const tags = ['collaboration'];

  app.route({
    method: listCollaborators.method,
    url: listCollaborators.url,
    preValidation: app.authenticate,
    schema: {
      summary: listCollaborators.summary,
      tags,
      querystring: listCollaborators.querystring,
      response: listCollaborators.response,
    },
    handler: async (request) => service.listCollaborators(actorOf(request), request.query.repository_id),
  });

  app.route({
    method: updateCollaborator.method,
    url: updateCollaborator.url,
    preValidation: app.authenticate,
    schema: {
      summary: updateCollaborator.summary,
      tags,
      params: updateCollaborator.params,
      body: updateCollaborator.body,
      response: updateCollaborator.response,
    },
    handler: async (request) =>
      service.updateCollaborator(actorOf(request), request.params.emailOrId, request.body),
  });

  app.route({
    method: removeCollaborator.method,
    url: removeCollaborator.url,
    preValidation: app.authenticate,
    schema: {
      summary: removeCollaborator.summary,
      tags,
      params: removeCollaborator.params,
      querystring: removeCollaborator.querystring,
      response: removeCollaborator.response,
    },
    handler: async (request) =>
      service.removeCollaborator(actorOf(request), request.params.emailOrId, request.query.repository_id),
  });

  app.route({
    method: listInvites.method,
    url: listInvites.url,
    preValidation: app.authenticate,
    schema: {
      summary: listInvites.summary,
      tags,
      querystring: listInvites.querystring,
      response: listInvites.response,
    },
    handler: async (request) => service.listInvites(actorOf(request), request.query.repository_id),
  });

  app.route({
    method: createInvite.method,
    url: createInvite.url,
    preValidation: app.authenticate,
    schema: { summary: createInvite.summary, tags, body: createInvite.body, response: createInvite.response },
    handler: async (request, reply) =>
      reply.code(201).send(await service.createInvite(actorOf(request), request.body)),
  });

  app.route({
    method: acceptInvite.method,
    url: acceptInvite.url,
    preValidation: app.authenticate,
    schema: {
      summary: acceptInvite.summary,
      tags,
      params: acceptInvite.params,
      response: acceptInvite.response,
    },
    handler: async (request) => service.acceptInvite(actorOf(request), request.params.id),
  });

  app.route({
    method: declineInvite.method,
    url: declineInvite.url,
    preValidation: app.authenticate,
    schema: {
      summary: declineInvite.summary,
      tags,
      params: declineInvite.params,
      response: declineInvite.response,
    },
    handler: async (request) => service.declineInvite(actorOf(request), request.params.id),
  });

  app.route({
    method: deleteInvite.method,
    url: deleteInvite.url,
    preValidation: app.authenticate,
    schema: {
      summary: deleteInvite.summary,
      tags,
      params: deleteInvite.params,
      response: deleteInvite.response,
    },
    handler: async (request) => service.deleteInvite(actorOf(request), request.params.id),
  });
};
