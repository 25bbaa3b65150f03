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
import { versionedBody } from '../../plugins/row-version.ts';
import { createTransactionsService } from './transactions.service.ts';
import { createTransactionsImportTasks } from './transactions-import-task.ts';

/** Smart transactions (mounted under /api); authentication runs before validation. */
export const transactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before transactionsRoutes');
  if (!app.hasDecorator('tasks')) throw new Error('register jobsPlugin before transactionsRoutes');
  const service = createTransactionsService(app.db);
  const importTasks = createTransactionsImportTasks({
    db: app.db,
    dbDialect: app.dbDialect,
    tasks: app.tasks,
    fileStore: app.fileStore,
    service,
  });
  importTasks.register();
  const tags = ['transactions'];
  const auth = { preValidation: app.authenticate };

  app.route({
    ...auth,
    method: listTransactions.method,
    url: listTransactions.url,
    schema: {
      summary: listTransactions.summary,
      tags,
      querystring: listTransactions.querystring,
      response: listTransactions.response,
    },
    // Already JSON: the page's rows come written by the database (transactionJson), sent as they are.
    handler: async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send((await service.list(request.user, request.query)) as never),
  });

  app.route({
    ...auth,
    method: transactionsSummary.method,
    url: transactionsSummary.url,
    schema: {
      summary: transactionsSummary.summary,
      tags,
      querystring: transactionsSummary.querystring,
      response: transactionsSummary.response,
    },
    handler: async (request) => service.summary(request.user, request.query.repository_id),
  });

  app.route({
    ...auth,
    method: exportTransactions.method,
    url: exportTransactions.url,
    schema: { summary: exportTransactions.summary, tags, querystring: exportTransactions.querystring },
    handler: async (request, reply) => {
      const csv = await service.exportCsv(request.user, request.query.repository_id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="transactions.csv"')
        .send(csv);
    },
  });

  app.route({
    ...auth,
    method: getTransaction.method,
    url: getTransaction.url,
    schema: {
      summary: getTransaction.summary,
      tags,
      params: getTransaction.params,
      response: getTransaction.response,
    },
    handler: async (request) => service.get(request.user, request.params.id),
  });

  app.route({
    ...auth,
    method: createTransactions.method,
    url: createTransactions.url,
    schema: {
      summary: createTransactions.summary,
      tags,
      querystring: createTransactions.querystring,
      body: createTransactions.body,
      response: createTransactions.response,
    },
    handler: async (request, reply) =>
      reply.code(201).send(await service.create(request.user, request.body, request.query.repository_id)),
  });

  app.route({
    ...auth,
    method: importTransactions.method,
    url: importTransactions.url,
    bodyLimit: 60 * 1024 * 1024,
    schema: {
      summary: importTransactions.summary,
      tags,
      body: importTransactions.body,
      response: importTransactions.response,
    },
    handler: async (request, reply) => {
      const { repository_id: repositoryId, csv, background } = request.body;
      if (background) return reply.code(202).send(await importTasks.start(request.user, repositoryId, csv));
      return reply.code(201).send(await service.importCsv(request.user, repositoryId, csv));
    },
  });

  app.route({
    ...auth,
    method: importTransactionsTask.method,
    url: importTransactionsTask.url,
    schema: {
      summary: importTransactionsTask.summary,
      tags,
      params: importTransactionsTask.params,
      response: importTransactionsTask.response,
    },
    handler: async (request) => importTasks.read(request.user, request.params.id),
  });

  app.route({
    ...auth,
    method: importTransactionsEvents.method,
    url: importTransactionsEvents.url,
    schema: {
      summary: importTransactionsEvents.summary,
      tags,
      params: importTransactionsEvents.params,
    },
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

  app.route({
    ...auth,
    method: updateTransaction.method,
    url: updateTransaction.url,
    schema: {
      summary: updateTransaction.summary,
      tags,
      params: updateTransaction.params,
      body: updateTransaction.body,
      response: updateTransaction.response,
    },
    handler: async (request) => {
      const { fields, expected } = versionedBody(request);
      return service.update(request.user, request.params.id, fields, expected);
    },
  });

  app.route({
    ...auth,
    method: deleteTransactions.method,
    url: deleteTransactions.url,
    schema: {
      summary: deleteTransactions.summary,
      tags,
      querystring: deleteTransactions.querystring,
      body: deleteTransactions.body,
      response: deleteTransactions.response,
    },
    handler: async (request) =>
      service.remove(request.user, request.body.ids, request.query.is_hard ?? false),
  });

  app.route({
    ...auth,
    method: restoreTransaction.method,
    url: restoreTransaction.url,
    schema: {
      summary: restoreTransaction.summary,
      tags,
      params: restoreTransaction.params,
      response: restoreTransaction.response,
    },
    handler: async (request) => service.restoreOne(request.user, request.params.id),
  });

  app.route({
    ...auth,
    method: restoreTransactions.method,
    url: restoreTransactions.url,
    schema: {
      summary: restoreTransactions.summary,
      tags,
      body: restoreTransactions.body,
      response: restoreTransactions.response,
    },
    handler: async (request) =>
      service.restoreMany(request.user, request.body.repository_id, request.body.ids),
  });

  app.route({
    ...auth,
    method: emptyTransactionsTrash.method,
    url: emptyTransactionsTrash.url,
    schema: {
      summary: emptyTransactionsTrash.summary,
      tags,
      querystring: emptyTransactionsTrash.querystring,
      response: emptyTransactionsTrash.response,
    },
    handler: async (request) => service.emptyTrash(request.user, request.query.repository_id),
  });

  app.route({
    ...auth,
    method: transactionsSettings.method,
    url: transactionsSettings.url,
    schema: {
      summary: transactionsSettings.summary,
      tags,
      querystring: transactionsSettings.querystring,
      response: transactionsSettings.response,
    },
    handler: async (request) => service.settings(request.user, request.query.repository_id),
  });

  app.route({
    ...auth,
    method: filterOptions.method,
    url: filterOptions.url,
    schema: {
      summary: filterOptions.summary,
      tags,
      querystring: filterOptions.querystring,
      response: filterOptions.response,
    },
    handler: async (request) =>
      service.filterOptions(request.user, request.query.repository_id, request.query.field),
  });
};
