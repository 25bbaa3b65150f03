import { deleteTask, listTasks, updateTask } from '@strata/contracts/tasks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../plugins/app-error.ts';
import { createTasksService } from './tasks.service.ts';

/** GET /tasks, PATCH and DELETE /tasks/:id (mounted under /api): the caller's own tasks only. */
export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before tasksRoutes');
  const service = createTasksService(app.db);

  function actorOf(request: { user: { id: string } | null }) {
    if (!request.user) throw new AppError('UNAUTHORIZED', 'You need to be authorized');
    return request.user;
  }

  app.route({
    method: listTasks.method,
    url: listTasks.url,
    preValidation: app.authenticate,
    schema: {
      summary: listTasks.summary,
      tags: ['tasks'],
      querystring: listTasks.querystring,
      response: listTasks.response,
    },
    handler: async (request) => service.list(actorOf(request), request.query),
  });

  app.route({
    method: updateTask.method,
    url: updateTask.url,
    preValidation: app.authenticate,
    schema: {
      summary: updateTask.summary,
      tags: ['tasks'],
      params: updateTask.params,
      body: updateTask.body,
      response: updateTask.response,
    },
    handler: async (request) => service.abort(actorOf(request), request.params.id),
  });

  app.route({
    method: deleteTask.method,
    url: deleteTask.url,
    preValidation: app.authenticate,
    schema: {
      summary: deleteTask.summary,
      tags: ['tasks'],
      params: deleteTask.params,
      response: deleteTask.response,
    },
    handler: async (request, reply) => {
      await service.remove(actorOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
};
