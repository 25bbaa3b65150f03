import { JOURNAL_FORMATS } from '@strata/core/journals/journal-types';
import { z } from 'zod';
import { fileText } from './control-characters.ts';
import { defineEndpoint } from './endpoint.ts';
import { ZErrorBody } from './errors.ts';
import { ZCurrencyCode, ZRecordId, ZRequiredName } from './repositories.ts';
import { ZTask } from './tasks.ts';
import { ZFileUploadResponse } from './uploads.ts';

const errors = { 400: ZErrorBody, 401: ZErrorBody, 402: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody };

export const ZJournalFormat = z.enum(JOURNAL_FORMATS);

/** The file and how to read it: what every import and preview body carries. */
const ZJournalFile = z.object({
  /**
   * `ledger` reads ledger-cli and hledger journals; `beancount` beancount files; `ghostfolio` Ghostfolio's
   * JSON export; `wealthfolio` Wealthfolio's activity CSV; `portfolio_performance` Portfolio Performance's
   * unencrypted XML file.
   */
  format: ZJournalFormat,
  /**
   * The file's text: one self-contained journal (`include` is refused) or export. For small files: a big one
   * goes to the file store by `POST journal_imports/uploads` instead of being held as a JSON string.
   */
  journal: fileText(z.string().min(1).max(200_000_000)),
  /**
   * false or absent: a journal with a line that could not be mapped is not imported (the task fails with
   * the report); true: what maps is imported and the rest is reported.
   */
  skip_unmapped: z.boolean().optional(),
});

/** A repository the import makes: it exists only if the import succeeds (one transaction). */
export const ZNewRepositoryOfImport = z.strictObject({ name: ZRequiredName, currency: ZCurrencyCode });

/** Into an existing repository (`repository_id`), or into a new one (`new_repository`): exactly one. */
export const ZJournalImportBody = ZJournalFile.extend({
  repository_id: ZRecordId.optional(),
  new_repository: ZNewRepositoryOfImport.optional(),
}).refine((body) => (body.repository_id === undefined) !== (body.new_repository === undefined), {
  error: 'Give repository_id, or new_repository (name and currency), not both',
  path: ['repository_id'],
});
export type TJournalImportBody = z.infer<typeof ZJournalImportBody>;

/**
 * The preview's body: into an existing repository (`repository_id`), or, without one, into a new repository
 * of `currency` (the move-in screen previews before it creates the repository: nothing is found existing).
 */
export const ZJournalPreviewBody = ZJournalFile.extend({
  repository_id: ZRecordId.optional(),
  currency: ZCurrencyCode.optional(),
}).refine((body) => body.repository_id !== undefined || body.currency !== undefined, {
  error: 'Give repository_id, or the currency of the new repository',
  path: ['repository_id'],
});
export type TJournalPreviewBody = z.infer<typeof ZJournalPreviewBody>;

/**
 * A journal import whose file is uploaded to the file store (a presigned POST, streamed, never a JSON
 * string): the same target and options as `POST journal_imports`, without the text.
 */
export const ZJournalUploadBody = z
  .object({
    format: ZJournalFormat,
    skip_unmapped: z.boolean().optional(),
    repository_id: ZRecordId.optional(),
    new_repository: ZNewRepositoryOfImport.optional(),
    /**
     * false or absent: the import starts as soon as the file is stored. true: it waits, once the file is
     * stored, for `POST journal_imports/:id/start` (preview it meanwhile with `POST journal_imports/:id/preview`).
     */
    preview_first: z.boolean().optional(),
  })
  .refine((body) => (body.repository_id === undefined) !== (body.new_repository === undefined), {
    error: 'Give repository_id, or new_repository (name and currency), not both',
    path: ['repository_id'],
  });
export type TJournalUploadBody = z.infer<typeof ZJournalUploadBody>;

/** Starting an uploaded import that waited for its preview: whether to leave out what could not be mapped. */
export const ZJournalUploadStartBody = z.object({ skip_unmapped: z.boolean().optional() });
export type TJournalUploadStartBody = z.infer<typeof ZJournalUploadStartBody>;

/**
 * A line of the journal and what was done with it. For a Ghostfolio export `line` is the activity's index in
 * `activities` (from 0); for a Wealthfolio CSV the row's line (the header is 1); for a Portfolio Performance
 * file the transaction's number as read (each account's, then each portfolio's, from 1); -1 is the file as
 * a whole.
 */
export const ZJournalNotice = z.object({ line: z.number(), message: z.string() });

const ZCounted = z.object({ create: z.number(), existing: z.number() });

/** What an import would create, and what of the journal it would not carry. */
export const ZJournalImportPreview = z.object({
  accounts: ZCounted.extend({ names: z.array(z.string()) }),
  assets: ZCounted.extend({ tickers: z.array(z.string()) }),
  prices: ZCounted,
  /** `existing`: transactions an earlier import of this journal already wrote (skipped). */
  transactions: ZCounted.extend({ by_type: z.record(z.string(), z.number()) }),
  /** Could not be mapped: nothing of these lines is imported. */
  refused: z.array(ZJournalNotice),
  /** Read and not carried on purpose (balance assertions, gain postings, options …). */
  ignored: z.array(ZJournalNotice),
});
export type TJournalImportPreview = z.infer<typeof ZJournalImportPreview>;

/** A journal import's progress on its task: the stage, then transactions written of those to write. */
export const ZJournalImportProgress = z.object({
  stage: z.enum(['reading', 'writing', 'done']),
  total: z.number(),
  written: z.number(),
});
export type TJournalImportProgress = z.infer<typeof ZJournalImportProgress>;

export const previewJournalImport = defineEndpoint({
  method: 'POST',
  url: '/journal_imports/preview',
  summary:
    'What importing a journal (ledger/hledger, beancount) or an export (Ghostfolio, Wealthfolio, Portfolio Performance) would create, and what it would not carry',
  body: ZJournalPreviewBody,
  response: { 200: ZJournalImportPreview, ...errors, 413: ZErrorBody },
});

export const startJournalImport = defineEndpoint({
  method: 'POST',
  url: '/journal_imports',
  summary: 'Import a journal in the background: 202 with its task (progress, then the report as its result)',
  body: ZJournalImportBody,
  response: { 202: ZTask, ...errors, 413: ZErrorBody },
});

export const journalImportTask = defineEndpoint({
  method: 'GET',
  url: '/journal_imports/:id',
  summary:
    "A journal import's task, for the members of its repository (into a new one: for whoever started it)",
  params: z.object({ id: z.uuid() }),
  response: { 200: ZTask, ...errors },
});

export const createJournalUpload = defineEndpoint({
  method: 'POST',
  url: '/journal_imports/uploads',
  summary:
    'A journal import whose file goes straight to the file store: its upload target (presigned POST, the fields first, then `file`) and its task, which starts when the file arrives (or, with preview_first, when it is started)',
  body: ZJournalUploadBody,
  response: { 200: ZFileUploadResponse, ...errors, 409: ZErrorBody },
});

export const previewUploadedJournal = defineEndpoint({
  method: 'POST',
  url: '/journal_imports/:id/preview',
  summary:
    'What an uploaded journal (preview_first, not started yet) would create, and what it would not carry',
  params: z.object({ id: z.uuid() }),
  response: { 200: ZJournalImportPreview, ...errors, 409: ZErrorBody, 413: ZErrorBody },
});

export const startUploadedJournal = defineEndpoint({
  method: 'POST',
  url: '/journal_imports/:id/start',
  summary: 'Starts an uploaded journal import that waited for its preview: 202 with its task',
  params: z.object({ id: z.uuid() }),
  body: ZJournalUploadStartBody,
  response: { 202: ZTask, ...errors, 409: ZErrorBody },
});
