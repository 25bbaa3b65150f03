import {
  journalImportTask,
  previewJournalImport,
  startJournalImport,
} from '@strata/contracts/journal-imports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routesFrom } from '../../plugins/route-from-endpoint.ts';
import { createJournalImports } from './journal-imports.task.ts';

/** Journals from ledger/hledger and beancount (mounted under /api); docs/journal-import.md. */
export const journalImportsRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.hasDecorator('authenticate')) throw new Error('register authRoutes before journalImportsRoutes');
  if (!app.hasDecorator('tasks')) throw new Error('register jobsPlugin before journalImportsRoutes');
  const imports = createJournalImports({
    db: app.db,
    dbDialect: app.dbDialect,
    tasks: app.tasks,
    fileStore: app.fileStore,
  });
  imports.register();
  const route = routesFrom(app, { tags: ['journal imports'], preValidation: app.authenticate });
  // A 100k-transaction journal with its prices is tens of megabytes.
  const bodyLimit = 210 * 1024 * 1024;

  route(previewJournalImport, {
    bodyLimit,
    handler: async (request) => imports.preview(request.user, request.body),
  });
  route(startJournalImport, {
    bodyLimit,
    handler: async (request, reply) => reply.code(202).send(await imports.start(request.user, request.body)),
  });
  route(journalImportTask, { handler: async (request) => imports.read(request.user, request.params.id) });
};
