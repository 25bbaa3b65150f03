import {
  deleteConnector,
  getLinkedAccount,
  getLinkedTransaction,
  getSyncEvent,
  listConnectors,
  listLinkedAccounts,
  listLinkedTransactions,
  listSyncEvents,
  loadManualFile,
  renameConnector,
  updateConnector,
} from '@strata/contracts/linked-data';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createLinkedDataService } from './linked-data.service.ts';
import { registerManualLoadTask } from './linked-data-load-task.ts';

/** Linked data at the seed's linked_data paths (mounted under /api): first slice, files only. */
export const linkedDataRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before linkedDataRoutes');
  if (!app.hasDecorator('tasks') || !app.hasDecorator('fileStore')) {
    throw new Error('register jobsPlugin and fileStorePlugin before linkedDataRoutes');
  }
  const service = createLinkedDataService({ db: app.db, tasks: app.tasks });
  registerManualLoadTask(app.tasks, app.fileStore);
  const tags = ['linked-data'];

  app.route({
    method: loadManualFile.method,
    url: loadManualFile.url,
    preValidation: app.authenticate,
    schema: {
      summary: loadManualFile.summary,
      tags,
      body: loadManualFile.body,
      response: loadManualFile.response,
    },
    handler: async (request) => service.loadManualFile(request.user, request.body),
  });

  app.route({
    method: listConnectors.method,
    url: listConnectors.url,
    preValidation: app.authenticate,
    schema: {
      summary: listConnectors.summary,
      tags,
      querystring: listConnectors.querystring,
      response: listConnectors.response,
    },
    handler: async (request) => service.listConnectors(request.user, request.query.repository_id),
  });

  for (const endpoint of [renameConnector, updateConnector]) {
    app.route({
      method: endpoint.method,
      url: endpoint.url,
      preValidation: app.authenticate,
      schema: {
        summary: endpoint.summary,
        tags,
        params: endpoint.params,
        body: endpoint.body,
        response: endpoint.response,
      },
      handler: async (request) => service.renameConnector(request.user, request.params.id, request.body.name),
    });
  }

  app.route({
    method: deleteConnector.method,
    url: deleteConnector.url,
    preValidation: app.authenticate,
    schema: {
      summary: deleteConnector.summary,
      tags,
      params: deleteConnector.params,
      response: deleteConnector.response,
    },
    handler: async (request) => service.deleteConnector(request.user, request.params.id),
  });

  app.route({
    method: listLinkedAccounts.method,
    url: listLinkedAccounts.url,
    preValidation: app.authenticate,
    schema: {
      summary: listLinkedAccounts.summary,
      tags,
      querystring: listLinkedAccounts.querystring,
      response: listLinkedAccounts.response,
    },
    handler: async (request) => service.listAccounts(request.user, request.query),
  });

  app.route({
    method: getLinkedAccount.method,
    url: getLinkedAccount.url,
    preValidation: app.authenticate,
    schema: {
      summary: getLinkedAccount.summary,
      tags,
      params: getLinkedAccount.params,
      response: getLinkedAccount.response,
    },
    handler: async (request) => service.getAccount(request.user, request.params.id),
  });

  app.route({
    method: listSyncEvents.method,
    url: listSyncEvents.url,
    preValidation: app.authenticate,
    schema: {
      summary: listSyncEvents.summary,
      tags,
      params: listSyncEvents.params,
      response: listSyncEvents.response,
    },
    handler: async (request) => service.listSyncEvents(request.user, request.params.id),
  });

  app.route({
    method: getSyncEvent.method,
    url: getSyncEvent.url,
    preValidation: app.authenticate,
    schema: {
      summary: getSyncEvent.summary,
      tags,
      params: getSyncEvent.params,
      response: getSyncEvent.response,
    },
    handler: async (request) => service.getSyncEvent(request.user, request.params.id),
  });

  app.route({
    method: listLinkedTransactions.method,
    url: listLinkedTransactions.url,
    preValidation: app.authenticate,
    schema: {
      summary: listLinkedTransactions.summary,
      tags,
      querystring: listLinkedTransactions.querystring,
      response: listLinkedTransactions.response,
    },
    handler: async (request) => service.listTransactions(request.user, request.query),
  });

  app.route({
    method: getLinkedTransaction.method,
    url: getLinkedTransaction.url,
    preValidation: app.authenticate,
    schema: {
      summary: getLinkedTransaction.summary,
      tags,
      params: getLinkedTransaction.params,
      response: getLinkedTransaction.response,
    },
    handler: async (request) => service.getTransaction(request.user, request.params.id),
  });
};
