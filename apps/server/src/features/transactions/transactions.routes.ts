import {
  createTransactions,
  deleteTransactions,
  emptyTransactionsTrash,
  exportTransactions,
  filterOptions,
  getTransaction,
  importTransactions,
  listTransactions,
  restoreTransaction,
  restoreTransactions,
  transactionsSettings,
  transactionsSummary,
  updateTransaction,
} from '@strata/contracts/transactions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createTransactionsService } from './transactions.service.ts';

/** Smart transactions (mounted under /api); authentication runs before validation. */
export const transactionsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before transactionsRoutes');
  const service = createTransactionsService(app.db);
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
    handler: async (request) => service.list(request.user, request.query),
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
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await service.importCsv(request.user, request.body.repository_id, request.body.csv)),
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
    handler: async (request) => service.update(request.user, request.params.id, request.body),
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
