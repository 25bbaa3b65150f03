import { deleteTask, listTasks, updateTask } from '@strata/contracts/tasks';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../plugins/app-error.ts';
import { routesFrom } from '../../plugins/route-from-endpoint.ts';
import { createTasksService } from './tasks.service.ts';

/** GET /tasks, PATCH and DELETE /tasks/:id (mounted under /api): the caller's own tasks only. */
export const tasksRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before tasksRoutes');
  const service = createTasksService(app.db);

  function actorOf(request: { user: { id: string } | null }) {
    if (!request.user) throw new AppError('UNAUTHORIZED', 'You need to be authorized');
    return request.user;
  }
  const route = routesFrom(app, { tags: ['tasks'], preValidation: app.authenticate });

  route(listTasks, { handler: async (request) => service.list(actorOf(request), request.query) });
  route(updateTask, { handler: async (request) => service.abort(actorOf(request), request.params.id) });
  // 204, the contract's success: no body.
  route(deleteTask, {
    handler: async (request) => {
      await service.remove(actorOf(request), request.params.id);
      return null;
    },
  });
};
