import {
  createJournalUpload,
  journalImportTask,
  previewJournalImport,
  previewUploadedJournal,
  startJournalImport,
  startUploadedJournal,
} from '@strata/contracts/journal-imports';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routesFrom } from '../../plugins/route-from-endpoint.ts';
import { createJournalImports } from './journal-imports.task.ts';
import { createJournalUploads, EXPIRE_JOURNAL_UPLOAD_QUEUE } from './journal-uploads.service.ts';

const ZExpireUpload = z.object({ taskId: z.string(), key: z.string() });

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
  const uploads = createJournalUploads({
    db: app.db,
    tasks: app.tasks,
    fileStore: app.fileStore,
    jobs: app.jobs,
    maxBytes: app.journalUploadMaxBytes,
    imports,
  });
  app.jobs.define(EXPIRE_JOURNAL_UPLOAD_QUEUE, async (data) => {
    const watch = ZExpireUpload.safeParse(data);
    if (watch.success) await uploads.expireUpload(watch.data);
  });
  const route = routesFrom(app, { tags: ['journal imports'], preValidation: app.authenticate });
  // The journal as a JSON string, for small files (a big one is uploaded: POST journal_imports/uploads).
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
  route(createJournalUpload, {
    handler: async (request) => uploads.createUpload(request.user, request.body),
  });
  route(previewUploadedJournal, {
    handler: async (request) => uploads.preview(request.user, request.params.id),
  });
  route(startUploadedJournal, {
    handler: async (request, reply) =>
      reply.code(202).send(await uploads.start(request.user, request.params.id, request.body)),
  });
  route(journalImportTask, { handler: async (request) => imports.read(request.user, request.params.id) });
};
