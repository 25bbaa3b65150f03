import {
  createLinkedTransactionTag,
  deleteLinkedTransactionTag,
  getLinkedTransaction,
  linkedTransactionOptions,
  linkedTransactionsPivot,
  listLinkedTransactions,
  listLinkedTransactionTags,
  updateLinkedTransactions,
  updateLinkedTransactionTag,
} from '@strata/contracts/linked-transactions';
import type { FastifyInstance } from 'fastify';
import { routesFrom } from '../../plugins/route-from-endpoint.ts';
import { createLinkedTransactionTagsService } from './linked-transaction-tags.service.ts';
import { createLinkedTransactionsService } from './linked-transactions.service.ts';
import { updateLinkedTransactions as updateTransactions } from './linked-transactions-update.ts';

/** Linked transactions: list, one with its source, bulk edit, options, pivot, and their tags. */
export function registerLinkedTransactionRoutes(app: FastifyInstance): void {
  const transactions = createLinkedTransactionsService(app.db);
  const tags = createLinkedTransactionTagsService(app.db);
  const route = routesFrom(app, { tags: ['linked-data'], preValidation: app.authenticate });

  route(listLinkedTransactions, {
    // Already JSON: the page's rows come written by the database, sent as they are.
    handler: async (request, reply) =>
      reply
        .type('application/json; charset=utf-8')
        .send((await transactions.list(request.user, request.query)) as never),
  });
  route(updateLinkedTransactions, {
    handler: async (request) =>
      updateTransactions(app.db, request.user, request.query.repository_id, request.body),
  });
  route(getLinkedTransaction, {
    handler: async (request) => transactions.get(request.user, request.params.id),
  });
  route(linkedTransactionOptions, {
    handler: async (request) => transactions.options(request.user, request.query),
  });
  route(linkedTransactionsPivot, {
    handler: async (request) => transactions.pivot(request.user, request.query),
  });
  route(listLinkedTransactionTags, {
    handler: async (request) => tags.list(request.user, request.query.repository_id),
  });
  route(createLinkedTransactionTag, { handler: async (request) => tags.create(request.user, request.body) });
  route(updateLinkedTransactionTag, {
    handler: async (request) => tags.rename(request.user, request.params.id, request.body),
  });
  route(deleteLinkedTransactionTag, {
    handler: async (request) => tags.remove(request.user, request.params.id),
  });
}
