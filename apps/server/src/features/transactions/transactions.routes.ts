import {
  createTransactions,
  deleteTransactions,
  emptyTransactionsTrash,
  exportTransactions,
  filterOptions,
  getTransaction,
  importTransactions,
  importTransactionsEvents,
  importTransactionsTask,
  listTransactions,
  restoreTransaction,
  restoreTransactions,
  transactionsSettings,
  transactionsSummary,
  updateTransaction,
} from '@strata/contracts/transactions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesFrom } from '../../plugins/route-from-endpoint.ts';
import { versionedBody } from '../../plugins/row-version.ts';
import { createTransactionsService } from './transactions.service.ts';
import { createTransactionsImportTasks } from './transactions-import-task.ts';

/** Smart transactions (mounted under /api); authentication runs before validation. */
export const transactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before transactionsRoutes');
  if (!app.hasDecorator('tasks')) throw new Error('register jobsPlugin before transactionsRoutes');
  const service = createTransactionsService(app.db, app.caches.transactionCounts);
  const importTasks = createTransactionsImportTasks({
    db: app.db,
    dbDialect: app.dbDialect,
    tasks: app.tasks,
    fileStore: app.fileStore,
    service,
  });
  importTasks.register();
  const route = routesFrom(app, { tags: ['transactions'], preValidation: app.authenticate });

  route(listTransactions, {
    // Already JSON: the page's rows come written by the database (transactionJson), sent as they are.
    handler: async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send((await service.list(request.user, request.query)) as never),
  });
  route(transactionsSummary, {
    handler: async (request) => service.summary(request.user, request.query.repository_id),
  });
  route(exportTransactions, {
    isResponseRaw: true,
    handler: async (request, reply) => {
      const csv = await service.exportCsv(request.user, request.query.repository_id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="transactions.csv"')
        .send(csv);
    },
  });
  route(getTransaction, { handler: async (request) => service.get(request.user, request.params.id) });
  route(createTransactions, {
    handler: async (request) => service.create(request.user, request.body, request.query.repository_id),
  });
  route(importTransactions, {
    bodyLimit: 60 * 1024 * 1024,
    handler: async (request, reply) => {
      const { repository_id: repositoryId, csv, background } = request.body;
      if (background) return reply.code(202).send(await importTasks.start(request.user, repositoryId, csv));
      return service.importCsv(request.user, repositoryId, csv);
    },
  });
  route(importTransactionsTask, {
    handler: async (request) => importTasks.read(request.user, request.params.id),
  });
  route(importTransactionsEvents, {
    isResponseRaw: true,
    handler: async (request, reply) => {
      const out = reply.raw;
      const lines: string[] = [];
      // Access is checked (and errors answered as JSON) before the stream opens.
      const following = await importTasks.follow(request.user, request.params.id, (event) => {
        const text =
          'end' in event ? 'event: end\ndata: {}\n\n' : `data: ${JSON.stringify(event.progress)}\n\n`;
        if (out.headersSent) out.write(text);
        else lines.push(text);
      });
      reply.hijack();
      out.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      // A comment first: the client (and any proxy) sees the stream open before the first report.
      out.write(': following\n\n');
      for (const text of lines) out.write(text);
      // The response closes early when the client goes away (the dialog closed).
      out.on('close', following.stop);
      await following.done;
      out.off('close', following.stop);
      out.end();
    },
  });
  route(updateTransaction, {
    handler: async (request) => {
      const { fields, expected } = versionedBody(request);
      return service.update(request.user, request.params.id, fields, expected);
    },
  });
  route(deleteTransactions, {
    handler: async (request) =>
      service.remove(request.user, request.body.ids, request.query.is_hard ?? false),
  });
  route(restoreTransaction, {
    handler: async (request) => service.restoreOne(request.user, request.params.id),
  });
  route(restoreTransactions, {
    handler: async (request) =>
      service.restoreMany(request.user, request.body.repository_id, request.body.ids),
  });
  route(emptyTransactionsTrash, {
    handler: async (request) => service.emptyTrash(request.user, request.query.repository_id),
  });
  route(transactionsSettings, {
    handler: async (request) => service.settings(request.user, request.query.repository_id),
  });
  route(filterOptions, {
    handler: async (request) =>
      service.filterOptions(request.user, request.query.repository_id, request.query.field),
  });
};
